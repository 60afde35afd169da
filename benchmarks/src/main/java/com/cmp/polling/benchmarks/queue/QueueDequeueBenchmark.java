package com.cmp.polling.benchmarks.queue;

import static com.cmp.polling.benchmarks.Report.number;

import com.cmp.polling.benchmarks.BenchmarkCommand.Options;
import com.cmp.polling.benchmarks.Report;
import com.cmp.polling.benchmarks.infra.BenchmarkRedis;
import com.cmp.polling.benchmarks.infra.RedisBenchmarkTool;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.queue.QueueSettings;
import com.cmp.polling.core.queue.ScheduledCheck;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.schemas.task.TaskType;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Dequeue throughput on 16 shard queues holding {@code --cards} due cards (default 1.6 M): our
 * lease, the seed's Lua fix and the seed's original two-step, each with 1, 2 and 4 concurrent
 * dequeuers, counting cards handed out twice and cards lost. Plus the pipelined fill rate, the
 * memory per queued card and redis-benchmark's figure for the bare lease script.
 */
public final class QueueDequeueBenchmark {

  private static final Logger log = LoggerFactory.getLogger(QueueDequeueBenchmark.class);
  private static final TaskType TYPE = TaskType.CARDDATA;
  private static final int SHARDS = 16;
  private static final int BATCH = 1000;

  private final int cards;
  private final List<Integer> workerCounts;
  private final int redisPort;

  public QueueDequeueBenchmark(Options options) {
    this.cards = options.integer("cards", 1_600_000);
    this.workerCounts = options.integers("workers", List.of(1, 2, 4));
    this.redisPort = options.integer("redis-port", 0);
  }

  public void run(Report report) throws Exception {
    try (BenchmarkRedis redis = BenchmarkRedis.start(redisPort)) {
      var queues =
          new PollingQueueManager(redis.template(), QueueSettings.DEFAULTS, Clock.systemUTC());
      report.heading("Queue dequeue: " + number(cards) + " due cards over " + SHARDS + " shards");
      report.paragraph("Redis: " + redis.describe() + ". Batch " + BATCH + " cards per call.");

      List<List<String>> rows = new ArrayList<>();
      Fill lastFill = null;
      for (DequeueStrategy strategy :
          List.of(
              DequeueStrategy.lease(queues, TYPE),
              DequeueStrategy.atomicRemove(redis.template(), TYPE),
              DequeueStrategy.twoStep(redis.template(), TYPE))) {
        for (int workers : workerCounts) {
          lastFill = fill(redis, queues);
          Outcome outcome = drain(strategy, workers);
          log.info("{} x{}: {}", strategy.name(), workers, outcome);
          rows.add(
              List.of(
                  strategy.name(),
                  Integer.toString(workers),
                  number(outcome.cardsPerSecond()),
                  number(outcome.duplicates()),
                  number(outcome.lost())));
        }
      }
      report.table(List.of("dequeue", "dequeuers", "cards/s", "handed out twice", "lost"), rows);
      report.paragraph(
          "Fill (PollingQueueManager.requeueAll, pipelined, 100 000 cards per call): "
              + number(lastFill.cardsPerSecond())
              + " cards/s. Redis memory per queued card: "
              + number(lastFill.bytesPerCard())
              + " bytes.");
      ceiling(redis, report);
    }
  }

  private Fill fill(BenchmarkRedis redis, PollingQueueManager queues) {
    redis.flushAll();
    long memoryBefore = redis.usedMemory();
    Instant now = Instant.now();
    int perShard = cards / SHARDS;
    long started = System.nanoTime();
    List<ScheduledCheck> batch = new ArrayList<>(100_000);
    for (int n = 1; n <= perShard; n++) {
      for (int shard = 0; shard < SHARDS; shard++) {
        batch.add(
            new ScheduledCheck((long) n * SHARDS + shard, TYPE, now.minusSeconds(1 + n % 3600)));
      }
      if (batch.size() >= 100_000) {
        queues.requeueAll(batch);
        batch.clear();
      }
    }
    queues.requeueAll(batch);
    double seconds = (System.nanoTime() - started) / 1e9;
    long total = (long) perShard * SHARDS;
    return new Fill(total / seconds, (redis.usedMemory() - memoryBefore) / (double) total);
  }

  private Outcome drain(DequeueStrategy strategy, int workers) throws Exception {
    int perShard = cards / SHARDS;
    AtomicIntegerArray handedOut = new AtomicIntegerArray((perShard + 1) * SHARDS);
    ExecutorService pool = Executors.newFixedThreadPool(workers);
    long started = System.nanoTime();
    List<Future<Long>> results = new ArrayList<>();
    for (int w = 0; w < workers; w++) {
      int firstShard = w * SHARDS / workers;
      results.add(pool.submit(() -> drainFrom(strategy, firstShard, handedOut)));
    }
    long total = 0;
    for (Future<Long> result : results) {
      total += result.get();
    }
    double seconds = (System.nanoTime() - started) / 1e9;
    pool.shutdown();
    long distinct = 0;
    for (int i = 0; i < handedOut.length(); i++) {
      distinct += handedOut.get(i) > 0 ? 1 : 0;
    }
    return new Outcome(total / seconds, total - distinct, (long) perShard * SHARDS - distinct);
  }

  /** Round-robin over all shards until a whole round finds nothing due. */
  private static long drainFrom(DequeueStrategy strategy, int shard, AtomicIntegerArray handedOut) {
    long taken = 0;
    int idleShards = 0;
    while (idleShards < SHARDS) {
      List<Long> ids = strategy.dequeue(shard, BATCH);
      if (ids.isEmpty()) {
        idleShards++;
      } else {
        idleShards = 0;
        ids.forEach(id -> handedOut.incrementAndGet(id.intValue()));
        taken += ids.size();
      }
      shard = (shard + 1) % SHARDS;
    }
    return taken;
  }

  private void ceiling(BenchmarkRedis redis, Report report) throws IOException {
    redis.flushAll();
    String key = "polling:bench:ceiling";
    List<ScheduledCheck> members = new ArrayList<>();
    Instant now = Instant.now();
    for (long id = 1; id <= 100_000; id++) {
      members.add(new ScheduledCheck(id * SHARDS, TYPE, now.minusSeconds(1 + id % 3600)));
    }
    new PollingQueueManager(redis.template(), QueueSettings.DEFAULTS, Clock.systemUTC())
        .requeueAll(members);
    redis.template().rename(RedisKeys.shardQueue(0, TYPE), key);
    // "now" in the far future: leased cards stay due, so every call does the full work of a
    // drain (same score formats, same moves to the end of the set).
    String deadline =
        java.math.BigDecimal.valueOf(now.plusSeconds(300).toEpochMilli(), 3).toPlainString();
    var rps =
        RedisBenchmarkTool.requestsPerSecond(
            redis.port(),
            4,
            3000,
            List.of(
                "EVAL", leaseScript(), "1", key, "9999999999", Integer.toString(BATCH), deadline));
    report.paragraph(
        rps.map(
                r ->
                    "Ceiling: redis-benchmark running the bare lease script on the same server"
                        + " (4 clients, "
                        + BATCH
                        + " cards per call): "
                        + number(r * BATCH)
                        + " cards/s.")
            .orElse("Ceiling: not measured (redis-benchmark is not on the PATH)."));
  }

  private static String leaseScript() throws IOException {
    try (InputStream in =
        PollingQueueManager.class.getResourceAsStream("scripts/lease_due_cards.lua")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private record Fill(double cardsPerSecond, double bytesPerCard) {}

  private record Outcome(double cardsPerSecond, long duplicates, long lost) {}
}
