package com.cmp.polling.benchmarks.steady;

import com.cmp.polling.benchmarks.infra.BenchmarkRedis;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.schemas.task.TaskType;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.LongFunction;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.core.RedisCallback;

/**
 * What Redis holds at the end of the run, by kind of key: the shard queues of the polled task
 * types (one shard measured exactly, times the shard count), and the per-card entries with a TTL —
 * the card cache ({@code polling:card:{id}}) and the last checks ({@code polling:checks:last:{id}})
 * — counted and sized on a random sample of card ids.
 *
 * @param usedMemory INFO used_memory
 * @param peakMemory INFO used_memory_peak
 * @param queueBytes the polled types' shard queues
 * @param sampledCards card ids probed
 * @param cacheEntries estimated card cache entries (share found × cards)
 * @param cacheEntryBytes mean MEMORY USAGE of one, 0 if none found
 * @param lastCheckEntries estimated last-check entries
 * @param lastCheckEntryBytes mean MEMORY USAGE of one
 */
record CacheFigures(
    long usedMemory,
    long peakMemory,
    long queueBytes,
    int sampledCards,
    long cacheEntries,
    double cacheEntryBytes,
    long lastCheckEntries,
    double lastCheckEntryBytes) {

  private static final int SAMPLE = 20_000;
  private static final int SHARDS = 16;
  private static final List<TaskType> POLLED =
      List.of(TaskType.REALNAME, TaskType.CARDDATA, TaskType.PACKAGE);

  static CacheFigures read(BenchmarkRedis redis, int cards) {
    Properties memory = redis.info("memory");
    long queues = 0;
    for (TaskType type : POLLED) {
      queues += SHARDS * memoryUsage(redis, RedisKeys.shardQueue(0, type), true);
    }
    long[] ids = ThreadLocalRandom.current().longs(SAMPLE, 1, cards + 1L).toArray();
    double[] cache = probe(redis, ids, RedisKeys::cardCache);
    double[] lastChecks = probe(redis, ids, RedisKeys::lastChecks);
    return new CacheFigures(
        Long.parseLong(memory.getProperty("used_memory")),
        Long.parseLong(memory.getProperty("used_memory_peak")),
        queues,
        SAMPLE,
        Math.round(cache[0] / SAMPLE * cards),
        cache[1],
        Math.round(lastChecks[0] / SAMPLE * cards),
        lastChecks[1]);
  }

  /** How many of the ids have a key, and the mean size of those keys. */
  private static double[] probe(BenchmarkRedis redis, long[] ids, LongFunction<String> key) {
    long found = 0;
    long bytes = 0;
    for (long id : ids) {
      long size = memoryUsage(redis, key.apply(id), false);
      if (size > 0) {
        found++;
        bytes += size;
      }
    }
    return new double[] {found, found == 0 ? 0 : (double) bytes / found};
  }

  /** MEMORY USAGE of the key (exactly, every element counted, when asked), 0 when absent. */
  private static long memoryUsage(BenchmarkRedis redis, String key, boolean exact) {
    byte[][] arguments =
        exact
            ? new byte[][] {bytes("USAGE"), bytes(key), bytes("SAMPLES"), bytes("0")}
            : new byte[][] {bytes("USAGE"), bytes(key)};
    Object answer =
        redis.template().execute((RedisCallback<Object>) c -> execute(c, arguments));
    return answer instanceof Number number ? number.longValue() : 0;
  }

  private static Object execute(RedisConnection connection, byte[][] arguments) {
    return connection.execute("MEMORY", arguments);
  }

  private static byte[] bytes(String value) {
    return value.getBytes(StandardCharsets.UTF_8);
  }
}
