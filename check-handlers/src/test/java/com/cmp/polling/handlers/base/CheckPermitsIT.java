package com.cmp.polling.handlers.base;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.handlers.config.HandlersProperties;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.util.unit.DataSize;

/** The shared per-type permits on a real Redis: taken one or many at a time, given back. */
class CheckPermitsIT {

  @RegisterExtension static final RedisExtension redis = new RedisExtension();

  // 10 checks of a type at once; a check waits 200 ms for a permit.
  private final HandlersProperties settings = settings(Duration.ofMinutes(10));
  private final CheckPermits permits = new CheckPermits(redis.template(), settings);
  // Another instance: the permits are shared through Redis, not through this object.
  private final CheckPermits otherInstance = new CheckPermits(redis.template(), settings);

  @BeforeEach
  void noPermitsTaken() {
    redis.template().delete(RedisKeys.concurrency(TaskType.CARDDATA));
  }

  @Test
  void acquireUpTo_takesWhatIsFree_acrossInstances_andClosingGivesAllBack() {
    CheckPermits.Permit seven = permits.acquireUpTo(TaskType.CARDDATA, 7);
    CheckPermits.Permit rest = otherInstance.acquireUpTo(TaskType.CARDDATA, 500);
    CheckPermits.Permit none = permits.acquireUpTo(TaskType.CARDDATA, 1);

    assertThat(seven.count()).isEqualTo(7);
    assertThat(rest.count()).as("only 3 of 10 were still free").isEqualTo(3);
    assertThat(none.count()).isZero();
    assertThat(held()).isEqualTo(10);
    // Another task type has its own permits.
    assertThat(permits.acquireUpTo(TaskType.REALNAME, 4).count()).isEqualTo(4);

    seven.close();
    none.close();

    assertThat(held()).isEqualTo(3);
    CheckPermits.Permit again = permits.acquireUpTo(TaskType.CARDDATA, 20);
    assertThat(again.count()).isEqualTo(7);
    again.close();
    rest.close();
    assertThat(held()).isZero();
  }

  @Test
  void acquireUpTo_aSinglePermit_waitsForOneToBeGivenBack() throws Exception {
    CheckPermits.Permit all = permits.acquireUpTo(TaskType.CARDDATA, 10);
    assertThat(permits.acquireUpTo(TaskType.CARDDATA, 1).count()).isZero();

    // Given back a moment after the next acquire has started waiting.
    CompletableFuture<Void> giveBack =
        CompletableFuture.runAsync(
            all::close, CompletableFuture.delayedExecutor(50, TimeUnit.MILLISECONDS));
    var one = permits.acquireUpTo(TaskType.CARDDATA, 1);
    giveBack.get(5, TimeUnit.SECONDS);

    assertThat(one.count()).isEqualTo(1);
    one.close();
    assertThat(held()).isZero();
  }

  @Test
  void unsharedPermits_allowTheirCount_withoutTakingOrGivingBackAnySharedOne() {
    CheckPermits.Permit all = permits.acquireUpTo(TaskType.CARDDATA, 10);

    CheckPermits.Permit manual = permits.unshared(TaskType.CARDDATA, 8);
    assertThat(manual.count()).isEqualTo(8);
    manual.close();

    assertThat(held()).as("the shared permits are still all held").isEqualTo(10);
    all.close();
    assertThat(held()).isZero();
  }

  @Test
  void aPermitWhoseHolderDied_expires() {
    var shortLived = new CheckPermits(redis.template(), settings(Duration.ofMillis(50)));
    assertThat(shortLived.acquireUpTo(TaskType.CARDDATA, 10).count()).isEqualTo(10);

    // Never closed; after 50 ms the permits are free again.
    assertThat(permits.acquireUpTo(TaskType.CARDDATA, 10).count()).isEqualTo(10);
  }

  private long held() {
    Long size = redis.template().opsForZSet().zCard(RedisKeys.concurrency(TaskType.CARDDATA));
    return size == null ? 0 : size;
  }

  /** 10 checks of a type at once, 200 ms of wait for a permit, permits living {@code ttl}. */
  private static HandlersProperties settings(Duration ttl) {
    return new HandlersProperties(
        null,
        null,
        DataSize.ofKilobytes(16),
        Duration.ofMillis(100),
        Duration.ofSeconds(1),
        64,
        10,
        Duration.ofMillis(200),
        ttl,
        Duration.ofSeconds(60),
        Duration.ofSeconds(1),
        8,
        Duration.ofSeconds(5),
        true,
        null,
        new HandlersProperties.UsageSamples(Duration.ofDays(7), 2, Duration.ofHours(1)));
  }
}
