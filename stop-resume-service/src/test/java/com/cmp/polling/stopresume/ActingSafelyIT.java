package com.cmp.polling.stopresume;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.stopresumelog.AttemptResult;
import com.cmp.polling.core.stopresumelog.StopResumeLogEntry;
import com.cmp.polling.schemas.action.ActionTrigger;
import com.cmp.polling.schemas.action.CardActionType;
import com.cmp.polling.schemas.action.StopReason;
import com.cmp.polling.simulator.behaviour.Behaviour;
import com.cmp.polling.stopresume.Evaluation.Outcome;
import com.cmp.polling.stopresume.action.ActionResult;
import com.cmp.polling.testsupport.data.TestData;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Retries, the attempt log (the outbox of the card actions), locks against duplicate calls,
 * metrics.
 */
class ActingSafelyIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();

  static StopResumeRig rig;
  static TestData data;

  @BeforeAll
  static void startRig() {
    rig = new StopResumeRig(postgres, redis);
    data = postgres.data();
  }

  @AfterAll
  static void stopRig() {
    rig.close();
  }

  @Test
  void threeCardsOfOneDevice_evaluatedAtOnce_eachGetExactlyOneStopCall() throws Exception {
    long device = data.device().insert();
    List<Long> cards =
        List.of(
            data.card().device(device).insert(),
            data.card().device(device).insert(),
            data.card().device(device).insert());

    List<Evaluation> evaluations = runConcurrentlyOnASlowGateway(cards);

    for (long card : cards) {
      assertThat(rig.card(card).stopReason()).isEqualTo("no_package");
      assertThat(rig.stopCalls(card)).as("stop calls of card %d", card).isEqualTo(1);
    }
    // The lock did the work: the others found it taken while the first one was acting.
    assertThat(evaluations).extracting(Evaluation::outcome).contains(Outcome.BUSY);
  }

  @Test
  void oneCard_evaluatedByThreeThreadsAtOnce_getsOneStopCall() throws Exception {
    long card = data.card().insert();

    List<Evaluation> evaluations = runConcurrentlyOnASlowGateway(List.of(card, card, card));

    assertThat(rig.card(card).stopReason()).isEqualTo("no_package");
    assertThat(rig.stopCalls(card)).isEqualTo(1);
    assertThat(evaluations).extracting(Evaluation::outcome).contains(Outcome.BUSY);
  }

  @Test
  void deviceStop_whereOneCardFails_stillStopsTheOthers_andNamesTheFailedCard() {
    long device = data.device().insert();
    long failing = data.card().device(device).insert();
    long first = data.card().device(device).insert();
    long second = data.card().device(device).insert();
    rig.carrier.failNext(rig.card(failing).iccid(), 3, 503);

    assertThatThrownBy(() -> rig.service.evaluateAndAct(first))
        .isInstanceOf(CarrierActionFailedException.class)
        .hasMessageContaining("stop card " + failing + " (no_package) failed after 3 attempt(s)")
        .satisfies(
            e ->
                assertThat(((CarrierActionFailedException) e).failures())
                    .extracting(ActionResult::cardId)
                    .containsExactly(failing));

    assertThat(rig.card(failing).isOnline()).isTrue();
    assertThat(rig.card(first).stopReason()).isEqualTo("no_package");
    assertThat(rig.card(second).stopReason()).isEqualTo("no_package");
  }

  @Test
  void databaseRefusingTheUpdate_afterTheCarrierStopped_isARetryableFailure() {
    long card = data.card().insert();
    StopResumeRig.failNextUpdateOf(postgres, card);

    assertThatThrownBy(() -> rig.service.evaluateAndAct(card))
        .isInstanceOf(CarrierActionFailedException.class)
        .hasMessageContaining("the carrier confirmed the stop but the database did not record it")
        .satisfies(e -> assertThat(((CarrierActionFailedException) e).isRetryable()).isTrue());

    assertThat(rig.stopCalls(card)).isEqualTo(1);
    assertThat(rig.card(card).isOnline()).isTrue();
  }

  @Test
  void resume_thatFailsTwice_succeedsOnTheThirdAttempt_withOneSuccessRow() {
    long card = data.card().stopped("no_package").insert();
    data.packageOfCard(card).status(1).insert();
    rig.carrier.failNext(rig.card(card).iccid(), 2, 502);

    assertThat(rig.service.evaluateAndAct(card).outcome()).isEqualTo(Outcome.RESUMED);

    assertThat(rig.startCalls(card)).isEqualTo(3);
    assertThat(rig.attemptsOf(card))
        .extracting(StopResumeLogEntry::action, StopResumeLogEntry::result)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(CardActionType.RESUME, AttemptResult.ERROR),
            org.assertj.core.groups.Tuple.tuple(CardActionType.RESUME, AttemptResult.ERROR),
            org.assertj.core.groups.Tuple.tuple(CardActionType.RESUME, AttemptResult.SUCCESS));
    // The success row is what polling.card.actions is derived from: the lifted reason, 3 attempts.
    assertThat(successRowsOf(card))
        .singleElement()
        .satisfies(
            row -> {
              assertThat(row.reason()).isEqualTo(StopReason.NO_PACKAGE);
              assertThat(row.attempt()).isEqualTo(3);
            });
  }

  @Test
  void twoFailures_thenSuccess_onTheThirdAttempt_withThreeLogRows() {
    long card = data.card().insert();
    rig.carrier.failNext(rig.card(card).iccid(), 2, 503);

    rig.service.evaluateAndAct(card);

    assertThat(rig.card(card).stopReason()).isEqualTo("no_package");
    assertThat(rig.stopCalls(card)).isEqualTo(3);
    assertThat(rig.attemptsOf(card))
        .extracting(StopResumeLogEntry::attempt, StopResumeLogEntry::result)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(1, AttemptResult.ERROR),
            org.assertj.core.groups.Tuple.tuple(2, AttemptResult.ERROR),
            org.assertj.core.groups.Tuple.tuple(3, AttemptResult.SUCCESS));
    assertThat(rig.attemptsOf(card).get(0).error()).contains("HTTP 503");
    assertThat(rig.attemptsOf(card))
        .allSatisfy(
            e -> {
              assertThat(e.action()).isEqualTo(CardActionType.STOP);
              assertThat(e.reason()).isEqualTo(StopReason.NO_PACKAGE);
              assertThat(e.trigger()).isEqualTo(ActionTrigger.EVALUATION);
            });
  }

  @Test
  void threeFailures_leaveTheCardAsItWas_withAFailedRow_andAClearError() {
    long card = data.card().insert();
    double failedBefore =
        rig.counter(
            "polling.stopresume.actions",
            "action",
            "stop",
            "reason",
            "no_package",
            "result",
            "failed");
    rig.carrier.failNext(rig.card(card).iccid(), 3, 503);

    assertThatThrownBy(() -> rig.service.evaluateAndAct(card))
        .isInstanceOf(CarrierActionFailedException.class)
        .hasMessageContaining("stop card " + card + " (no_package) failed after 3 attempt(s)")
        .satisfies(e -> assertThat(((CarrierActionFailedException) e).isRetryable()).isTrue());

    Card unchanged = rig.card(card);
    assertThat(unchanged.isOnline()).isTrue();
    assertThat(unchanged.stopReason()).isNull();
    assertThat(rig.attemptsOf(card))
        .extracting(StopResumeLogEntry::result)
        .containsExactly(AttemptResult.ERROR, AttemptResult.ERROR, AttemptResult.FAILED);
    assertThat(
            rig.counter(
                "polling.stopresume.actions",
                "action",
                "stop",
                "reason",
                "no_package",
                "result",
                "failed"))
        .isEqualTo(failedBefore + 1);
  }

  @Test
  void carrierRefusal_isNotRetried() {
    long card = data.card().insert();
    rig.carrier.failNext(rig.card(card).iccid(), 1, 404);

    assertThatThrownBy(() -> rig.service.evaluateAndAct(card))
        .isInstanceOf(CarrierActionFailedException.class)
        .hasMessageContaining("HTTP 404")
        .satisfies(e -> assertThat(((CarrierActionFailedException) e).isRetryable()).isFalse());

    assertThat(rig.stopCalls(card)).isEqualTo(1);
    assertThat(rig.attemptsOf(card))
        .extracting(StopResumeLogEntry::result)
        .containsExactly(AttemptResult.FAILED);
  }

  @Test
  void gatewayAnsweringGarbage_isAClearError_andChangesNoCard() {
    long card = data.card().insert();

    assertThatThrownBy(() -> rig.serviceOnGarbageGateway.evaluateAndAct(card))
        .isInstanceOf(CarrierActionFailedException.class)
        .hasMessageContaining("not the documented JSON");

    assertThat(rig.card(card).isOnline()).isTrue();
    assertThat(rig.card(card).stopReason()).isNull();
    assertThat(rig.attemptsOf(card))
        .extracting(StopResumeLogEntry::result)
        .containsExactly(AttemptResult.ERROR, AttemptResult.ERROR, AttemptResult.FAILED);
  }

  @Test
  void performedAction_isRecordedInItsSuccessRow_withWhatItsCardActionNeeds_andCounted() {
    long device = data.device().insert();
    long card = data.card().device(device).insert();
    double before =
        rig.counter(
            "polling.stopresume.actions",
            "action",
            "stop",
            "reason",
            "no_package",
            "result",
            "success");

    rig.service.evaluateAndAct(card);

    // The outbox row of polling.card.actions: the listener publishes nothing else.
    assertThat(successRowsOf(card))
        .singleElement()
        .satisfies(
            row -> {
              assertThat(row.action()).isEqualTo(CardActionType.STOP);
              assertThat(row.reason()).isEqualTo(StopReason.NO_PACKAGE);
              assertThat(row.deviceId()).isEqualTo(device);
              assertThat(row.trigger()).isEqualTo(ActionTrigger.EVALUATION);
              assertThat(row.attempt()).isEqualTo(1);
              assertThat(row.createdAt()).isNotNull();
            });
    assertThat(
            rig.counter(
                "polling.stopresume.actions",
                "action",
                "stop",
                "reason",
                "no_package",
                "result",
                "success"))
        .isEqualTo(before + 1);
  }

  private static List<StopResumeLogEntry> successRowsOf(long cardId) {
    return rig.attemptsOf(cardId).stream()
        .filter(row -> row.result() == AttemptResult.SUCCESS)
        .toList();
  }

  /**
   * Evaluates the cards at the same moment while every gateway call takes 300 ms, so that the
   * evaluations really overlap.
   */
  private static List<Evaluation> runConcurrentlyOnASlowGateway(List<Long> cardIds)
      throws Exception {
    rig.carrier.configure(Behaviour.none().withLatencyMs(300));
    ExecutorService pool = Executors.newFixedThreadPool(cardIds.size());
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<Evaluation>> futures = new ArrayList<>();
      for (long cardId : cardIds) {
        futures.add(
            pool.submit(
                () -> {
                  start.await();
                  return rig.service.evaluateAndAct(cardId);
                }));
      }
      start.countDown();
      List<Evaluation> evaluations = new ArrayList<>();
      for (Future<Evaluation> future : futures) {
        evaluations.add(future.get());
      }
      return evaluations;
    } finally {
      pool.shutdown();
      rig.carrier.configure(Behaviour.none());
    }
  }
}
