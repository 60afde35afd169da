package com.cmp.polling.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.schemas.Topics;
import java.util.Map;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/** The topics the apps create at start-up: every pipeline topic and dead-letter topic, alike. */
class PollingTopicsTest {

  @Test
  void onACluster_everyTopicAndDeadLetterTopic_getsTheReplicasAndTheMinIsr() {
    var topics =
        PollingKafkaAutoConfiguration.pipelineTopics(
            bind(Map.of(
                    "cmp.polling.kafka.partitions", "8",
                    "cmp.polling.kafka.replication-factor", "3",
                    "cmp.polling.kafka.min-insync-replicas", "2",
                    "cmp.polling.kafka.topic-configs.[retention.ms]", "86400000"))
                .kafka());

    // Ten topics; all but polling.card.actions (no consumer in the pipeline) have a -dlt.
    assertThat(topics).hasSize(Topics.all().size() * 2 - 1);
    assertThat(topics)
        .extracting(NewTopic::name)
        .contains(Topics.TASK_CARDDATA.name(), Topics.TASK_CARDDATA.deadLetterName())
        .contains(Topics.CDC_STOP_RESUME_LOG.name(), Topics.CDC_STOP_RESUME_LOG.deadLetterName())
        .doesNotContain(Topics.CARD_ACTIONS.deadLetterName());
    assertThat(topics)
        .allSatisfy(
            topic -> {
              assertThat(topic.numPartitions()).as(topic.name()).isEqualTo(8);
              assertThat(topic.replicationFactor()).as(topic.name()).isEqualTo((short) 3);
              assertThat(topic.configs())
                  .as(topic.name())
                  .containsExactlyInAnyOrderEntriesOf(
                      Map.of("min.insync.replicas", "2", "retention.ms", "86400000"));
            });
  }

  @Test
  void byDefault_topicsHaveOneReplica_andTheBrokersSettings() {
    var topics = PollingKafkaAutoConfiguration.pipelineTopics(bind(Map.of()).kafka());

    assertThat(topics)
        .allSatisfy(
            topic -> {
              assertThat(topic.replicationFactor()).isEqualTo((short) 1);
              assertThat(topic.configs()).isNullOrEmpty();
            });
  }

  private static PollingProperties bind(Map<String, String> values) {
    return new Binder(new MapConfigurationPropertySource(values))
        .bindOrCreate("cmp.polling", PollingProperties.class);
  }
}
