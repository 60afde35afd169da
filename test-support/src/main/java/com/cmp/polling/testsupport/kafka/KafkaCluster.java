package com.cmp.polling.testsupport.kafka;

import com.cmp.polling.embedded.kafka.KafkaProcessCluster;
import com.cmp.polling.embedded.process.JvmLauncher;
import com.cmp.polling.testsupport.process.LightJvm;
import java.util.List;

/**
 * A KRaft Kafka cluster of child processes on loopback ({@link KafkaProcessCluster}): every node is
 * broker and controller at once, and the nodes form the controller quorum (3 nodes: a majority
 * survives the loss of one). Each node can be killed ({@link #stop(int)}, a crash: no clean
 * shutdown) and started again on the same address with its data ({@link #start(int)}). One node is
 * the single broker {@link KafkaExtension#restartable()} gives.
 *
 * <p>The cluster's own topics (consumer offsets, transaction state, share groups) get three
 * replicas when there are three nodes or more, and the transaction log a min ISR of 2, as a
 * production cluster would. Topics that clients create keep the broker defaults (one replica, min
 * ISR 1): the apps under test must ask for more themselves.
 */
public final class KafkaCluster implements AutoCloseable {

  private final KafkaProcessCluster nodes;

  private KafkaCluster(KafkaProcessCluster nodes) {
    this.nodes = nodes;
  }

  /**
   * Formats and starts {@code size} nodes (ids 1..size), each a child JVM on the test's class path,
   * and returns once every one answers: about 5 s for one node, 10–20 s for three on two cores.
   */
  public static KafkaCluster startNew(int size) {
    return new KafkaCluster(
        KafkaProcessCluster.builder()
            .nodes(size)
            .launcher(main -> JvmLauncher.onThisClassPath(main).options(LightJvm.OPTIONS))
            // A node started again after a kill is refused by the controller until the session of
            // its previous life ends (9 s by default): these tests kill and restart nodes, and
            // would wait that long at every restart. Heartbeats twice a second keep a busy node
            // well inside the shorter session.
            .setting("broker.session.timeout.ms", "4000")
            .setting("broker.heartbeat.interval.ms", "500")
            .start());
  }

  /** Every node's address, whether it runs or not: what a client is configured with. */
  public String bootstrapServers() {
    return nodes.bootstrapServers();
  }

  public List<Integer> nodeIds() {
    return nodes.nodeIds();
  }

  public String addressOf(int nodeId) {
    return nodes.addressOf(nodeId);
  }

  public boolean isRunning(int nodeId) {
    return nodes.isRunning(nodeId);
  }

  /** Kills the node's process (SIGKILL), as a crash of its machine would. */
  public void stop(int nodeId) {
    nodes.stop(nodeId);
  }

  /** Starts the node again with its data; returns once it is back in the cluster. */
  public void start(int nodeId) {
    nodes.start(nodeId);
  }

  /** The tail of a node's own log, for failure messages. */
  public String outputOf(int nodeId) {
    return nodes.outputOf(nodeId);
  }

  /** Kills every node and deletes their data. */
  @Override
  public void close() {
    nodes.close();
  }
}
