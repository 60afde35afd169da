package com.cmp.polling.benchmarks.libs;

import com.cmp.polling.benchmarks.infra.BenchmarkRedis;
import com.cmp.polling.core.lock.HeldLock;
import com.cmp.polling.core.lock.OperationLocks;
import com.cmp.polling.core.redis.LuaScripts;
import com.cmp.polling.core.redis.RedisKeys;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
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
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.springframework.data.redis.core.script.RedisScript;
import org.springframework.integration.redis.util.RedisLockRegistry;

/**
 * JMH: a device's stop/resume lock taken and released through Redis, by our {@link OperationLocks}
 * (SET NX PX, then a Lua compare-and-delete) against Spring Integration's {@link RedisLockRegistry}
 * (its Lua take and release, behind an in-process lock per key). Each operation takes and releases
 * the lock of one of 1,024 devices, in turn, as a stop of one card does.
 *
 * <p>Run: see docs/benchmarks.md, "Hand-written pieces against libraries".
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgs = "-Xmx512m")
@Threads(1)
public class OperationLockBenchmark {

  private static final int DEVICES = 1024;
  private static final Duration TTL = Duration.ofSeconds(30);
  private static final RedisScript<Long> RELEASE =
      LuaScripts.load("com/cmp/polling/benchmarks/libs/release_lock.lua", Long.class);

  private BenchmarkRedis redis;
  private OperationLocks ours;
  private RedisLockRegistry registry;
  private int next;

  @Setup
  public void start() throws IOException {
    redis = BenchmarkRedis.start(0);
    ours = new OperationLocks(redis.template(), Clock.systemUTC());
    registry =
        new RedisLockRegistry(redis.template().getConnectionFactory(), "polling:registry", TTL);
  }

  @TearDown
  public void stop() {
    registry.destroy();
    redis.close();
  }

  private long nextDevice() {
    next = (next + 1) % DEVICES;
    return next;
  }

  @Benchmark
  public boolean handWritten() {
    String key = RedisKeys.deviceOperationLock(nextDevice());
    String token = UUID.randomUUID().toString();
    if (!Boolean.TRUE.equals(redis.template().opsForValue().setIfAbsent(key, token, TTL))) {
      throw new IllegalStateException("a free lock was refused");
    }
    Long released = redis.template().execute(RELEASE, List.of(key), token);
    return released != null && released == 1;
  }

  @Benchmark
  public boolean operationLocks() {
    try (HeldLock lock =
        ours.tryAcquire(RedisKeys.deviceOperationLock(nextDevice()), TTL).orElseThrow()) {
      return lock.key() != null;
    }
  }

  @Benchmark
  public boolean redisLockRegistry() {
    Lock lock = registry.obtain(RedisKeys.deviceOperationLock(nextDevice()));
    if (!lock.tryLock()) {
      throw new IllegalStateException("a free lock was refused");
    }
    lock.unlock();
    return true;
  }
}
