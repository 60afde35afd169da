package com.cmp.polling.scheduler.initializer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.core.queue.CardEntry;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.scheduler.SchedulerTestApp;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A scheduler of this version, started on a Redis written by an earlier one, moves what the old key
 * names hold into today's keys before its initializer looks at the queues: no queue entry and no
 * manual trigger is lost.
 */
class UpgradeAtStartIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  @Test
  void queuesAndTriggersUnderTheOldNames_areMovedIn_atTheSchedulersStart() {
    var template = redis.template();
    Instant next = Instant.now().plusSeconds(600);
    double score = next.toEpochMilli() / 1000.0;
    String oldQueue = RedisKeys.legacyShardQueue(8, TaskType.CARDDATA);
    template.opsForZSet().add(oldQueue, "1000", score);
    template.opsForZSet().add(RedisKeys.legacyShardQueue(3, TaskType.PROTECT), "19", score);
    template.opsForList().rightPush(RedisKeys.legacyManualList(TaskType.REALNAME), "5");

    try (SchedulerTestApp app =
        SchedulerTestApp.start(
            postgres, redis, kafka, Map.of("cmp.polling.scheduler.initializer.enabled", true))) {
      await("the old keys moved")
          .atMost(Duration.ofSeconds(30))
          .until(
              () ->
                  !template.hasKey(oldQueue)
                      && !template.hasKey(RedisKeys.legacyManualList(TaskType.REALNAME)));

      var queues = app.bean(PollingQueueManager.class);
      assertThat(template.opsForZSet().score(RedisKeys.shardQueue(8, TaskType.CARDDATA), "1000"))
          .isEqualTo(score);
      assertThat(queues.isQueued(19, TaskType.PROTECT)).isTrue();
      assertThat(queues.manualTriggers().take(TaskType.REALNAME, 10))
          .extracting(CardEntry::cardId)
          .containsExactly(5L);
    }
  }
}
