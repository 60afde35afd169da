package com.cmp.polling.operator.deadletter;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Lazy;
import org.springframework.stereotype.Component;

/**
 * Reads dead-letter topics without joining a consumer group (nothing is committed, nobody else's
 * position moves): offsets through the admin client, records by assigning partitions and seeking.
 */
@Component
class DeadLetterReader {

  private static final long TIMEOUT_SECONDS = 5;
  private static final Duration READ_TIMEOUT = Duration.ofSeconds(5);

  private final Admin admin;
  private final Map<String, Object> consumerProperties;

  DeadLetterReader(@Lazy Admin monitoringKafkaAdmin, KafkaProperties kafka) {
    this.admin = monitoringKafkaAdmin;
    Map<String, Object> properties = new HashMap<>(kafka.buildConsumerProperties());
    properties.remove(ConsumerConfig.GROUP_ID_CONFIG);
    properties.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    properties.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
    properties.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
    properties.put(ConsumerConfig.CLIENT_ID_CONFIG, "cmp-console-dead-letters");
    this.consumerProperties = properties;
  }

  /** Earliest and latest offset of every partition of the topics; a missing topic has none. */
  Map<TopicPartition, Range> offsets(Collection<String> topics) throws Exception {
    List<TopicPartition> partitions = new ArrayList<>();
    for (String topic : topics) {
      try {
        TopicDescription description =
            admin
                .describeTopics(List.of(topic))
                .allTopicNames()
                .get(TIMEOUT_SECONDS, TimeUnit.SECONDS)
                .get(topic);
        description
            .partitions()
            .forEach(p -> partitions.add(new TopicPartition(topic, p.partition())));
      } catch (ExecutionException e) {
        if (!(e.getCause() instanceof UnknownTopicOrPartitionException)) {
          throw e;
        }
      }
    }
    Map<TopicPartition, Long> starts = list(partitions, OffsetSpec.earliest());
    Map<TopicPartition, Long> ends = list(partitions, OffsetSpec.latest());
    Map<TopicPartition, Range> ranges = new HashMap<>();
    for (TopicPartition partition : partitions) {
      ranges.put(partition, new Range(starts.get(partition), ends.get(partition)));
    }
    return ranges;
  }

  private Map<TopicPartition, Long> list(List<TopicPartition> partitions, OffsetSpec spec)
      throws InterruptedException, ExecutionException, TimeoutException {
    Map<TopicPartition, OffsetSpec> request = new HashMap<>();
    partitions.forEach(p -> request.put(p, spec));
    Map<TopicPartition, Long> offsets = new HashMap<>();
    if (!request.isEmpty()) {
      admin
          .listOffsets(request)
          .all()
          .get(TIMEOUT_SECONDS, TimeUnit.SECONDS)
          .forEach((partition, info) -> offsets.put(partition, info.offset()));
    }
    return offsets;
  }

  /** The records at the given offsets of each partition (each range read from its start). */
  List<ConsumerRecord<byte[], byte[]>> read(Map<TopicPartition, Range> ranges) {
    Map<TopicPartition, Range> wanted = new HashMap<>();
    ranges.forEach(
        (partition, range) -> {
          if (range.end() > range.start()) {
            wanted.put(partition, range);
          }
        });
    List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
    if (wanted.isEmpty()) {
      return records;
    }
    try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(consumerProperties)) {
      consumer.assign(wanted.keySet());
      wanted.forEach((partition, range) -> consumer.seek(partition, range.start()));
      long deadline = System.nanoTime() + READ_TIMEOUT.toNanos();
      while (!wanted.isEmpty() && System.nanoTime() < deadline) {
        for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(200))) {
          TopicPartition partition = new TopicPartition(record.topic(), record.partition());
          Range range = wanted.get(partition);
          if (range != null && record.offset() < range.end()) {
            records.add(record);
          }
        }
        for (TopicPartition partition : List.copyOf(wanted.keySet())) {
          if (consumer.position(partition) >= wanted.get(partition).end()) {
            wanted.remove(partition);
            consumer.pause(List.of(partition));
          }
        }
      }
    }
    return records;
  }

  /** One record, if the topic still holds it. */
  Optional<ConsumerRecord<byte[], byte[]>> readOne(String topic, RecordId id) {
    TopicPartition partition = id.in(topic);
    return read(Map.of(partition, new Range(id.offset(), id.offset() + 1))).stream()
        .filter(r -> r.offset() == id.offset())
        .findFirst();
  }

  /** Offsets {@code [start, end)} of a partition. */
  record Range(long start, long end) {}
}
