package com.cmp.polling.testsupport.kafka;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.kafka.common.Uuid;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A KRaft Kafka cluster of child processes on loopback: every node is broker and controller at
 * once, and the nodes form the controller quorum (3 nodes: a majority survives the loss of one).
 * Each node can be killed ({@link #stop(int)}, a crash: no clean shutdown) and started again on the
 * same address with its data ({@link #start(int)}). One node is the single broker {@link
 * KafkaExtension#restartable()} gives.
 *
 * <p>The cluster's own topics (consumer offsets, transaction state, share groups) get three
 * replicas when there are three nodes or more, and the transaction log a min ISR of 2, as a
 * production cluster would. Topics that clients create keep the broker defaults (one replica, min
 * ISR 1): the apps under test must ask for more themselves.
 */
public final class KafkaCluster implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(KafkaCluster.class);

  private final Map<Integer, KafkaProcess> nodes;

  private KafkaCluster(Map<Integer, KafkaProcess> nodes) {
    this.nodes = nodes;
  }

  /**
   * Formats and starts {@code size} nodes (ids 1..size) and returns once every one answers: about 5
   * s for one node, 10–20 s for three on two cores.
   */
  public static KafkaCluster startNew(int size) {
    if (size < 1) {
      throw new IllegalArgumentException("a cluster needs a node at least, was " + size);
    }
    Map<Integer, KafkaProcess> nodes = new LinkedHashMap<>();
    for (int id = 1; id <= size; id++) {
      nodes.put(id, KafkaProcess.create(id));
    }
    KafkaCluster cluster = new KafkaCluster(nodes);
    Runtime.getRuntime()
        .addShutdownHook(new Thread(() -> nodes.values().forEach(KafkaProcess::kill)));
    try {
      String voters =
          nodes.values().stream().map(KafkaProcess::voter).collect(Collectors.joining(","));
      Map<String, String> settings = brokerSettings(size);
      nodes.values().forEach(node -> node.configure(voters, settings));
      String clusterId = Uuid.randomUuid().toString();
      List<Process> formatting = new ArrayList<>();
      nodes.values().forEach(node -> formatting.add(node.format(clusterId)));
      int i = 0;
      for (KafkaProcess node : nodes.values()) {
        node.awaitFormatted(formatting.get(i++));
      }
      // All at once: a node becomes ready only when the quorum has elected a controller.
      nodes.values().forEach(KafkaProcess::launch);
      nodes.values().forEach(KafkaProcess::awaitReady);
      log.info("Kafka cluster of {} nodes answers at {}", size, cluster.bootstrapServers());
      return cluster;
    } catch (RuntimeException e) {
      cluster.close();
      throw e;
    }
  }

  private static Map<String, String> brokerSettings(int size) {
    String replicas = Integer.toString(Math.min(3, size));
    String minIsr = Integer.toString(Math.min(2, size));
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("num.partitions", "1");
    settings.put("offsets.topic.replication.factor", replicas);
    settings.put("transaction.state.log.replication.factor", replicas);
    settings.put("transaction.state.log.min.isr", minIsr);
    settings.put("share.coordinator.state.topic.replication.factor", replicas);
    settings.put("share.coordinator.state.topic.min.isr", minIsr);
    // Consumers of a fresh group start at once instead of waiting 3 s for more members.
    settings.put("group.initial.rebalance.delay.ms", "0");
    return settings;
  }

  /** Every node's address, whether it runs or not: what a client is configured with. */
  public String bootstrapServers() {
    return nodes.values().stream()
        .map(KafkaProcess::bootstrapServers)
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

  /** Kills the node's process (SIGKILL), as a crash of its machine would. */
  public void stop(int nodeId) {
    node(nodeId).stop();
  }

  /** Starts the node again with its data; returns once it is back in the cluster. */
  public void start(int nodeId) {
    node(nodeId).start();
  }

  /** The tail of a node's own log, for failure messages. */
  public String outputOf(int nodeId) {
    return node(nodeId).outputTail();
  }

  private KafkaProcess node(int nodeId) {
    KafkaProcess node = nodes.get(nodeId);
    if (node == null) {
      throw new IllegalArgumentException(
          "no Kafka node " + nodeId + " in this cluster; nodes: " + nodes.keySet());
    }
    return node;
  }

  /** Kills every node and deletes their data. */
  @Override
  public void close() {
    nodes.values().forEach(KafkaProcess::close);
  }
}
