package com.cmp.polling.handlers.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.handlers.HandlersTestApp;
import com.cmp.polling.testsupport.app.ReadinessProbe;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.core.env.Environment;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;

/**
 * The handlers are ready only while every task consumer has partitions: with the consumers stopped
 * the readiness probe says DOWN and names them, and UP again once they have rejoined their groups.
 */
class ReadinessIT {

  private static final String TOKEN = "readiness-token";

  @RegisterExtension
  static final HandlersTestApp app =
      HandlersTestApp.withSettings(Map.of("cmp.polling.management.token", TOKEN));

  @Test
  void readyOnlyWhileEveryTaskConsumerHasPartitions() {
    int port = app.bean(Environment.class).getProperty("local.management.port", Integer.class);
    KafkaListenerEndpointRegistry consumers = app.bean(KafkaListenerEndpointRegistry.class);
    await("ready once assigned")
        .atMost(Duration.ofSeconds(60))
        .until(() -> ReadinessProbe.ask(port).up());

    consumers.stop();
    assertThat(ReadinessProbe.ask(port).down()).isTrue();
    ReadinessProbe.Answer stopped = ReadinessProbe.healthWithDetails(port, TOKEN);
    assertThat(stopped.body()).contains("partitions assigned", "cmp-check-handlers-realname");

    consumers.start();
    await("ready again once the consumers have rejoined")
        .atMost(Duration.ofSeconds(60))
        .until(() -> ReadinessProbe.ask(port).up());
  }
}
