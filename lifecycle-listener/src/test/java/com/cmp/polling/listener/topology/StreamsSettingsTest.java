package com.cmp.polling.listener.topology;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.autoconfigure.PollingProperties;
import com.cmp.polling.listener.config.ListenerProperties;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/** The topics Kafka Streams creates for the listener follow the pipeline's topic settings. */
class StreamsSettingsTest {

  @Test
  void onACluster_changelogAndRepartitionTopics_getTheReplicasAndTheMinIsr() {
    Properties settings =
        StreamsSettings.of(
            streams(Map.of()),
            "k1:9092,k2:9092,k3:9092",
            kafka(
                Map.of(
                    "cmp.polling.kafka.replication-factor", "3",
                    "cmp.polling.kafka.min-insync-replicas", "2",
                    "cmp.polling.kafka.topic-configs.[retention.ms]", "86400000")),
            null);

    assertThat(settings).containsEntry("replication.factor", 3);
    assertThat(settings).containsEntry("topic.min.insync.replicas", "2");
    // Streams picks retention and cleanup of its own topics; the pipeline's extras stay out.
    assertThat(settings).doesNotContainKey("topic.retention.ms");
  }

  @Test
  void byDefault_oneReplica_andTheBrokersMinIsr() {
    Properties settings =
        StreamsSettings.of(streams(Map.of()), "localhost:9092", kafka(Map.of()), null);

    assertThat(settings).containsEntry("replication.factor", 1);
    assertThat(settings.stringPropertyNames()).noneMatch(name -> name.startsWith("topic."));
  }

  @Test
  void streamsKafkaProperties_winOverTheDerivedOnes() {
    Properties settings =
        StreamsSettings.of(
            streams(Map.of("topic.min.insync.replicas", "3")),
            "localhost:9092",
            kafka(
                Map.of(
                    "cmp.polling.kafka.replication-factor", "3",
                    "cmp.polling.kafka.min-insync-replicas", "2")),
            null);

    assertThat(settings).containsEntry("topic.min.insync.replicas", "3");
  }

  private static ListenerProperties.Streams streams(Map<String, String> kafka) {
    return new ListenerProperties.Streams(
        true, "app", Duration.ofMillis(100), Path.of("target"), 1, kafka);
  }

  private static PollingProperties.Kafka kafka(Map<String, String> values) {
    return new Binder(new MapConfigurationPropertySource(values))
        .bindOrCreate("cmp.polling", PollingProperties.class)
        .kafka();
  }
}
