package com.cmp.polling.stopresume;

import static com.cmp.polling.schemas.action.StopReason.MANUAL;
import static com.cmp.polling.schemas.action.StopReason.NOT_REALNAME;
import static com.cmp.polling.schemas.action.StopReason.NO_PACKAGE;
import static com.cmp.polling.schemas.action.StopReason.TRAFFIC_EXHAUSTED;
import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.core.stopresumelog.AttemptResult;
import com.cmp.polling.core.stopresumelog.StopResumeLogEntry;
import com.cmp.polling.schemas.action.CardActionType;
import com.cmp.polling.schemas.action.StopReason;
import com.cmp.polling.stopresume.Evaluation.Outcome;
import com.cmp.polling.stopresume.action.ActionResult;
import com.cmp.polling.testsupport.data.TestData;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Every reason that held at a stop is recorded (issue 19, point 6), on real PostgreSQL and Redis
 * with the gateway simulator: the stored reason tells a card whose only package is used up ({@code
 * no_package}: someone must buy one) from one whose pending package takes over ({@code
 * traffic_exhausted}), and the log row lists all the reasons, for cards alone and for the cards of
 * a device (whose packages are the device's).
 */
class StopReasonsIT {

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
  void onlyPackageUsedUp_storesNoPackage_andRecordsTrafficExhaustedBesideIt() {
    long card = data.card().insert();
    data.packageOfCard(card).status(2).usage("1024", "1024").insert();

    Evaluation evaluation = rig.service.evaluateAndAct(card);

    assertThat(evaluation.outcome()).isEqualTo(Outcome.STOPPED);
    assertThat(rig.card(card).stopReason()).isEqualTo("no_package");
    assertThat(stopRecorded(card).reason()).isEqualTo(NO_PACKAGE);
    assertThat(stopRecorded(card).reasons()).containsExactly(NO_PACKAGE, TRAFFIC_EXHAUSTED);
    assertThat(evaluation.actions())
        .singleElement()
        .extracting(ActionResult::reasons)
        .isEqualTo(List.of(NO_PACKAGE, TRAFFIC_EXHAUSTED));
  }

  @Test
  void usedUpWithAPendingPackage_storesTrafficExhaustedAlone() {
    long card = data.card().insert();
    data.packageOfCard(card).status(2).usage("1024", "1024").insert();
    data.packageOfCard(card).status(0).insert();

    rig.service.evaluateAndAct(card);

    assertThat(rig.card(card).stopReason()).isEqualTo("traffic_exhausted");
    assertThat(stopRecorded(card).reasons()).containsExactly(TRAFFIC_EXHAUSTED);
  }

  @Test
  void unverifiedCardWithoutAnyPackage_recordsNoPackageAndNotRealname() {
    long card = data.card().unverified().insert();

    rig.service.evaluateAndAct(card);

    assertThat(rig.card(card).stopReason()).isEqualTo("no_package");
    assertThat(stopRecorded(card).reasons()).containsExactly(NO_PACKAGE, NOT_REALNAME);
  }

  @Test
  void deviceWhoseOnlyPackageIsUsedUp_stopsEveryCardForNoPackage_eachWithItsOwnReasons() {
    long device = data.device().insert();
    data.packageOfDevice(device).status(2).usage("2048", "2048").insert();
    long verified = data.card().device(device).insert();
    long unverified = data.card().device(device).unverified().insert();
    long industry = data.card().device(device).industry().unverified().insert();

    Evaluation evaluation = rig.service.evaluateAndAct(verified);

    assertThat(evaluation.actions()).hasSize(3);
    for (long card : List.of(verified, unverified, industry)) {
      assertThat(rig.card(card).stopReason()).as("card %d", card).isEqualTo("no_package");
    }
    assertThat(stopRecorded(verified).reasons()).containsExactly(NO_PACKAGE, TRAFFIC_EXHAUSTED);
    // The neighbour's own missing verification is recorded for it, and only for it.
    assertThat(stopRecorded(unverified).reasons())
        .containsExactly(NO_PACKAGE, TRAFFIC_EXHAUSTED, NOT_REALNAME);
    assertThat(stopRecorded(industry).reasons()).containsExactly(NO_PACKAGE, TRAFFIC_EXHAUSTED);
  }

  @Test
  void deviceWithAPendingPackage_stopsEveryCardForTrafficExhausted_whicheverCardDecides() {
    long device = data.device().insert();
    data.packageOfDevice(device).status(1).usage("2048", "2048").insert();
    data.packageOfDevice(device).status(0).insert();
    long unverified = data.card().device(device).unverified().insert();
    long verified = data.card().device(device).insert();

    rig.service.evaluateAndAct(unverified);

    assertThat(rig.card(unverified).stopReason()).isEqualTo("traffic_exhausted");
    assertThat(rig.card(verified).stopReason()).isEqualTo("traffic_exhausted");
    assertThat(stopRecorded(unverified).reasons()).containsExactly(TRAFFIC_EXHAUSTED, NOT_REALNAME);
    assertThat(stopRecorded(verified).reasons()).containsExactly(TRAFFIC_EXHAUSTED);
  }

  @Test
  void aResume_recordsTheReasonLifted_andAnOperatorsStop_manual() {
    long card = data.card().stopped("no_package").insert();
    data.packageOfCard(card).status(1).insert();

    rig.service.evaluateAndAct(card);
    rig.operator.stopManually(card, Duration.ZERO);

    List<StopResumeLogEntry> attempts = rig.attemptsOf(card);
    assertThat(attempts).hasSize(2);
    assertThat(attempts.get(0).action()).isEqualTo(CardActionType.RESUME);
    assertThat(attempts.get(0).reasons()).containsExactly(NO_PACKAGE);
    assertThat(attempts.get(1).action()).isEqualTo(CardActionType.STOP);
    assertThat(attempts.get(1).reasons()).containsExactly(MANUAL);
  }

  @Test
  void failedAttempts_recordEveryReasonToo() {
    long card = data.card().unverified().insert();
    data.packageOfCard(card).status(2).insert();
    rig.carrier.failNext(rig.card(card).iccid(), 1, 503);

    rig.service.evaluateAndAct(card);

    List<StopResumeLogEntry> attempts = rig.attemptsOf(card);
    assertThat(attempts)
        .extracting(StopResumeLogEntry::result)
        .containsExactly(AttemptResult.ERROR, AttemptResult.SUCCESS);
    assertThat(attempts)
        .allSatisfy(
            a ->
                assertThat(a.reasons())
                    .containsExactly(NO_PACKAGE, TRAFFIC_EXHAUSTED, NOT_REALNAME));
  }

  /** The success row of the card's stop, as the log store reads it back. */
  private static StopResumeLogEntry stopRecorded(long cardId) {
    StopResumeLogEntry stop = rig.attempts.lastStop(cardId).orElseThrow();
    assertThat(stop.reasons().get(0)).isEqualTo(StopReason.fromCode(rig.card(cardId).stopReason()));
    return stop;
  }
}
