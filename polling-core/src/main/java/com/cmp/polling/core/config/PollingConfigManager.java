package com.cmp.polling.core.config;

import com.cmp.polling.core.announce.Announced;
import com.cmp.polling.core.announce.AnnouncedSnapshot;
import com.cmp.polling.core.redis.RedisKeys;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import tools.jackson.databind.json.JsonMapper;

/**
 * The enabled polling configs of every process: loaded from the database into an immutable {@link
 * ConfigSnapshot} that is swapped whole ({@link AnnouncedSnapshot}: refreshed periodically, on
 * demand and when a process announces a change on {@code polling:configs:changed}), copied to Redis
 * ({@code polling:configs}, 24 h TTL) for other readers.
 */
public class PollingConfigManager implements Announced, AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(PollingConfigManager.class);
  private static final Duration REDIS_TTL = Duration.ofHours(24);

  private final StringRedisTemplate redis;
  private final JsonMapper json = JsonMapper.builder().build();
  private final String stagingKey = RedisKeys.configsStaging(UUID.randomUUID().toString());
  private final List<ConfigChangeListener> listeners = new CopyOnWriteArrayList<>();
  private final AnnouncedSnapshot<ConfigSnapshot> configs;

  public PollingConfigManager(PollingConfigStore store, StringRedisTemplate redis, Clock clock) {
    this.redis = redis;
    this.configs =
        new AnnouncedSnapshot<>(
            "polling configs",
            RedisKeys.CONFIGS_CHANGED,
            ConfigSnapshot.EMPTY,
            () -> new ConfigSnapshot(store.findEnabled(), clock.instant()),
            this::reloaded,
            redis,
            clock);
  }

  /** The configs as last loaded (empty before the first refresh). */
  public ConfigSnapshot snapshot() {
    return configs.current();
  }

  /**
   * Reads the enabled configs from the database and swaps them in. A database failure leaves the
   * previous snapshot in place and propagates; a Redis failure only skips the copy.
   *
   * @return what changed since the previous snapshot
   */
  public ConfigChanges refreshNow() {
    AnnouncedSnapshot.Swap<ConfigSnapshot> swap = configs.refreshNow();
    return ConfigChanges.between(swap.before(), swap.after());
  }

  private void reloaded(ConfigSnapshot previous, ConfigSnapshot next) {
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
  }

  /**
   * Tells every process that subscribed ({@link #onAnnouncement()}) to reload its configs now. Pub/
   * sub: a process that is disconnected at that moment misses it and catches up at its periodic
   * refresh.
   */
  public void announceChange() {
    configs.announceChange();
  }

  @Override
  public String channel() {
    return configs.channel();
  }

  /** Another process announced a config change: reload now (a failure keeps the old configs). */
  @Override
  public void onAnnouncement() {
    configs.onAnnouncement();
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
  public void startPeriodicRefresh(Duration period) {
    configs.startPeriodicRefresh(period);
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
  public void close() {
    configs.close();
  }
}
