package com.cmp.polling.testsupport.kafka;

import com.cmp.polling.testsupport.net.Ports;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Uuid;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A single-node KRaft Kafka broker in a child JVM (the test's own classpath, {@code kafka.Kafka}),
 * with its data in a folder of its own and fixed ports: {@link #stop()} kills the process as a
 * crash would, {@link #start()} brings it back on the same address with the same data. For tests of
 * what happens while Kafka is away.
 */
final class KafkaProcess implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(KafkaProcess.class);
  private static final Duration READY_WITHIN = Duration.ofSeconds(90);

  private final Path folder;
  private final Path config;
  private final Path output;
  private final String bootstrapServers;
  private Process process;

  private KafkaProcess(Path folder, int brokerPort) {
    this.folder = folder;
    this.config = folder.resolve("server.properties");
    this.output = folder.resolve("broker.log");
    this.bootstrapServers = "127.0.0.1:" + brokerPort;
  }

  /** Formats a new broker's storage and starts it; returns once it answers. */
  static KafkaProcess startNew() {
    try {
      Path folder = Files.createTempDirectory("kafka-process");
      int brokerPort = Ports.free();
      int controllerPort = Ports.free();
      KafkaProcess broker = new KafkaProcess(folder, brokerPort);
      Files.writeString(
          broker.config,
          String.join(
              "\n",
              "process.roles=broker,controller",
              "node.id=1",
              "controller.quorum.voters=1@127.0.0.1:" + controllerPort,
              "listeners=PLAINTEXT://127.0.0.1:"
                  + brokerPort
                  + ",CONTROLLER://127.0.0.1:"
                  + controllerPort,
              "advertised.listeners=PLAINTEXT://127.0.0.1:" + brokerPort,
              "controller.listener.names=CONTROLLER",
              "inter.broker.listener.name=PLAINTEXT",
              "listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
              "log.dirs=" + folder.resolve("data"),
              "num.partitions=1",
              "offsets.topic.replication.factor=1",
              "transaction.state.log.replication.factor=1",
              "transaction.state.log.min.isr=1",
              "group.initial.rebalance.delay.ms=0",
              ""));
      broker.run(
          List.of(
              "kafka.tools.StorageTool",
              "format",
              "-t",
              Uuid.randomUuid().toString(),
              "-c",
              broker.config.toString()),
          true);
      broker.start();
      Runtime.getRuntime().addShutdownHook(new Thread(broker::kill));
      return broker;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot prepare a Kafka broker process", e);
    }
  }

  String bootstrapServers() {
    return bootstrapServers;
  }

  /** Starts the broker (again) and waits until it answers. */
  synchronized void start() {
    if (process != null && process.isAlive()) {
      return;
    }
    process = run(List.of("kafka.Kafka", config.toString()), false);
    awaitReady();
    log.info("Kafka broker process {} answers at {}", process.pid(), bootstrapServers);
  }

  /** Kills the broker process (SIGKILL, no clean shutdown) and waits until it is gone. */
  synchronized void stop() {
    kill();
    log.info("Kafka broker process at {} killed", bootstrapServers);
  }

  @Override
  public synchronized void close() {
    kill();
    try (Stream<Path> files = Files.walk(folder)) {
      files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    } catch (IOException e) {
      log.warn("could not delete {}: {}", folder, e.toString());
    }
  }

  private void kill() {
    Process current = process;
    if (current == null || !current.isAlive()) {
      return;
    }
    current.destroyForcibly();
    try {
      if (!current.waitFor(30, TimeUnit.SECONDS)) {
        throw new IllegalStateException("Kafka broker process " + current.pid() + " did not die");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private Process run(List<String> mainAndArguments, boolean waitForExit) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xmx384m");
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.addAll(mainAndArguments);
    try {
      Process started =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.appendTo(output.toFile()))
              .start();
      if (waitForExit) {
        if (!started.waitFor(60, TimeUnit.SECONDS) || started.exitValue() != 0) {
          started.destroyForcibly();
          throw new IllegalStateException(
              mainAndArguments.get(0) + " failed; its output ends with: " + outputTail());
        }
      }
      return started;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start " + mainAndArguments.get(0), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while running " + mainAndArguments.get(0), e);
    }
  }

  /**
   * Asks for the cluster until it answers; each question waits up to 5 s, so no pause is needed.
   */
  private void awaitReady() {
    long deadline = System.nanoTime() + READY_WITHIN.toNanos();
    try (Admin admin =
        Admin.create(
            Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 5000,
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 5000))) {
      while (true) {
        if (!process.isAlive()) {
          throw new IllegalStateException(
              "Kafka broker process exited with " + process.exitValue() + ": " + outputTail());
        }
        try {
          if (!admin.describeCluster().nodes().get(5, TimeUnit.SECONDS).isEmpty()) {
            return;
          }
        } catch (ExecutionException | TimeoutException e) {
          if (System.nanoTime() > deadline) {
            throw new IllegalStateException(
                "Kafka broker process not ready within " + READY_WITHIN + ": " + outputTail(), e);
          }
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for the Kafka broker", e);
    }
  }

  private String outputTail() {
    try {
      List<String> lines = Files.readAllLines(output, StandardCharsets.UTF_8);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
    } catch (IOException e) {
      return "(no output: " + e + ")";
    }
  }
}
