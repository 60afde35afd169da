package com.cmp.polling.listener.cdc;

import com.cmp.polling.schemas.Topics;
import io.debezium.engine.ChangeEvent;
import io.debezium.engine.DebeziumEngine;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.support.SendResult;

/**
 * Copies a batch of change events to their raw CDC topics (key and value as Debezium made them,
 * tombstones included) and marks each processed only once Kafka acknowledged it: a crash before
 * that replays the batch from the last committed offset. Heartbeats only advance the offset.
 */
final class KafkaChangeConsumer
    implements DebeziumEngine.ChangeConsumer<ChangeEvent<String, String>> {

  private static final Logger log = LoggerFactory.getLogger(KafkaChangeConsumer.class);
  private static final Set<String> CAPTURED =
      Set.of(
          Topics.CDC_CARD_NAME,
          Topics.CDC_DEVICE_NAME,
          Topics.CDC_CONFIG_NAME,
          Topics.CDC_STOP_RESUME_LOG_NAME);

  private final KafkaTemplate<String, byte[]> kafka;
  private final Duration ackTimeout;

  KafkaChangeConsumer(KafkaTemplate<String, byte[]> kafka, Duration ackTimeout) {
    this.kafka = kafka;
    this.ackTimeout = ackTimeout;
  }

  @Override
  public void handleBatch(
      List<ChangeEvent<String, String>> records,
      DebeziumEngine.RecordCommitter<ChangeEvent<String, String>> committer)
      throws InterruptedException {
    List<CompletableFuture<SendResult<String, byte[]>>> sends = new ArrayList<>(records.size());
    for (ChangeEvent<String, String> record : records) {
      if (CAPTURED.contains(record.destination())) {
        byte[] value =
            record.value() == null ? null : record.value().getBytes(StandardCharsets.UTF_8);
        sends.add(kafka.send(record.destination(), record.key(), value));
      } else {
        sends.add(null); // heartbeat or another Debezium topic: nothing downstream reads it
      }
    }
    long deadline = System.nanoTime() + ackTimeout.toNanos();
    for (int i = 0; i < records.size(); i++) {
      if (sends.get(i) != null) {
        await(sends.get(i), deadline, records.get(i));
      }
      committer.markProcessed(records.get(i));
    }
    committer.markBatchFinished();
    log.trace("{} change events sent to Kafka", records.size());
  }

  private static void await(
      CompletableFuture<SendResult<String, byte[]>> send,
      long deadline,
      ChangeEvent<String, String> record)
      throws InterruptedException {
    try {
      send.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
    } catch (ExecutionException | TimeoutException e) {
      throw new ChangeNotDeliveredException(
          "change event for "
              + record.destination()
              + " key "
              + record.key()
              + " was not acknowledged by Kafka; the engine restarts from its last committed"
              + " offset",
          e instanceof ExecutionException ? e.getCause() : e);
    }
  }

  @Override
  public boolean supportsTombstoneEvents() {
    return true;
  }
}
