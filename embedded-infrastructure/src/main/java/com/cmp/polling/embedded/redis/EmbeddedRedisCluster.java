package com.cmp.polling.embedded.redis;

import static org.awaitility.Awaitility.await;

import com.cmp.polling.embedded.process.FreePorts;
import com.cmp.polling.embedded.process.TemporaryFolders;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real Redis Cluster of masters without replicas on loopback: redis-server started once per
 * master in cluster mode, the 16384 hash slots split in equal ranges ({@code CLUSTER ADDSLOTS}),
 * the nodes introduced to each other ({@code CLUSTER MEET}), ready once every node reports {@code
 * cluster_state:ok} and knows all the others.
 */
public final class EmbeddedRedisCluster implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(EmbeddedRedisCluster.class);
  private static final int SLOTS = 16384;

  /** Redis Cluster's bus port is the client port plus this offset: both must be free. */
  private static final int BUS_PORT_OFFSET = 10000;

  /**
   * Short for a fast start, long enough that a node starved of CPU on a busy machine is not failed.
   */
  private static final Duration NODE_TIMEOUT = Duration.ofSeconds(2);

  private final List<EmbeddedRedisServer> servers;
  private final Path folder;

  private EmbeddedRedisCluster(List<EmbeddedRedisServer> servers, Path folder) {
    this.servers = servers;
    this.folder = folder;
  }

  /** Starts and forms a cluster of {@code masters} nodes (three: about a second). */
  public static EmbeddedRedisCluster start(int masters) {
    long started = System.nanoTime();
    EmbeddedRedisCluster cluster =
        new EmbeddedRedisCluster(new ArrayList<>(), TemporaryFolders.create("redis-cluster-"));
    try {
      for (int node = 0; node < masters; node++) {
        int port = portWithFreeBusPort();
        // Written by the node itself; a fresh file per node and run, so no stale cluster.
        Path nodeFile = cluster.folder.resolve("nodes-" + port + ".conf");
        cluster.servers.add(EmbeddedRedisServer.startClusterNode(port, nodeFile, NODE_TIMEOUT));
      }
      form(cluster.ports());
    } catch (RuntimeException e) {
      cluster.close();
      throw e;
    }
    log.info(
        "Redis Cluster of {} masters on 127.0.0.1 ports {}, ready in {} ms",
        masters,
        cluster.ports(),
        (System.nanoTime() - started) / 1_000_000);
    return cluster;
  }

  /** The client ports of the masters. */
  public List<Integer> ports() {
    return servers.stream().map(EmbeddedRedisServer::port).toList();
  }

  /** {@code 127.0.0.1:p1,127.0.0.1:p2,...}: {@code spring.data.redis.cluster.nodes}. */
  public String nodes() {
    return String.join(",", ports().stream().map(p -> "127.0.0.1:" + p).toList());
  }

  /**
   * Slots in equal ranges, one per master, each with its own config epoch; every node meets the
   * first; then waits until ok.
   */
  private static void form(List<Integer> ports) {
    int masters = ports.size();
    List<RedisClient> clients = new ArrayList<>();
    try {
      List<StatefulRedisConnection<String, String>> nodes = new ArrayList<>();
      for (int port : ports) {
        RedisClient client = RedisClient.create(RedisURI.create("127.0.0.1", port));
        clients.add(client);
        nodes.add(client.connect());
      }
      for (int node = 0; node < masters; node++) {
        int first = node * SLOTS / masters;
        int last = (node + 1) * SLOTS / masters;
        nodes.get(node).sync().clusterAddSlots(IntStream.range(first, last).toArray());
        // Distinct epochs up front (as redis-cli --cluster create does): no collision to resolve.
        nodes.get(node).sync().clusterSetConfigEpoch(node + 1);
        if (node > 0) {
          nodes.get(node).sync().clusterMeet("127.0.0.1", ports.get(0));
        }
      }
      await("Redis Cluster state ok on all " + masters + " masters")
          .atMost(Duration.ofSeconds(30))
          .pollInterval(Duration.ofMillis(50))
          .until(() -> nodes.stream().allMatch(node -> ready(node, masters)));
    } finally {
      clients.forEach(RedisClient::shutdown);
    }
  }

  private static boolean ready(StatefulRedisConnection<String, String> node, int masters) {
    String info = node.sync().clusterInfo();
    return info.contains("cluster_state:ok")
        && info.contains("cluster_known_nodes:" + masters)
        && info.contains("cluster_slots_ok:" + SLOTS);
  }

  private static int portWithFreeBusPort() {
    for (int attempt = 0; attempt < 50; attempt++) {
      int port = FreePorts.free();
      if (port + BUS_PORT_OFFSET <= 65535 && FreePorts.isFree(port + BUS_PORT_OFFSET)) {
        return port;
      }
    }
    throw new IllegalStateException("no free port whose cluster bus port (+10000) is free too");
  }

  /** Stops every master and deletes their node files. */
  @Override
  public void close() {
    for (EmbeddedRedisServer server : servers) {
      try {
        server.close();
      } catch (RuntimeException e) {
        log.warn("a Redis Cluster node did not stop cleanly: {}", e.toString());
      }
    }
    TemporaryFolders.delete(folder);
  }
}
