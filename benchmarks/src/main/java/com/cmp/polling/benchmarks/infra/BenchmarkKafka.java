package com.cmp.polling.benchmarks.infra;

import com.cmp.polling.embedded.kafka.KafkaProcessCluster;
import com.cmp.polling.embedded.process.JvmLauncher;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;

/**
 * A single-node KRaft Kafka broker in a child JVM on this jar ({@link KafkaProcessCluster} of one
 * node, combined broker and controller on 127.0.0.1), formatted in a temporary folder and deleted
 * with it. Topics get 16 partitions unless created otherwise.
 */
public final class BenchmarkKafka implements AutoCloseable {

  private static final int NODE = 1;

  private final KafkaProcessCluster broker;

  private BenchmarkKafka(KafkaProcessCluster broker) {
    this.broker = broker;
  }

  /**
   * @param heap the broker's {@code -Xmx}, e.g. {@code 1g}
   */
  public static BenchmarkKafka start(String heap) throws Exception {
    return new BenchmarkKafka(
        KafkaProcessCluster.builder()
            .launcher(main -> JvmLauncher.bootJarMain(ChildJvm.jar(), main))
            .heap(heap)
            .setting("num.partitions", "16")
            .start());
  }

  public Admin admin() {
    return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers()));
  }

  public void createTopic(String name, int partitions) throws Exception {
    try (Admin admin = admin()) {
      admin
          .createTopics(List.of(new NewTopic(name, partitions, (short) 1)))
          .all()
          .get(30, TimeUnit.SECONDS);
    }
  }

  public String bootstrapServers() {
    return broker.bootstrapServers();
  }

  /** The broker's process id (for its CPU time). */
  public long pid() {
    return broker.pidOf(NODE);
  }

  public Path logFile() {
    return broker.logOf(NODE);
  }

  @Override
  public void close() throws IOException {
    broker.close();
  }
}
