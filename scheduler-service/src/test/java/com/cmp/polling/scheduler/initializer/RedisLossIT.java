package com.cmp.polling.scheduler.initializer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.scheduler.SchedulerTestApp;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.status.initializer.InitProgress;
import com.cmp.polling.status.initializer.InitProgressStore;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** With the initializer running in the background, Redis losing its data is repaired alone. */
class RedisLossIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  static SchedulerTestApp app;
  static final Set<String> cards = new HashSet<>();

  @BeforeAll
  static void start() {
    for (int i = 0; i < 300; i++) {
      cards.add(Long.toString(postgres.data().card().insert()));
    }
    app =
        SchedulerTestApp.start(
            postgres,
            redis,
            kafka,
            Map.of(
                "cmp.polling.scheduler.initializer.enabled", true,
                "cmp.polling.scheduler.initializer.pause", "0s",
                "cmp.polling.scheduler.initializer.watch-interval", "500ms"));
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @Test
  void queuesFlushedWhileTheAppRuns_areRebuiltFromPostgres() {
    // The last page is in the queues a moment before the progress says completed.
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> realnameMembers().equals(cards) && completed());

    redis.flush();
    assertThat(redis.template().hasKey(RedisKeys.INIT_MARKER)).isFalse();

    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> realnameMembers().equals(cards) && completed());
    assertThat(redis.template().hasKey(RedisKeys.INIT_MARKER)).isTrue();
    // Rebuilt with this app's shard count, recorded again for the processes that start later.
    assertThat(redis.template().opsForValue().get(RedisKeys.SHARD_COUNT)).isEqualTo("16");
  }

  private static boolean completed() {
    return app.bean(InitProgressStore.class).read().map(InitProgress::completed).orElse(false);
  }

  private static Set<String> realnameMembers() {
    Set<String> members = new HashSet<>();
    for (int shard = 0; shard < 16; shard++) {
      members.addAll(
          redis
              .template()
              .opsForZSet()
              .range(RedisKeys.shardQueue(shard, TaskType.REALNAME), 0, -1));
    }
    return members;
  }
}
