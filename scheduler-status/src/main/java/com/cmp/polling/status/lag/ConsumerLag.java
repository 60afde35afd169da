package com.cmp.polling.status.lag;

import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.kafka.core.KafkaAdmin;

/**
 * How far a task type's handlers are behind: the tasks waiting (end offsets of the task topic minus
 * the handlers' committed offsets; from the beginning of the topic where they committed nothing, so
 * that a topic nobody reads counts as lagging, not as idle) and how long the oldest of them has
 * waited (the timestamp of the record at each committed offset, read by a consumer of no group).
 */
public class ConsumerLag implements DisposableBean {

  private static final Logger log = LoggerFactory.getLogger(ConsumerLag.class);
  private static final long TIMEOUT_SECONDS = 5;
  private static final Duration READ_TIMEOUT = Duration.ofSeconds(2);

  private final Map<String, Object> adminConfig;
  private final Map<String, Object> readerConfig;
  private final Clock clock;
  // Created at the first measure, not here: a process that never measures (the dry-run command)
  // creates no Kafka client and needs no broker. Guarded by this.
  private Admin admin;
  private KafkaConsumer<byte[], byte[]> reader;

  public ConsumerLag(KafkaAdmin kafkaAdmin, KafkaProperties kafka, Clock clock) {
    this.adminConfig = new HashMap<>(kafkaAdmin.getConfigurationProperties());
    Map<String, Object> config = new HashMap<>(kafka.buildConsumerProperties());
    // Assigned partitions only: no group, nothing committed, nothing to disturb the handlers.
    config.remove(ConsumerConfig.GROUP_ID_CONFIG);
    config.remove(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG);
    config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    config.put(ConsumerConfig.CLIENT_ID_CONFIG, "cmp-scheduler-lag-reader");
    config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
    config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
    // One record per partition is all it needs; a producer batch (64 KiB) still fits.
    config.put(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, 128 * 1024);
    this.readerConfig = config;
    this.clock = clock;
  }

  /** The lag of the type's handlers; {@link HandlerLag#UNKNOWN} when Kafka cannot say. */
  public synchronized HandlerLag of(TaskType type) {
    try {
      return measure(Topics.checkHandlersGroup(type), List.of(Topics.checkTasks(type).name()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return HandlerLag.UNKNOWN;
    } catch (Exception e) {
      log.warn("lag of {} handlers unknown ({}); not holding back", type.code(), e.getMessage());
      return HandlerLag.UNKNOWN;
    }
  }

  /**
   * The lag of any consumer group on its topics, counted as for the handlers (the queue reconciler
   * measures the change stream's this way); {@link HandlerLag#UNKNOWN} when Kafka cannot say.
   */
  public synchronized HandlerLag ofGroup(String group, List<String> topics) {
    try {
      return measure(group, topics);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return HandlerLag.UNKNOWN;
    } catch (Exception e) {
      log.warn("lag of consumer group {} on {} unknown: {}", group, topics, e.getMessage());
      return HandlerLag.UNKNOWN;
    }
  }

  private HandlerLag measure(String group, List<String> topics) throws Exception {
    if (admin == null) {
      admin = Admin.create(adminConfig);
      reader = new KafkaConsumer<>(readerConfig);
    }
    List<TopicPartition> partitions = new ArrayList<>();
    admin
        .describeTopics(topics)
        .allTopicNames()
        .get(TIMEOUT_SECONDS, TimeUnit.SECONDS)
        .forEach(
            (topic, description) ->
                description
                    .partitions()
                    .forEach(p -> partitions.add(new TopicPartition(topic, p.partition()))));
    Map<TopicPartition, Long> ends = offsets(partitions, OffsetSpec.latest());
    Map<TopicPartition, Long> starts = offsets(partitions, OffsetSpec.earliest());
    Map<TopicPartition, OffsetAndMetadata> committed =
        admin
            .listConsumerGroupOffsets(group)
            .partitionsToOffsetAndMetadata()
            .get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    long tasks = 0;
    Map<TopicPartition, Long> unconsumed = new HashMap<>();
    for (TopicPartition partition : partitions) {
      OffsetAndMetadata done = committed.get(partition);
      long from = Math.max(starts.get(partition), done == null ? 0 : done.offset());
      if (ends.get(partition) > from) {
        tasks += ends.get(partition) - from;
        unconsumed.put(partition, from);
      }
    }
    Instant oldest = oldestTimestamp(unconsumed);
    Instant now = clock.instant();
    Duration age =
        oldest == null || oldest.isAfter(now) ? Duration.ZERO : Duration.between(oldest, now);
    return new HandlerLag(true, tasks, age);
  }

  /**
   * The earliest timestamp among the records at the given offsets (each the oldest task waiting in
   * its partition); null when none could be read in time.
   */
  private Instant oldestTimestamp(Map<TopicPartition, Long> offsets) {
    if (offsets.isEmpty()) {
      return null;
    }
    reader.assign(offsets.keySet());
    offsets.forEach(reader::seek);
    Map<TopicPartition, Long> firstTimestamps = new HashMap<>();
    long deadline = System.nanoTime() + READ_TIMEOUT.toNanos();
    try {
      while (firstTimestamps.size() < offsets.size() && System.nanoTime() < deadline) {
        for (ConsumerRecord<byte[], byte[]> record : reader.poll(Duration.ofMillis(100))) {
          TopicPartition partition = new TopicPartition(record.topic(), record.partition());
          if (firstTimestamps.putIfAbsent(partition, record.timestamp()) == null) {
            reader.pause(List.of(partition));
          }
        }
      }
    } finally {
      reader.assign(List.of());
    }
    if (firstTimestamps.size() < offsets.size()) {
      log.debug("{} of {} lagging partitions read in time", firstTimestamps.size(), offsets.size());
    }
    return firstTimestamps.values().stream()
        .min(Long::compare)
        .map(Instant::ofEpochMilli)
        .orElse(null);
  }

  private Map<TopicPartition, Long> offsets(List<TopicPartition> partitions, OffsetSpec spec)
      throws Exception {
    return admin
        .listOffsets(partitions.stream().collect(Collectors.toMap(p -> p, p -> spec)))
        .all()
        .get(TIMEOUT_SECONDS, TimeUnit.SECONDS)
        .entrySet()
        .stream()
        .collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().offset()));
  }

  @Override
  public synchronized void destroy() {
    if (admin != null) {
      reader.close();
      admin.close();
    }
  }
}
