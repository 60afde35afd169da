package com.cmp.polling.benchmarks.cdc;

import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;

/** Makes one change at a time and watches Redis (every 0.5 ms) until the queue shows it. */
final class QueueProbe {

  private static final AtomicLong ICCID = new AtomicLong(1);

  private final PollingQueueManager queues;
  private final StringRedisTemplate redis;
  private long lastInsertMillis;

  QueueProbe(PollingQueueManager queues, StringRedisTemplate redis) {
    this.queues = queues;
    this.redis = redis;
  }

  void warmUp(JdbcClient jdbc, int count) throws InterruptedException {
    insertLatencies(jdbc, count);
  }

  List<Long> insertLatencies(JdbcClient jdbc, int count) throws InterruptedException {
    List<Long> nanos = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      long committed = System.nanoTime();
      long card = insertCard(jdbc);
      while (!queues.isQueued(card, TaskType.CARDDATA)) {
        pause();
      }
      nanos.add(System.nanoTime() - committed);
    }
    return nanos;
  }

  /** Stops a fresh card each time: the listener requeues it for a check now. */
  List<Long> statusChangeLatencies(JdbcClient jdbc, int count) throws InterruptedException {
    List<Long> cards = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      cards.add(insertCard(jdbc));
    }
    for (long card : cards) {
      while (!queues.isQueued(card, TaskType.REALNAME)) {
        pause();
      }
    }
    List<Long> nanos = new ArrayList<>(count);
    for (long card : cards) {
      long committed = System.nanoTime();
      jdbc.sql("UPDATE tb_iot_card SET network_status = 0, stop_reason = 'manual' WHERE id = ?")
          .param(card)
          .update();
      Instant changedBy = Instant.now().plusSeconds(1);
      while (!dueBefore(card, changedBy)) {
        pause();
      }
      nanos.add(System.nanoTime() - committed);
    }
    return nanos;
  }

  private boolean dueBefore(long card, Instant limit) {
    Double score =
        redis
            .opsForZSet()
            .score(
                RedisKeys.shardQueue(queues.shardOf(card), TaskType.REALNAME), Long.toString(card));
    return score != null && score * 1000 < limit.toEpochMilli();
  }

  /**
   * @return System.nanoTime() right after the commit
   */
  long bulkInsert(JdbcClient jdbc, int count) {
    long start = System.nanoTime();
    jdbc.sql(
            """
            INSERT INTO tb_iot_card (iccid, carrier_id, carrier_type, real_name_status)
            SELECT '8988' || lpad((? + g)::text, 16, '0'), 1, 'CMCC', 1
            FROM generate_series(1, ?) g
            """)
        .params(ICCID.getAndAdd(count), count)
        .update();
    long committed = System.nanoTime();
    lastInsertMillis = TimeUnit.NANOSECONDS.toMillis(committed - start);
    return committed;
  }

  long depth(TaskType type) {
    return queues.getTotalQueueDepth(type);
  }

  /** System.nanoTime() when the depth reached {@code target}. */
  long awaitDepth(TaskType type, long target, int timeoutSeconds) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
    while (System.nanoTime() < deadline) {
      if (depth(type) >= target) {
        return System.nanoTime();
      }
      TimeUnit.MILLISECONDS.sleep(20);
    }
    throw new IllegalStateException(type.code() + " queue depth did not reach " + target);
  }

  long lastInsertMillis() {
    return lastInsertMillis;
  }

  private static long insertCard(JdbcClient jdbc) {
    var keys = new GeneratedKeyHolder();
    jdbc.sql(
            "INSERT INTO tb_iot_card (iccid, carrier_id, carrier_type, real_name_status)"
                + " VALUES (?, 1, 'CMCC', 1)")
        .param("8989" + String.format("%016d", ICCID.getAndIncrement()))
        .update(keys, "id");
    return keys.getKeyAs(Long.class);
  }

  private static void pause() throws InterruptedException {
    TimeUnit.MICROSECONDS.sleep(500);
  }
}
