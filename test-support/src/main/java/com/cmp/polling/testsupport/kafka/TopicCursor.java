package com.cmp.polling.testsupport.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;

/**
 * Positions in a topic, taken by {@link KafkaExtension#cursorAtEnd} or {@link
 * KafkaExtension#cursorAtBeginning}; reads what came after.
 */
public final class TopicCursor {

  private final KafkaExtension kafka;
  private final Map<TopicPartition, Long> start;

  TopicCursor(KafkaExtension kafka, Map<TopicPartition, Long> start) {
    this.kafka = kafka;
    this.start = Map.copyOf(start);
  }

  /** The partitions of the topic, all of which the cursor reads. */
  public Set<TopicPartition> partitions() {
    return start.keySet();
  }

  /**
   * Records written after the cursor was taken, until {@code count} arrived or {@code timeout}
   * passed; in partition order (which is publishing order within a partition).
   */
  public List<ConsumerRecord<String, byte[]>> read(int count, Duration timeout) {
    List<ConsumerRecord<String, byte[]>> records = new ArrayList<>();
    // Whole batches: a record beyond the count is returned too, for the caller's assertion to see.
    pollBatches(
        timeout,
        batch -> {
          batch.forEach(records::add);
          return records.size() >= count;
        });
    return records;
  }

  /**
   * Records written after the cursor was taken, up to the first one {@code marker} accepts (left
   * out). A marker record sent after the ones a test watches, on a topic of one partition, shows
   * that everything before it has arrived, without waiting out a quiet window.
   *
   * @throws AssertionError when no marker arrived within {@code timeout}
   */
  public List<ConsumerRecord<String, byte[]>> readUntil(
      Predicate<ConsumerRecord<String, byte[]>> marker, Duration timeout) {
    List<ConsumerRecord<String, byte[]>> records = new ArrayList<>();
    boolean marked =
        pollBatches(
            timeout,
            batch -> {
              for (ConsumerRecord<String, byte[]> record : batch) {
                if (marker.test(record)) {
                  return true;
                }
                records.add(record);
              }
              return false;
            });
    if (!marked) {
      throw new AssertionError(
          "no marker record on " + start.keySet() + " within " + timeout + "; before: " + records);
    }
    return records;
  }

  /** Hands each batch to {@code done} until it says so (true) or {@code timeout} passes (false). */
  private boolean pollBatches(Duration timeout, Predicate<ConsumerRecords<String, byte[]>> done) {
    try (KafkaConsumer<String, byte[]> consumer = kafka.consumer()) {
      consumer.assign(start.keySet());
      start.forEach(consumer::seek);
      long deadline = System.nanoTime() + timeout.toNanos();
      while (System.nanoTime() < deadline) {
        if (done.test(consumer.poll(Duration.ofMillis(100)))) {
          return true;
        }
      }
    }
    return false;
  }
}
