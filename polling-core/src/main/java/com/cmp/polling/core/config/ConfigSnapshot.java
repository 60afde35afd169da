package com.cmp.polling.core.config;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.NetworkStatus;
import com.cmp.polling.core.card.RealNameStatus;
import java.time.Instant;
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
}
