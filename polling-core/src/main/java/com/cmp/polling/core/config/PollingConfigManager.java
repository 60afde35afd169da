package com.cmp.polling.core.config;

import com.cmp.polling.core.concurrent.DaemonThreads;
import com.cmp.polling.core.redis.RedisKeys;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import tools.jackson.databind.json.JsonMapper;

/**
 * The enabled polling configs of every process (seed 004): loaded from the database into an
 * immutable {@link ConfigSnapshot} that is swapped whole, copied to Redis ({@code polling:configs},
 * 24 h TTL) for other readers, refreshed periodically and on demand.
 */
public class PollingConfigManager implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(PollingConfigManager.class);
  private static final Duration REDIS_TTL = Duration.ofHours(24);

  private final PollingConfigStore store;
  private final StringRedisTemplate redis;
  private final Clock clock;
  private final JsonMapper json = JsonMapper.builder().build();
  private final String stagingKey = RedisKeys.configsStaging(UUID.randomUUID().toString());
  private final List<ConfigChangeListener> listeners = new CopyOnWriteArrayList<>();
  private volatile ConfigSnapshot snapshot = ConfigSnapshot.EMPTY;
  private ScheduledExecutorService refresher;

  public PollingConfigManager(PollingConfigStore store, StringRedisTemplate redis, Clock clock) {
    this.store = store;
    this.redis = redis;
    this.clock = clock;
  }

  /** The configs as last loaded (empty before the first refresh). */
  public ConfigSnapshot snapshot() {
    return snapshot;
  }

  /**
   * Reads the enabled configs from the database and swaps them in. A database failure leaves the
   * previous snapshot in place and propagates; a Redis failure only skips the copy.
   *
   * @return what changed since the previous snapshot
   */
  public synchronized ConfigChanges refreshNow() {
    ConfigSnapshot previous = snapshot;
    ConfigSnapshot next = new ConfigSnapshot(store.findEnabled(), clock.instant());
    snapshot = next;
    ConfigChanges changes = ConfigChanges.between(previous, next);
    if (!changes.isEmpty()) {
      log.info(
          "polling configs loaded: {} enabled; added {}, changed {}, removed {}",
          next.configs().size(),
          changes.added(),
          changes.changed(),
          changes.removed());
    }
    copyToRedis(next);
    if (!changes.isEmpty()) {
      tell(previous, next, changes);
    }
    return changes;
  }

  /**
   * Tells every process that subscribed ({@link #onAnnouncement()}) to reload its configs now. Pub/
   * sub: a process that is disconnected at that moment misses it and catches up at its periodic
   * refresh.
   */
  public void announceChange() {
    try {
      redis.convertAndSend(RedisKeys.CONFIGS_CHANGED, clock.instant().toString());
    } catch (DataAccessException e) {
      log.warn(
          "config change not announced ({}); other processes reload at their periodic refresh",
          e.getMessage());
    }
  }

  /** Another process announced a config change: reload now (a failure keeps the old configs). */
  public void onAnnouncement() {
    refreshQuietly();
  }

  /** {@code listener} hears of every later refresh that changes something. */
  public void addChangeListener(ConfigChangeListener listener) {
    listeners.add(listener);
  }

  private void tell(ConfigSnapshot before, ConfigSnapshot after, ConfigChanges changes) {
    for (ConfigChangeListener listener : listeners) {
      try {
        listener.onChange(before, after, changes);
      } catch (RuntimeException e) {
        log.error("config change listener {} failed; the new configs stay in use", listener, e);
      }
    }
  }

  /** Refreshes every {@code period} on a daemon thread until {@link #close()}. */
  public synchronized void startPeriodicRefresh(Duration period) {
    if (refresher != null) {
      return;
    }
    refresher =
        Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("polling-config-refresh"));
    refresher.scheduleWithFixedDelay(
        this::refreshQuietly, period.toMillis(), period.toMillis(), TimeUnit.MILLISECONDS);
  }

  private void refreshQuietly() {
    try {
      refreshNow();
    } catch (RuntimeException e) {
      log.error("polling config refresh failed; the previous configs stay in use", e);
    }
  }

  private void copyToRedis(ConfigSnapshot configs) {
    try {
      redis.executePipelined(
          (RedisCallback<Object>)
              c -> {
                byte[] staging = bytes(stagingKey);
                c.keyCommands().del(staging);
                if (configs.configs().isEmpty()) {
                  c.keyCommands().del(bytes(RedisKeys.CONFIGS));
                  return null;
                }
                for (PollingConfig config : configs.configs()) {
                  c.hashCommands()
                      .hSet(
                          staging,
                          bytes(Long.toString(config.id())),
                          json.writeValueAsBytes(config));
                }
                c.keyCommands().expire(staging, REDIS_TTL);
                // Readers see the old copy or the new one, never half of it.
                c.keyCommands().rename(staging, bytes(RedisKeys.CONFIGS));
                return null;
              });
    } catch (DataAccessException e) {
      log.warn(
          "polling configs not copied to Redis ({}); in-memory configs are current",
          e.getMessage());
    }
  }

  private static byte[] bytes(String value) {
    return value.getBytes(StandardCharsets.UTF_8);
  }

  @Override
  public synchronized void close() {
    if (refresher != null) {
      refresher.shutdownNow();
      refresher = null;
    }
  }
}
