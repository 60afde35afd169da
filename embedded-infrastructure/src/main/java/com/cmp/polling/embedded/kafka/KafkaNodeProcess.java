package com.cmp.polling.embedded.kafka;

import com.cmp.polling.embedded.process.ChildProcess;
import com.cmp.polling.embedded.process.FreePorts;
import com.cmp.polling.embedded.process.JvmLauncher;
import com.cmp.polling.embedded.process.TemporaryFolders;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Node;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One KRaft Kafka node (broker and controller in one process) in a child JVM ({@code kafka.Kafka}),
 * with its data in a folder of its own and fixed ports: {@link #stop()} kills the process as a
 * crash would, {@link #start()} brings it back on the same address with the same data. {@link
 * KafkaProcessCluster} runs one or several of them.
 */
final class KafkaNodeProcess implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(KafkaNodeProcess.class);
  private static final Duration READY_WITHIN = Duration.ofSeconds(90);

  private final int nodeId;
  private final Function<String, JvmLauncher> jvm;
  private final Path folder;
  private final Path config;
  private final Path output;
  private final int controllerPort;
  private final String bootstrapServers;
  private ChildProcess process;

  private KafkaNodeProcess(
      int nodeId,
      Function<String, JvmLauncher> jvm,
      Path folder,
      int brokerPort,
      int controllerPort) {
    this.nodeId = nodeId;
    this.jvm = jvm;
    this.folder = folder;
    this.config = folder.resolve("server.properties");
    this.output = folder.resolve("broker.log");
    this.controllerPort = controllerPort;
    this.bootstrapServers = "127.0.0.1:" + brokerPort;
  }

  /**
   * A node with a new data folder and free ports; {@link #configure} it before formatting.
   *
   * @param jvm how to run one of Kafka's main classes in a child JVM, with the heap it may use
   */
  static KafkaNodeProcess create(int nodeId, Function<String, JvmLauncher> jvm) {
    return new KafkaNodeProcess(
        nodeId,
        jvm,
        TemporaryFolders.create("kafka-node-" + nodeId + "-"),
        FreePorts.free(),
        FreePorts.free());
  }

  int nodeId() {
    return nodeId;
  }

  /** This node as a member of the controller quorum: {@code id@host:port}. */
  String voter() {
    return nodeId + "@127.0.0.1:" + controllerPort;
  }

  String bootstrapServers() {
    return bootstrapServers;
  }

  Path output() {
    return output;
  }

  synchronized long pid() {
    if (process == null) {
      throw new IllegalStateException("Kafka node " + nodeId + " was never started");
    }
    return process.pid();
  }

  /**
   * Writes the node's server.properties.
   *
   * @param voters every node's {@link #voter()}, comma-separated
   * @param settings further broker settings (replication of the internal topics, ...)
   */
  void configure(String voters, Map<String, String> settings) {
    List<String> lines = new ArrayList<>();
    lines.add("process.roles=broker,controller");
    lines.add("node.id=" + nodeId);
    lines.add("controller.quorum.voters=" + voters);
    lines.add(
        "listeners=PLAINTEXT://" + bootstrapServers + ",CONTROLLER://127.0.0.1:" + controllerPort);
    lines.add("advertised.listeners=PLAINTEXT://" + bootstrapServers);
    lines.add("controller.listener.names=CONTROLLER");
    lines.add("inter.broker.listener.name=PLAINTEXT");
    lines.add("listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
    lines.add("log.dirs=" + folder.resolve("data"));
    settings.forEach((name, value) -> lines.add(name + "=" + value));
    try {
      Files.writeString(config, String.join("\n", lines) + "\n");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + config, e);
    }
  }

  /** Starts formatting the node's storage for the cluster; the caller waits for the process. */
  ChildProcess format(String clusterId) {
    return run("kafka.tools.StorageTool", List.of("format", "-t", clusterId, "-c", config + ""));
  }

  /** Waits for a {@link #format} process, and fails with its output if it failed. */
  void awaitFormatted(ChildProcess formatting) {
    try {
      if (!formatting.awaitEnd(Duration.ofSeconds(60)) || formatting.exitValue() != 0) {
        formatting.kill();
        throw new IllegalStateException(
            "formatting Kafka node " + nodeId + " failed; its output ends with: " + outputTail());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while formatting Kafka node " + nodeId, e);
    }
  }

  /** Starts the process without waiting (a node of a new cluster waits for its quorum). */
  synchronized void launch() {
    if (process == null || !process.isAlive()) {
      process = run("kafka.Kafka", List.of(config.toString()));
    }
  }

  /** Starts the node (again) and waits until it answers as a member of the cluster. */
  void start() {
    launch();
    awaitReady();
  }

  synchronized boolean isRunning() {
    return process != null && process.isAlive();
  }

  /** Kills the node's process (SIGKILL, no clean shutdown) and waits until it is gone. */
  synchronized void stop() {
    if (process == null || !process.isAlive()) {
      return;
    }
    process.kill();
    log.info("Kafka node {} at {} killed", nodeId, bootstrapServers);
  }

  /** Kills the process and deletes the node's data. */
  @Override
  public synchronized void close() {
    stop();
    TemporaryFolders.delete(folder);
  }

  private ChildProcess run(String mainClass, List<String> args) {
    return jvm.apply(mainClass).startAppending(args, output);
  }

  /**
   * Asks this node (and only it) for the cluster until the answer lists it: a broker answers once
   * it has caught up with the metadata and registered. Each question waits up to 5 s, so no pause
   * is needed.
   */
  void awaitReady() {
    long deadline = System.nanoTime() + READY_WITHIN.toNanos();
    ChildProcess current;
    synchronized (this) {
      current = process;
    }
    try (Admin admin =
        Admin.create(
            Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 5000,
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 5000))) {
      while (true) {
        // Also the pause between questions: a node that answers without itself yet is asked
        // again a moment later.
        if (current == null || current.awaitEnd(Duration.ofMillis(200))) {
          throw new IllegalStateException("Kafka node " + nodeId + " exited: " + outputTail());
        }
        try {
          if (admin.describeCluster().nodes().get(5, TimeUnit.SECONDS).stream()
              .map(Node::id)
              .anyMatch(id -> id == nodeId)) {
            log.info("Kafka node {} answers at {}", nodeId, bootstrapServers);
            return;
          }
        } catch (ExecutionException | TimeoutException e) {
          // not answering yet
        }
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException(
              "Kafka node " + nodeId + " not ready within " + READY_WITHIN + ": " + outputTail());
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for Kafka node " + nodeId, e);
    }
  }

  String outputTail() {
    return ChildProcess.tail(output, 30);
  }
}
