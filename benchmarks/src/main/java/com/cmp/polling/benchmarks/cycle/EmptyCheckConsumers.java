package com.cmp.polling.benchmarks.cycle;

import com.cmp.polling.benchmarks.infra.BenchmarkKafka;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.queue.ScheduledCheck;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.json.InvalidPayloadException;
import com.cmp.polling.schemas.json.PayloadCodec;
import com.cmp.polling.schemas.task.CheckTask;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Check handlers with an empty check: consumers in the handlers' group on the carddata topic, each
 * decoding every task with {@link PayloadCodec} (schema rules, task type checked, as the handlers'
 * runner does), doing nothing as the check, then completing the whole poll's cards in one pipelined
 * call (next check at now + interval) and committing the poll's offsets, as the handlers do after
 * their batch.
 */
final class EmptyCheckConsumers implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(EmptyCheckConsumers.class);
  private static final TaskType TYPE = TaskType.CARDDATA;

  private final List<Thread> threads = new ArrayList<>();
  private final AtomicIntegerArray assigned;
  private final AtomicLong failures = new AtomicLong();
  private volatile boolean running = true;

  EmptyCheckConsumers(
      BenchmarkKafka kafka,
      PollingQueueManager queues,
      Completions completions,
      int consumers,
      int maxPollRecords,
      Duration interval) {
    PayloadCodec codec = new PayloadCodec();
    assigned = new AtomicIntegerArray(consumers);
    for (int i = 0; i < consumers; i++) {
      int member = i;
      KafkaConsumer<String, byte[]> consumer =
          new KafkaConsumer<>(
              Map.of(
                  ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                  kafka.bootstrapServers(),
                  ConsumerConfig.GROUP_ID_CONFIG,
                  Topics.checkHandlersGroup(TYPE),
                  ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                  "earliest",
                  ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                  false,
                  ConsumerConfig.MAX_POLL_RECORDS_CONFIG,
                  maxPollRecords),
              new StringDeserializer(),
              new ByteArrayDeserializer());
      Thread thread =
          new Thread(
              () -> consume(member, consumer, codec, queues, completions, interval),
              "cycle-consumer-" + (member + 1));
      thread.setDaemon(true);
      threads.add(thread);
    }
    threads.forEach(Thread::start);
  }

  private void consume(
      int member,
      KafkaConsumer<String, byte[]> consumer,
      PayloadCodec codec,
      PollingQueueManager queues,
      Completions completions,
      Duration interval) {
    try (consumer) {
      consumer.subscribe(
          List.of(Topics.TASK_CARDDATA_NAME),
          new ConsumerRebalanceListener() {
            @Override
            public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
              assigned.addAndGet(member, -partitions.size());
            }

            @Override
            public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
              assigned.addAndGet(member, partitions.size());
            }
          });
      while (running) {
        ConsumerRecords<String, byte[]> records = consumer.poll(Duration.ofMillis(100));
        if (records.isEmpty()) {
          continue;
        }
        try {
          handle(records, codec, queues, completions, interval);
          consumer.commitSync();
        } catch (RuntimeException e) {
          // Redis or Kafka failed: the cards stay leased, which the pass counts as not completed.
          failures.incrementAndGet();
          log.error("a poll of {} tasks was not completed", records.count(), e);
        }
      }
    }
  }

  private static void handle(
      ConsumerRecords<String, byte[]> records,
      PayloadCodec codec,
      PollingQueueManager queues,
      Completions completions,
      Duration interval) {
    Instant next = Instant.now().plus(interval);
    List<ScheduledCheck> done = new ArrayList<>(records.count());
    long[] published = new long[records.count()];
    for (ConsumerRecord<String, byte[]> record : records) {
      CheckTask task;
      try {
        task = codec.decode(Topics.TASK_CARDDATA, record.value());
      } catch (InvalidPayloadException e) {
        completions.invalid();
        continue;
      }
      if (task.taskType() != TYPE) {
        completions.invalid();
        continue;
      }
      // The check itself: nothing.
      published[done.size()] = task.enqueuedAt().toEpochMilli();
      done.add(new ScheduledCheck(task.cardId(), TYPE, next));
    }
    queues.completeAll(done);
    long completedAt = System.currentTimeMillis();
    for (int i = 0; i < done.size(); i++) {
      completions.completed(done.get(i).cardId(), published[i], completedAt);
    }
  }

  /**
   * Waits until the group has settled: its members hold every partition of the topic between them,
   * each member at least one, for half a second in a row (members joining one after the other make
   * the group rebalance several times).
   */
  void awaitAssigned(int partitions, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    long settledSince = 0;
    while (settledSince == 0 || System.nanoTime() - settledSince < 500_000_000L) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("consumer group not settled after " + timeout);
      }
      if (!settled(partitions)) {
        settledSince = 0;
      } else if (settledSince == 0) {
        settledSince = System.nanoTime();
      }
      TimeUnit.MILLISECONDS.sleep(50);
    }
  }

  private boolean settled(int partitions) {
    int total = 0;
    for (int member = 0; member < assigned.length(); member++) {
      int held = assigned.get(member);
      if (held == 0 && member < partitions) {
        return false;
      }
      total += held;
    }
    return total == partitions;
  }

  /** Polls whose completion failed (their cards stay leased). */
  long failures() {
    return failures.get();
  }

  @Override
  public void close() throws InterruptedException {
    running = false;
    for (Thread thread : threads) {
      thread.join(TimeUnit.SECONDS.toMillis(30));
    }
  }
}
