package com.cmp.polling.testsupport;

import org.testcontainers.utility.DockerImageName;

/**
 * The images Testcontainers runs for the tests' servers. Each can be replaced by a compatible image
 * of one's own through an environment variable (or the matching system property), for instance a
 * local stand-in on a machine without a registry: {@code CMP_TEST_POSTGRES_IMAGE}, {@code
 * CMP_TEST_REDIS_IMAGE}, {@code CMP_TEST_KAFKA_IMAGE}. A replacement must accept what the public
 * image accepts: the official PostgreSQL image's {@code POSTGRES_*} variables and {@code postgres
 * -c} command, {@code redis-server} with options, the Apache Kafka image's {@code KAFKA_*}
 * variables and {@code /etc/kafka/docker/run}.
 */
public final class TestImages {

  /**
   * The image of Testcontainers' resource reaper (Ryuk), which it starts before any container
   * unless {@code TESTCONTAINERS_RYUK_DISABLED=true}. Testcontainers names it in code, not in
   * configuration; {@code TestImagesTest} checks this constant against the library's.
   */
  static final DockerImageName RYUK = DockerImageName.parse("testcontainers/ryuk:0.14.0");

  private TestImages() {}

  public static DockerImageName postgres() {
    return image("CMP_TEST_POSTGRES_IMAGE", "postgres:16-alpine", "postgres");
  }

  public static DockerImageName redis() {
    return image("CMP_TEST_REDIS_IMAGE", "redis:7-alpine", "redis");
  }

  public static DockerImageName kafka() {
    return image("CMP_TEST_KAFKA_IMAGE", "apache/kafka-native:3.8.0", "apache/kafka");
  }

  private static DockerImageName image(String variable, String standard, String compatibleWith) {
    return TestEnvironment.setting(variable)
        .map(name -> DockerImageName.parse(name).asCompatibleSubstituteFor(compatibleWith))
        .orElseGet(() -> DockerImageName.parse(standard));
  }
}
