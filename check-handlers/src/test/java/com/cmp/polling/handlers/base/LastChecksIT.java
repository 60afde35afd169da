package com.cmp.polling.handlers.base;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.handlers.HandlersTestApp;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Every completed check leaves its time and result in {@code polling:checks:last:{cardId}}. */
class LastChecksIT {

  @RegisterExtension static final HandlersTestApp app = HandlersTestApp.withDefaults();

  @Test
  void checksOfAPoll_andASingleCheck_recordTheirTimeAndResult_withATtlLongerThanAnyInterval() {
    long carddata = app.postgres().data().card().insert();
    app.postgres().data().packageOfCard(carddata).status(1).insert();
    long realname = app.postgres().data().card().insert();
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
                app.redis()
                        .template()
                        .opsForHash()
                        .hasKey(RedisKeys.lastChecks(carddata), "carddata")
                    && app.redis()
                        .template()
                        .opsForHash()
                        .hasKey(RedisKeys.lastChecks(realname), "realname"));
    for (var entry : Map.of(carddata, "carddata", realname, "realname").entrySet()) {
      String value =
          (String)
              app.redis()
                  .template()
                  .opsForHash()
                  .get(RedisKeys.lastChecks(entry.getKey()), entry.getValue());
      String[] parts = value.split(" ");
      assertThat(Instant.parse(parts[0])).isAfter(before);
      assertThat(parts[1]).isEqualTo("next");
      // default-activated: realname every 86 400 s, the longest interval in force.
      assertThat(app.redis().template().getExpire(RedisKeys.lastChecks(entry.getKey())))
          .isGreaterThan(86_400L);
    }
  }
}
