package com.cmp.polling.testsupport.redis;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;
import org.springframework.data.redis.connection.RedisClusterConfiguration;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.RedisStringCommands.SetOption;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.types.Expiration;

/**
 * Gives a test class a Redis logical database of its own (1..15, in turn) on the shared {@link
 * RedisServerEndpoint}, flushed before and after the class. The production key names stay exactly
 * as specified; isolation comes from the database index, not from key prefixes.
 *
 * <p>A test class annotated {@link OnRedisCluster} gets the JVM's 3-master Redis Cluster instead
 * (database 0, the only one a cluster has; test classes run one after the other, each flushing
 * every master before and after). {@link #springProperties()} points an app at either.
 *
 * <pre>{@code
 * @RegisterExtension static final RedisExtension redis = new RedisExtension();
 * }</pre>
 */
public final class RedisExtension implements BeforeAllCallback, AfterAllCallback {

  private static final AtomicInteger NEXT_DATABASE = new AtomicInteger();
  private static final String CLAIM_KEY = "cmp:test:claimed-by";
  private static final Duration CLAIM_TTL = Duration.ofHours(2);

  private String ownerId;
  private String claim;
  private RedisClusterServers cluster;
  private RedisServerEndpoint endpoint;
  private int database;
  private LettuceConnectionFactory connectionFactory;
  private StringRedisTemplate template;

  @Override
  public void beforeAll(ExtensionContext context) {
    if (ownerId != null) {
      return; // a @Nested class: it shares the database of the class that registered us
    }
    ownerId = context.getUniqueId();
    if (AnnotationSupport.isAnnotated(context.getRequiredTestClass(), OnRedisCluster.class)) {
      connectToCluster();
      return;
    }
    cluster = null;
    endpoint = RedisServerEndpoint.shared();
    claim = UUID.randomUUID().toString();
    int start = NEXT_DATABASE.getAndIncrement();
    // Database 0 is left to people poking at the server by hand.
    for (int attempt = 0; attempt < 15 && template == null; attempt++) {
      connect(1 + (start + attempt) % 15);
      if (!Boolean.TRUE.equals(template.opsForValue().setIfAbsent(CLAIM_KEY, claim, CLAIM_TTL))) {
        connectionFactory.destroy();
        template = null;
      }
    }
    if (template == null) {
      throw new IllegalStateException(
          "every Redis database 1..15 of "
              + endpoint.host()
              + ":"
              + endpoint.port()
              + " is claimed by other tests (key "
              + CLAIM_KEY
              + ")");
    }
    flush();
  }

  private void connectToCluster() {
    cluster = RedisClusterServers.shared();
    database = 0;
    connectionFactory =
        new LettuceConnectionFactory(
            new RedisClusterConfiguration(
                cluster.ports().stream().map(p -> "127.0.0.1:" + p).toList()));
    connectionFactory.afterPropertiesSet();
    connectionFactory.start();
    template = new StringRedisTemplate(connectionFactory);
    flush();
  }

  private void connect(int index) {
    database = index;
    RedisStandaloneConfiguration config =
        new RedisStandaloneConfiguration(endpoint.host(), endpoint.port());
    config.setDatabase(database);
    connectionFactory = new LettuceConnectionFactory(config);
    connectionFactory.afterPropertiesSet();
    connectionFactory.start();
    template = new StringRedisTemplate(connectionFactory);
  }

  @Override
  public void afterAll(ExtensionContext context) {
    if (!context.getUniqueId().equals(ownerId)) {
      return;
    }
    ownerId = null;
    if (connectionFactory != null) {
      // Flushed first: flush() writes the claim again, which would keep the database claimed for
      // the claim's lifetime (and a JVM running more than 15 test classes would run out).
      flush();
      if (cluster == null) {
        template.delete(CLAIM_KEY);
      }
      connectionFactory.destroy();
      template = null;
    }
  }

  /**
   * Deletes every key of this class's database (its claim excepted); on the cluster, every key of
   * every master.
   */
  public void flush() {
    if (cluster != null) {
      template.execute(
          (RedisCallback<Void>)
              connection -> {
                connection.serverCommands().flushDb();
                return null;
              });
      return;
    }
    template.execute(
        (RedisCallback<Void>)
            connection -> {
              connection.serverCommands().flushDb();
              connection
                  .stringCommands()
                  .set(
                      CLAIM_KEY.getBytes(StandardCharsets.UTF_8),
                      claim.getBytes(StandardCharsets.UTF_8),
                      Expiration.from(CLAIM_TTL),
                      SetOption.upsert());
              return null;
            });
  }

  public LettuceConnectionFactory connectionFactory() {
    return connectionFactory;
  }

  public StringRedisTemplate template() {
    return template;
  }

  /** True when this class runs on the Redis Cluster ({@link OnRedisCluster}). */
  public boolean onCluster() {
    return cluster != null;
  }

  /**
   * The {@code spring.data.redis.*} properties that point an app at this class's Redis: host, port
   * and database of the single server, or {@code cluster.nodes} of the cluster.
   */
  public Map<String, Object> springProperties() {
    Map<String, Object> properties = new HashMap<>();
    if (cluster != null) {
      properties.put("spring.data.redis.cluster.nodes", cluster.nodes());
    } else {
      properties.put("spring.data.redis.host", host());
      properties.put("spring.data.redis.port", port());
      properties.put("spring.data.redis.database", database());
    }
    return properties;
  }

  /** The single server's host; on the cluster, that of its first master. */
  public String host() {
    return cluster != null ? "127.0.0.1" : endpoint.host();
  }

  /** The single server's port; on the cluster, that of its first master. */
  public int port() {
    return cluster != null ? cluster.ports().get(0) : endpoint.port();
  }

  public int database() {
    return database;
  }
}
