package com.cmp.polling.benchmarks.infra;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A single-node KRaft Kafka broker in a child JVM (combined broker and controller on 127.0.0.1),
 * formatted in a temporary directory and deleted with it.
 */
public final class BenchmarkKafka implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(BenchmarkKafka.class);

  private final Process process;
  private final Path dir;
  private final String bootstrap;

  private BenchmarkKafka(Process process, Path dir, String bootstrap) {
    this.process = process;
    this.dir = dir;
    this.bootstrap = bootstrap;
  }

  public static BenchmarkKafka start(String heap) throws Exception {
    Path dir = Files.createTempDirectory("cmp-bench-kafka");
    int port = freePort();
    int controller = freePort();
    Path properties = dir.resolve("server.properties");
    Files.writeString(
        properties,
        String.join(
            "\n",
            "process.roles=broker,controller",
            "node.id=1",
            "controller.quorum.voters=1@127.0.0.1:" + controller,
            "listeners=PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controller,
            "advertised.listeners=PLAINTEXT://127.0.0.1:" + port,
            "controller.listener.names=CONTROLLER",
            "listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
            "log.dirs=" + dir.resolve("data"),
            "offsets.topic.replication.factor=1",
            "transaction.state.log.replication.factor=1",
            "transaction.state.log.min.isr=1",
            "share.coordinator.state.topic.replication.factor=1",
            "share.coordinator.state.topic.min.isr=1",
            "group.initial.rebalance.delay.ms=0",
            "num.partitions=16",
            ""));
    Path logFile = dir.resolve("kafka.log");
    int formatted =
        ChildJvm.run(
            ChildJvm.command(
                "kafka.tools.StorageTool",
                "256m",
                logFile,
                "format",
                "-t",
                UUID.randomUUID().toString().replace("-", "").substring(0, 22),
                "-c",
                properties.toString()));
    if (formatted != 0) {
      throw new IllegalStateException("kafka storage format failed, see " + logFile);
    }
    Process process = ChildJvm.command("kafka.Kafka", heap, logFile, properties.toString()).start();
    String bootstrap = "127.0.0.1:" + port;
    BenchmarkKafka kafka = new BenchmarkKafka(process, dir, bootstrap);
    kafka.awaitReady();
    log.info("Kafka broker (child JVM, -Xmx{}) ready at {}", heap, bootstrap);
    return kafka;
  }

  private void awaitReady() throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IllegalStateException("Kafka broker exited, see " + dir.resolve("kafka.log"));
      }
      try (Admin admin = admin()) {
        admin.describeCluster().nodes().get(2, TimeUnit.SECONDS);
        return;
      } catch (Exception notYet) {
        TimeUnit.MILLISECONDS.sleep(300);
      }
    }
    throw new IllegalStateException("Kafka broker not ready after 60 s");
  }

  public Admin admin() {
    return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap));
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
    return bootstrap;
  }

  /** The broker's process id (for its CPU time). */
  public long pid() {
    return process.pid();
  }

  public Path logFile() {
    return dir.resolve("kafka.log");
  }

  @Override
  public void close() throws IOException {
    process.destroy();
    try {
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
    try (var files = Files.walk(dir)) {
      files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }

  static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
