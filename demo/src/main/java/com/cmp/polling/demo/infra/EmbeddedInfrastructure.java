package com.cmp.polling.demo.infra;

import com.cmp.polling.embedded.kafka.InJvmKafkaBroker;
import com.cmp.polling.embedded.postgres.EmbeddedPostgresServer;
import com.cmp.polling.embedded.redis.EmbeddedRedisServer;
import java.util.List;
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

  /**
   * Stops the three servers at once, each attempted even if another fails, and returns when all are
   * down. The apps are stopped before this, so nothing uses them any more; one after the other the
   * broker's controlled shutdown and PostgreSQL's checkpoint add up to several seconds of a Ctrl-C.
   */
  @Override
  public void close() {
    long started = System.nanoTime();
    List<Thread> stopping =
        List.of(
            stopOnItsOwnThread("Kafka broker", kafka),
            stopOnItsOwnThread("redis-server", redis),
            stopOnItsOwnThread("PostgreSQL", postgres));
    for (Thread thread : stopping) {
      try {
        thread.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
    log.info("embedded servers stopped in {} ms", (System.nanoTime() - started) / 1_000_000);
  }

  private static Thread stopOnItsOwnThread(String what, AutoCloseable server) {
    Thread thread = new Thread(() -> stopQuietly(what, server), "stop " + what);
    thread.start();
    return thread;
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
