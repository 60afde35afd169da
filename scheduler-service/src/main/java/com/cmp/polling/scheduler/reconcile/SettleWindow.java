package com.cmp.polling.scheduler.reconcile;

import com.cmp.polling.core.config.ConfigChangeListener;
import com.cmp.polling.core.config.ConfigChanges;
import com.cmp.polling.core.config.ConfigSnapshot;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.status.lag.ConsumerLag;
import com.cmp.polling.status.lag.HandlerLag;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How long a change may take to reach the queues through the change stream: the configured minimum,
 * or the stream's measured lag when longer. The lag is measured on the two Kafka hops the scheduler
 * can see: the lifecycle listener's consumer group on {@code polling.lifecycle}, and its Kafka
 * Streams application on the raw change topics (the age of the oldest record each has not consumed;
 * measured at most every {@value #REMEASURE_SECONDS} s). Debezium's own delay behind the database's
 * log is not measured: the minimum covers it while it runs, and a change that waits for a stopped
 * engine is repaired ahead of it, to the same state the stream will bring, since both read
 * PostgreSQL as it is then. Also remembers when the polling configs last changed: a config change
 * moves many cards at once, so every card counts as changed then. And holds the highest settled
 * planning change number of the pass ({@link ChangeMarker}): a card whose last planning change is
 * no later has had the change stream's time, whatever its timestamps say.
 */
class SettleWindow implements ConfigChangeListener {

  private static final Logger log = LoggerFactory.getLogger(SettleWindow.class);
  static final long REMEASURE_SECONDS = 10;

  private final ConsumerLag lag;
  private final ChangeTimes changes;
  private final Duration minimum;
  private final String topologyGroup;
  private final Clock clock;
  private volatile Instant configsSeenChanging;
  private Duration measured = Duration.ZERO;
  private Instant measuredAt;
  private boolean lagging;
  private Instant configsChangedAt;
  private Instant configsInDatabase;
  private long settledChange = -1;

  SettleWindow(
      ConsumerLag lag, ChangeTimes changes, Duration minimum, String topologyGroup, Clock clock) {
    this.lag = lag;
    this.changes = changes;
    this.minimum = minimum;
    this.topologyGroup = topologyGroup;
    this.clock = clock;
  }

  /**
   * At the start of a pass, before the configs are reloaded for it: the lag measured again, the
   * configs' last change read.
   */
  synchronized void beginPass() {
    measuredAt = null;
    Instant inDatabase = changes.configsLastChanged().orElse(null);
    configsInDatabase = inDatabase;
    Instant seen = configsSeenChanging;
    configsChangedAt =
        inDatabase == null || (seen != null && seen.isAfter(inDatabase)) ? seen : inDatabase;
  }

  /** The pass's highest settled planning change number; -1 when none is settled. */
  synchronized void settledChange(long change) {
    settledChange = change;
  }

  /**
   * Whether a planning change numbered {@code change} is settled: committed, and older than the
   * window when the pass began.
   */
  synchronized boolean settled(long change) {
    return change <= settledChange;
  }

  /** The window now: max(minimum, measured lag). */
  synchronized Duration current() {
    Instant now = clock.instant();
    if (measuredAt == null || !now.isBefore(measuredAt.plusSeconds(REMEASURE_SECONDS))) {
      measured = measureLag();
      measuredAt = now;
      boolean longer = measured.compareTo(minimum) > 0;
      if (longer != lagging) {
        lagging = longer;
        log.info(
            longer
                ? "the change stream lags {} s behind: cards changed within that time are left to it"
                : "the change stream lags {} s behind, within the settle window again",
            measured.toSeconds());
      }
    }
    return measured.compareTo(minimum) > 0 ? measured : minimum;
  }

  /**
   * When the polling configs last changed, as the database's rows say or as this process saw them
   * change (a config deleted leaves no row); null when never.
   */
  synchronized Instant configsChangedAt() {
    Instant seen = configsSeenChanging;
    if (seen != null && (configsChangedAt == null || seen.isAfter(configsChangedAt))) {
      return seen;
    }
    return configsChangedAt;
  }

  /**
   * The configs' last change read again (a tiny table), before differences are repaired: a change
   * since the last reading that this process was not told of (its announcement missed, the periodic
   * refresh minutes away) counts as seen now, so every card is recent for a window, and the caller
   * reloads the configs. Otherwise the pass would plan with the old configs and undo the move the
   * change stream is making.
   *
   * @return whether the configs changed since they were last read
   */
  synchronized boolean configsChangedUnseen() {
    Instant inDatabase = changes.configsLastChanged().orElse(null);
    if (inDatabase == null
        || (configsInDatabase != null && !inDatabase.isAfter(configsInDatabase))) {
      return false;
    }
    configsInDatabase = inDatabase;
    configsSeenChanging = clock.instant();
    log.info(
        "the polling configs changed at {} during a reconcile pass: reloaded, and every card left"
            + " alone for the settle window",
        inDatabase);
    return true;
  }

  @Override
  public void onChange(ConfigSnapshot before, ConfigSnapshot after, ConfigChanges changed) {
    configsSeenChanging = clock.instant();
  }

  private Duration measureLag() {
    HandlerLag applying = lag.ofGroup(Topics.LIFECYCLE_GROUP, List.of(Topics.LIFECYCLE.name()));
    HandlerLag deriving =
        lag.ofGroup(
            topologyGroup,
            List.of(Topics.CDC_CARD.name(), Topics.CDC_DEVICE.name(), Topics.CDC_CONFIG.name()));
    if (!applying.known() || !deriving.known()) {
      log.warn("the change stream's lag is unknown (Kafka did not say): settling for {}", minimum);
    }
    Duration first = applying.oldestAge();
    Duration second = deriving.oldestAge();
    return first.compareTo(second) >= 0 ? first : second;
  }
}
