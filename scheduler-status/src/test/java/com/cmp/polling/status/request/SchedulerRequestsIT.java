package com.cmp.polling.status.request;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.status.request.RequestAnswer.Outcome;
import com.cmp.polling.testsupport.redis.RedisExtension;
import com.cmp.polling.testsupport.time.SettableClock;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The operator's requests to the schedulers through Redis: each is taken by one instance, whose
 * answer reaches the asker; nobody taking it, or nobody answering, is an error naming which; a
 * request found after its asker gave up is never run.
 */
class SchedulerRequestsIT {

  @RegisterExtension static final RedisExtension redis = new RedisExtension();

  private static final Duration TAKE = Duration.ofSeconds(5);
  private static final Duration START = Duration.ofSeconds(5);

  private final SchedulerRequests operator =
      new SchedulerRequests(redis.template(), Clock.systemUTC());

  @BeforeEach
  void emptyRedis() {
    redis.flush();
  }

  @Test
  void aRequestTakenByOneOfTwoSchedulers_bringsItsAnswerBack_andTheOtherGetsNothing()
      throws Exception {
    SchedulerRequests first = new SchedulerRequests(redis.template(), Clock.systemUTC());
    SchedulerRequests second = new SchedulerRequests(redis.template(), Clock.systemUTC());
    CompletableFuture<RequestAnswer> asked =
        CompletableFuture.supplyAsync(
            () -> operator.ask(RequestKind.REBUILD, "the admin API (10.0.0.1)", TAKE, START));

    SchedulerRequest taken =
        await().atMost(Duration.ofSeconds(5)).until(first::next, Optional::isPresent).orElseThrow();
    assertThat(taken.kind()).isEqualTo(RequestKind.REBUILD);
    assertThat(taken.requestedBy()).isEqualTo("the admin API (10.0.0.1)");
    assertThat(second.next()).isEmpty();
    Instant started = Instant.parse("2026-01-01T00:00:00Z");
    first.answer(taken, new RequestAnswer(Outcome.STARTED, "1@host", started, 1000L, null, null));

    assertThat(asked.get(10, TimeUnit.SECONDS))
        .isEqualTo(new RequestAnswer(Outcome.STARTED, "1@host", started, 1000L, null, null));
    assertThat(redis.template().hasKey(RedisKeys.schedulerAnswer(taken.id()))).isFalse();
  }

  @Test
  void aRequestNobodyTakes_failsNamingIt_andIsWithdrawn_soNoSchedulerRunsItLater() {
    assertThatThrownBy(
            () -> operator.ask(RequestKind.RECONCILE, "the console", Duration.ofSeconds(1), START))
        .isInstanceOf(NoSchedulerAnswerException.class)
        .hasMessage(
            "no scheduler instance took the reconcile request within 1 s: is one running against"
                + " this Redis?");

    assertThat(redis.template().opsForList().size(RedisKeys.SCHEDULER_REQUESTS)).isZero();
  }

  @Test
  void aRequestTakenButNeverAnswered_failsSayingSo() throws Exception {
    SchedulerRequests scheduler = new SchedulerRequests(redis.template(), Clock.systemUTC());
    CompletableFuture<RequestAnswer> asked =
        CompletableFuture.supplyAsync(
            () ->
                operator.ask(
                    RequestKind.RECONCILE,
                    "the console",
                    Duration.ofSeconds(1),
                    Duration.ofSeconds(1)));

    await().atMost(Duration.ofSeconds(5)).until(scheduler::next, Optional::isPresent);

    assertThat(asked)
        .failsWithin(Duration.ofSeconds(10))
        .withThrowableOfType(java.util.concurrent.ExecutionException.class)
        .havingCause()
        .isInstanceOf(NoSchedulerAnswerException.class)
        .withMessage(
            "a scheduler instance took the reconcile request but did not say within 1 s whether"
                + " it started; see its log");
  }

  @Test
  void aRequestFoundAfterItsExpiry_isDropped_andTheNextOneIsTaken() {
    SettableClock clock = SettableClock.atNow();
    push("gone", clock.instant().minusSeconds(1));
    push("waiting", clock.instant().plusSeconds(30));
    SchedulerRequests scheduler = new SchedulerRequests(redis.template(), clock);

    Optional<SchedulerRequest> expired = scheduler.next();
    Optional<SchedulerRequest> current = scheduler.next();

    assertThat(expired).isEmpty();
    assertThat(current).map(SchedulerRequest::id).contains("waiting");
    assertThat(redis.template().opsForList().size(RedisKeys.SCHEDULER_REQUESTS)).isZero();
  }

  /** A request as an operator pushes it (the oldest is taken first). */
  private static void push(String id, Instant expiresAt) {
    redis
        .template()
        .opsForList()
        .leftPush(
            RedisKeys.SCHEDULER_REQUESTS,
            "{\"id\":\""
                + id
                + "\",\"kind\":\"rebuild\",\"requestedBy\":\"someone\",\"expiresAt\":\""
                + expiresAt
                + "\"}");
  }
}
