package com.cmp.polling.embedded.kafka;

import com.cmp.polling.embedded.process.ChildProcess;
import com.cmp.polling.embedded.process.JvmLauncher;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.kafka.common.Uuid;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A KRaft Kafka cluster of child JVMs on loopback, each node broker and controller at once, the
 * nodes forming the controller quorum (3 nodes: a majority survives the loss of one). A node runs
 * apart from this JVM (its own heap, JIT and CPU figure), can be killed ({@link #stop(int)}, a
 * crash: no clean shutdown) and started again on the same address with its data ({@link
 * #start(int)}). Data and logs live in throw-away folders that {@link #close()} deletes.
 *
 * <p>The cluster's own topics (consumer offsets, transaction state, share groups) get three
 * replicas when there are three nodes or more, and the transaction log a min ISR of 2, as a
 * production cluster would; on one node, one replica. Topics that clients create get the broker
 * defaults (one replica, min ISR 1, one partition unless {@code num.partitions} is set).
 *
 * <pre>{@code
 * KafkaProcessCluster.builder().nodes(3).start();
 * KafkaProcessCluster.builder().launcher(main -> JvmLauncher.bootJarMain(jar, main)).heap("1g")
 *     .setting("num.partitions", "16").start();
 * }</pre>
 */
public final class KafkaProcessCluster implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(KafkaProcessCluster.class);

  private final Map<Integer, KafkaNodeProcess> nodes;

  private KafkaProcessCluster(Map<Integer, KafkaNodeProcess> nodes) {
    this.nodes = nodes;
  }

  /** One node, 384 MB of heap, Kafka's classes on this JVM's class path; change any of them. */
  public static Builder builder() {
    return new Builder();
  }

  /** Every node's address, whether it runs or not: what a client is configured with. */
  public String bootstrapServers() {
    return nodes.values().stream()
        .map(KafkaNodeProcess::bootstrapServers)
        .collect(Collectors.joining(","));
  }

  public List<Integer> nodeIds() {
    return List.copyOf(nodes.keySet());
  }

  public String addressOf(int nodeId) {
    return node(nodeId).bootstrapServers();
  }

  public boolean isRunning(int nodeId) {
    return node(nodeId).isRunning();
  }

  /** The node's process id (for its CPU time). */
  public long pidOf(int nodeId) {
    return node(nodeId).pid();
  }

  /** The node's own log (its output). */
  public Path logOf(int nodeId) {
    return node(nodeId).output();
  }

  /** The tail of a node's own log, for failure messages. */
  public String outputOf(int nodeId) {
    return node(nodeId).outputTail();
  }

  /** Kills the node's process (SIGKILL), as a crash of its machine would. */
  public void stop(int nodeId) {
    node(nodeId).stop();
  }

  /** Starts the node again with its data; returns once it is back in the cluster. */
  public void start(int nodeId) {
    node(nodeId).start();
  }

  private KafkaNodeProcess node(int nodeId) {
    KafkaNodeProcess node = nodes.get(nodeId);
    if (node == null) {
      throw new IllegalArgumentException(
          "no Kafka node " + nodeId + " in this cluster; nodes: " + nodes.keySet());
    }
    return node;
  }

  /** Kills every node and deletes their data. */
  @Override
  public void close() {
    nodes.values().forEach(KafkaNodeProcess::close);
  }

  /** The cluster's size, the nodes' heap and class source, further broker settings. */
  public static final class Builder {

    private int size = 1;
    private String heap = "384m";
    private Function<String, JvmLauncher> launcher = JvmLauncher::onThisClassPath;
    private final Map<String, String> settings = new LinkedHashMap<>();

    private Builder() {}

    /** Ids 1..size. */
    public Builder nodes(int size) {
      if (size < 1) {
        throw new IllegalArgumentException("a cluster needs a node at least, was " + size);
      }
      this.size = size;
      return this;
    }

    /** Each node's {@code -Xmx}, e.g. {@code 1g}. */
    public Builder heap(String heap) {
      this.heap = heap;
      return this;
    }

    /**
     * How a child JVM runs one of Kafka's main classes ({@code kafka.Kafka}, {@code
     * kafka.tools.StorageTool}); by default from this JVM's class path.
     */
    public Builder launcher(Function<String, JvmLauncher> launcher) {
      this.launcher = launcher;
      return this;
    }

    /** A broker setting ({@code server.properties}) added to or replacing the defaults. */
    public Builder setting(String name, String value) {
      settings.put(name, value);
      return this;
    }

    /**
     * Formats and starts the nodes and returns once every one answers: about 5 s for one node,
     * 10–20 s for three on two cores.
     */
    public KafkaProcessCluster start() {
      Map<Integer, KafkaNodeProcess> nodes = new LinkedHashMap<>();
      for (int id = 1; id <= size; id++) {
        nodes.put(id, KafkaNodeProcess.create(id, main -> launcher.apply(main).heap(heap)));
      }
      KafkaProcessCluster cluster = new KafkaProcessCluster(nodes);
      try {
        String voters =
            nodes.values().stream().map(KafkaNodeProcess::voter).collect(Collectors.joining(","));
        Map<String, String> all = defaults();
        all.putAll(settings);
        nodes.values().forEach(node -> node.configure(voters, all));
        String clusterId = Uuid.randomUuid().toString();
        List<ChildProcess> formatting = new ArrayList<>();
        nodes.values().forEach(node -> formatting.add(node.format(clusterId)));
        int i = 0;
        for (KafkaNodeProcess node : nodes.values()) {
          node.awaitFormatted(formatting.get(i++));
        }
        // All at once: a node becomes ready only when the quorum has elected a controller.
        nodes.values().forEach(KafkaNodeProcess::launch);
        nodes.values().forEach(KafkaNodeProcess::awaitReady);
        log.info(
            "Kafka cluster of {} node processes (-Xmx{}) answers at {}",
            size,
            heap,
            cluster.bootstrapServers());
        return cluster;
      } catch (RuntimeException e) {
        cluster.close();
        throw e;
      }
    }

    private Map<String, String> defaults() {
      String replicas = Integer.toString(Math.min(3, size));
      String minIsr = Integer.toString(Math.min(2, size));
      Map<String, String> defaults = new LinkedHashMap<>();
      defaults.put("num.partitions", "1");
      defaults.put("offsets.topic.replication.factor", replicas);
      defaults.put("transaction.state.log.replication.factor", replicas);
      defaults.put("transaction.state.log.min.isr", minIsr);
      defaults.put("share.coordinator.state.topic.replication.factor", replicas);
      defaults.put("share.coordinator.state.topic.min.isr", minIsr);
      // Consumers of a fresh group start at once instead of waiting 3 s for more members.
      defaults.put("group.initial.rebalance.delay.ms", "0");
      return defaults;
    }
  }
}
