package com.cmp.polling.testsupport.redis;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
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
      // Flush first: flush() writes the claim back, so deleting it before would keep the database
      // claimed for two hours, and a module with more than 15 test classes would run out.
      flush();
      template.delete(CLAIM_KEY);
      connectionFactory.destroy();
      template = null;
    }
  }

  /** Deletes every key of this class's database (its claim excepted). */
  public void flush() {
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
