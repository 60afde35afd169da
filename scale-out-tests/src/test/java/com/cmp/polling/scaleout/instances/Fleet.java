package com.cmp.polling.scaleout.instances;

import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;

/** The test's cards: written to PostgreSQL, found in the Redis queues and the task topic. */
final class Fleet {

  private static final int SHARDS = 16;

  private Fleet() {}

  /**
   * Inserts cards {@code from} .. {@code from + count - 1}, each online, verified and with an
   * unlimited package (one statement, so the package is there when the card is), and returns their
   * ICCIDs by id.
   */
  static Map<Long, String> insertCards(PostgresExtension postgres, int from, int count) {
    Map<Long, String> inserted = new HashMap<>();
    postgres
        .jdbc()
        .sql(
            "WITH cards AS (INSERT INTO tb_iot_card (iccid, carrier_id, carrier_type,"
                + " real_name_status, network_status) SELECT '8986' || lpad(g::text, 16, '0'), 1,"
                + " 'CMCC', 1, 1 FROM generate_series(?, ?) g RETURNING id, iccid),"
                + " packages AS (INSERT INTO tb_package_usage (iot_card_id, status, data_limit_mb,"
                + " data_usage_mb, activated_at) SELECT id, 1, 0, 0, now() FROM cards)"
                + " SELECT id, iccid FROM cards ORDER BY id")
        .params(from, from + count - 1)
        .query((rs, row) -> inserted.put(rs.getLong("id"), rs.getString("iccid")))
        .list();
    return inserted;
  }

  /** One UPDATE switching the cards' polling off. */
  static void switchPollingOff(PostgresExtension postgres, List<Long> cardIds) {
    postgres
        .jdbc()
        .sql("UPDATE tb_iot_card SET enable_polling = false WHERE id = ANY(?)")
        .param(cardIds.toArray(Long[]::new))
        .update();
  }

  /** Whether a shard queue of the task type holds the card. */
  static boolean isQueued(RedisExtension redis, long cardId, TaskType type) {
    String member = Long.toString(cardId);
    for (int shard = 0; shard < SHARDS; shard++) {
      if (redis.template().opsForZSet().score(RedisKeys.shardQueue(shard, type), member) != null) {
        return true;
      }
    }
    return false;
  }

  /** Cards in the task type's queues, all shards. */
  static int queued(RedisExtension redis, TaskType type) {
    int queued = 0;
    for (int shard = 0; shard < SHARDS; shard++) {
      Long size = redis.template().opsForZSet().zCard(RedisKeys.shardQueue(shard, type));
      queued += size == null ? 0 : size.intValue();
    }
    return queued;
  }

  /** Records ever written to the topic (the sum of its partitions' end offsets). */
  static long publishedTasks(KafkaExtension kafka, String topic) {
    try (Admin admin =
        Admin.create(
            Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()))) {
      var partitions =
          admin
              .describeTopics(List.of(topic))
              .allTopicNames()
              .get(10, TimeUnit.SECONDS)
              .get(topic)
              .partitions()
              .stream()
              .collect(
                  Collectors.toMap(
                      p -> new TopicPartition(topic, p.partition()), p -> OffsetSpec.latest()));
      return admin.listOffsets(partitions).all().get(10, TimeUnit.SECONDS).values().stream()
          .mapToLong(info -> info.offset())
          .sum();
    } catch (ExecutionException e) {
      return 0; // the topic is not there yet
    } catch (TimeoutException e) {
      return 0;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 0;
    }
  }
}
