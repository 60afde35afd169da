package com.cmp.polling.benchmarks.steady;

import com.cmp.polling.benchmarks.infra.BenchmarkKafka;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads a manual task topic from its end, outside any consumer group (the handlers' offsets stay
 * theirs), and keeps when each card's first task was published: the record's timestamp, which the
 * scheduler's producer sets when it sends it. The key of a task record is its card id.
 */
final class ManualTopicWatch implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(ManualTopicWatch.class);

  private final KafkaConsumer<String, byte[]> consumer;
  private final ConcurrentMap<Long, Long> publishedMillis = new ConcurrentHashMap<>();
  private final Thread thread;

  ManualTopicWatch(BenchmarkKafka kafka, String topic) {
    consumer =
        new KafkaConsumer<>(
            Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                kafka.bootstrapServers(),
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                false),
            new StringDeserializer(),
            new ByteArrayDeserializer());
    List<TopicPartition> partitions =
        consumer.partitionsFor(topic, Duration.ofSeconds(30)).stream()
            .map(info -> new TopicPartition(topic, info.partition()))
            .toList();
    if (partitions.isEmpty()) {
      consumer.close();
      throw new IllegalStateException("the manual topic " + topic + " has no partitions yet");
    }
    consumer.assign(partitions);
    consumer.seekToEnd(partitions);
    // Resolves the end offsets now, so that no task published from here on is skipped.
    partitions.forEach(consumer::position);
    thread = new Thread(this::consume, "manual-topic-watch");
    thread.setDaemon(true);
    thread.start();
  }

  /** When the first task of the card was published (epoch millis), or null if none yet. */
  Long publishedAt(long cardId) {
    return publishedMillis.get(cardId);
  }

  private void consume() {
    try {
      while (!Thread.currentThread().isInterrupted()) {
        for (ConsumerRecord<String, byte[]> task : consumer.poll(Duration.ofMillis(200))) {
          try {
            publishedMillis.putIfAbsent(Long.parseLong(task.key()), task.timestamp());
          } catch (NumberFormatException notACardId) {
            log.warn("manual task at {}@{} without a card id key", task.partition(), task.offset());
          }
        }
      }
    } catch (WakeupException closing) {
      // close() asked the poll to end
    } finally {
      consumer.close(Duration.ofSeconds(5));
    }
  }

  @Override
  public void close() throws InterruptedException {
    consumer.wakeup();
    thread.join(10_000);
  }
}
