package com.cmp.polling.operator.config;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Settings of the fleet snapshot, the rate history and the console's cached figures ({@code
 * cmp.polling.operator.monitoring.*}).
 *
 * @param enabled whether the snapshot and the rate history refresh in the background (tests turn it
 *     off and refresh by hand)
 * @param snapshotInterval how often the queue, lag, initializer and dead-letter figures are read;
 *     gauges and console pages read the last snapshot, so their cost does not grow with the fleet
 * @param overdueGrace a card due for longer than this is overdue
 * @param rateSample how often the dispatched and handled totals are sampled for the rate charts
 * @param rateWindow how far back the rate charts go
 * @param configCountsInterval how long the cards-per-config counts (a scan of the card table) are
 *     reused
 * @param deadLetterPreview dead letters listed per topic (newest first)
 * @param lagReuse the handlers' lag a scheduling round measured less than this ago (it is in the
 *     scheduler stats) is shown instead of asking Kafka again; older, or with no loop running, the
 *     snapshot measures it itself
 */
@ConfigurationProperties("cmp.polling.operator.monitoring")
public record MonitoringProperties(
    @DefaultValue("true") boolean enabled,
    @DefaultValue("5s") Duration snapshotInterval,
    @DefaultValue("60s") Duration overdueGrace,
    @DefaultValue("10s") Duration rateSample,
    @DefaultValue("1h") Duration rateWindow,
    @DefaultValue("5m") Duration configCountsInterval,
    @DefaultValue("200") int deadLetterPreview,
    @DefaultValue("10s") Duration lagReuse) {

  public MonitoringProperties {
    if (snapshotInterval.toMillis() < 100 || rateSample.toMillis() < 100) {
      throw new IllegalArgumentException(
          "cmp.polling.operator.monitoring: snapshot-interval and rate-sample must be 100 ms or"
              + " more");
    }
    if (rateWindow.compareTo(rateSample) < 0) {
      throw new IllegalArgumentException(
          "cmp.polling.operator.monitoring.rate-window must be at least one rate-sample");
    }
    if (deadLetterPreview < 1) {
      throw new IllegalArgumentException(
          "cmp.polling.operator.monitoring.dead-letter-preview must be positive");
    }
  }

  /** Rate samples kept: one window. */
  public int rateSamples() {
    return (int) (rateWindow.toMillis() / rateSample.toMillis()) + 1;
  }
}
