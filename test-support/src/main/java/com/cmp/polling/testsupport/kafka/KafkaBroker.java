package com.cmp.polling.testsupport.kafka;

import com.cmp.polling.embedded.kafka.InJvmKafkaBroker;
import com.cmp.polling.embedded.process.ShutdownHooks;
import com.cmp.polling.testsupport.TestEnvironment;
import com.cmp.polling.testsupport.TestImages;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.TopicExistsException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.kafka.KafkaContainer;

/**
 * The Kafka broker of this test JVM: the one named by {@code CMP_TEST_KAFKA_BOOTSTRAP_SERVERS},
 * else a Testcontainers apache/kafka-native ({@link TestImages}), else an in-JVM KRaft broker
 * ({@link InJvmKafkaBroker}) (~4 s to start, once per JVM).
 */
public final class KafkaBroker {

  private static final Logger log = LoggerFactory.getLogger(KafkaBroker.class);
  private static KafkaBroker shared;

  private final String bootstrapServers;
  private final String origin;

  private KafkaBroker(String bootstrapServers, String origin) {
    this.bootstrapServers = bootstrapServers;
    this.origin = origin;
  }

  public static synchronized KafkaBroker shared() {
    if (shared == null) {
      shared = locate();
      log.info("Kafka for tests: {} at {}", shared.origin, shared.bootstrapServers);
    }
    return shared;
  }

  private static KafkaBroker locate() {
    var servers = TestEnvironment.setting("CMP_TEST_KAFKA_BOOTSTRAP_SERVERS");
    if (servers.isPresent()) {
      return new KafkaBroker(servers.get(), "external broker (CMP_TEST_KAFKA_BOOTSTRAP_SERVERS)");
    }
    return TestEnvironment.dockerAvailable() ? container() : embedded();
  }

  @SuppressWarnings("resource") // stopped by Testcontainers' reaper when the JVM ends
  private static KafkaBroker container() {
    var container = new KafkaContainer(TestImages.kafka());
    container.start();
    return new KafkaBroker(
        container.getBootstrapServers(),
        "Testcontainers " + TestImages.kafka().asCanonicalNameString());
  }

  private static KafkaBroker embedded() {
    InJvmKafkaBroker broker = InJvmKafkaBroker.start();
    ShutdownHooks.closeOnExit("the tests' Kafka broker", broker);
    return new KafkaBroker(broker.bootstrapServers(), "embedded KRaft broker");
  }

  /**
   * A broker for one test class alone, for tests of apps whose topic and group names are fixed:
   * embedded, or a container where Docker runs; with an external broker (env variable) there is
   * only that one, shared.
   */
  static KafkaBroker dedicated(java.util.List<Runnable> onClose) {
    if (TestEnvironment.setting("CMP_TEST_KAFKA_BOOTSTRAP_SERVERS").isPresent()) {
      log.warn(
          "external Kafka: tests with fixed topic names share it and may see each other's records");
      return shared();
    }
    if (TestEnvironment.dockerAvailable()) {
      var container = new KafkaContainer(TestImages.kafka());
      container.start();
      onClose.add(container::stop);
      return new KafkaBroker(container.getBootstrapServers(), "dedicated Testcontainers Kafka");
    }
    InJvmKafkaBroker broker = InJvmKafkaBroker.start();
    onClose.add(broker::close);
    return new KafkaBroker(broker.bootstrapServers(), "dedicated embedded KRaft broker");
  }

  static KafkaBroker of(String bootstrapServers, String origin) {
    return new KafkaBroker(bootstrapServers, origin);
  }

  public String bootstrapServers() {
    return bootstrapServers;
  }

  /** Creates the topics (an existing one is left as it is). */
  public void createTopics(int partitions, String... names) {
    List<NewTopic> topics =
        Arrays.stream(names).map(name -> new NewTopic(name, partitions, (short) 1)).toList();
    try (Admin admin =
        Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers))) {
      for (var entry : admin.createTopics(topics).values().entrySet()) {
        try {
          entry.getValue().get();
        } catch (ExecutionException e) {
          if (!(e.getCause() instanceof TopicExistsException)) {
            throw new IllegalStateException("could not create topic " + entry.getKey(), e);
          }
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while creating topics", e);
    }
  }
}
