package com.cmp.polling.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.cmp.polling.core.enrollment.CarddataAlignmentSettings;
import com.cmp.polling.stopresume.gateway.CarrierOperation;
import java.time.Clock;
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
  void usageAwareIntervals_areOffByDefault_withTheirBounds_andABadBoundIsRefused() {
    PlanningProperties.UsageAware defaults = bind(Map.of()).planning().usageAware();
    assertThat(defaults.enabled()).isFalse();
    assertThat(defaults.maxInterval()).isEqualTo(Duration.ofHours(24));
    assertThat(defaults.minInterval()).isEqualTo(Duration.ofMinutes(5));
    assertThat(defaults.headroomFactor()).isEqualTo(6.0);

    PlanningProperties.UsageAware on =
        bind(Map.of(
                "cmp.polling.planning.usage-aware.enabled", "true",
                "cmp.polling.planning.usage-aware.max-interval", "10m",
                "cmp.polling.planning.usage-aware.min-interval", "20s"))
            .planning()
            .usageAware();
    assertThat(on.settings().longestWait()).isEqualTo(Duration.ofMinutes(10));
    assertThatThrownBy(
            () ->
                bind(
                    Map.of(
                        "cmp.polling.planning.usage-aware.enabled", "true",
                        "cmp.polling.planning.usage-aware.max-interval", "1m")))
        .hasStackTraceContaining("max-interval (PT1M) must be at least its min-interval (PT5M)");
  }

  @Test
  void
      carddataAlignment_isOffByDefault_linesUpOnlyCarriersWithAUsageBatchForm_andABadGridIsRefused() {
    PollingProperties defaults = bind(Map.of());
    assertThat(defaults.planning().carddataAlignment().grid()).isZero();
    assertThat(defaults.planning().carddataAlignment().slots()).isEqualTo(2);
    assertThat(
            PollingCoreAutoConfiguration.carddataAlignment(defaults, Clock.systemUTC())
                .settings()
                .enabled())
        .isFalse();

    CarddataAlignmentSettings on =
        PollingCoreAutoConfiguration.carddataAlignment(
                bind(
                    Map.of(
                        "cmp.polling.planning.carddata-alignment.grid", "60s",
                        "cmp.polling.planning.carddata-alignment.slots", "16",
                        "cmp.polling.gateway.carriers.1.batch.usage", "10",
                        "cmp.polling.gateway.carriers.2.batch.usage", "1",
                        "cmp.polling.gateway.carriers.3.batch.stop", "100")),
                Clock.systemUTC())
            .settings();
    assertThat(on.enabled()).isTrue();
    assertThat(on.grid()).isEqualTo(Duration.ofSeconds(60));
    assertThat(on.slots()).isEqualTo(16);
    assertThat(on.carriers()).containsExactly(1L);

    assertThatThrownBy(() -> bind(Map.of("cmp.polling.planning.carddata-alignment.grid", "500ms")))
        .hasStackTraceContaining("cmp.polling.planning.carddata-alignment")
        .hasStackTraceContaining("grid must be 0 (off) or at least 1s");
    assertThatThrownBy(() -> bind(Map.of("cmp.polling.planning.carddata-alignment.slots", "0")))
        .hasStackTraceContaining("cmp.polling.planning.carddata-alignment")
        .hasStackTraceContaining("slots must be at least 1");
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

  @Test
  void batchSizesPerCarrier_bindByCarrierIdAndOperation() {
    PollingProperties.Gateway gateway =
        bind(Map.of(
                "cmp.polling.gateway.carriers.1.batch.usage", "10",
                "cmp.polling.gateway.carriers.1.batch.real-name", "10",
                "cmp.polling.gateway.carriers.1.batch.stop", "100",
                "cmp.polling.gateway.carriers.7.batch.network-status", "20"))
            .gateway();

    assertThat(gateway.batchSizes())
        .containsOnlyKeys(1L, 7L)
        .containsEntry(1L, Map.of("usage", 10, "real-name", 10, "stop", 100))
        .containsEntry(7L, Map.of("network-status", 20));
    assertThat(bind(Map.of()).gateway().batchSizes()).isEmpty();
  }

  @Test
  void batchOperations_setByEnvironmentVariables_loseTheirDash_andAreStillKnown() {
    PollingProperties.Gateway gateway =
        new Binder(
                new MapConfigurationPropertySource(
                    Map.of("cmp.polling.gateway.carriers.3.batch.realname", "10")))
            .bindOrCreate("cmp.polling", PollingProperties.class)
            .gateway();

    assertThat(gateway.batchSizes()).containsEntry(3L, Map.of("real-name", 10));
  }

  @Test
  void anUnknownBatchOperation_orASizeBelowOne_isRefusedAtStartUp_namingTheProperty() {
    assertThatThrownBy(() -> bind(Map.of("cmp.polling.gateway.carriers.1.batch.sms", "10")))
        .rootCause()
        .hasMessageContaining("cmp.polling.gateway.carriers.1.batch.sms: unknown operation");
    assertThatThrownBy(() -> bind(Map.of("cmp.polling.gateway.carriers.2.batch.usage", "0")))
        .rootCause()
        .hasMessageContaining("cmp.polling.gateway.carriers.2.batch.usage must be at least 1");
  }

  @Test
  void theConfiguredSizes_becomeTheGatewaysBatchSizes() {
    var sizes =
        StopResumeAutoConfiguration.batchSizes(
            bind(Map.of(
                    "cmp.polling.gateway.carriers.1.batch.usage", "10",
                    "cmp.polling.gateway.carriers.1.batch.start", "100"))
                .gateway());

    assertThat(sizes.of(1, CarrierOperation.USAGE)).isEqualTo(10);
    assertThat(sizes.of(1, CarrierOperation.START)).isEqualTo(100);
    assertThat(sizes.of(1, CarrierOperation.STOP)).isEqualTo(1);
    assertThat(sizes.of(2, CarrierOperation.USAGE)).isEqualTo(1);
  }

  @Test
  void theBatchOperationNames_areTheGatewaysOperations() {
    assertThat(BatchOperationNames.NAMES)
        .containsExactlyInAnyOrderElementsOf(CarrierOperation.wireNames());
  }

  @Test
  void kafkaDefaults_suitOneBroker_andSetNoTopicConfig() {
    PollingProperties.Kafka kafka = bind(Map.of()).kafka();

    assertThat(kafka.partitions()).isEqualTo(16);
    assertThat(kafka.replicationFactor()).isEqualTo((short) 1);
    assertThat(kafka.minInsyncReplicas()).isNull();
    assertThat(kafka.pipelineTopicConfigs()).isEmpty();
    assertThat(kafka.internalTopicConfigs()).isEmpty();
  }

  @Test
  void clusterSettings_giveThePipelineTopicsTheirConfigs_andInternalTopicsTheMinIsrOnly() {
    PollingProperties.Kafka kafka =
        bind(Map.of(
                "cmp.polling.kafka.replication-factor", "3",
                "cmp.polling.kafka.min-insync-replicas", "2",
                "cmp.polling.kafka.topic-configs.[retention.ms]", "604800000",
                "cmp.polling.kafka.topic-configs.[compression.type]", "lz4"))
            .kafka();

    assertThat(kafka.replicationFactor()).isEqualTo((short) 3);
    assertThat(kafka.pipelineTopicConfigs())
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "min.insync.replicas", "2",
                "retention.ms", "604800000",
                "compression.type", "lz4"));
    assertThat(kafka.internalTopicConfigs())
        .containsExactlyEntriesOf(Map.of("min.insync.replicas", "2"));
  }

  @Test
  void minIsrAboveTheReplicas_isRefusedAtStartUp() {
    assertThatThrownBy(
            () ->
                bind(
                    Map.of(
                        "cmp.polling.kafka.replication-factor", "2",
                        "cmp.polling.kafka.min-insync-replicas", "3")))
        .hasRootCauseInstanceOf(IllegalArgumentException.class)
        .rootCause()
        .hasMessageContaining("min-insync-replicas must be between 1 and replication-factor (2)");
  }

  @Test
  void minIsrAmongTheExtraTopicConfigs_isRefused_soThatOneSettingDecidesIt() {
    assertThatThrownBy(
            () -> bind(Map.of("cmp.polling.kafka.topic-configs.[min.insync.replicas]", "2")))
        .rootCause()
        .hasMessageContaining("set cmp.polling.kafka.min-insync-replicas instead");
  }

  @Test
  void carrierAccounts_bindWithTheirCarriers_andTheReservedShare_defaulting20Percent() {
    PollingProperties properties =
        bind(
            Map.of(
                "cmp.polling.gateway.accounts.acme.carriers", "1,2",
                "cmp.polling.gateway.accounts.acme.calls-per-second", "20",
                "cmp.polling.gateway.accounts.acme.calls-per-day", "1000000",
                "cmp.polling.gateway.rate-limit-per-second.3", "5"));

    assertThat(properties.budget().reservedShare()).isEqualTo(0.2);
    assertThat(properties.budget().recomputeInterval()).isEqualTo(Duration.ofSeconds(60));
    assertThat(properties.budget().stretchRefresh()).isEqualTo(Duration.ofSeconds(10));
    assertThat(properties.gateway().rateLimited()).isTrue();
    var account = properties.carrierAccounts().of(2).orElseThrow();
    assertThat(account.name()).isEqualTo("acme");
    assertThat(account.regularPerSecond()).isEqualTo(16);
    assertThat(account.regularPerDay()).isEqualTo(800_000L);
    // 800 000 a day is 9.26 calls/s on average: less than the 16 a second allows.
    assertThat(account.regularCallsPerSecond()).isCloseTo(9.259, within(0.001));
    assertThat(properties.carrierAccounts().of(3)).isEmpty();
  }

  @Test
  void badAccounts_stopTheApp_namingTheProperty() {
    assertThatThrownBy(
            () -> bind(Map.of("cmp.polling.gateway.accounts.acme.calls-per-second", "20")))
        .hasStackTraceContaining("cmp.polling.gateway.accounts.acme.carriers");
    assertThatThrownBy(
            () ->
                bind(
                    Map.of(
                        "cmp.polling.gateway.accounts.acme.carriers", "1",
                        "cmp.polling.gateway.accounts.acme.calls-per-second", "0")))
        .hasStackTraceContaining("cmp.polling.gateway.accounts.acme.calls-per-second");
    assertThatThrownBy(
            () ->
                bind(
                    Map.of(
                        "cmp.polling.gateway.accounts.a.carriers", "1",
                        "cmp.polling.gateway.accounts.a.calls-per-second", "5",
                        "cmp.polling.gateway.accounts.b.carriers", "1",
                        "cmp.polling.gateway.accounts.b.calls-per-second", "5")))
        .hasStackTraceContaining("is already in account");
    assertThatThrownBy(
            () ->
                bind(
                    Map.of(
                        "cmp.polling.gateway.accounts.a.carriers", "1",
                        "cmp.polling.gateway.accounts.a.calls-per-second", "5",
                        "cmp.polling.gateway.rate-limit-per-second.1", "5")))
        .hasStackTraceContaining("cmp.polling.gateway.rate-limit-per-second.1");
    assertThatThrownBy(
            () ->
                bind(
                    Map.of(
                        "cmp.polling.gateway.accounts.a.carriers", "1",
                        "cmp.polling.gateway.accounts.a.calls-per-second", "1")))
        .hasStackTraceContaining("cmp.polling.gateway.accounts.a.calls-per-second (1)");
    assertThatThrownBy(() -> bind(Map.of("cmp.polling.budget.reserved-share", "1")))
        .hasStackTraceContaining("cmp.polling.budget.reserved-share");
  }

  @Test
  void aDailyLimitLeavingRegularChecksNoWholeCall_stopsTheApp_namingTheProperty() {
    // 1 a day less the default 20 %: 0.8 of a call, so every regular check would be put off.
    assertThatThrownBy(
            () ->
                bind(
                    Map.of(
                        "cmp.polling.gateway.accounts.a.carriers", "1",
                        "cmp.polling.gateway.accounts.a.calls-per-second", "5",
                        "cmp.polling.gateway.accounts.a.calls-per-day", "1")))
        .hasStackTraceContaining("cmp.polling.gateway.accounts.a.calls-per-day (1)");
    assertThatThrownBy(
            () ->
                bind(
                    Map.of(
                        "cmp.polling.gateway.accounts.a.carriers", "1",
                        "cmp.polling.gateway.accounts.a.calls-per-second", "20",
                        "cmp.polling.gateway.accounts.a.calls-per-day", "10",
                        "cmp.polling.budget.reserved-share", "0.95")))
        .hasStackTraceContaining("cmp.polling.gateway.accounts.a.calls-per-day (10)");
    assertThat(
            bind(Map.of(
                    "cmp.polling.gateway.accounts.a.carriers", "1",
                    "cmp.polling.gateway.accounts.a.calls-per-second", "5",
                    "cmp.polling.gateway.accounts.a.calls-per-day", "2"))
                .carrierAccounts()
                .of(1)
                .orElseThrow()
                .regularPerDay())
        .isEqualTo(1L);
  }

  private static PollingProperties bind(Map<String, String> values) {
    return new Binder(new MapConfigurationPropertySource(values))
        .bindOrCreate("cmp.polling", PollingProperties.class);
  }
}
