package com.cmp.polling.testsupport.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * A topic from its beginning as a downstream consumer that reads committed records sees it ({@code
 * read_committed}: what a transactional writer aborted never shows), each record turned into a
 * value by the caller's {@code read} (which may check the record as it goes).
 *
 * @param <T> what a record is read as
 */
public final class CommittedRecords<T> implements AutoCloseable {

  private final Function<ConsumerRecord<String, byte[]>, T> read;
  private final KafkaConsumer<String, byte[]> consumer;
  private final List<T> values = new ArrayList<>();

  public CommittedRecords(
      String bootstrapServers, String topic, Function<ConsumerRecord<String, byte[]>, T> read) {
    this.read = read;
    consumer =
        new KafkaConsumer<>(
            Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers,
                ConsumerConfig.GROUP_ID_CONFIG,
                "committed-reader-" + UUID.randomUUID(),
                ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                "read_committed",
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                StringDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                ByteArrayDeserializer.class));
    List<TopicPartition> partitions =
        consumer.partitionsFor(topic, Duration.ofSeconds(30)).stream()
            .map(info -> new TopicPartition(info.topic(), info.partition()))
            .toList();
    consumer.assign(partitions);
    consumer.seekToBeginning(partitions);
  }

  /**
   * Reads on until a value matching {@code last} has arrived, or {@code within} has passed, and
   * returns every value read so far, in topic order (per partition).
   */
  public List<T> readUntil(Predicate<T> last, Duration within) {
    long deadline = System.nanoTime() + within.toNanos();
    while (values.stream().noneMatch(last) && System.nanoTime() < deadline) {
      for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(200))) {
        values.add(read.apply(record));
      }
    }
    return List.copyOf(values);
  }

  @Override
  public void close() {
    consumer.close(Duration.ofSeconds(5));
  }
}
