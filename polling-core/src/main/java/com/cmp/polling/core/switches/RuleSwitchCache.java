package com.cmp.polling.core.switches;

import com.cmp.polling.core.concurrent.DaemonThreads;
import com.cmp.polling.core.redis.RedisKeys;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * The rule switches as every process sees them: a snapshot read from the database, swapped whole,
 * reloaded on a short interval and at once when a process announces a change ({@code
 * polling:rules:switches:changed}), so a change reaches every instance without a restart. Until the
 * first load, every rule is enforced ({@link RuleSwitches#ENFORCE_ALL}).
 */
public class RuleSwitchCache implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(RuleSwitchCache.class);

  private final RuleSwitchStore store;
  private final StringRedisTemplate redis;
  private final Clock clock;
  private volatile RuleSwitches current = RuleSwitches.ENFORCE_ALL;
  private ScheduledExecutorService refresher;

  public RuleSwitchCache(RuleSwitchStore store, StringRedisTemplate redis, Clock clock) {
    this.store = store;
    this.redis = redis;
    this.clock = clock;
  }

  /** The switches as last loaded. */
  public RuleSwitches current() {
    return current;
  }

  /**
   * Reads the switches from the database and swaps them in; a failure keeps the previous ones and
   * propagates.
   */
  public RuleSwitches refreshNow() {
    RuleSwitches next = store.load();
    RuleSwitches previous = current;
    current = next;
    if (!previous.defaults().equals(next.defaults())
        || !previous.carriers().equals(next.carriers())) {
      log.info("rule switches loaded: {}", describe(next));
    }
    return next;
  }

  /**
   * Tells every subscribed process ({@link #onAnnouncement()}) to reload now. A process
   * disconnected at that moment catches up at its periodic refresh.
   */
  public void announceChange() {
    try {
      redis.convertAndSend(RedisKeys.RULE_SWITCHES_CHANGED, clock.instant().toString());
    } catch (DataAccessException e) {
      log.warn(
          "rule switch change not announced ({}); other processes reload at their periodic"
              + " refresh",
          e.getMessage());
    }
  }

  /** Another process changed a switch: reload now (a failure keeps the switches in use). */
  public void onAnnouncement() {
    refreshQuietly();
  }

  /** Reloads every {@code period} on a daemon thread until {@link #close()}. */
  public synchronized void startPeriodicRefresh(Duration period) {
    if (refresher != null) {
      return;
    }
    refresher =
        Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("rule-switch-refresh"));
    refresher.scheduleWithFixedDelay(
        this::refreshQuietly, period.toMillis(), period.toMillis(), TimeUnit.MILLISECONDS);
  }

  private void refreshQuietly() {
    try {
      refreshNow();
    } catch (RuntimeException e) {
      log.error("rule switch refresh failed; the switches in use stay in force", e);
    }
  }

  private static String describe(RuleSwitches switches) {
    StringBuilder text = new StringBuilder();
    for (RuleSwitch each : switches.all()) {
      if (!text.isEmpty()) {
        text.append("; ");
      }
      text.append(each.isDefault() ? "default" : "carrier " + each.carrierId())
          .append(": not_realname ")
          .append(each.enforceNotRealname() ? "enforced" : "not enforced");
      if (each.notRealnameGraceUntil() != null) {
        text.append(", grace until ").append(each.notRealnameGraceUntil());
      }
    }
    return text.toString();
  }

  @Override
  public synchronized void close() {
    if (refresher != null) {
      refresher.shutdownNow();
      refresher = null;
    }
  }
}
