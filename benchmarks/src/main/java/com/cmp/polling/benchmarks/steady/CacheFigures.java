package com.cmp.polling.benchmarks.steady;

import com.cmp.polling.benchmarks.infra.BenchmarkRedis;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.schemas.task.TaskType;
import io.lettuce.core.api.async.BaseRedisAsyncCommands;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.output.IntegerOutput;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.CommandType;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.LongFunction;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.core.RedisCallback;

/**
 * What Redis holds at the end of the run, by kind of key: the shard queues of the polled task types
 * (one shard measured exactly, times the shard count), and the per-card entries with a TTL, the
 * last checks ({@code polling:checks:last:{id}}), counted and sized on a random sample of card ids.
 * (The card cache these figures once sized was removed after a run of this benchmark showed that
 * hardly any card read hit it.)
 *
 * @param usedMemory INFO used_memory
 * @param peakMemory INFO used_memory_peak
 * @param queueBytes the polled types' shard queues
 * @param sampledCards card ids probed
 * @param lastCheckEntries estimated last-check entries
 * @param lastCheckEntryBytes mean MEMORY USAGE of one
 */
record CacheFigures(
    long usedMemory,
    long peakMemory,
    long queueBytes,
    int sampledCards,
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
    double[] lastChecks = probe(redis, ids, RedisKeys::lastChecks);
    return new CacheFigures(
        Long.parseLong(memory.getProperty("used_memory")),
        Long.parseLong(memory.getProperty("used_memory_peak")),
        queues,
        SAMPLE,
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
    Long answer = redis.template().execute((RedisCallback<Long>) c -> memoryUsage(c, key, exact));
    return answer == null ? 0 : answer;
  }

  /**
   * Sent through Lettuce itself: Spring's {@code execute} reads every reply as bytes and cannot
   * take MEMORY USAGE's integer.
   */
  @SuppressWarnings("unchecked")
  private static Long memoryUsage(RedisConnection connection, String key, boolean exact) {
    CommandArgs<byte[], byte[]> arguments =
        new CommandArgs<>(ByteArrayCodec.INSTANCE).add("USAGE").addKey(bytes(key));
    if (exact) {
      arguments.add("SAMPLES").add(0);
    }
    var lettuce = (BaseRedisAsyncCommands<byte[], byte[]>) connection.getNativeConnection();
    try {
      return lettuce
          .dispatch(CommandType.MEMORY, new IntegerOutput<>(ByteArrayCodec.INSTANCE), arguments)
          .get(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted reading MEMORY USAGE " + key, e);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("MEMORY USAGE " + key + " failed", e);
    }
  }

  private static byte[] bytes(String value) {
    return value.getBytes(StandardCharsets.UTF_8);
  }
}
