package com.cmp.polling.benchmarks.scheduler;

import com.cmp.polling.benchmarks.infra.BenchmarkKafka;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;

/** Records written to a topic so far: the sum of its partitions' end offsets. */
final class TopicOffsets {

  private TopicOffsets() {}

  static long total(BenchmarkKafka kafka, String topic) throws Exception {
    try (Admin admin = kafka.admin()) {
      var partitions =
          admin
              .describeTopics(java.util.List.of(topic))
              .allTopicNames()
              .get(10, TimeUnit.SECONDS)
              .get(topic)
              .partitions()
              .stream()
              .map(p -> new TopicPartition(topic, p.partition()))
              .collect(Collectors.toMap(p -> p, p -> OffsetSpec.latest()));
      return admin.listOffsets(partitions).all().get(10, TimeUnit.SECONDS).values().stream()
          .mapToLong(info -> info.offset())
          .sum();
    }
  }

  static Map<TopicPartition, Long> ends(BenchmarkKafka kafka, String topic) throws Exception {
    try (Admin admin = kafka.admin()) {
      var partitions =
          admin
              .describeTopics(java.util.List.of(topic))
              .allTopicNames()
              .get(10, TimeUnit.SECONDS)
              .get(topic)
              .partitions()
              .stream()
              .map(p -> new TopicPartition(topic, p.partition()))
              .collect(Collectors.toMap(p -> p, p -> OffsetSpec.latest()));
      return admin.listOffsets(partitions).all().get(10, TimeUnit.SECONDS).entrySet().stream()
          .collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().offset()));
    }
  }
}
