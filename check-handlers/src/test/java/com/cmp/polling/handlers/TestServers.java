package com.cmp.polling.handlers;

import com.cmp.polling.testsupport.app.InfrastructureProperties;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * An extension giving a test class servers of its own (a database, a Redis database, a dedicated
 * Kafka broker: the handlers' topic and group names are fixed) and then what the subclass runs on
 * them, stopped in the reverse order after the class. A {@code @Nested} class shares them.
 */
public abstract class TestServers implements BeforeAllCallback, AfterAllCallback {

  private final PostgresExtension postgres;
  private final RedisExtension redis = new RedisExtension();
  private final KafkaExtension kafka = KafkaExtension.dedicated();
  private String ownerId;

  TestServers(PostgresExtension postgres) {
    this.postgres = postgres;
  }

  /** Starts what the test class uses, once the servers are up. */
  abstract void startOnServers();

  /** Stops it, before the servers; also after a start that failed half-way. */
  abstract void stopOnServers();

  @Override
  public final void beforeAll(ExtensionContext context) {
    postgres.beforeAll(context);
    redis.beforeAll(context);
    kafka.beforeAll(context);
    if (ownerId == null) {
      ownerId = context.getUniqueId();
      startOnServers();
    }
  }

  @Override
  public final void afterAll(ExtensionContext context) {
    try {
      if (context.getUniqueId().equals(ownerId)) {
        ownerId = null;
        stopOnServers();
      }
    } finally {
      try {
        kafka.afterAll(context);
      } finally {
        try {
          redis.afterAll(context);
        } finally {
          postgres.afterAll(context);
        }
      }
    }
  }

  public PostgresExtension postgres() {
    return postgres;
  }

  public RedisExtension redis() {
    return redis;
  }

  public KafkaExtension kafka() {
    return kafka;
  }

  /** The servers' connection properties for an app, to add its own settings to. */
  Map<String, Object> serverProperties() {
    return new HashMap<>(InfrastructureProperties.of(postgres, redis, kafka));
  }
}
