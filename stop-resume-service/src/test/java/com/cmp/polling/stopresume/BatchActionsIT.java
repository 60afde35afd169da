package com.cmp.polling.stopresume;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.groups.Tuple.tuple;

import com.cmp.polling.core.stopresumelog.AttemptResult;
import com.cmp.polling.core.stopresumelog.StopResumeLogEntry;
import com.cmp.polling.schemas.action.StopReason;
import com.cmp.polling.simulator.behaviour.Behaviour;
import com.cmp.polling.simulator.calls.CallSummary.OperationCalls;
import com.cmp.polling.simulator.calls.CardOperation;
import com.cmp.polling.stopresume.Evaluation.Outcome;
import com.cmp.polling.stopresume.action.ActionResult;
import com.cmp.polling.stopresume.gateway.BatchSizes;
import com.cmp.polling.stopresume.gateway.CarrierOperation;
import com.cmp.polling.testsupport.data.TestData;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A device's cards stopped or resumed in batch calls where their carrier has them (carrier 7: 100
 * cards a call), each card with its own row per attempt, and retries asking only for the cards that
 * failed in a way that may pass.
 */
class BatchActionsIT {

  private static final long BATCHED = 7;

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();

  static StopResumeRig rig;
  static TestData data;

  @BeforeAll
  static void startRig() {
    rig =
        new StopResumeRig(
            postgres,
            redis,
            BatchSizes.NONE
                .with(BATCHED, CarrierOperation.STOP, 100)
                .with(BATCHED, CarrierOperation.START, 100));
    data = postgres.data();
  }

  @AfterAll
  static void stopRig() {
    rig.close();
  }

  @BeforeEach
  void batchFormsAtTheCarrier() {
    rig.carrier.reset();
    rig.carrier.configure(
        Behaviour.none()
            .withBatchSize(BATCHED, CardOperation.STOP, 100)
            .withBatchSize(BATCHED, CardOperation.START, 100));
  }

  @Test
  void aDeviceOfFiveCards_isStoppedInOneBatchCall_withOneSuccessRowPerCard() {
    List<Long> cards = deviceOf(5, BATCHED);

    Evaluation evaluation = rig.service.evaluateAndAct(cards.get(0));

    assertThat(evaluation.outcome()).isEqualTo(Outcome.STOPPED);
    assertThat(evaluation.actions())
        .extracting(ActionResult::cardId, ActionResult::success)
        .containsExactlyElementsOf(cards.stream().map(card -> tuple(card, true)).toList());
    assertThat(stops()).isEqualTo(new OperationCalls(1, 0, 1, 5, 5, 0, 0));
    for (long card : cards) {
      assertThat(rig.card(card).stopReason()).isEqualTo("no_package");
      assertThat(rows(card)).containsExactly(tuple(1, AttemptResult.SUCCESS, null));
    }
  }

  @Test
  void cardsThatFailInTheBatch_areRetried_withoutTheCardsThatSucceeded() {
    List<Long> cards = deviceOf(5, BATCHED);
    rig.carrier.failNext(rig.card(cards.get(1)).iccid(), 1, 503);
    rig.carrier.failNext(rig.card(cards.get(3)).iccid(), 1, 502);

    rig.service.evaluateAndAct(cards.get(0));

    // The first call carried the five cards, the retry the two that failed.
    assertThat(stops()).isEqualTo(new OperationCalls(2, 0, 2, 7, 5, 2, 2));
    for (long card : List.of(cards.get(0), cards.get(2), cards.get(4))) {
      assertThat(rows(card)).containsExactly(tuple(1, AttemptResult.SUCCESS, null));
      assertThat(rig.stopCalls(card)).isEqualTo(1);
    }
    for (long card : List.of(cards.get(1), cards.get(3))) {
      assertThat(rows(card))
          .extracting(row -> row.toList().subList(0, 2))
          .containsExactly(List.of(1, AttemptResult.ERROR), List.of(2, AttemptResult.SUCCESS));
      assertThat(rig.attemptsOf(card).get(0).error()).contains("(batch call)").contains("HTTP 50");
      assertThat(rig.card(card).stopReason()).isEqualTo("no_package");
    }
  }

  @Test
  void aCardTheCarrierRefuses_isNotRetried_oneThatKeepsFailing_failsAfterItsAttempts() {
    List<Long> cards = deviceOf(4, BATCHED);
    long refused = cards.get(1);
    long failing = cards.get(2);
    rig.carrier.failNext(rig.card(refused).iccid(), 1, 404);
    rig.carrier.failNext(rig.card(failing).iccid(), 3, 503);

    assertThatThrownBy(() -> rig.service.evaluateAndAct(cards.get(0)))
        .isInstanceOf(CarrierActionFailedException.class)
        .hasMessageContaining("stop card " + refused + " (no_package) failed after 1 attempt(s)")
        .hasMessageContaining("stop card " + failing + " (no_package) failed after 3 attempt(s)")
        .satisfies(e -> assertThat(((CarrierActionFailedException) e).isRetryable()).isFalse());

    assertThat(rows(refused))
        .extracting(row -> row.toList().subList(0, 2))
        .containsExactly(List.of(1, AttemptResult.FAILED));
    assertThat(rows(failing))
        .extracting(row -> row.toList().subList(0, 2))
        .containsExactly(
            List.of(1, AttemptResult.ERROR),
            List.of(2, AttemptResult.ERROR),
            List.of(3, AttemptResult.FAILED));
    assertThat(rig.card(refused).isOnline()).isTrue();
    assertThat(rig.card(failing).isOnline()).isTrue();
    assertThat(rig.card(cards.get(3)).stopReason()).isEqualTo("no_package");
    // One batch call of four, then the failing card alone, twice: a lone card's single call.
    assertThat(stops()).isEqualTo(new OperationCalls(3, 2, 1, 4, 4, 1, 2));
  }

  @Test
  void aDeviceResume_acrossTwoCarriers_isABatchCallAtOne_andSingleCallsAtTheOther() {
    long device = data.device().insert();
    List<Long> batched = new ArrayList<>();
    List<Long> single = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      batched.add(
          data.card().carrier(BATCHED, "CMCC").device(device).stopped("no_package").insert());
    }
    for (int i = 0; i < 2; i++) {
      single.add(data.card().carrier(1, "CMCC").device(device).stopped("no_package").insert());
    }
    data.packageOfDevice(device).status(1).insert();

    Evaluation evaluation = rig.service.evaluateAndAct(single.get(0));

    assertThat(evaluation.outcome()).isEqualTo(Outcome.RESUMED);
    assertThat(evaluation.actions()).hasSize(5).allMatch(ActionResult::success);
    OperationCalls starts = rig.carrier.callSummary().byOperation().get("start");
    assertThat(starts.batchCalls()).isEqualTo(1);
    assertThat(starts.cardsInBatchCalls()).isEqualTo(3);
    assertThat(starts.singleCalls()).isEqualTo(2);
    for (long card : batched) {
      assertThat(rig.card(card).isOnline()).isTrue();
      assertThat(rig.attemptsOf(card))
          .singleElement()
          .satisfies(row -> assertThat(row.reason()).isEqualTo(StopReason.NO_PACKAGE));
    }
  }

  /** A device without packages, its online cards of one carrier. */
  private static List<Long> deviceOf(int cards, long carrierId) {
    long device = data.device().insert();
    List<Long> ids = new ArrayList<>();
    for (int i = 0; i < cards; i++) {
      ids.add(data.card().carrier(carrierId, "CMCC").device(device).insert());
    }
    return ids;
  }

  private static OperationCalls stops() {
    return rig.carrier.callSummary().byOperation().get("stop");
  }

  /** The card's rows, oldest first: attempt, result, error. */
  private static List<org.assertj.core.groups.Tuple> rows(long card) {
    return rig.attemptsOf(card).stream()
        .map((StopResumeLogEntry row) -> tuple(row.attempt(), row.result(), row.error()))
        .toList();
  }
}
