package com.cmp.polling.scheduler.schedule;

import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Stands in for a task type's check handlers in scheduler tests: a consumer in their group that
 * takes every task as soon as it is published and commits it, as healthy handlers do.
 */
final class HandlersKeepingUp implements AutoCloseable {

  private final KafkaConsumer<byte[], byte[]> consumer;
  private final Thread thread;
  private final AtomicLong consumed = new AtomicLong();

  HandlersKeepingUp(KafkaExtension kafka, TaskType type) {
    consumer =
        new KafkaConsumer<>(
            Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                kafka.bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG,
                Topics.checkHandlersGroup(type),
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                "earliest",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                false,
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                ByteArrayDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                ByteArrayDeserializer.class));
    consumer.subscribe(List.of(Topics.checkTasks(type).name()));
    thread = new Thread(this::consume, "handlers-keeping-up-" + type.code());
    thread.setDaemon(true);
    thread.start();
  }

  /** Tasks taken so far. */
  long consumed() {
    return consumed.get();
  }

  private void consume() {
    try {
      while (!Thread.currentThread().isInterrupted()) {
        var records = consumer.poll(Duration.ofMillis(100));
        if (!records.isEmpty()) {
          consumer.commitSync();
          consumed.addAndGet(records.count());
        }
      }
    } catch (WakeupException e) {
      // closing
    } finally {
      consumer.close();
    }
  }

  @Override
  public void close() throws InterruptedException {
    consumer.wakeup();
    thread.join(10_000);
  }
}
