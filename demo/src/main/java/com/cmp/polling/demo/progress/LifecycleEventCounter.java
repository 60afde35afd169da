package com.cmp.polling.demo.progress;

import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.json.InvalidPayloadException;
import com.cmp.polling.schemas.json.PayloadCodec;
import com.cmp.polling.schemas.lifecycle.LifecycleEvent;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counts the lifecycle events the change stream produced, by type, by reading {@code
 * polling.lifecycle} in a consumer group of its own (the listener's own consumer is not disturbed).
 */
public final class LifecycleEventCounter implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(LifecycleEventCounter.class);

  private final KafkaConsumer<String, byte[]> consumer;
  private final PayloadCodec codec = new PayloadCodec();
  private final Map<String, LongAdder> byType = new ConcurrentHashMap<>();
  private final AtomicBoolean running = new AtomicBoolean(true);
  private final Thread thread;

  public LifecycleEventCounter(String bootstrapServers) {
    consumer =
        new KafkaConsumer<>(
            Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers,
                ConsumerConfig.GROUP_ID_CONFIG,
                "cmp-demo-progress-" + UUID.randomUUID(),
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                "earliest",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                false),
            new StringDeserializer(),
            new ByteArrayDeserializer());
    thread = new Thread(this::run, "demo-lifecycle-counter");
    thread.setDaemon(true);
    thread.start();
  }

  private void run() {
    try {
      consumer.subscribe(List.of(Topics.LIFECYCLE_NAME));
      while (running.get()) {
        for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(500))) {
          count(record.value());
        }
      }
    } catch (WakeupException stopping) {
      // close() woke the consumer up.
    } catch (RuntimeException e) {
      log.warn("lifecycle events are no longer counted: {}", e.toString());
    } finally {
      consumer.close(Duration.ofSeconds(2));
    }
  }

  private void count(byte[] value) {
    String type;
    try {
      LifecycleEvent event = codec.decode(Topics.LIFECYCLE, value);
      type = event.type().code();
    } catch (InvalidPayloadException e) {
      type = "invalid";
    }
    byType.computeIfAbsent(type, t -> new LongAdder()).increment();
  }

  /** Events seen so far, by type code, sorted. */
  public Map<String, Long> counts() {
    Map<String, Long> counts = new TreeMap<>();
    byType.forEach((type, adder) -> counts.put(type, adder.sum()));
    return counts;
  }

  @Override
  public void close() throws InterruptedException {
    running.set(false);
    consumer.wakeup();
    thread.join(5_000);
  }
}
