package com.cmp.polling.testsupport;

import java.util.Locale;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.DockerClientFactory;

/**
 * Decides where the real servers of an integration test come from, in this order:
 *
 * <ol>
 *   <li>servers named by environment variables ({@code CMP_TEST_POSTGRES_URL}, {@code
 *       CMP_TEST_REDIS_URL}, {@code CMP_TEST_KAFKA_BOOTSTRAP_SERVERS}) or the equivalent system
 *       properties ({@code cmp.test.postgres.url}, ...);
 *   <li>Testcontainers, when a Docker engine answers ({@code CMP_TEST_DOCKER=false} skips the
 *       probe);
 *   <li>embedded servers started inside the test JVM (real PostgreSQL, redis-server and a KRaft
 *       Kafka broker, all from Maven Central).
 * </ol>
 */
public final class TestEnvironment {

  private static final Logger log = LoggerFactory.getLogger(TestEnvironment.class);
  private static Boolean dockerAvailable;

  private TestEnvironment() {}

  /** The value of {@code envName} from the environment, else from the matching system property. */
  public static Optional<String> setting(String envName) {
    String value = System.getenv(envName);
    if (value == null || value.isBlank()) {
      value = System.getProperty(envName.toLowerCase(Locale.ROOT).replace('_', '.'));
    }
    return Optional.ofNullable(value).filter(v -> !v.isBlank());
  }

  public static synchronized boolean dockerAvailable() {
    if (dockerAvailable == null) {
      dockerAvailable = !"false".equalsIgnoreCase(setting("CMP_TEST_DOCKER").orElse("")) && probe();
      log.info(
          "Docker engine {}: integration tests use {}",
          dockerAvailable ? "found" : "not found",
          dockerAvailable ? "Testcontainers" : "embedded servers (unless env variables name some)");
    }
    return dockerAvailable;
  }

  private static boolean probe() {
    try {
      return DockerClientFactory.instance().isDockerAvailable();
    } catch (RuntimeException | LinkageError e) {
      return false;
    }
  }
}
