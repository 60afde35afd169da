package com.cmp.polling.testsupport;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.utility.DockerImageName;

/**
 * Decides where the real servers of an integration test come from, in this order:
 *
 * <ol>
 *   <li>servers named by environment variables ({@code CMP_TEST_POSTGRES_URL}, {@code
 *       CMP_TEST_REDIS_URL}, {@code CMP_TEST_KAFKA_BOOTSTRAP_SERVERS}) or the equivalent system
 *       properties ({@code cmp.test.postgres.url}, ...);
 *   <li>Testcontainers, when a Docker engine answers and has the images of the other servers (and
 *       Ryuk's, unless {@code TESTCONTAINERS_RYUK_DISABLED=true}) or pulls them within {@code
 *       CMP_TEST_DOCKER_PULL_TIMEOUT} seconds (30; all pulls together); {@code
 *       CMP_TEST_DOCKER=false} skips the probe. {@link TestImages} names the images;
 *   <li>embedded servers started inside the test JVM (real PostgreSQL, redis-server and a KRaft
 *       Kafka broker, all from Maven Central).
 * </ol>
 *
 * The choice is made once per JVM and logged in one line that says why.
 */
public final class TestEnvironment {

  private static final Logger log = LoggerFactory.getLogger(TestEnvironment.class);
  private static final Duration DEFAULT_PULL_TIMEOUT = Duration.ofSeconds(30);
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

  /** Whether the servers not named by environment variables run on Testcontainers. */
  public static synchronized boolean dockerAvailable() {
    if (dockerAvailable == null) {
      DockerProbe.Verdict verdict =
          "false".equalsIgnoreCase(setting("CMP_TEST_DOCKER").orElse(""))
              ? new DockerProbe.Verdict(false, "CMP_TEST_DOCKER=false")
              : DockerProbe.probe(imagesNeeded(), ryukEnabled(), pullTimeout());
      dockerAvailable = verdict.useDocker();
      log.info(
          "{}: integration tests use {}",
          verdict.reason(),
          dockerAvailable ? "Testcontainers" : "embedded servers (unless env variables name some)");
    }
    return dockerAvailable;
  }

  /** The images of the servers that no environment variable names. */
  private static List<DockerImageName> imagesNeeded() {
    List<DockerImageName> images = new ArrayList<>();
    if (setting("CMP_TEST_POSTGRES_URL").isEmpty()) {
      images.add(TestImages.postgres());
    }
    if (setting("CMP_TEST_REDIS_URL").isEmpty()) {
      images.add(TestImages.redis());
    }
    if (setting("CMP_TEST_KAFKA_BOOTSTRAP_SERVERS").isEmpty()) {
      images.add(TestImages.kafka());
    }
    return images;
  }

  /** Testcontainers reads this variable alone to decide whether to start Ryuk. */
  private static boolean ryukEnabled() {
    return !Boolean.parseBoolean(System.getenv("TESTCONTAINERS_RYUK_DISABLED"));
  }

  private static Duration pullTimeout() {
    return setting("CMP_TEST_DOCKER_PULL_TIMEOUT")
        .map(seconds -> Duration.ofSeconds(Long.parseLong(seconds.strip())))
        .orElse(DEFAULT_PULL_TIMEOUT);
  }
}
