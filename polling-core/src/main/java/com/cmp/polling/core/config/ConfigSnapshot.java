package com.cmp.polling.core.config;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.NetworkStatus;
import com.cmp.polling.core.card.RealNameStatus;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * The enabled polling configs at one moment, in matching order. Immutable: the config manager swaps
 * whole snapshots, so readers never lock and never see half a refresh.
 *
 * @param configs enabled configs, priority ascending then id
 * @param loadedAt when they were read from the database
 */
public record ConfigSnapshot(List<PollingConfig> configs, Instant loadedAt) {

  public static final ConfigSnapshot EMPTY = new ConfigSnapshot(List.of(), Instant.EPOCH);

  public ConfigSnapshot {
    configs = List.copyOf(configs);
  }

  /**
   * The config that governs the card: the first (lowest priority value) whose condition and carrier
   * match, a null condition or carrier matching anything. Empty: the card is not polled.
   */
  public Optional<PollingConfig> match(Card card) {
    return match(conditionOf(card), card.carrierId());
  }

  /**
   * {@link #match(Card)} for every card of that condition and carrier at once (counts per config
   * over the fleet).
   */
  public Optional<PollingConfig> match(CardCondition condition, long carrierId) {
    for (PollingConfig config : configs) {
      boolean conditionMatches = config.condition() == null || config.condition() == condition;
      boolean carrierMatches = config.carrierId() == null || config.carrierId() == carrierId;
      if (conditionMatches && carrierMatches) {
        return Optional.of(config);
      }
    }
    return Optional.empty();
  }

  /** The condition of the card, as {@link #conditionOf(NetworkStatus, RealNameStatus)} says. */
  public static CardCondition conditionOf(Card card) {
    return conditionOf(card.networkStatus(), card.realNameStatus());
  }

  /**
   * A stopped card is {@code suspended} whatever its real-name status (else a stopped card would
   * never be checked, so never resumed); an online one is {@code not_real_name} until verified,
   * then {@code activated}.
   */
  public static CardCondition conditionOf(NetworkStatus network, RealNameStatus realName) {
    if (network != NetworkStatus.ONLINE) {
      return CardCondition.SUSPENDED;
    }
    return realName == RealNameStatus.VERIFIED
        ? CardCondition.ACTIVATED
        : CardCondition.NOT_REAL_NAME;
  }

  public Optional<PollingConfig> byId(long id) {
    return configs.stream().filter(c -> c.id() == id).findFirst();
  }

  /**
   * What planning reads of these configs, hashed: equal for two snapshots that plan every card
   * alike (names and load times left out), so that two processes can tell, without comparing whole
   * snapshots, whether they speak of the same configs.
   */
  public String fingerprint() {
    StringBuilder text = new StringBuilder();
    for (PollingConfig c : configs) {
      text.append(c.id())
          .append('|')
          .append(c.condition() == null ? "" : c.condition().name())
          .append('|')
          .append(c.carrierId() == null ? "" : c.carrierId())
          .append('|')
          .append(c.priority())
          .append('|')
          .append(c.realnameIntervalSeconds())
          .append('|')
          .append(c.carddataIntervalSeconds())
          .append('|')
          .append(c.packageIntervalSeconds())
          .append('|')
          .append(c.protectIntervalSeconds())
          .append(';');
    }
    try {
      byte[] hash =
          MessageDigest.getInstance("SHA-256")
              .digest(text.toString().getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(hash, 0, 16);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }
}
