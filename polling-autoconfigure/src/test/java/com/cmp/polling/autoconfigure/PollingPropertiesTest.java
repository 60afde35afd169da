package com.cmp.polling.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

class PollingPropertiesTest {

  @Test
  void defaults_needNoProperties() {
    PollingProperties properties = bind(Map.of());

    assertThat(properties.queue().shardCount()).isEqualTo(16);
    assertThat(properties.queue().lease()).isEqualTo(Duration.ofMinutes(5));
    assertThat(properties.gateway().rateLimited()).isFalse();
    assertThat(properties.stopResume().attempts()).isEqualTo(3);
  }

  @Test
  void perCarrierRateLimits_bindByCarrierId() {
    PollingProperties properties =
        bind(
            Map.of(
                "cmp.polling.gateway.rate-limit-per-second.1", "48",
                "cmp.polling.gateway.rate-limit-per-second.7", "20",
                "cmp.polling.gateway.rate-limit-max-wait", "30s"));

    assertThat(properties.gateway().rateLimitPerSecond())
        .containsEntry(1L, 48)
        .containsEntry(7L, 20);
    assertThat(properties.gateway().rateLimited()).isTrue();
    assertThat(properties.gateway().rateLimitMaxWait()).isEqualTo(Duration.ofSeconds(30));
  }

  private static PollingProperties bind(Map<String, String> values) {
    return new Binder(new MapConfigurationPropertySource(values))
        .bindOrCreate("cmp.polling", PollingProperties.class);
  }
}
