package com.cmp.polling.embedded.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.cluster.RedisClusterClient;
import java.util.List;
import org.junit.jupiter.api.Test;

class EmbeddedRedisServerIT {

  @Test
  void server_answersOnLoopback_andKeepsNothingOnDisk() {
    try (EmbeddedRedisServer server = EmbeddedRedisServer.startOnFreePort()) {
      RedisClient client = RedisClient.create(RedisURI.create(server.host(), server.port()));
      try (var connection = client.connect()) {
        assertThat(connection.sync().set("k", "v")).isEqualTo("OK");
        assertThat(connection.sync().configGet("save")).containsEntry("save", "");
        assertThat(connection.sync().configGet("appendonly")).containsEntry("appendonly", "no");
      } finally {
        client.shutdown();
      }
    }
  }

  @Test
  void cluster_sharesEverySlotAmongItsMasters_andServesKeysOfAnySlot() {
    try (EmbeddedRedisCluster cluster = EmbeddedRedisCluster.start(3)) {
      List<RedisURI> nodes =
          cluster.ports().stream().map(port -> RedisURI.create("127.0.0.1", port)).toList();
      RedisClusterClient client = RedisClusterClient.create(nodes);
      try (var connection = client.connect()) {
        for (int i = 0; i < 50; i++) {
          connection.sync().set("key-" + i, "v" + i);
        }

        assertThat(connection.sync().get("key-49")).isEqualTo("v49");
        assertThat(connection.sync().clusterInfo()).contains("cluster_state:ok");
        assertThat(cluster.nodes().split(",")).hasSize(3);
      } finally {
        client.shutdown();
      }
    }
  }
}
