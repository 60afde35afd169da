package com.cmp.polling.scheduler.schedule;

import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.task.TaskType;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.kafka.core.KafkaAdmin;
import org.springframework.stereotype.Component;

/**
 * How many tasks of a type wait for their handlers: end offsets of the task topic minus the
 * handlers' committed offsets (from the beginning of the topic where they committed nothing, so
 * that a topic nobody reads counts as lagging, not as idle).
 */
@Component
public class ConsumerLag implements DisposableBean {

  private static final Logger log = LoggerFactory.getLogger(ConsumerLag.class);
  private static final long TIMEOUT_SECONDS = 5;

  private final Admin admin;

  public ConsumerLag(KafkaAdmin kafkaAdmin) {
    this.admin = Admin.create(kafkaAdmin.getConfigurationProperties());
  }

  /** The lag of the type's handlers; 0 when Kafka cannot say (publishing will tell). */
  public long of(TaskType type) {
    String topic = Topics.checkTasks(type).name();
    try {
      var partitions =
          admin
              .describeTopics(java.util.List.of(topic))
              .allTopicNames()
              .get(TIMEOUT_SECONDS, TimeUnit.SECONDS)
              .get(topic)
              .partitions()
              .stream()
              .map(p -> new TopicPartition(topic, p.partition()))
              .toList();
      Map<TopicPartition, Long> ends = offsets(partitions, OffsetSpec.latest());
      Map<TopicPartition, Long> starts = offsets(partitions, OffsetSpec.earliest());
      Map<TopicPartition, OffsetAndMetadata> committed =
          admin
              .listConsumerGroupOffsets(Topics.checkHandlersGroup(type))
              .partitionsToOffsetAndMetadata()
              .get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
      long lag = 0;
      for (TopicPartition partition : partitions) {
        OffsetAndMetadata done = committed.get(partition);
        long from = done == null ? starts.get(partition) : done.offset();
        lag += Math.max(0, ends.get(partition) - from);
      }
      return lag;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 0;
    } catch (Exception e) {
      log.warn("lag of {} handlers unknown ({}); not holding back", type.code(), e.getMessage());
      return 0;
    }
  }

  private Map<TopicPartition, Long> offsets(
      java.util.List<TopicPartition> partitions, OffsetSpec spec) throws Exception {
    return admin
        .listOffsets(partitions.stream().collect(Collectors.toMap(p -> p, p -> spec)))
        .all()
        .get(TIMEOUT_SECONDS, TimeUnit.SECONDS)
        .entrySet()
        .stream()
        .collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().offset()));
  }

  @Override
  public void destroy() {
    admin.close();
  }
}
