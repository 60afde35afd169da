package com.cmp.polling.testsupport.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;

/** Positions in a topic, taken by {@link KafkaExtension#cursorAtEnd}; reads what came after. */
public final class TopicCursor {

  private final KafkaExtension kafka;
  private final Map<TopicPartition, Long> start;

  TopicCursor(KafkaExtension kafka, Map<TopicPartition, Long> start) {
    this.kafka = kafka;
    this.start = Map.copyOf(start);
  }

  /**
   * Records written after the cursor was taken, until {@code count} arrived or {@code timeout}
   * passed; in partition order (which is publishing order within a partition).
   */
  public List<ConsumerRecord<String, byte[]>> read(int count, Duration timeout) {
    List<ConsumerRecord<String, byte[]>> records = new ArrayList<>();
    try (KafkaConsumer<String, byte[]> consumer = kafka.consumer()) {
      consumer.assign(start.keySet());
      start.forEach(consumer::seek);
      long deadline = System.nanoTime() + timeout.toNanos();
      while (records.size() < count && System.nanoTime() < deadline) {
        consumer.poll(Duration.ofMillis(100)).forEach(records::add);
      }
    }
    return records;
  }
}
