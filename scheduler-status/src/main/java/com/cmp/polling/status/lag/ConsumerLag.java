package com.cmp.polling.status.lag;

import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListConsumerGroupOffsetsSpec;
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
 * Several groups are measured together: one request of each kind for all of them, which is what
 * back-pressure asks every {@code lag-check-interval} for the four task types.
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
    return of(List.of(type)).get(type);
  }

  /**
   * The lag of the handlers of each of {@code types}, measured together: one request of each kind
   * for all of them (topics, end and start offsets, committed offsets) rather than one per type.
   * Every type is {@link HandlerLag#UNKNOWN} when Kafka cannot say.
   */
  public synchronized Map<TaskType, HandlerLag> of(Collection<TaskType> types) {
    Map<String, List<String>> topicsByGroup = new LinkedHashMap<>();
    types.forEach(
        type ->
            topicsByGroup.put(
                Topics.checkHandlersGroup(type), List.of(Topics.checkTasks(type).name())));
    Map<String, HandlerLag> byGroup = measureOrUnknown(topicsByGroup, "handlers of " + types);
    Map<TaskType, HandlerLag> byType = new EnumMap<>(TaskType.class);
    types.forEach(type -> byType.put(type, byGroup.get(Topics.checkHandlersGroup(type))));
    return byType;
  }

  /**
   * The lag of any consumer group on its topics, counted as for the handlers (the queue reconciler
   * measures the change stream's this way); {@link HandlerLag#UNKNOWN} when Kafka cannot say.
   */
  public synchronized HandlerLag ofGroup(String group, List<String> topics) {
    return measureOrUnknown(Map.of(group, topics), "consumer group " + group + " on " + topics)
        .get(group);
  }

  private Map<String, HandlerLag> measureOrUnknown(
      Map<String, List<String>> topicsByGroup, String what) {
    try {
      return measure(topicsByGroup);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (Exception e) {
      log.warn("lag of {} unknown ({}); not holding back", what, e.getMessage());
    }
    Map<String, HandlerLag> unknown = new HashMap<>();
    topicsByGroup.keySet().forEach(group -> unknown.put(group, HandlerLag.UNKNOWN));
    return unknown;
  }

  private Map<String, HandlerLag> measure(Map<String, List<String>> topicsByGroup)
      throws Exception {
    if (admin == null) {
      admin = Admin.create(adminConfig);
      reader = new KafkaConsumer<>(readerConfig);
    }
    Set<String> topics = new LinkedHashSet<>();
    topicsByGroup.values().forEach(topics::addAll);
    Map<String, List<TopicPartition>> partitionsByTopic = new HashMap<>();
    admin
        .describeTopics(topics)
        .allTopicNames()
        .get(TIMEOUT_SECONDS, TimeUnit.SECONDS)
        .forEach(
            (topic, description) ->
                description
                    .partitions()
                    .forEach(
                        p ->
                            partitionsByTopic
                                .computeIfAbsent(topic, t -> new ArrayList<>())
                                .add(new TopicPartition(topic, p.partition()))));
    List<TopicPartition> partitions = new ArrayList<>();
    partitionsByTopic.values().forEach(partitions::addAll);
    Map<TopicPartition, Long> ends = offsets(partitions, OffsetSpec.latest());
    Map<TopicPartition, Long> starts = offsets(partitions, OffsetSpec.earliest());
    Map<String, ListConsumerGroupOffsetsSpec> groups = new HashMap<>();
    topicsByGroup.keySet().forEach(group -> groups.put(group, new ListConsumerGroupOffsetsSpec()));
    Map<String, Map<TopicPartition, OffsetAndMetadata>> committed =
        admin.listConsumerGroupOffsets(groups).all().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    Map<String, Long> tasks = new HashMap<>();
    Map<TopicPartition, Long> unconsumed = new HashMap<>();
    Map<String, List<TopicPartition>> laggingByGroup = new HashMap<>();
    topicsByGroup.forEach(
        (group, ofGroup) -> {
          Map<TopicPartition, OffsetAndMetadata> done = committed.getOrDefault(group, Map.of());
          long waiting = 0;
          for (String topic : ofGroup) {
            for (TopicPartition partition : partitionsByTopic.getOrDefault(topic, List.of())) {
              OffsetAndMetadata at = done.get(partition);
              long from = Math.max(starts.get(partition), at == null ? 0 : at.offset());
              if (ends.get(partition) > from) {
                waiting += ends.get(partition) - from;
                unconsumed.put(partition, from);
                laggingByGroup.computeIfAbsent(group, g -> new ArrayList<>()).add(partition);
              }
            }
          }
          tasks.put(group, waiting);
        });
    Map<TopicPartition, Long> firstTimestamps = firstTimestamps(unconsumed);
    Instant now = clock.instant();
    Map<String, HandlerLag> lags = new HashMap<>();
    topicsByGroup
        .keySet()
        .forEach(
            group -> {
              Instant oldest =
                  laggingByGroup.getOrDefault(group, List.of()).stream()
                      .map(firstTimestamps::get)
                      .filter(Objects::nonNull)
                      .min(Long::compare)
                      .map(Instant::ofEpochMilli)
                      .orElse(null);
              Duration age =
                  oldest == null || oldest.isAfter(now)
                      ? Duration.ZERO
                      : Duration.between(oldest, now);
              lags.put(group, new HandlerLag(true, tasks.get(group), age));
            });
    return lags;
  }

  /**
   * The timestamp of the record at each of the given offsets (each the oldest task waiting in its
   * partition), read in one pass; a partition not read in time is left out.
   */
  private Map<TopicPartition, Long> firstTimestamps(Map<TopicPartition, Long> offsets) {
    Map<TopicPartition, Long> firstTimestamps = new HashMap<>();
    if (offsets.isEmpty()) {
      return firstTimestamps;
    }
    reader.assign(offsets.keySet());
    offsets.forEach(reader::seek);
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
    return firstTimestamps;
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
