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
import org.springframework.kafka.listener.MessageListenerContainer;

/**
 * The handlers are ready only while every task consumer has partitions: with one of them stopped
 * (the realname consumer) the readiness probe says DOWN and names it alone, and UP again once it
 * has rejoined its group. One is enough to prove it, and it stops at once, while stopping them all
 * stops them one after the other: 14 s on two cores, one of them outlasting its container's 10 s
 * stop timeout.
 */
class ReadinessIT {

  private static final String TOKEN = "readiness-token";
  private static final String REALNAME = "cmp-check-handlers-realname";

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

    MessageListenerContainer realname = consumers.getListenerContainer(REALNAME);
    realname.stop();
    assertThat(ReadinessProbe.ask(port).down()).isTrue();
    ReadinessProbe.Answer stopped = ReadinessProbe.healthWithDetails(port, TOKEN);
    assertThat(stopped.body())
        .contains("partitions assigned", REALNAME)
        .doesNotContain("cmp-check-handlers-carddata", "cmp-check-handlers-package");

    realname.start();
    await("ready again once the consumers have rejoined")
        .atMost(Duration.ofSeconds(60))
        .until(() -> ReadinessProbe.ask(port).up());
  }
}
