package com.cmp.polling.core.queue;

import static com.cmp.polling.schemas.task.TaskType.CARDDATA;
import static com.cmp.polling.schemas.task.TaskType.REALNAME;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.testsupport.net.Ports;
import com.cmp.polling.testsupport.redis.RedisExtension;
import com.cmp.polling.testsupport.time.SettableClock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * The one reader of the shard figures on a real Redis: what monitoring reads (every shard in one
 * pipeline, a failing shard left out and named) and what back-pressure reads through the queue
 * manager (the backlog, unknown as soon as one shard fails).
 */
class QueueInspectorIT {

  @RegisterExtension static final RedisExtension redis = new RedisExtension();

  private final SettableClock clock = new SettableClock(Instant.parse("2026-11-29T12:00:00Z"));
  private final PollingQueueManager queues =
      new PollingQueueManager(redis.template(), QueueSettings.DEFAULTS, clock);
  private final QueueInspector inspector =
      new QueueInspector(redis.template(), QueueSettings.DEFAULTS);

  @BeforeEach
  void emptyRedis() {
    redis.flush();
  }

  @Test
  void figures_countEveryShard_dueOverdueAndTheOldest_leavingLeasedCardsOut() {
    Instant now = clock.instant();
    queues.requeue(1, CARDDATA, now.minusSeconds(600)); // shard 1, overdue, the oldest
    queues.requeue(17, CARDDATA, now.minusSeconds(120)); // shard 1, overdue
    queues.requeue(2, CARDDATA, now.minusSeconds(10)); // shard 2, due within the grace
    queues.requeue(3, CARDDATA, now.plusSeconds(3600)); // shard 3, scheduled
    queues.requeue(4, CARDDATA, now.minusSeconds(900)); // shard 4, then leased: not due
    queues.dequeueReady(4, CARDDATA, 10);
    queues.requeue(5, REALNAME, now.minusSeconds(5000));

    QueueReading reading = inspector.figures(CARDDATA, now, now.minusSeconds(60));

    assertThat(reading.failed()).isEmpty();
    assertThat(reading.queued()).isEqualTo(5);
    assertThat(reading.due()).isEqualTo(3);
    assertThat(reading.overdue()).isEqualTo(2);
    assertThat(reading.oldestDueAt()).isEqualTo(now.minusSeconds(600));
    assertThat(reading.shards()).hasSize(16);
    assertThat(reading.shards().get(1)).isEqualTo(new ShardFigures(2, 2, 2, now.minusSeconds(600)));
    assertThat(reading.shards().get(3)).isEqualTo(new ShardFigures(1, 0, 0, null));
    assertThat(reading.shards().get(4).due()).isZero();
    assertThat(reading.shards().get(4).queued()).isEqualTo(1);
    assertThat(queues.getBacklog(CARDDATA)).isEqualTo(new Backlog(now, 3, now.minusSeconds(600)));
    assertThat(queues.getTotalQueueDepth(CARDDATA)).isEqualTo(5);
    assertThat(queues.getOverdueCount(CARDDATA, now)).isEqualTo(3);
  }

  @Test
  void aShardOfTheWrongType_isLeftOutAndNamed_whileBackPressureTakesTheBacklogAsUnknown() {
    Instant now = clock.instant();
    queues.requeue(1, CARDDATA, now.minusSeconds(30));
    queues.requeue(2, CARDDATA, now.minusSeconds(40));
    redis.template().opsForValue().set(RedisKeys.shardQueue(5, CARDDATA), "not a queue");

    QueueReading reading = inspector.figures(CARDDATA, now, now);

    assertThat(reading.failed())
        .singleElement()
        .satisfies(
            failed -> {
              assertThat(failed.shard()).isEqualTo(5);
              assertThat(failed.error()).contains("WRONGTYPE");
            });
    assertThat(reading.shards().get(5)).isNull();
    assertThat(reading.due()).isEqualTo(2);
    assertThat(reading.oldestDueAt()).isEqualTo(now.minusSeconds(40));
    assertThat(reading.noneAnswered()).isFalse();
    assertThatThrownBy(() -> queues.getBacklog(CARDDATA))
        .isInstanceOf(PollingQueueException.class)
        .hasMessageStartingWith("backlog of carddata unknown: shards 5 (WRONGTYPE");
    // The totals of the seed's getters leave it out.
    assertThat(queues.getTotalQueueDepth(CARDDATA)).isEqualTo(2);
    assertThat(queues.getOverdueCount(CARDDATA, now)).isEqualTo(2);
  }

  @Test
  void redisUnreachable_namesEveryShard_andNoFigureReadsAsZero() {
    LettuceConnectionFactory factory = unreachable();
    try {
      StringRedisTemplate down = new StringRedisTemplate(factory);
      QueueReading reading =
          new QueueInspector(down, QueueSettings.DEFAULTS)
              .figures(CARDDATA, clock.instant(), clock.instant());

      assertThat(reading.failed()).hasSize(16);
      assertThat(reading.noneAnswered()).isTrue();
      assertThat(reading.shards()).containsOnlyNulls();
      assertThatThrownBy(
              () ->
                  new PollingQueueManager(down, QueueSettings.DEFAULTS, clock).getBacklog(REALNAME))
          .isInstanceOf(PollingQueueException.class)
          .hasMessageStartingWith("backlog of realname unknown: shards 0 (");
    } finally {
      factory.destroy();
    }
  }

  private static LettuceConnectionFactory unreachable() {
    var config = new RedisStandaloneConfiguration(redis.host(), Ports.free());
    var client =
        LettuceClientConfiguration.builder().commandTimeout(Duration.ofMillis(500)).build();
    var factory = new LettuceConnectionFactory(config, client);
    factory.afterPropertiesSet();
    factory.start();
    return factory;
  }
}
