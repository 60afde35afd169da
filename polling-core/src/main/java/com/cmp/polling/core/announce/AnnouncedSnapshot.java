package com.cmp.polling.core.announce;

import com.cmp.polling.core.concurrent.DaemonThreads;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * A value read from the database that every process keeps in memory and swaps whole: reloaded on an
 * interval, and at once when a process announces a change on a Redis pub/sub channel, so that a
 * change reaches every instance without a restart. Pub/sub delivers only to processes connected at
 * that moment: one that missed the announcement catches up at its next periodic reload, which is
 * why both exist. Reloads never overlap; a failed one keeps the value in use.
 *
 * @param <T> an immutable value, replaced, never changed in place
 */
public final class AnnouncedSnapshot<T> implements Announced, AutoCloseable {

  /** Told of every reload, inside it, after the swap: {@code before} may equal {@code after}. */
  @FunctionalInterface
  public interface Reloaded<T> {
    void reloaded(T before, T after);
  }

  /** One reload: the value before and the one now in use. */
  public record Swap<T>(T before, T after) {}

  private static final Logger log = LoggerFactory.getLogger(AnnouncedSnapshot.class);

  private final String what;
  private final String channel;
  private final Supplier<T> load;
  private final Reloaded<T> reloaded;
  private final StringRedisTemplate redis;
  private final Clock clock;
  private volatile T current;
  private ScheduledExecutorService refresher;

  /**
   * @param what what it holds, for the log and the refresh thread's name ({@code polling configs})
   * @param channel where changes are announced
   * @param initial in use until the first reload
   * @param load reads the value from the database; a failure propagates to {@link #refreshNow}
   */
  public AnnouncedSnapshot(
      String what,
      String channel,
      T initial,
      Supplier<T> load,
      Reloaded<T> reloaded,
      StringRedisTemplate redis,
      Clock clock) {
    this.what = what;
    this.channel = channel;
    this.current = initial;
    this.load = load;
    this.reloaded = reloaded;
    this.redis = redis;
    this.clock = clock;
  }

  /** The value as last loaded. */
  public T current() {
    return current;
  }

  /** Loads the value and swaps it in; a failure keeps the previous one and propagates. */
  public synchronized Swap<T> refreshNow() {
    T before = current;
    T after = load.get();
    current = after;
    reloaded.reloaded(before, after);
    return new Swap<>(before, after);
  }

  /**
   * Tells every subscribed process ({@link #onAnnouncement()}) to reload now. A process
   * disconnected at that moment catches up at its periodic reload.
   */
  public void announceChange() {
    try {
      redis.convertAndSend(channel, clock.instant().toString());
    } catch (DataAccessException e) {
      log.warn(
          "change of the {} not announced ({}); other processes reload at their periodic refresh",
          what,
          e.getMessage());
    }
  }

  @Override
  public String channel() {
    return channel;
  }

  @Override
  public void onAnnouncement() {
    refreshQuietly();
  }

  /** Reloads every {@code period} on a daemon thread until {@link #close()}. */
  public synchronized void startPeriodicRefresh(Duration period) {
    if (refresher != null) {
      return;
    }
    refresher =
        Executors.newSingleThreadScheduledExecutor(
            DaemonThreads.named(what.replace(' ', '-') + "-refresh"));
    refresher.scheduleWithFixedDelay(
        this::refreshQuietly, period.toMillis(), period.toMillis(), TimeUnit.MILLISECONDS);
  }

  private void refreshQuietly() {
    try {
      refreshNow();
    } catch (RuntimeException e) {
      log.error("{} not reloaded; the ones in use stay in force", what, e);
    }
  }

  @Override
  public synchronized void close() {
    if (refresher != null) {
      refresher.shutdownNow();
      refresher = null;
    }
  }
}
