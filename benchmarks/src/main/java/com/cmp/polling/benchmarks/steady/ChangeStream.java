package com.cmp.polling.benchmarks.steady;

import com.cmp.polling.benchmarks.infra.BenchmarkKafka;
import com.cmp.polling.schemas.Topics;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/**
 * The change stream as Kafka holds it: records written so far to the raw CDC topics and to {@code
 * polling.lifecycle} (their end offsets), and how far the listener's readers are behind them.
 */
final class ChangeStream implements AutoCloseable {

  /** The raw CDC topics the embedded engine writes. */
  static final List<String> RAW =
      List.of(
          Topics.CDC_CARD_NAME,
          Topics.CDC_DEVICE_NAME,
          Topics.CDC_CONFIG_NAME,
          Topics.CDC_STOP_RESUME_LOG_NAME);

  /** Every topic whose records count as change-stream traffic. */
  static final List<String> TOPICS =
      List.of(
          Topics.CDC_CARD_NAME,
          Topics.CDC_DEVICE_NAME,
          Topics.CDC_CONFIG_NAME,
          Topics.CDC_STOP_RESUME_LOG_NAME,
          Topics.LIFECYCLE_NAME);

  /**
   * The consumer group of the listener's lifecycle topology: its Kafka Streams application id, the
   * listener's default {@code cmp.polling.listener.streams.application-id}.
   */
  static final String TOPOLOGY_GROUP = "cmp-lifecycle-topology";

  /**
   * The raw topics the lifecycle topology reads (the stop/resume log has a topology of its own).
   */
  static final List<String> TOPOLOGY_INPUTS =
      List.of(Topics.CDC_CARD_NAME, Topics.CDC_DEVICE_NAME, Topics.CDC_CONFIG_NAME);

  private final Admin admin;
  private final Map<String, List<TopicPartition>> partitions = new HashMap<>();

  ChangeStream(BenchmarkKafka kafka) {
    this.admin = kafka.admin();
  }

  /** Records written so far per topic of {@link #TOPICS}; 0 for a topic not created yet. */
  Map<String, Long> ends() throws InterruptedException {
    Map<String, Long> ends = new LinkedHashMap<>();
    for (String topic : TOPICS) {
      ends.put(topic, endOffsets(topic).values().stream().mapToLong(Long::longValue).sum());
    }
    return ends;
  }

  /**
   * Records of {@code topics} that {@code group} has not committed yet; a partition it never
   * committed counts whole.
   */
  long lag(String group, List<String> topics) throws InterruptedException {
    Map<TopicPartition, OffsetAndMetadata> committed =
        answer(admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata());
    long lag = 0;
    for (String topic : topics) {
      for (Map.Entry<TopicPartition, Long> end : endOffsets(topic).entrySet()) {
        OffsetAndMetadata done = committed.get(end.getKey());
        lag += Math.max(0, end.getValue() - (done == null ? 0 : done.offset()));
      }
    }
    return lag;
  }

  /** What the listener has still to read: the topology behind the raw topics, plus its consumer. */
  long listenerLag() throws InterruptedException {
    return lag(TOPOLOGY_GROUP, TOPOLOGY_INPUTS)
        + lag(Topics.LIFECYCLE_GROUP, List.of(Topics.LIFECYCLE_NAME));
  }

  private Map<TopicPartition, Long> endOffsets(String topic) throws InterruptedException {
    List<TopicPartition> ofTopic = partitions.get(topic);
    if (ofTopic == null) {
      try {
        ofTopic =
            answer(admin.describeTopics(List.of(topic)).allTopicNames())
                .get(topic)
                .partitions()
                .stream()
                .map(p -> new TopicPartition(topic, p.partition()))
                .toList();
      } catch (IllegalStateException e) {
        if (e.getCause() instanceof UnknownTopicOrPartitionException) {
          return Map.of(); // not created yet: nothing written
        }
        throw e;
      }
      partitions.put(topic, ofTopic);
    }
    Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
    ofTopic.forEach(partition -> latest.put(partition, OffsetSpec.latest()));
    Map<TopicPartition, Long> ends = new HashMap<>();
    answer(admin.listOffsets(latest).all())
        .forEach((partition, info) -> ends.put(partition, info.offset()));
    return ends;
  }

  private static <T> T answer(KafkaFuture<T> future) throws InterruptedException {
    try {
      return future.get(30, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      throw new IllegalStateException("Kafka admin call failed: " + e.getCause(), e.getCause());
    } catch (TimeoutException e) {
      throw new IllegalStateException("Kafka admin call took more than 30 s", e);
    }
  }

  @Override
  public void close() {
    admin.close();
  }
}
