package com.cmp.polling.demo.infra;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.net.ServerSocket;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;
import redis.embedded.RedisServer;

/**
 * PostgreSQL 14 (zonky: the real server binaries, unpacked to a temporary folder), redis-server 6.2
 * (embedded-redis: the real binary) and a single-node KRaft Kafka broker running inside this JVM.
 * Nothing is installed and nothing outlives {@link #close()}.
 */
public final class EmbeddedInfrastructure implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(EmbeddedInfrastructure.class);

  private final EmbeddedPostgres postgres;
  private final RedisServer redis;
  private final int redisPort;
  private final EmbeddedKafkaKraftBroker kafka;

  private EmbeddedInfrastructure(
      EmbeddedPostgres postgres, RedisServer redis, int redisPort, EmbeddedKafkaKraftBroker kafka) {
    this.postgres = postgres;
    this.redis = redis;
    this.redisPort = redisPort;
    this.kafka = kafka;
  }

  public static EmbeddedInfrastructure start() throws IOException {
    long started = System.nanoTime();
    EmbeddedPostgres postgres =
        EmbeddedPostgres.builder()
            // Debezium reads the changes through a logical replication slot (pgoutput).
            .setServerConfig("wal_level", "logical")
            .setServerConfig("max_replication_slots", "4")
            .setServerConfig("max_wal_senders", "4")
            // Without it a commit reaches the slot up to ~200 ms late.
            .setServerConfig("synchronous_commit", "on")
            .setServerConfig("max_connections", "200")
            .start();
    int redisPort = freePort();
    RedisServer redis =
        RedisServer.newRedisServer()
            .port(redisPort)
            .bind("127.0.0.1")
            .setting("save \"\"")
            .setting("appendonly no")
            .build();
    EmbeddedKafkaKraftBroker kafka = null;
    try {
      redis.start();
      kafka = new EmbeddedKafkaKraftBroker(1, 1);
      // Consumers of a fresh group start at once instead of waiting 3 s for more members.
      kafka.brokerProperty("group.initial.rebalance.delay.ms", "0");
      // The listener derives polling.card.actions with exactly_once_v2, which needs transactions;
      // their log wants 3 replicas by default.
      kafka.brokerProperty("transaction.state.log.replication.factor", "1");
      kafka.brokerProperty("transaction.state.log.min.isr", "1");
      kafka.afterPropertiesSet();
    } catch (IOException | RuntimeException e) {
      postgres.close();
      redis.stop();
      throw e;
    }
    EmbeddedInfrastructure infrastructure =
        new EmbeddedInfrastructure(postgres, redis, redisPort, kafka);
    log.info(
        "embedded servers up in {} ms: PostgreSQL on port {}, redis-server on port {}, Kafka at {}",
        (System.nanoTime() - started) / 1_000_000,
        postgres.getPort(),
        redisPort,
        kafka.getBrokersAsString());
    return infrastructure;
  }

  public Endpoints endpoints() {
    return new Endpoints(
        postgres.getJdbcUrl("postgres", "postgres"),
        "postgres",
        "",
        "127.0.0.1",
        redisPort,
        0,
        kafka.getBrokersAsString());
  }

  public DataSource dataSource() {
    return postgres.getPostgresDatabase();
  }

  @Override
  public void close() {
    // Reverse order of start; each one is attempted even if an earlier one fails.
    try {
      kafka.destroy();
    } catch (RuntimeException e) {
      log.warn("Kafka broker did not stop cleanly: {}", e.getMessage());
    }
    try {
      redis.stop();
    } catch (IOException | RuntimeException e) {
      log.warn("redis-server did not stop cleanly: {}", e.getMessage());
    }
    try {
      postgres.close();
    } catch (IOException | RuntimeException e) {
      log.warn("PostgreSQL did not stop cleanly: {}", e.getMessage());
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
