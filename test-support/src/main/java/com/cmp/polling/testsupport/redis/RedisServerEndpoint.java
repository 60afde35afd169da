package com.cmp.polling.testsupport.redis;

import com.cmp.polling.embedded.process.ShutdownHooks;
import com.cmp.polling.embedded.redis.EmbeddedRedisServer;
import com.cmp.polling.testsupport.TestEnvironment;
import com.cmp.polling.testsupport.TestImages;
import java.net.URI;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.containers.GenericContainer;

/**
 * The Redis server of this test JVM: the one named by {@code CMP_TEST_REDIS_URL}
 * (redis://host:port), else a Testcontainers redis:7 ({@link TestImages}), else an embedded
 * redis-server (a real server binary shipped in a jar) on a free port, without persistence.
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
        new GenericContainer<>(TestImages.redis())
            .withExposedPorts(6379)
            .withCommand("redis-server", "--save", "", "--appendonly", "no");
    container.start();
    return new RedisServerEndpoint(
        container.getHost(),
        container.getMappedPort(6379),
        "Testcontainers " + TestImages.redis().asCanonicalNameString());
  }

  private static RedisServerEndpoint embedded() {
    EmbeddedRedisServer server = EmbeddedRedisServer.startOnFreePort();
    ShutdownHooks.closeOnExit("embedded redis-server", server);
    return new RedisServerEndpoint(server.host(), server.port(), "embedded redis-server");
  }

  public String host() {
    return host;
  }

  public int port() {
    return port;
  }
}
