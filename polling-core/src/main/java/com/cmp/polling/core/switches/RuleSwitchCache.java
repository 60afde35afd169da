package com.cmp.polling.core.switches;

import com.cmp.polling.core.announce.Announced;
import com.cmp.polling.core.announce.AnnouncedSnapshot;
import com.cmp.polling.core.redis.RedisKeys;
import java.time.Clock;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * The rule switches as every process sees them: a snapshot read from the database, swapped whole,
 * reloaded on a short interval and at once when a process announces a change ({@code
 * polling:rules:switches:changed}; {@link AnnouncedSnapshot}), so a change reaches every instance
 * without a restart. Until the first load, every rule is enforced ({@link
 * RuleSwitches#ENFORCE_ALL}).
 */
public class RuleSwitchCache implements Announced, AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(RuleSwitchCache.class);

  private final AnnouncedSnapshot<RuleSwitches> switches;

  public RuleSwitchCache(RuleSwitchStore store, StringRedisTemplate redis, Clock clock) {
    this.switches =
        new AnnouncedSnapshot<>(
            "rule switches",
            RedisKeys.RULE_SWITCHES_CHANGED,
            RuleSwitches.ENFORCE_ALL,
            store::load,
            RuleSwitchCache::reloaded,
            redis,
            clock);
  }

  /** The switches as last loaded. */
  public RuleSwitches current() {
    return switches.current();
  }

  /**
   * Reads the switches from the database and swaps them in; a failure keeps the previous ones and
   * propagates.
   */
  public RuleSwitches refreshNow() {
    return switches.refreshNow().after();
  }

  private static void reloaded(RuleSwitches previous, RuleSwitches next) {
    if (!previous.defaults().equals(next.defaults())
        || !previous.carriers().equals(next.carriers())) {
      log.info("rule switches loaded: {}", describe(next));
    }
  }

  /**
   * Tells every subscribed process ({@link #onAnnouncement()}) to reload now. A process
   * disconnected at that moment catches up at its periodic refresh.
   */
  public void announceChange() {
    switches.announceChange();
  }

  @Override
  public String channel() {
    return switches.channel();
  }

  /** Another process changed a switch: reload now (a failure keeps the switches in use). */
  @Override
  public void onAnnouncement() {
    switches.onAnnouncement();
  }

  /** Reloads every {@code period} on a daemon thread until {@link #close()}. */
  public void startPeriodicRefresh(Duration period) {
    switches.startPeriodicRefresh(period);
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
  public void close() {
    switches.close();
  }
}
