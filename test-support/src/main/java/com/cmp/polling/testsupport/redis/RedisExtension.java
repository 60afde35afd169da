package com.cmp.polling.testsupport.redis;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Gives a test class a Redis logical database of its own (1..15, in turn) on the shared {@link
 * RedisServerEndpoint}, flushed before and after the class. The production key names stay exactly
 * as specified; isolation comes from the database index, not from key prefixes.
 *
 * <pre>{@code
 * @RegisterExtension static final RedisExtension redis = new RedisExtension();
 * }</pre>
 */
public final class RedisExtension implements BeforeAllCallback, AfterAllCallback {

  private static final AtomicInteger NEXT_DATABASE = new AtomicInteger();

  private String ownerId;
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
    endpoint = RedisServerEndpoint.shared();
    // Database 0 is left to people poking at the server by hand.
    database = 1 + NEXT_DATABASE.getAndIncrement() % 15;
    RedisStandaloneConfiguration config =
        new RedisStandaloneConfiguration(endpoint.host(), endpoint.port());
    config.setDatabase(database);
    connectionFactory = new LettuceConnectionFactory(config);
    connectionFactory.afterPropertiesSet();
    connectionFactory.start();
    template = new StringRedisTemplate(connectionFactory);
    flush();
  }

  @Override
  public void afterAll(ExtensionContext context) {
    if (!context.getUniqueId().equals(ownerId)) {
      return;
    }
    ownerId = null;
    if (connectionFactory != null) {
      flush();
      connectionFactory.destroy();
    }
  }

  /** Deletes every key of this class's database. */
  public void flush() {
    template.execute(
        (RedisCallback<Void>)
            connection -> {
              connection.serverCommands().flushDb();
              return null;
            });
  }

  public LettuceConnectionFactory connectionFactory() {
    return connectionFactory;
  }

  public StringRedisTemplate template() {
    return template;
  }

  public String host() {
    return endpoint.host();
  }

  public int port() {
    return endpoint.port();
  }

  public int database() {
    return database;
  }
}
