package com.cmp.polling.stopresume;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Level;
import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.NetworkStatus;
import com.cmp.polling.core.protection.DesiredState;
import com.cmp.polling.core.switches.Exemption;
import com.cmp.polling.core.switches.RuleSwitchCache;
import com.cmp.polling.core.switches.RuleSwitchStore;
import com.cmp.polling.core.switches.SwitchSetting;
import com.cmp.polling.schemas.action.StopReason;
import com.cmp.polling.stopresume.Evaluation.Outcome;
import com.cmp.polling.testsupport.data.TestData;
import com.cmp.polling.testsupport.logging.CapturedLogs;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * StopResumeService under the rule switches (issue 19, seed 004 risk S3), on real PostgreSQL and
 * Redis with the gateway simulator: {@code not_realname} switched off per carrier or by default, a
 * grace date, switching back on, what happens to cards it stopped before, and a change made by
 * another process reaching this one without a restart.
 */
class SwitchedRulesIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();

  static StopResumeRig rig;
  static SwitchRig switches;
  static TestData data;

  @BeforeAll
  static void start() {
    rig = new StopResumeRig(postgres, redis);
    switches = new SwitchRig(rig, postgres, redis);
    data = postgres.data();
  }

  @AfterAll
  static void stop() throws Exception {
    switches.close();
    rig.close();
  }

  @BeforeEach
  void enforcedEverywhere() {
    switches.reset();
    switches.rulesClock.set(Instant.now());
  }

  @Test
  void notEnforcedForOneCarrier_itsUnverifiedCardsStayOnline_anotherCarriersAreStopped() {
    switches.set(2L, false, null);
    long exempted = unverifiedCardWithPackage(2);
    long enforced = unverifiedCardWithPackage(1);

    Evaluation spared;
    try (CapturedLogs logs = CapturedLogs.of(StopResumeService.class)) {
      spared = switches.service.evaluateAndAct(exempted);

      assertThat(logs.messages(Level.INFO))
          .contains(
              "card " + exempted + " not stopped for not_realname: not enforced for carrier 2");
    }
    Evaluation stopped = switches.service.evaluateAndAct(enforced);

    assertThat(spared.outcome()).isEqualTo(Outcome.NO_ACTION);
    assertThat(spared.exempted())
        .singleElement()
        .satisfies(
            exemption -> {
              assertThat(exemption.reason()).isEqualTo(StopReason.NOT_REALNAME);
              assertThat(exemption.kind()).isEqualTo(Exemption.Kind.NOT_ENFORCED);
              assertThat(exemption.carrierId()).isEqualTo(2);
            });
    assertThat(rig.card(exempted).isOnline()).isTrue();
    assertThat(rig.callsOf(exempted)).as("no gateway call").isEmpty();
    assertThat(rig.attemptsOf(exempted)).as("no tb_stop_resume_log row").isEmpty();
    assertThat(stopped.outcome()).isEqualTo(Outcome.STOPPED);
    assertStopped(enforced, StopReason.NOT_REALNAME);
  }

  @Test
  void switchedBackOn_theCardIsStoppedAtItsNextEvaluation() {
    switches.set(2L, false, null);
    long card = unverifiedCardWithPackage(2);
    assertThat(switches.service.evaluateAndAct(card).outcome()).isEqualTo(Outcome.NO_ACTION);

    switches.set(2L, true, null);
    Evaluation next = switches.service.evaluateAndAct(card);

    assertThat(next.outcome()).isEqualTo(Outcome.STOPPED);
    assertThat(next.exempted()).isEmpty();
    assertStopped(card, StopReason.NOT_REALNAME);
  }

  @Test
  void graceDateInTheFuture_keepsUnverifiedCardsOnline_untilItHasPassed() {
    Instant grace =
        switches.rulesClock.instant().plus(Duration.ofDays(1)).truncatedTo(ChronoUnit.SECONDS);
    switches.set(3L, true, grace);
    long card = unverifiedCardWithPackage(3);

    Evaluation during;
    try (CapturedLogs logs = CapturedLogs.of(StopResumeService.class)) {
      during = switches.service.evaluateAndAct(card);

      assertThat(logs.messages(Level.INFO))
          .contains(
              "card "
                  + card
                  + " not stopped for not_realname: grace until "
                  + grace
                  + " for carrier 3");
    }
    assertThat(during.outcome()).isEqualTo(Outcome.NO_ACTION);
    assertThat(during.exempted().get(0).kind()).isEqualTo(Exemption.Kind.GRACE);
    assertThat(rig.callsOf(card)).isEmpty();

    switches.rulesClock.advance(Duration.ofDays(2));
    Evaluation after = switches.service.evaluateAndAct(card);

    assertThat(after.outcome()).isEqualTo(Outcome.STOPPED);
    assertStopped(card, StopReason.NOT_REALNAME);
  }

  @Test
  void graceDateInThePast_stopsAsIfThereWereNone() {
    switches.set(3L, true, switches.rulesClock.instant().minus(Duration.ofDays(1)));
    long card = unverifiedCardWithPackage(3);

    Evaluation evaluation = switches.service.evaluateAndAct(card);

    assertThat(evaluation.outcome()).isEqualTo(Outcome.STOPPED);
    assertStopped(card, StopReason.NOT_REALNAME);
  }

  @Test
  void theDefaultSwitchedOff_sparesCarriersWithoutASwitch_notOneThatEnforces() {
    switches.set(null, false, null);
    switches.set(1L, true, null);
    long followsDefault = unverifiedCardWithPackage(4);
    long ownSwitch = unverifiedCardWithPackage(1);

    Evaluation spared = switches.service.evaluateAndAct(followsDefault);
    switches.service.evaluateAndAct(ownSwitch);

    assertThat(spared.outcome()).isEqualTo(Outcome.NO_ACTION);
    assertThat(spared.exempted().get(0).describe())
        .isEqualTo("not enforced for carrier 4 (default switch)");
    assertThat(rig.card(followsDefault).isOnline()).isTrue();
    assertStopped(ownSwitch, StopReason.NOT_REALNAME);
  }

  @Test
  void switchedOff_aCardAlreadyStoppedForNotRealname_isResumedAtItsNextEvaluation() {
    long stoppedBefore =
        data.card().carrier(2, "CUCC").unverified().stopped("not_realname").insert();
    data.packageOfCard(stoppedBefore).status(1).insert();
    long alsoWithoutPackage =
        data.card().carrier(2, "CUCC").unverified().stopped("not_realname").insert();
    switches.set(2L, false, null);

    Evaluation resumed = switches.service.evaluateAndAct(stoppedBefore);
    Evaluation kept = switches.service.evaluateAndAct(alsoWithoutPackage);

    assertThat(resumed.outcome()).isEqualTo(Outcome.RESUMED);
    assertThat(resumed.reason()).isEqualTo(StopReason.NOT_REALNAME);
    assertThat(resumed.exempted())
        .extracting(Exemption::reason)
        .containsExactly(StopReason.NOT_REALNAME);
    Card card = rig.card(stoppedBefore);
    assertThat(card.isOnline()).isTrue();
    assertThat(card.stopReason()).isNull();
    assertThat(rig.startCalls(stoppedBefore)).isEqualTo(1);
    // Another reason still holds: it stays stopped, under the reason it was stopped for.
    assertThat(kept.outcome()).isEqualTo(Outcome.NO_ACTION);
    assertThat(rig.card(alsoWithoutPackage).networkStatus()).isEqualTo(NetworkStatus.STOPPED);
    assertThat(rig.callsOf(alsoWithoutPackage)).isEmpty();
  }

  @Test
  void packageReasons_areNeverSwitchedOff() {
    switches.set(2L, false, null);
    long card = data.card().carrier(2, "CUCC").unverified().insert();

    Evaluation evaluation = switches.service.evaluateAndAct(card);

    assertThat(evaluation.outcome()).isEqualTo(Outcome.STOPPED);
    assertThat(evaluation.exempted())
        .extracting(Exemption::reason)
        .containsExactly(StopReason.NOT_REALNAME);
    assertStopped(card, StopReason.NO_PACKAGE);
  }

  @Test
  void evaluateAll_settlesASparedCard_withItsExemption_andHandsBackAnEnforcedOne() {
    switches.set(2L, false, null);
    long spared = unverifiedCardWithPackage(2);
    long enforced = unverifiedCardWithPackage(1);

    BatchEvaluation batch =
        switches.service.evaluateAll(List.of(rig.card(spared), rig.card(enforced)));

    assertThat(batch.settled()).containsOnlyKeys(spared);
    assertThat(batch.settled().get(spared).exempted()).hasSize(1);
    assertThat(batch.needingAction()).extracting(Card::id).containsExactly(enforced);
    assertThat(rig.callsOf(spared)).isEmpty();
  }

  @Test
  void aChangeMadeByAnotherProcess_reachesThisServiceWithoutARestart() {
    long card = unverifiedCardWithPackage(5);
    await().atMost(Duration.ofSeconds(10)).until(switches::listening);
    // Another process: its own store and cache, writing then announcing, as the admin API does.
    RuleSwitchStore otherStore =
        new RuleSwitchStore(
            postgres.jdbc(),
            new TransactionTemplate(new DataSourceTransactionManager(postgres.dataSource())),
            Clock.systemUTC());
    RuleSwitchCache otherCache =
        new RuleSwitchCache(otherStore, redis.template(), Clock.systemUTC());

    otherStore.put(5L, new SwitchSetting(false, null), "operator on another instance");
    otherCache.announceChange();

    // This service's cache has no periodic refresh: only the announcement can bring the change.
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> !switches.preview.outlook(card).exempted().isEmpty());
    assertThat(switches.service.evaluateAndAct(card).outcome()).isEqualTo(Outcome.NO_ACTION);
    assertThat(rig.callsOf(card)).isEmpty();
  }

  @Test
  void outlook_saysWhatEvaluateAndActWouldDo_withoutActing() {
    long device = data.device().insert();
    long asked = data.card().device(device).insert();
    long sibling = data.card().device(device).insert();
    long manual = data.card().device(device).stopped("manual").insert();
    switches.set(2L, false, null);
    long spared = unverifiedCardWithPackage(2);
    long protectedCard = data.card().insert();
    rig.protection.protect(protectedCard, DesiredState.ONLINE, Duration.ofHours(1));

    CardOutlook stop = switches.preview.outlook(asked);
    CardOutlook none = switches.preview.outlook(spared);
    CardOutlook left = switches.preview.outlook(protectedCard);

    assertThat(stop.action()).isEqualTo(CardOutlook.Action.STOP);
    assertThat(stop.reason()).isEqualTo(StopReason.NO_PACKAGE);
    assertThat(stop.holding()).containsExactly(StopReason.NO_PACKAGE);
    assertThat(stop.affectedCardIds()).containsExactly(asked, sibling);
    assertThat(none.action()).isEqualTo(CardOutlook.Action.NONE);
    assertThat(none.holding()).isEmpty();
    assertThat(none.exempted())
        .extracting(Exemption::describe)
        .containsExactly("not enforced for carrier 2");
    assertThat(none.explanation()).contains("not_realname set aside: not enforced for carrier 2");
    assertThat(left.protectedCard()).isTrue();
    assertThat(left.action()).isEqualTo(CardOutlook.Action.NONE);
    assertThat(left.holding()).containsExactly(StopReason.NO_PACKAGE);
    for (long card : List.of(asked, sibling, manual, spared, protectedCard)) {
      assertThat(rig.callsOf(card)).as("card %d", card).isEmpty();
      assertThat(rig.attemptsOf(card)).as("card %d", card).isEmpty();
    }
    assertThat(rig.card(asked).isOnline()).isTrue();
  }

  private static long unverifiedCardWithPackage(long carrierId) {
    long card = data.card().carrier(carrierId, "C" + carrierId).unverified().insert();
    data.packageOfCard(card).status(1).insert();
    return card;
  }

  private static void assertStopped(long cardId, StopReason reason) {
    Card card = rig.card(cardId);
    assertThat(card.networkStatus()).as("card %d", cardId).isEqualTo(NetworkStatus.STOPPED);
    assertThat(card.stopReason()).as("card %d", cardId).isEqualTo(reason.code());
    assertThat(rig.stopCalls(cardId)).as("stop calls of card %d", cardId).isEqualTo(1);
  }
}
