package com.cmp.polling.testsupport.redis;

import com.cmp.polling.embedded.process.ShutdownHooks;
import com.cmp.polling.embedded.redis.EmbeddedRedisCluster;
import java.util.List;

/**
 * The real Redis Cluster of this test JVM: three masters, no replicas, on loopback ({@link
 * EmbeddedRedisCluster}), started on first use and stopped when the JVM ends.
 */
public final class RedisClusterServers {

  private static final int MASTERS = 3;
  private static RedisClusterServers shared;

  private final EmbeddedRedisCluster cluster;

  private RedisClusterServers(EmbeddedRedisCluster cluster) {
    this.cluster = cluster;
  }

  /** The cluster of this JVM, started and formed on first use (about a second). */
  public static synchronized RedisClusterServers shared() {
    if (shared == null) {
      EmbeddedRedisCluster cluster = EmbeddedRedisCluster.start(MASTERS);
      ShutdownHooks.closeOnExit("the tests' Redis Cluster", cluster);
      shared = new RedisClusterServers(cluster);
    }
    return shared;
  }

  /** The client ports of the three masters. */
  public List<Integer> ports() {
    return cluster.ports();
  }

  /** {@code 127.0.0.1:p1,127.0.0.1:p2,127.0.0.1:p3}: {@code spring.data.redis.cluster.nodes}. */
  public String nodes() {
    return cluster.nodes();
  }
}
