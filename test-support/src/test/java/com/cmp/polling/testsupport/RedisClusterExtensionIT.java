package com.cmp.polling.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.testsupport.redis.OnRedisCluster;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.data.redis.connection.RedisClusterConnection;
import org.springframework.data.redis.connection.RedisClusterNode;
import org.springframework.data.redis.core.script.DefaultRedisScript;

@OnRedisCluster
class RedisClusterExtensionIT {

  @RegisterExtension static final RedisExtension redis = new RedisExtension();

  @BeforeEach
  void emptyCluster() {
    redis.flush();
  }

  @Test
  void cluster_hasThreeMasters_sharingEverySlot() {
    try (RedisClusterConnection connection = redis.connectionFactory().getClusterConnection()) {
      var masters =
          StreamSupport.stream(connection.clusterGetNodes().spliterator(), false)
              .filter(RedisClusterNode::isMaster);

      assertThat(masters)
          .hasSize(3)
          .allSatisfy(node -> assertThat(node.getSlotRange().getSlots()).hasSizeGreaterThan(5000));
      assertThat(connection.clusterGetClusterInfo().getState()).isEqualTo("ok");
    }
    assertThat(redis.springProperties())
        .containsOnlyKeys("spring.data.redis.cluster.nodes")
        .extractingByKey("spring.data.redis.cluster.nodes")
        .asString()
        .matches("127\\.0\\.0\\.1:\\d+,127\\.0\\.0\\.1:\\d+,127\\.0\\.0\\.1:\\d+");
  }

  @Test
  void keysOfDifferentSlots_landOnDifferentMasters_andAreAllSeenAndFlushed() {
    var template = redis.template();
    IntStream.range(0, 30).forEach(i -> template.opsForValue().set("probe:" + i, "x"));

    Set<RedisClusterNode> holders = new HashSet<>();
    try (RedisClusterConnection connection = redis.connectionFactory().getClusterConnection()) {
      for (int i = 0; i < 30; i++) {
        holders.add(connection.clusterGetNodeForKey(("probe:" + i).getBytes()));
      }
    }
    assertThat(holders).hasSize(3);
    assertThat(template.keys("probe:*")).hasSize(30);

    redis.flush();

    assertThat(template.keys("probe:*")).isEmpty();
  }

  @Test
  void luaScript_onTwoKeysOfOneHashTag_runsOnTheirMaster() {
    var template = redis.template();
    template.opsForZSet().add("probe:{tag}:a", "m", 1);
    var script =
        new DefaultRedisScript<>(
            "local s = redis.call('ZSCORE', KEYS[1], ARGV[1]);"
                + " redis.call('ZADD', KEYS[2], s, ARGV[1]); return redis.call('ZCARD', KEYS[2])",
            Long.class);

    Long moved = template.execute(script, List.of("probe:{tag}:a", "probe:{tag}:b"), "m");

    assertThat(moved).isEqualTo(1L);
    assertThat(template.opsForZSet().score("probe:{tag}:b", "m")).isEqualTo(1.0);
  }
}
