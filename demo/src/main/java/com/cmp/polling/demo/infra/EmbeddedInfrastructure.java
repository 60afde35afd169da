package com.cmp.polling.demo.infra;

import com.cmp.polling.embedded.kafka.InJvmKafkaBroker;
import com.cmp.polling.embedded.postgres.EmbeddedPostgresServer;
import com.cmp.polling.embedded.redis.EmbeddedRedisServer;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
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

  private static final Duration STOP_DEADLINE = Duration.ofSeconds(5);

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
    // A demo's data is thrown away at the end: crash safety is moot, and without fsync a busy disk
    // slows neither its checks nor its stop.
    EmbeddedPostgresServer postgres =
        EmbeddedPostgresServer.builder().setting("fsync", "off").start();
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
      Map<String, AutoCloseable> upSoFar = new LinkedHashMap<>();
      upSoFar.put("redis-server", redis);
      upSoFar.put("PostgreSQL", postgres);
      StopTogether.close("embedded servers started so far", upSoFar, STOP_DEADLINE);
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

  /**
   * Stops the three servers at once and returns when all are down, or after {@link #STOP_DEADLINE}:
   * the apps are stopped before this, so nothing uses them any more. One after the other, the
   * broker's controlled shutdown and PostgreSQL's checkpoint add up to several seconds of a Ctrl-C;
   * on a busy machine even together they can take long, and a demo's throw-away servers are not
   * worth a wait past the deadline (the late one's temporary folder may then stay behind, and the
   * log says which).
   */
  @Override
  public void close() {
    Map<String, AutoCloseable> servers = new LinkedHashMap<>();
    servers.put("Kafka broker", kafka);
    servers.put("redis-server", redis);
    servers.put("PostgreSQL", postgres);
    StopTogether.close("embedded servers", servers, STOP_DEADLINE);
  }
}
