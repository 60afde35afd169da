package com.cmp.polling.operator.console.configs;

import com.cmp.polling.core.config.GovernedCards;
import com.cmp.polling.core.config.PollingConfig;
import com.cmp.polling.core.config.PollingConfigManager;
import com.cmp.polling.operator.config.MonitoringProperties;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * The cards-per-config counts, a scan of the card table: counted at most once per {@code
 * config-counts-interval}, and again as soon as the configs in force change.
 */
@Component
class ConfigCounts {

  private final GovernedCards governed;
  private final PollingConfigManager configs;
  private final MonitoringProperties settings;
  private final Clock clock;
  private Counted last;

  ConfigCounts(
      GovernedCards governed,
      PollingConfigManager configs,
      MonitoringProperties settings,
      Clock clock) {
    this.governed = governed;
    this.configs = configs;
    this.settings = settings;
    this.clock = clock;
  }

  synchronized Counted current() {
    List<PollingConfig> inForce = configs.snapshot().configs();
    Instant now = clock.instant();
    if (last == null
        || !last.configs().equals(inForce)
        || last.at().plus(settings.configCountsInterval()).isBefore(now)) {
      last = new Counted(inForce, governed.count(), now);
    }
    return last;
  }

  /**
   * @param configs the configs in force when counted
   * @param at when counted
   */
  record Counted(List<PollingConfig> configs, GovernedCards.Counts counts, Instant at) {}
}
