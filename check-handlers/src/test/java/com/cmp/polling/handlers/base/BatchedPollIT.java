package com.cmp.polling.handlers.base;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.handlers.BatchForms;
import com.cmp.polling.handlers.HandlersTestApp;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.simulator.SimulatorControl;
import com.cmp.polling.simulator.behaviour.Behaviour;
import com.cmp.polling.simulator.calls.CallSummary.OperationCalls;
import com.cmp.polling.simulator.calls.CardOperation;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A poll's cards grouped per carrier into batch calls: carrier 3 has batch forms (10 cards a
 * query), carrier 4 has none, carrier 5 has them and allows one call a second. Every card is
 * settled as alone: those the carrier answered go to their next check, those a batch answer failed
 * for go the way a failed single query goes.
 */
class BatchedPollIT {

  private static final long BATCHED = 3;
  private static final long SINGLE = 4;
  private static final long SLOW_BATCHED = 5;
  private static final Duration CARDDATA_INTERVAL = Duration.ofMinutes(30);
  private static final Duration REALNAME_INTERVAL = Duration.ofHours(24);
  private static final Duration RETRY_DELAY = Duration.ofSeconds(60);

  @RegisterExtension
  static final HandlersTestApp app =
      HandlersTestApp.withSettings(
          BatchForms.settings(
              BATCHED,
              Map.of(
                  "cmp.polling.gateway.carriers." + SLOW_BATCHED + ".batch.usage",
                  BatchForms.QUERIES,
                  "cmp.polling.gateway.rate-limit-per-second." + SLOW_BATCHED,
                  1,
                  "cmp.polling.handlers.consumers.realname",
                  1)));

  private SimulatorControl carrier;

  @BeforeEach
  void batchFormsAtTheCarriers() {
    carrier = app.simulator().control();
    carrier.reset();
    carrier.configure(
        BatchForms.atTheCarrier(Behaviour.none(), BATCHED)
            .withBatchSize(SLOW_BATCHED, CardOperation.USAGE, BatchForms.QUERIES));
  }

  @Test
  void aPollOfTwoCarriers_makesABatchCallPerTenCardsOfOne_andASingleCallPerCardOfTheOther() {
    List<Long> cards = new ArrayList<>();
    for (int i = 0; i < 32; i++) {
      cards.add(cardWithRoom(i % 4 == 3 && i < 28 ? SINGLE : BATCHED));
    }
    double batchSizesBefore = batchSizes().totalAmount();

    app.runPoll(cards, TaskType.CARDDATA);

    // 25 cards of carrier 3: 10, 10, 5; 7 of carrier 4: one call each.
    assertThat(carrier.callSummary().byOperation().get("usage"))
        .isEqualTo(new OperationCalls(10, 7, 3, 25, 32, 0, 0));
    assertThat(batchSizes().totalAmount() - batchSizesBefore).isEqualTo(25);
    for (long card : cards) {
      assertThat(app.queues().nextCheckIn(card, TaskType.CARDDATA, CARDDATA_INTERVAL))
          .as("card %d at its next check", card)
          .isTrue();
    }
  }

  @Test
  void aBatchAnswerFailingForThreeOfTenCards_settlesSeven_andPutsThreeOff() {
    List<Long> cards = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      cards.add(cardWithRoom(BATCHED));
    }
    List<Long> failing = List.of(cards.get(1), cards.get(4), cards.get(8));
    failing.forEach(card -> carrier.failNext(app.card(card).iccid(), 1, 503));

    app.runPoll(cards, TaskType.CARDDATA);

    assertThat(carrier.callSummary().byOperation().get("usage").batchCalls()).isEqualTo(1);
    for (long card : cards) {
      Duration next = failing.contains(card) ? RETRY_DELAY : CARDDATA_INTERVAL;
      assertThat(app.queues().nextCheckIn(card, TaskType.CARDDATA, next))
          .as("card %d next in %s", card, next)
          .isTrue();
    }
  }

  @Test
  void aBatchCallTakesOnePlaceUnderItsCarriersCap_soAllItsCardsAreAsked() {
    // One call a second and a second's wait: one query of carrier 5 at a time here. Card by card,
    // nine of these ten checks would be put off; as one batch call, none is.
    List<Long> cards = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      cards.add(cardWithRoom(SLOW_BATCHED));
    }

    app.runPoll(cards, TaskType.CARDDATA);

    assertThat(carrier.callSummary().byOperation().get("usage"))
        .isEqualTo(new OperationCalls(1, 0, 1, 10, 10, 0, 0));
    for (long card : cards) {
      assertThat(app.queues().nextCheckIn(card, TaskType.CARDDATA, CARDDATA_INTERVAL)).isTrue();
    }
  }

  @Test
  void tasksFromKafka_ofTwoCarriers_areAllSettled_eachCardAskedOnce_mostInBatchCalls() {
    List<Long> cards = new ArrayList<>();
    for (int i = 0; i < 32; i++) {
      cards.add(cardWithRoom(i < 25 ? BATCHED : SINGLE));
    }

    app.dispatchAll(cards, TaskType.REALNAME);

    await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () ->
                cards.stream()
                    .allMatch(
                        card ->
                            app.queues().nextCheckIn(card, TaskType.REALNAME, REALNAME_INTERVAL)));
    OperationCalls realName = carrier.callSummary().byOperation().get("real-name");
    assertThat(realName.cards()).isEqualTo(32);
    assertThat(realName.repeatCalls()).as("no card asked twice").isZero();
    assertThat(realName.singleCalls() + realName.cardsInBatchCalls()).isEqualTo(32);
    // However the consumer's polls split the tasks, carrier 4's seven are single calls, and carrier
    // 3's cards that share a poll share batch calls of at most ten.
    assertThat(realName.singleCalls()).isGreaterThanOrEqualTo(7);
    assertThat(realName.batchCalls()).isPositive();
    assertThat(realName.cardsInBatchCalls())
        .isLessThanOrEqualTo(BatchForms.QUERIES * realName.batchCalls());
  }

  /** An online, verified card of the carrier with an active package with room. */
  private static long cardWithRoom(long carrierId) {
    long card = app.data().card().carrier(carrierId, "CMCC").insert();
    app.data().packageOfCard(card).status(1).usage("0", "1000").insert();
    return card;
  }

  private static DistributionSummary batchSizes() {
    return app.bean(MeterRegistry.class)
        .get("polling.gateway.batch.size")
        .tag("operation", "usage")
        .summary();
  }
}
