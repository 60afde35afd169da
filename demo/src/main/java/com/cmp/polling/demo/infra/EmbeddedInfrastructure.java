package com.cmp.polling.demo.infra;

import com.cmp.polling.embedded.kafka.InJvmKafkaBroker;
import com.cmp.polling.embedded.postgres.EmbeddedPostgresServer;
import com.cmp.polling.embedded.redis.EmbeddedRedisServer;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The demo's servers, from the embedded-infrastructure module: PostgreSQL 14 (the real server
 * binaries, unpacked to a temporary folder), redis-server 6.2 (the real binary) and a single-node
 * KRaft Kafka broker running inside this JVM. Nothing is installed and nothing outlives {@link
 * #close()}.
 */
public final class EmbeddedInfrastructure implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(EmbeddedInfrastructure.class);

  private final EmbeddedPostgresServer postgres;
  private final EmbeddedRedisServer redis;
  private final InJvmKafkaBroker kafka;

  private EmbeddedInfrastructure(
      EmbeddedPostgresServer postgres, EmbeddedRedisServer redis, InJvmKafkaBroker kafka) {
    this.postgres = postgres;
    this.redis = redis;
    this.kafka = kafka;
  }

  public static EmbeddedInfrastructure start() {
    long started = System.nanoTime();
    EmbeddedPostgresServer postgres = EmbeddedPostgresServer.start();
    EmbeddedRedisServer redis = null;
    try {
      redis = EmbeddedRedisServer.startOnFreePort();
      InJvmKafkaBroker kafka = InJvmKafkaBroker.start();
      log.info(
          "embedded servers up in {} ms: PostgreSQL on port {}, redis-server on port {}, Kafka at"
              + " {}",
          (System.nanoTime() - started) / 1_000_000,
          postgres.port(),
          redis.port(),
          kafka.bootstrapServers());
      return new EmbeddedInfrastructure(postgres, redis, kafka);
    } catch (RuntimeException e) {
      stopQuietly("redis-server", redis);
      stopQuietly("PostgreSQL", postgres);
      throw e;
    }
  }

  public Endpoints endpoints() {
    return new Endpoints(
        postgres.jdbcUrl(),
        postgres.user(),
        postgres.password(),
        redis.host(),
        redis.port(),
        0,
        kafka.bootstrapServers());
  }

  public DataSource dataSource() {
    return postgres.dataSource();
  }

  /** Stops the servers in reverse order of start; each one is attempted even if one fails. */
  @Override
  public void close() {
    stopQuietly("Kafka broker", kafka);
    stopQuietly("redis-server", redis);
    stopQuietly("PostgreSQL", postgres);
  }

  private static void stopQuietly(String what, AutoCloseable server) {
    if (server == null) {
      return;
    }
    try {
      server.close();
    } catch (Exception e) {
      log.warn("{} did not stop cleanly: {}", what, e.getMessage());
    }
  }
}
