package com.cmp.polling.listener.cdc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.listener.ListenerTestApp;
import com.cmp.polling.testsupport.app.ReadinessProbe;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.core.env.Environment;

/**
 * The listener is ready only while its CDC engine streams the replication slot: with the engine
 * stopped its readiness probe says DOWN and names the slot's stream, and UP again once the
 * restarted engine streams.
 */
class CdcReadinessIT {

  private static final String TOKEN = "readiness-token";

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  @Test
  void readyOnlyWhileTheEngineStreamsTheSlot() {
    // The slot outlives the engine's stop, as in production: a dropped slot with offsets left
    // behind is a gap Debezium refuses to start over.
    String slot = ListenerTestApp.uniqueSlot();
    try (ListenerTestApp app =
        ListenerTestApp.start(
            postgres,
            redis,
            kafka,
            slot,
            Map.of(
                "cmp.polling.management.token",
                TOKEN,
                "cmp.polling.listener.cdc.drop-slot-on-stop",
                false))) {
      int port = app.bean(Environment.class).getProperty("local.management.port", Integer.class);
      CdcEngine engine = app.bean(CdcEngine.class);
      await("ready while streaming")
          .atMost(Duration.ofSeconds(30))
          .until(() -> ReadinessProbe.ask(port).up());

      engine.stop();
      assertThat(ReadinessProbe.ask(port).down()).isTrue();
      ReadinessProbe.Answer stopped = ReadinessProbe.healthWithDetails(port, TOKEN);
      assertThat(stopped.body()).contains("replication slot to stream");

      engine.start();
      await("ready again once the restarted engine streams")
          .atMost(Duration.ofSeconds(60))
          .until(() -> ReadinessProbe.ask(port).up());
    } finally {
      ListenerTestApp.dropIdleSlot(postgres, slot);
    }
  }
}
