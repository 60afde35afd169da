package com.cmp.polling.stopresume;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.cmp.polling.core.protection.DesiredState;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.schemas.action.ActionTrigger;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.stopresume.Evaluation.Outcome;
import com.cmp.polling.stopresume.OperatorActions.ProtectionCheck;
import com.cmp.polling.testsupport.data.TestData;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Operators' stop and resume, their protection periods, and the forced corrections. */
class OperatorActionsIT {

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
  void stopManually_stopsWithReasonManual_protectsTheCard_andQueuesItsProtectCheck() {
    long card = data.card().insert();
    data.packageOfCard(card).status(1).insert();

    rig.operator.stopManually(card, Duration.ofHours(2));

    assertThat(rig.card(card).stopReason()).isEqualTo("manual");
    assertThat(rig.stopCalls(card)).isEqualTo(1);
    assertThat(redis.template().opsForValue().get(RedisKeys.protection(card))).isEqualTo("stop");
    assertThat(rig.protection.remaining(card).orElseThrow())
        .isBetween(Duration.ofMinutes(119), Duration.ofHours(2));
    assertThat(rig.queues.getTotalQueueDepth(TaskType.PROTECT)).isGreaterThanOrEqualTo(1);
    assertThat(
            redis
                .template()
                .opsForZSet()
                .score(
                    RedisKeys.shardQueue(rig.queues.shardOf(card), TaskType.PROTECT),
                    Long.toString(card)))
        .isNotNull();
    assertThat(rig.attemptsOf(card))
        .singleElement()
        .satisfies(e -> assertThat(e.trigger()).isEqualTo(ActionTrigger.OPERATOR));
    // The rules leave it alone while the period runs, although nothing would stop it.
    assertThat(rig.service.evaluateAndAct(card).outcome()).isEqualTo(Outcome.PROTECTED);
  }

  @Test
  void resumeManually_liftsAnyStop_evenOneTheRulesNeverLift() {
    long card = data.card().stopped("arrears").insert();

    rig.operator.resumeManually(card, null);

    assertThat(rig.card(card).isOnline()).isTrue();
    assertThat(rig.card(card).stopReason()).isNull();
    assertThat(rig.protection.isProtected(card)).isFalse();
  }

  @Test
  void operatorActionWithoutAPeriod_endsThePreviousPeriod() {
    long card = data.card().insert();
    rig.operator.stopManually(card, Duration.ofHours(1));

    rig.operator.resumeManually(card, null);

    assertThat(rig.card(card).isOnline()).isTrue();
    assertThat(rig.protection.isProtected(card)).isFalse();
    // Nothing left to force the card back to "stop".
    assertThat(rig.operator.enforceProtection(card, true))
        .isEqualTo(OperatorActions.ProtectionCheck.NOT_PROTECTED);
  }

  @Test
  void operatorStop_thatTheCarrierRefuses_setsNoProtection() {
    long card = data.card().insert();
    rig.carrier.failNext(rig.card(card).iccid(), 1, 409);

    assertThatThrownBy(() -> rig.operator.stopManually(card, Duration.ofHours(1)))
        .isInstanceOf(CarrierActionFailedException.class)
        .hasMessageContaining("HTTP 409");

    assertThat(rig.card(card).isOnline()).isTrue();
    assertThat(rig.protection.isProtected(card)).isFalse();
  }

  @Test
  void operatorAction_onABusyCard_failsAfterWaiting() {
    long card = data.card().insert();
    redis
        .template()
        .opsForValue()
        .set(RedisKeys.cardOperationLock(card), "someone-else", Duration.ofSeconds(30));
    var impatient =
        new OperatorActions(
            rig.cards,
            null,
            rig.protection,
            new com.cmp.polling.core.lock.OperationLocks(
                redis.template(), java.time.Clock.systemUTC()),
            rig.queues,
            new StopResumeSettings(
                Duration.ofSeconds(30), Duration.ofMillis(100), Duration.ofSeconds(60)),
            java.time.Clock.systemUTC());

    assertThatThrownBy(() -> impatient.stopManually(card, null))
        .isInstanceOf(CardBusyException.class)
        .hasMessageContaining("card " + card + " is busy");
    assertThat(rig.callsOf(card)).isEmpty();
  }

  @Test
  void enforceProtection_forcesTheDesiredStateBack_whenTheCarrierDrifted() {
    long card = data.card().insert();
    rig.protection.protect(card, DesiredState.STOPPED, Duration.ofHours(1));

    assertThat(rig.operator.enforceProtection(card, true)).isEqualTo(ProtectionCheck.CORRECTED);

    assertThat(rig.card(card).stopReason()).isEqualTo("manual");
    assertThat(rig.stopCalls(card)).isEqualTo(1);
    assertThat(rig.attemptsOf(card))
        .singleElement()
        .satisfies(e -> assertThat(e.trigger()).isEqualTo(ActionTrigger.PROTECTION));
  }

  @Test
  void enforceProtection_doesNothing_whenInLine_orWhenThePeriodIsOver() {
    long protectedCard = data.card().insert();
    long freeCard = data.card().insert();
    rig.protection.protect(protectedCard, DesiredState.ONLINE, Duration.ofHours(1));

    assertThat(rig.operator.enforceProtection(protectedCard, true))
        .isEqualTo(ProtectionCheck.IN_LINE);
    assertThat(rig.operator.enforceProtection(freeCard, false))
        .isEqualTo(ProtectionCheck.NOT_PROTECTED);

    assertThat(rig.callsOf(protectedCard)).isEmpty();
    assertThat(rig.callsOf(freeCard)).isEmpty();
  }

  @Test
  void periodOverTheMaximum_orNegative_isRefusedBeforeAnythingIsDone() {
    long card = data.card().insert();

    for (Duration period :
        new Duration[] {
          OperatorActions.MAX_PROTECTION.plusSeconds(1),
          Duration.ofSeconds(Long.MAX_VALUE),
          Duration.ofSeconds(-1)
        }) {
      assertThatThrownBy(() -> rig.operator.stopManually(card, period))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith(
              "protection period of card " + card + " must be from 0 to 2592000 s, was ");
    }

    assertThat(rig.callsOf(card)).isEmpty();
    assertThat(rig.attemptsOf(card)).isEmpty();
    assertThat(rig.card(card).isOnline()).isTrue();
    assertThat(rig.protection.isProtected(card)).isFalse();
  }

  @Test
  void theLongestPeriod_isAccepted() {
    long card = data.card().insert();

    rig.operator.stopManually(card, OperatorActions.MAX_PROTECTION);

    assertThat(rig.protection.remaining(card).orElseThrow())
        .isGreaterThan(OperatorActions.MAX_PROTECTION.minusMinutes(1));
  }

  @Test
  void operatorActionOnAnUnknownCard_isAClearError() {
    assertThatThrownBy(() -> rig.operator.stopManually(777_000_777L, Duration.ofHours(1)))
        .isInstanceOf(CardNotFoundException.class);
  }
}
