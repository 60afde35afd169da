package com.cmp.polling.benchmarks.scheduler;

import com.cmp.polling.benchmarks.infra.BenchmarkKafka;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.json.PayloadCodec;
import com.cmp.polling.schemas.task.CheckTask;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Reads the tasks published after it started and measures, for each, enqueuedAt − dueAt: the delay
 * between a card coming due and its task reaching Kafka.
 */
final class LatencyProbe {

  record Result(int count, long p50Millis, long p99Millis, long maxMillis) {}

  private final BenchmarkKafka kafka;
  private final Map<TopicPartition, Long> start;

  private LatencyProbe(BenchmarkKafka kafka, Map<TopicPartition, Long> start) {
    this.kafka = kafka;
    this.start = start;
  }

  static LatencyProbe startAtEnd(BenchmarkKafka kafka, String topic) throws Exception {
    return new LatencyProbe(kafka, TopicOffsets.ends(kafka, topic));
  }

  Result collect(int expected, Duration timeout) throws Exception {
    PayloadCodec codec = new PayloadCodec();
    long[] millis = new long[expected];
    int count = 0;
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(
            Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                kafka.bootstrapServers(),
                ConsumerConfig.MAX_POLL_RECORDS_CONFIG,
                5000),
            new ByteArrayDeserializer(),
            new ByteArrayDeserializer())) {
      consumer.assign(start.keySet());
      start.forEach(consumer::seek);
      long deadline = System.nanoTime() + timeout.toNanos();
      while (count < expected && System.nanoTime() < deadline) {
        for (var record : consumer.poll(Duration.ofMillis(200))) {
          CheckTask task = codec.decode(Topics.TASK_REALNAME, record.value());
          if (count < expected) {
            millis[count++] = Duration.between(task.dueAt(), task.enqueuedAt()).toMillis();
          }
        }
      }
    }
    long[] measured = Arrays.copyOf(millis, count);
    Arrays.sort(measured);
    if (count == 0) {
      return new Result(0, -1, -1, -1);
    }
    return new Result(
        count,
        measured[(int) (count * 0.50)],
        measured[Math.min(count - 1, (int) (count * 0.99))],
        measured[count - 1]);
  }
}
