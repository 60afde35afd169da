package com.cmp.polling.benchmarks.cdc;

import com.cmp.polling.benchmarks.infra.BenchmarkKafka;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.task.TaskType;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;

/**
 * Times the stages of a bulk import: when the raw card topic, then polling.lifecycle, then the
 * carddata queues hold all of it. Returns nanoTime stamps.
 */
final class StageWatch implements AutoCloseable {

  /** nanoTime when each stage had everything. */
  record Stages(long firstRaw, long raw, long events, long queued) {}

  private final Admin admin;

  StageWatch(BenchmarkKafka kafka) {
    this.admin = kafka.admin();
  }

  long total(String topic) throws Exception {
    var partitions =
        admin
            .describeTopics(List.of(topic))
            .allTopicNames()
            .get(10, TimeUnit.SECONDS)
            .get(topic)
            .partitions()
            .stream()
            .collect(
                java.util.stream.Collectors.toMap(
                    p -> new TopicPartition(topic, p.partition()), p -> OffsetSpec.latest()));
    return admin.listOffsets(partitions).all().get(10, TimeUnit.SECONDS).values().stream()
        .mapToLong(info -> info.offset())
        .sum();
  }

  Stages await(QueueProbe probe, int count, long rawBefore, long eventsBefore, long depthBefore)
      throws Exception {
    long firstRaw = 0;
    long raw = 0;
    long events = 0;
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(10);
    while (System.nanoTime() < deadline) {
      if (raw == 0) {
        long onRaw = total(Topics.CDC_CARD_NAME);
        firstRaw = firstRaw == 0 && onRaw > rawBefore ? System.nanoTime() : firstRaw;
        raw = onRaw >= rawBefore + count ? System.nanoTime() : 0;
      }
      events =
          events == 0 ? reached(() -> total(Topics.LIFECYCLE_NAME), eventsBefore + count) : events;
      if (raw != 0 && events != 0 && probe.depth(TaskType.CARDDATA) >= depthBefore + count) {
        return new Stages(firstRaw, raw, events, System.nanoTime());
      }
      // Every 50 ms: precise enough for imports of seconds, and lighter on the machine it measures.
      TimeUnit.MILLISECONDS.sleep(50);
    }
    throw new IllegalStateException("bulk import not queued after 10 minutes");
  }

  private interface Count {
    long get() throws Exception;
  }

  private static long reached(Count count, long target) throws Exception {
    return count.get() >= target ? System.nanoTime() : 0;
  }

  @Override
  public void close() {
    admin.close();
  }
}
