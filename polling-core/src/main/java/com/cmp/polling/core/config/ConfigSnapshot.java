package com.cmp.polling.core.config;

import com.cmp.polling.core.card.Card;
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
    CardCondition condition = conditionOf(card);
    for (PollingConfig config : configs) {
      boolean conditionMatches = config.condition() == null || config.condition() == condition;
      boolean carrierMatches = config.carrierId() == null || config.carrierId() == card.carrierId();
      if (conditionMatches && carrierMatches) {
        return Optional.of(config);
      }
    }
    return Optional.empty();
  }

  /**
   * A stopped card is {@code suspended} whatever its real-name status (seed decision 15: else a
   * stopped card would never be checked, so never resumed); an online one is {@code not_real_name}
   * until verified, then {@code activated}.
   */
  public static CardCondition conditionOf(Card card) {
    if (!card.isOnline()) {
      return CardCondition.SUSPENDED;
    }
    return card.isRealNameVerified() ? CardCondition.ACTIVATED : CardCondition.NOT_REAL_NAME;
  }

  public Optional<PollingConfig> byId(long id) {
    return configs.stream().filter(c -> c.id() == id).findFirst();
  }
}
