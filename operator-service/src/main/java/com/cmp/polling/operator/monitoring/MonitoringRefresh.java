package com.cmp.polling.operator.monitoring;

import com.cmp.polling.core.concurrent.DaemonThreads;
import com.cmp.polling.operator.config.MonitoringProperties;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/** Refreshes the fleet snapshot and samples the rate totals in the background, on one thread. */
@Component
class MonitoringRefresh implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(MonitoringRefresh.class);

  private final FleetSnapshot snapshot;
  private final RateHistory rates;
  private final MonitoringProperties settings;
  private ScheduledExecutorService ticker;

  MonitoringRefresh(FleetSnapshot snapshot, RateHistory rates, MonitoringProperties settings) {
    this.snapshot = snapshot;
    this.rates = rates;
    this.settings = settings;
  }

  @Override
  public synchronized void start() {
    if (!settings.enabled() || ticker != null) {
      return;
    }
    ticker = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("fleet-snapshot"));
    ticker.scheduleWithFixedDelay(
        snapshot::refreshQuietly, 0, settings.snapshotInterval().toMillis(), TimeUnit.MILLISECONDS);
    ticker.scheduleAtFixedRate(
        this::sampleQuietly, 0, settings.rateSample().toMillis(), TimeUnit.MILLISECONDS);
    log.info(
        "fleet snapshot every {}, rate samples every {} over {}",
        settings.snapshotInterval(),
        settings.rateSample(),
        settings.rateWindow());
  }

  private void sampleQuietly() {
    try {
      rates.sampleNow();
    } catch (RuntimeException e) {
      log.warn("rate totals not sampled this time ({})", e.getMessage());
    }
  }

  @Override
  public synchronized void stop() {
    if (ticker != null) {
      ticker.shutdownNow();
      ticker = null;
    }
  }

  @Override
  public synchronized boolean isRunning() {
    return ticker != null;
  }
}
