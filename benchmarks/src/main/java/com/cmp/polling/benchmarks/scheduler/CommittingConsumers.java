package com.cmp.polling.benchmarks.scheduler;

import com.cmp.polling.benchmarks.infra.BenchmarkKafka;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Healthy handlers as back-pressure sees them, at no cost to Redis: one consumer per regular task
 * topic in that type's handlers' group, committing every poll and doing nothing else.
 */
final class CommittingConsumers implements AutoCloseable {

  static final String THREAD_PREFIX = "tick-consumer-";
  static final String CLIENT_PREFIX = "tick-consumer-";
  static final String GROUP_PREFIX = "cmp-check-handlers-";

  private final List<Thread> threads = new ArrayList<>();
  private volatile boolean running = true;

  CommittingConsumers(BenchmarkKafka kafka) {
    for (TaskType type : TaskType.values()) {
      KafkaConsumer<byte[], byte[]> consumer =
          new KafkaConsumer<>(
              Map.of(
                  ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                  kafka.bootstrapServers(),
                  ConsumerConfig.GROUP_ID_CONFIG,
                  Topics.checkHandlersGroup(type),
                  ConsumerConfig.CLIENT_ID_CONFIG,
                  CLIENT_PREFIX + type.code(),
                  ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                  "earliest",
                  ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                  false),
              new ByteArrayDeserializer(),
              new ByteArrayDeserializer());
      Thread thread = new Thread(() -> consume(consumer, type), THREAD_PREFIX + type.code());
      thread.setDaemon(true);
      threads.add(thread);
      thread.start();
    }
  }

  private void consume(KafkaConsumer<byte[], byte[]> consumer, TaskType type) {
    try (consumer) {
      consumer.subscribe(List.of(Topics.checkTasks(type).name()));
      while (running) {
        if (!consumer.poll(Duration.ofMillis(200)).isEmpty()) {
          consumer.commitSync();
        }
      }
    }
  }

  @Override
  public void close() throws InterruptedException {
    running = false;
    for (Thread thread : threads) {
      thread.join(5_000);
    }
  }
}
