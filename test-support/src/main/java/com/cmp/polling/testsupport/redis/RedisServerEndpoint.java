package com.cmp.polling.testsupport.redis;

import com.cmp.polling.testsupport.TestEnvironment;
import com.cmp.polling.testsupport.net.Ports;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.utility.DockerImageName;
import redis.embedded.RedisServer;

/**
 * The Redis server of this test JVM: the one named by {@code CMP_TEST_REDIS_URL}
 * (redis://host:port), else a Testcontainers redis:7, else an embedded redis-server (a real server
 * binary shipped in a jar) on a free port, without persistence.
 */
public final class RedisServerEndpoint {

  private static final Logger log = LoggerFactory.getLogger(RedisServerEndpoint.class);
  private static RedisServerEndpoint shared;

  private final String host;
  private final int port;
  private final String origin;

  private RedisServerEndpoint(String host, int port, String origin) {
    this.host = host;
    this.port = port;
    this.origin = origin;
  }

  public static synchronized RedisServerEndpoint shared() {
    if (shared == null) {
      shared = locate();
      log.info("Redis for tests: {} on {}:{}", shared.origin, shared.host, shared.port);
    }
    return shared;
  }

  private static RedisServerEndpoint locate() {
    var url = TestEnvironment.setting("CMP_TEST_REDIS_URL");
    if (url.isPresent()) {
      URI uri = URI.create(url.get());
      int port = uri.getPort() < 0 ? 6379 : uri.getPort();
      return new RedisServerEndpoint(uri.getHost(), port, "external server (CMP_TEST_REDIS_URL)");
    }
    return TestEnvironment.dockerAvailable() ? container() : embedded();
  }

  @SuppressWarnings("resource") // stopped by Testcontainers' reaper when the JVM ends
  private static RedisServerEndpoint container() {
    var container =
        new GenericContainer<>(DockerImageName.parse("redis:7-alpine"))
            .withExposedPorts(6379)
            .withCommand("redis-server", "--save", "", "--appendonly", "no");
    container.start();
    return new RedisServerEndpoint(
        container.getHost(), container.getMappedPort(6379), "Testcontainers redis:7-alpine");
  }

  /** Starts a new embedded redis-server on a free port; the caller owns it. */
  public static RedisServer startEmbedded(int port) {
    try {
      RedisServer server =
          RedisServer.newRedisServer()
              .port(port)
              .bind("127.0.0.1")
              // No dump.rdb left behind, no fork for snapshots.
              .setting("save \"\"")
              .setting("appendonly no")
              .build();
      server.start();
      return server;
    } catch (IOException e) {
      throw new UncheckedIOException("could not start embedded redis-server on port " + port, e);
    }
  }

  private static RedisServerEndpoint embedded() {
    int port = Ports.free();
    RedisServer server = startEmbedded(port);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> stopQuietly(server)));
    return new RedisServerEndpoint("127.0.0.1", port, "embedded redis-server");
  }

  static void stopQuietly(RedisServer server) {
    try {
      server.stop();
    } catch (IOException e) {
      log.warn("embedded redis-server did not stop cleanly", e);
    }
  }

  public String host() {
    return host;
  }

  public int port() {
    return port;
  }
}
