package com.cmp.polling.testsupport.redis;

import static org.awaitility.Awaitility.await;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.embedded.RedisServer;

/**
 * A real Redis Cluster of three masters (no replicas) on loopback, one per test JVM: the embedded
 * redis-server binary started three times in cluster mode, the 16384 hash slots split in three
 * ranges ({@code CLUSTER ADDSLOTS}), the nodes introduced to each other ({@code CLUSTER MEET}), and
 * ready once every node reports {@code cluster_state:ok} and knows the other two.
 */
public final class RedisClusterServers {

  private static final Logger log = LoggerFactory.getLogger(RedisClusterServers.class);
  private static final int MASTERS = 3;
  private static final int SLOTS = 16384;

  /** Redis Cluster's bus port is the client port plus this offset: both must be free. */
  private static final int BUS_PORT_OFFSET = 10000;

  private static RedisClusterServers shared;

  private final List<Integer> ports;

  private RedisClusterServers(List<Integer> ports) {
    this.ports = List.copyOf(ports);
  }

  /** The cluster of this JVM, started and formed on first use (about a second). */
  public static synchronized RedisClusterServers shared() {
    if (shared == null) {
      long started = System.nanoTime();
      shared = start();
      log.info(
          "Redis Cluster for tests: 3 masters on 127.0.0.1 ports {}, ready in {} ms",
          shared.ports,
          (System.nanoTime() - started) / 1_000_000);
    }
    return shared;
  }

  /** The client ports of the three masters. */
  public List<Integer> ports() {
    return ports;
  }

  /** {@code 127.0.0.1:p1,127.0.0.1:p2,127.0.0.1:p3}: {@code spring.data.redis.cluster.nodes}. */
  public String nodes() {
    return String.join(",", ports.stream().map(p -> "127.0.0.1:" + p).toList());
  }

  private static RedisClusterServers start() {
    Path dir = temporaryDirectory();
    List<RedisServer> servers = new ArrayList<>();
    List<Integer> ports = new ArrayList<>();
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  servers.forEach(RedisServerEndpoint::stopQuietly);
                  deleteQuietly(dir);
                }));
    for (int node = 0; node < MASTERS; node++) {
      int port = portWithFreeBusPort();
      servers.add(startNode(port, dir.resolve("nodes-" + port + ".conf")));
      ports.add(port);
    }
    form(ports);
    return new RedisClusterServers(ports);
  }

  private static RedisServer startNode(int port, Path clusterConfig) {
    try {
      RedisServer server =
          RedisServer.newRedisServer()
              .port(port)
              .bind("127.0.0.1")
              .setting("save \"\"")
              .setting("appendonly no")
              .setting("cluster-enabled yes")
              // Written by the node itself; a fresh file per node and run, so no stale cluster.
              .setting("cluster-config-file " + clusterConfig)
              // A master turns its state ok only after min(node timeout, 5 s): short for a fast
              // start, long enough that a node starved of CPU on a busy machine is not failed.
              .setting("cluster-node-timeout 2000")
              .build();
      server.start();
      return server;
    } catch (IOException e) {
      throw new UncheckedIOException("could not start redis-server (cluster) on " + port, e);
    }
  }

  /**
   * Slots in three ranges, one per master, each with its own config epoch; every node meets the
   * first; then waits until ok.
   */
  private static void form(List<Integer> ports) {
    List<RedisClient> clients = new ArrayList<>();
    try {
      List<StatefulRedisConnection<String, String>> nodes = new ArrayList<>();
      for (int port : ports) {
        RedisClient client = RedisClient.create(RedisURI.create("127.0.0.1", port));
        clients.add(client);
        nodes.add(client.connect());
      }
      for (int node = 0; node < MASTERS; node++) {
        int first = node * SLOTS / MASTERS;
        int last = (node + 1) * SLOTS / MASTERS;
        nodes.get(node).sync().clusterAddSlots(IntStream.range(first, last).toArray());
        // Distinct epochs up front (as redis-cli --cluster create does): no collision to resolve.
        nodes.get(node).sync().clusterSetConfigEpoch(node + 1);
        if (node > 0) {
          nodes.get(node).sync().clusterMeet("127.0.0.1", ports.get(0));
        }
      }
      await("Redis Cluster state ok on all " + MASTERS + " masters")
          .atMost(Duration.ofSeconds(30))
          .pollInterval(Duration.ofMillis(50))
          .until(() -> nodes.stream().allMatch(RedisClusterServers::ready));
    } finally {
      clients.forEach(RedisClient::shutdown);
    }
  }

  private static boolean ready(StatefulRedisConnection<String, String> node) {
    String info = node.sync().clusterInfo();
    return info.contains("cluster_state:ok")
        && info.contains("cluster_known_nodes:" + MASTERS)
        && info.contains("cluster_slots_ok:" + SLOTS);
  }

  private static int portWithFreeBusPort() {
    for (int attempt = 0; attempt < 50; attempt++) {
      try (ServerSocket socket = new ServerSocket(0)) {
        int port = socket.getLocalPort();
        if (port + BUS_PORT_OFFSET <= 65535 && free(port + BUS_PORT_OFFSET)) {
          return port;
        }
      } catch (IOException e) {
        throw new UncheckedIOException("no free port", e);
      }
    }
    throw new IllegalStateException("no free port whose cluster bus port (+10000) is free too");
  }

  private static boolean free(int port) {
    try (ServerSocket socket = new ServerSocket(port)) {
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private static Path temporaryDirectory() {
    try {
      return Files.createTempDirectory("redis-cluster-");
    } catch (IOException e) {
      throw new UncheckedIOException("no temporary directory for the cluster's node files", e);
    }
  }

  private static void deleteQuietly(Path dir) {
    try (var files = Files.list(dir)) {
      files.forEach(file -> file.toFile().delete());
      Files.deleteIfExists(dir);
    } catch (IOException e) {
      log.warn("could not delete {}", dir, e);
    }
  }
}
