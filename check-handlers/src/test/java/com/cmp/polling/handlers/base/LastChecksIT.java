package com.cmp.polling.handlers.base;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.handlers.HandlersTestApp;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Every completed check leaves its time and result in {@code polling:checks:last:{cardId}}. */
class LastChecksIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  static HandlersTestApp app;

  @BeforeAll
  static void start() {
    app = HandlersTestApp.start(postgres, redis, kafka, Map.of());
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @Test
  void checksOfAPoll_andASingleCheck_recordTheirTimeAndResult_withATtlLongerThanAnyInterval() {
    long carddata = postgres.data().card().insert();
    postgres.data().packageOfCard(carddata).status(1).insert();
    long realname = postgres.data().card().insert();
    Instant before = Instant.now().minusSeconds(1);
    for (long card : new long[] {carddata, realname}) {
      app.bean(PollingQueueManager.class).requeue(card, TaskType.CARDDATA, before);
      app.bean(PollingQueueManager.class).requeue(card, TaskType.REALNAME, before);
    }

    app.dispatch(carddata, TaskType.CARDDATA);
    app.dispatch(realname, TaskType.REALNAME);

    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                redis.template().opsForHash().hasKey(RedisKeys.lastChecks(carddata), "carddata")
                    && redis
                        .template()
                        .opsForHash()
                        .hasKey(RedisKeys.lastChecks(realname), "realname"));
    for (var entry : Map.of(carddata, "carddata", realname, "realname").entrySet()) {
      String value =
          (String)
              redis
                  .template()
                  .opsForHash()
                  .get(RedisKeys.lastChecks(entry.getKey()), entry.getValue());
      String[] parts = value.split(" ");
      assertThat(Instant.parse(parts[0])).isAfter(before);
      assertThat(parts[1]).isEqualTo("next");
      // default-activated: realname every 86 400 s, the longest interval in force.
      assertThat(redis.template().getExpire(RedisKeys.lastChecks(entry.getKey())))
          .isGreaterThan(86_400L);
    }
  }
}
