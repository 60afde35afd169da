package com.cmp.polling.benchmarks.libs;

import com.cmp.polling.benchmarks.infra.BenchmarkRedis;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.stopresume.gateway.CarrierRateLimiter;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.distributed.BucketProxy;
import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.redis.lettuce.Bucket4jLettuce;
import io.lettuce.core.RedisClient;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * JMH: one slot of a carrier's rate limit taken through Redis, by our {@link CarrierRateLimiter}
 * (one Lua call) against Bucket4j's Lettuce backend (compare-and-swap) with the same evenly spaced
 * limit and the same longest wait. The limit (1,000,000 calls/s) is far above what one JVM asks
 * for, so nobody ever waits: the figure is the cost of asking. Run with {@code -t 1} and {@code -t
 * 4} (threads taking slots of the one carrier at once), against a fresh embedded redis-server.
 *
 * <p>Run: see docs/benchmarks.md, "Hand-written pieces against libraries".
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgs = "-Xmx512m")
public class CarrierRateLimitBenchmark {

  private static final long CARRIER = 1;
  private static final int PER_SECOND = 1_000_000;
  private static final Duration MAX_WAIT = Duration.ofSeconds(1);

  private BenchmarkRedis redis;
  private RedisClient lettuce;
  private CarrierRateLimiter ours;
  private BucketProxy bucket;

  @Setup
  public void start() throws IOException {
    redis = BenchmarkRedis.start(0);
    ours = new CarrierRateLimiter(redis.template(), Map.of(CARRIER, PER_SECOND), null, MAX_WAIT);
    lettuce = RedisClient.create("redis://127.0.0.1:" + redis.port());
    BucketConfiguration evenlySpaced =
        BucketConfiguration.builder()
            .addLimit(limit -> limit.capacity(1).refillGreedy(PER_SECOND, Duration.ofSeconds(1)))
            .build();
    bucket =
        Bucket4jLettuce.casBasedBuilder(lettuce)
            .expirationAfterWrite(
                ExpirationAfterWriteStrategy.basedOnTimeForRefillingBucketUpToMax(
                    Duration.ofSeconds(10)))
            .build()
            .builder()
            .build(
                (RedisKeys.carrierRateLimit(CARRIER) + ":bucket4j")
                    .getBytes(StandardCharsets.UTF_8),
                () -> evenlySpaced);
  }

  @TearDown
  public void stop() {
    lettuce.shutdown();
    redis.close();
  }

  @Benchmark
  public void ourLuaScript() {
    ours.acquire(CARRIER, "benchmark");
  }

  @Benchmark
  public boolean bucket4jLettuce() throws InterruptedException {
    return bucket.asBlocking().tryConsume(1, MAX_WAIT);
  }
}
