package com.cmp.polling.stopresume;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.Level;
import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.NetworkStatus;
import com.cmp.polling.core.protection.DesiredState;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.schemas.action.StopReason;
import com.cmp.polling.stopresume.Evaluation.Outcome;
import com.cmp.polling.testsupport.data.TestData;
import com.cmp.polling.testsupport.logging.CapturedLogs;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.data.redis.core.RedisCallback;

/**
 * evaluateAndAct on real PostgreSQL and Redis, with the gateway simulator over HTTP: the seed's
 * bugs 1 and 2, resume rules, protection. Every card is new, so the simulator's per-ICCID call
 * counts belong to one test.
 */
class StopResumeServiceIT {

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

  @Nested
  class CardAlreadyRead {

    @Test
    void nothingToDo_leavesTheGivenCard_asTheUnchangedCard() {
      long card = data.card().insert();
      data.packageOfCard(card).status(1).insert();
      Card read = rig.card(card);

      Evaluation evaluation = rig.service.evaluateAndAct(read);

      assertThat(evaluation.outcome()).isEqualTo(Outcome.NO_ACTION);
      assertThat(evaluation.unchangedCard()).isSameAs(read);
    }

    @Test
    void aStopReason_stopsTheCard_asEvaluatingItByIdDoes() {
      long card = data.card().insert();
      data.packageOfCard(card).status(3).insert();

      Evaluation evaluation = rig.service.evaluateAndAct(rig.card(card));

      assertThat(evaluation.outcome()).isEqualTo(Outcome.STOPPED);
      assertStopped(card, StopReason.NO_PACKAGE);
    }
  }

  @Nested
  class ManyCardsAtOnce {

    @Test
    void evaluateAll_settlesTheCardsNeedingNothing_andHandsBackTheOthers_withoutACarrierCall() {
      long fine = data.card().insert();
      data.packageOfCard(fine).status(1).insert();
      long withoutPackage = data.card().insert();
      long stillUnverified = data.card().unverified().stopped("not_realname").insert();
      data.packageOfCard(stillUnverified).status(1).insert();
      long nowVerified = data.card().stopped("not_realname").insert();
      data.packageOfCard(nowVerified).status(1).insert();
      long manual = data.card().stopped("manual").insert();
      long protectedCard = data.card().insert();
      rig.protection.protect(protectedCard, DesiredState.ONLINE, Duration.ofHours(1));
      long device = data.device().insert();
      long inDevice = data.card().device(device).insert();
      data.packageOfDevice(device).status(1).insert();
      long exhaustedInDevice = data.card().device(data.device().insert()).insert();
      data.packageOfDevice(rig.card(exhaustedInDevice).deviceId())
          .status(1)
          .usage("100", "100")
          .insert();
      List<Long> ids =
          List.of(
              fine,
              withoutPackage,
              stillUnverified,
              nowVerified,
              manual,
              protectedCard,
              inDevice,
              exhaustedInDevice);
      List<Card> read = ids.stream().map(rig::card).toList();

      BatchEvaluation batch = rig.service.evaluateAll(read);

      assertThat(batch.settled())
          .containsOnlyKeys(fine, stillUnverified, manual, protectedCard, inDevice);
      assertThat(batch.settled().get(fine).outcome()).isEqualTo(Outcome.NO_ACTION);
      assertThat(batch.settled().get(fine).unchangedCard()).isSameAs(read.get(0));
      assertThat(batch.settled().get(protectedCard).outcome()).isEqualTo(Outcome.PROTECTED);
      assertThat(batch.needingAction())
          .extracting(Card::id)
          .containsExactlyInAnyOrder(withoutPackage, nowVerified, exhaustedInDevice);
      ids.forEach(id -> assertThat(rig.callsOf(id)).as("card %d", id).isEmpty());
      // Each card one by one comes to the same: no action where settled, an action otherwise.
      for (Card card : read) {
        Evaluation alone = rig.service.evaluateAndAct(card);
        if (batch.settled().containsKey(card.id())) {
          assertThat(alone.outcome()).isEqualTo(batch.settled().get(card.id()).outcome());
        } else {
          assertThat(alone.outcome()).isIn(Outcome.STOPPED, Outcome.RESUMED);
        }
      }
      assertStopped(withoutPackage, StopReason.NO_PACKAGE);
      assertStopped(exhaustedInDevice, StopReason.TRAFFIC_EXHAUSTED);
      assertThat(rig.card(nowVerified).isOnline()).isTrue();
    }

    @Test
    void evaluateAll_looksAtTheKeysOfItsCards_notAtTheIndexOfEveryProtectedCard() {
      long keyOnly = data.card().insert(); // no package: unprotected, it would be stopped
      long indexOnly = data.card().insert();
      // A key written by hand, without an index entry, protects; an index entry left without its
      // key (the key expired, the index not pruned yet) does not.
      redis.template().opsForValue().set(RedisKeys.protection(keyOnly), "start");
      redis
          .template()
          .opsForZSet()
          .add(
              RedisKeys.PROTECTION_INDEX,
              Long.toString(indexOnly),
              Instant.now().getEpochSecond() + 3600);

      BatchEvaluation batch =
          rig.service.evaluateAll(List.of(rig.card(keyOnly), rig.card(indexOnly)));

      assertThat(batch.settled().get(keyOnly).outcome()).isEqualTo(Outcome.PROTECTED);
      assertThat(batch.needingAction()).extracting(Card::id).containsExactly(indexOnly);
    }

    @Test
    void needingActionByLock_groupsTheCardsOfADevice_inTheOrderGiven() {
      long device = data.device().insert();
      long first = data.card().device(device).insert();
      long alone = data.card().insert();
      long second = data.card().device(device).insert();

      BatchEvaluation batch =
          rig.service.evaluateAll(List.of(rig.card(first), rig.card(alone), rig.card(second)));

      assertThat(batch.needingActionByLock())
          .extracting(group -> group.stream().map(Card::id).toList())
          .containsExactly(List.of(first, second), List.of(alone));
    }

    @Test
    void evaluateAll_ofNoCards_isEmpty() {
      BatchEvaluation batch = rig.service.evaluateAll(List.of());

      assertThat(batch.settled()).isEmpty();
      assertThat(batch.needingAction()).isEmpty();
    }
  }

  @Nested
  class Bug1_devicePackages {

    @Test
    void cardInADevice_withOnlyADevicePackage_staysOnline() {
      long device = data.device().insert();
      long card = data.card().device(device).insert();
      data.packageOfDevice(device).status(1).insert();

      Evaluation evaluation = rig.service.evaluateAndAct(card);

      assertThat(evaluation.outcome()).isEqualTo(Outcome.NO_ACTION);
      assertThat(rig.card(card).isOnline()).isTrue();
      assertThat(rig.stopCalls(card)).isZero();
    }

    @Test
    void cardInADevice_withoutAnyPackage_isStopped_withTheDevicesOtherOnlineCards() {
      long device = data.device().insert();
      long card = data.card().device(device).insert();
      long sibling = data.card().device(device).insert();
      long alreadyStopped = data.card().device(device).stopped("manual").insert();
      // A card's own package does not count once the card sits in a device.
      data.packageOfCard(card).status(1).insert();

      Evaluation evaluation = rig.service.evaluateAndAct(card);

      assertThat(evaluation.outcome()).isEqualTo(Outcome.STOPPED);
      assertThat(evaluation.reason()).isEqualTo(StopReason.NO_PACKAGE);
      assertStopped(card, StopReason.NO_PACKAGE);
      assertStopped(sibling, StopReason.NO_PACKAGE);
      assertThat(rig.card(alreadyStopped).stopReason()).isEqualTo("manual");
      assertThat(rig.stopCalls(alreadyStopped)).isZero();
    }
  }

  @Nested
  class Bug2_allThreeConditions {

    @Test
    void noValidPackage_aloneStops_withNoPackage() {
      long card = data.card().insert();
      data.packageOfCard(card).status(3).insert();

      rig.service.evaluateAndAct(card);

      assertStopped(card, StopReason.NO_PACKAGE);
    }

    @Test
    void activePackageAtItsLimit_aloneStops_withTrafficExhausted() {
      long card = data.card().insert();
      data.packageOfCard(card).status(1).usage("1024", "1024").insert();

      rig.service.evaluateAndAct(card);

      assertStopped(card, StopReason.TRAFFIC_EXHAUSTED);
    }

    @Test
    void exhaustedPackageBesideAPendingOne_stops_withTrafficExhausted() {
      long card = data.card().insert();
      data.packageOfCard(card).status(0).insert();
      data.packageOfCard(card).status(2).usage("500", "500").insert();

      rig.service.evaluateAndAct(card);

      assertStopped(card, StopReason.TRAFFIC_EXHAUSTED);
    }

    @Test
    void unverifiedNormalCard_aloneStops_withNotRealname() {
      long card = data.card().unverified().insert();
      data.packageOfCard(card).status(1).usage("1", "100").insert();

      rig.service.evaluateAndAct(card);

      assertStopped(card, StopReason.NOT_REALNAME);
    }

    @Test
    void severalReasons_stopWithTheHighestPriorityOne() {
      long noPackageAndUnverified = data.card().unverified().insert();
      long exhaustedAndUnverified = data.card().unverified().insert();
      // A pending package is valid, so no_package does not hold; the exhausted one decides.
      data.packageOfCard(exhaustedAndUnverified).status(0).insert();
      data.packageOfCard(exhaustedAndUnverified).status(2).insert();

      rig.service.evaluateAndAct(noPackageAndUnverified);
      rig.service.evaluateAndAct(exhaustedAndUnverified);

      assertStopped(noPackageAndUnverified, StopReason.NO_PACKAGE);
      assertStopped(exhaustedAndUnverified, StopReason.TRAFFIC_EXHAUSTED);
    }

    @Test
    void onlyAnExhaustedPackage_meansNoPackage_whichOutranksTrafficExhausted() {
      long card = data.card().insert();
      data.packageOfCard(card).status(2).usage("100", "100").insert();

      rig.service.evaluateAndAct(card);

      assertStopped(card, StopReason.NO_PACKAGE);
    }

    @Test
    void anActivePackageWithRoom_keepsTheCardOnline_besideAnotherAtItsLimit() {
      long card = data.card().insert();
      data.packageOfCard(card).status(1).usage("100", "100").insert();
      data.packageOfCard(card).status(1).usage("10", "100").insert();

      assertThat(rig.service.evaluateAndAct(card).outcome()).isEqualTo(Outcome.NO_ACTION);
    }

    @Test
    void unverifiedIndustryCard_staysOnline() {
      long card = data.card().industry().unverified().insert();
      data.packageOfCard(card).status(1).insert();

      assertThat(rig.service.evaluateAndAct(card).outcome()).isEqualTo(Outcome.NO_ACTION);

      assertThat(rig.card(card).isOnline()).isTrue();
      assertThat(rig.callsOf(card)).isEmpty();
    }

    @Test
    void unlimitedPackage_isNeverExhausted() {
      long card = data.card().insert();
      data.packageOfCard(card).status(1).usage("999999", "0").insert();

      assertThat(rig.service.evaluateAndAct(card).outcome()).isEqualTo(Outcome.NO_ACTION);
    }

    @Test
    void unverifiedCardInADevice_stopsAlone_notItsVerifiedNeighbours() {
      long device = data.device().insert();
      data.packageOfDevice(device).status(1).insert();
      long unverified = data.card().device(device).unverified().insert();
      long verified = data.card().device(device).insert();

      rig.service.evaluateAndAct(unverified);

      assertStopped(unverified, StopReason.NOT_REALNAME);
      assertThat(rig.card(verified).isOnline()).isTrue();
      assertThat(rig.stopCalls(verified)).isZero();
    }
  }

  @Nested
  class Resume {

    @Test
    void cardStoppedForTrafficExhausted_resumes_onceAPackageWithRoomExists() {
      long card = data.card().stopped("traffic_exhausted").insert();
      data.packageOfCard(card).status(2).usage("100", "100").insert();
      assertThat(rig.service.evaluateAndAct(card).outcome()).isEqualTo(Outcome.NO_ACTION);

      data.packageOfCard(card).status(1).usage("0", "2048").insert();
      Evaluation evaluation = rig.service.evaluateAndAct(card);

      assertThat(evaluation.outcome()).isEqualTo(Outcome.RESUMED);
      assertThat(evaluation.reason()).isEqualTo(StopReason.TRAFFIC_EXHAUSTED);
      Card resumed = rig.card(card);
      assertThat(resumed.isOnline()).isTrue();
      assertThat(resumed.stopReason()).isNull();
      assertThat(rig.startCalls(card)).isEqualTo(1);
    }

    @Test
    void manualStop_isNeverResumed() {
      long card = data.card().stopped("manual").insert();
      data.packageOfCard(card).status(1).insert();

      assertThat(rig.service.evaluateAndAct(card).outcome()).isEqualTo(Outcome.NO_ACTION);

      assertThat(rig.card(card).networkStatus()).isEqualTo(NetworkStatus.STOPPED);
      assertThat(rig.callsOf(card)).isEmpty();
    }

    @Test
    void otherPlatformStopReason_isNeverResumed() {
      long card = data.card().stopped("arrears").insert();
      data.packageOfCard(card).status(1).insert();

      assertThat(rig.service.evaluateAndAct(card).outcome()).isEqualTo(Outcome.NO_ACTION);
      assertThat(rig.callsOf(card)).isEmpty();
    }

    @Test
    void deviceResume_readsTheDevicesPackagesAndProtectionOnce_howeverManyCardsItHas() {
      long device = data.device().insert();
      long trigger = data.card().device(device).stopped("no_package").insert();
      for (int i = 0; i < 5; i++) {
        data.card().device(device).stopped("no_package").insert();
      }
      data.packageOfDevice(device).status(1).insert();
      Card read = rig.card(trigger);
      redis
          .template()
          .execute(
              (RedisCallback<Object>)
                  c -> {
                    c.serverCommands().resetConfigStats();
                    return null;
                  });

      Evaluation evaluation = rig.service.evaluateAndAct(read);

      assertThat(evaluation.outcome()).isEqualTo(Outcome.RESUMED);
      assertThat(evaluation.actions()).hasSize(6);
      // One EXISTS for the deciding card before the lock, one MGET for the device's six cards.
      Properties calls =
          redis
              .template()
              .execute((RedisCallback<Properties>) c -> c.serverCommands().info("commandstats"));
      assertThat(calls.getProperty("cmdstat_exists", "calls=0")).startsWith("calls=1,");
      assertThat(calls.getProperty("cmdstat_mget", "calls=0")).startsWith("calls=1,");
    }

    @Test
    void deviceResume_liftsPollingStops_butSkipsTheUnverifiedNormalCard() {
      long device = data.device().insert();
      long trigger = data.card().device(device).stopped("no_package").insert();
      long industryUnverified =
          data.card().device(device).industry().unverified().stopped("no_package").insert();
      long normalUnverified =
          data.card().device(device).unverified().stopped("no_package").insert();
      long manual = data.card().device(device).stopped("manual").insert();
      data.packageOfDevice(device).status(1).insert();

      Evaluation evaluation = rig.service.evaluateAndAct(trigger);

      assertThat(evaluation.outcome()).isEqualTo(Outcome.RESUMED);
      assertThat(evaluation.actions()).hasSize(2);
      assertThat(rig.card(trigger).isOnline()).isTrue();
      assertThat(rig.card(industryUnverified).isOnline()).isTrue();
      assertThat(rig.card(normalUnverified).stopReason()).isEqualTo("no_package");
      assertThat(rig.startCalls(normalUnverified)).isZero();
      assertThat(rig.card(manual).stopReason()).isEqualTo("manual");
      assertThat(rig.startCalls(manual)).isZero();
    }

    @Test
    void notRealnameStop_isLifted_onceTheCardIsVerified() {
      long card = data.card().unverified().stopped("not_realname").insert();
      data.packageOfCard(card).status(1).insert();
      assertThat(rig.service.evaluateAndAct(card).outcome()).isEqualTo(Outcome.NO_ACTION);

      postgres
          .jdbc()
          .sql("UPDATE tb_iot_card SET real_name_status = 1 WHERE id = ?")
          .param(card)
          .update();

      assertThat(rig.service.evaluateAndAct(card).outcome()).isEqualTo(Outcome.RESUMED);
      assertThat(rig.card(card).isOnline()).isTrue();
    }
  }

  @Nested
  class Protection {

    @Test
    void protectedCard_isLeftAlone_evenWithAStopReason() {
      long card = data.card().insert();
      rig.protection.protect(card, DesiredState.ONLINE, Duration.ofHours(1));

      assertThat(rig.service.evaluateAndAct(card).outcome()).isEqualTo(Outcome.PROTECTED);

      assertThat(rig.card(card).isOnline()).isTrue();
      assertThat(rig.callsOf(card)).isEmpty();
    }

    @Test
    void protectedCardOfADevice_isSkipped_whenTheDeviceIsStopped() {
      long device = data.device().insert();
      long trigger = data.card().device(device).insert();
      long protectedCard = data.card().device(device).insert();
      rig.protection.protect(protectedCard, DesiredState.ONLINE, Duration.ofHours(1));

      rig.service.evaluateAndAct(trigger);

      assertStopped(trigger, StopReason.NO_PACKAGE);
      assertThat(rig.card(protectedCard).isOnline()).isTrue();
      assertThat(rig.stopCalls(protectedCard)).isZero();
    }

    @Test
    void protectedStoppedCardOfADevice_isNotResumedWithTheDevice() {
      long device = data.device().insert();
      long trigger = data.card().device(device).stopped("no_package").insert();
      long protectedCard = data.card().device(device).stopped("no_package").insert();
      data.packageOfDevice(device).status(1).insert();
      rig.protection.protect(protectedCard, DesiredState.STOPPED, Duration.ofHours(1));

      rig.service.evaluateAndAct(trigger);

      assertThat(rig.card(trigger).isOnline()).isTrue();
      assertThat(rig.card(protectedCard).stopReason()).isEqualTo("no_package");
      assertThat(rig.startCalls(protectedCard)).isZero();
    }
  }

  @Nested
  class SoftDeletedDevice {

    @Test
    void cardOfADeletedDevice_isLeftAlone_notStoppedForLackingPackagesOfItsOwn() {
      long device = data.device().insert();
      data.packageOfDevice(device).status(1).insert();
      long card = data.card().device(device).insert();
      long stopped = data.card().device(device).stopped("no_package").insert();
      data.softDeleteDevice(device);

      try (CapturedLogs logs = CapturedLogs.of(StopResumeService.class)) {
        Evaluation online = rig.service.evaluateAndAct(card);
        Evaluation offline = rig.service.evaluateAndAct(stopped);

        assertThat(online.outcome()).isEqualTo(Outcome.DEVICE_DELETED);
        assertThat(offline.outcome()).isEqualTo(Outcome.DEVICE_DELETED);
        assertThat(logs.messages(Level.INFO))
            .contains(
                "card "
                    + card
                    + " left alone: its device "
                    + device
                    + " is deleted (not polled, no stop or resume until it moves to a live"
                    + " device or out of it)");
      }
      assertThat(rig.card(card).isOnline()).isTrue();
      assertThat(rig.card(stopped).stopReason()).isEqualTo("no_package");
      assertThat(rig.callsOf(card)).isEmpty();
      assertThat(rig.callsOf(stopped)).isEmpty();
      assertThat(rig.attemptsOf(card)).isEmpty();
      assertThat(rig.attemptsOf(stopped)).isEmpty();
    }

    @Test
    void evaluateAll_settlesTheCardsOfADeletedDevice_withoutActing() {
      long device = data.device().insert();
      long card = data.card().device(device).insert();
      long alone = data.card().insert();
      data.packageOfCard(alone).status(1).insert();
      data.softDeleteDevice(device);

      BatchEvaluation batch = rig.service.evaluateAll(List.of(rig.card(card), rig.card(alone)));

      assertThat(batch.needingAction()).isEmpty();
      assertThat(batch.settled().get(card).outcome()).isEqualTo(Outcome.DEVICE_DELETED);
      assertThat(batch.settled().get(alone).outcome()).isEqualTo(Outcome.NO_ACTION);
      assertThat(rig.callsOf(card)).isEmpty();
    }

    @Test
    void cardMovedFromADeletedDevice_isJudgedAgain_inItsNewDevice_orOnItsOwn() {
      long deleted = data.device().insert();
      long live = data.device().insert();
      data.packageOfDevice(live).status(1).insert();
      long toLive = data.card().device(deleted).insert();
      long toNone = data.card().device(deleted).insert();
      data.softDeleteDevice(deleted);
      moveTo(toLive, live);
      moveTo(toNone, null);

      assertThat(rig.service.evaluateAndAct(toLive).outcome()).isEqualTo(Outcome.NO_ACTION);
      // Out of any device, it is a card of its own, and it has no package: the rules apply.
      assertThat(rig.service.evaluateAndAct(toNone).outcome()).isEqualTo(Outcome.STOPPED);
      assertStopped(toNone, StopReason.NO_PACKAGE);
      assertThat(rig.callsOf(toLive)).isEmpty();
    }

    private void moveTo(long card, Long device) {
      postgres
          .jdbc()
          .sql("UPDATE tb_iot_card SET device_id = ? WHERE id = ?")
          .params(device, card)
          .update();
    }
  }

  @Nested
  class BadInput {

    @Test
    void unknownCard_isAClearError() {
      assertThatThrownBy(() -> rig.service.evaluateAndAct(404_404_404L))
          .isInstanceOf(CardNotFoundException.class)
          .hasMessage("card 404404404 does not exist (or is deleted)");
    }

    @Test
    void softDeletedCard_isUnknown() {
      long card = data.card().insert();
      data.softDeleteCard(card);

      assertThatThrownBy(() -> rig.service.evaluateAndAct(card))
          .isInstanceOf(CardNotFoundException.class);
    }

    @Test
    void cardWithoutIccid_thatMustStop_failsClearly_andChangesNothing() {
      long card = data.card().iccid("").insert();

      assertThatThrownBy(() -> rig.service.evaluateAndAct(card))
          .isInstanceOf(CarrierActionFailedException.class)
          .hasMessageContaining("card " + card + " has no ICCID");

      assertThat(rig.card(card).isOnline()).isTrue();
      assertThat(rig.attemptsOf(card)).isEmpty();
    }
  }

  private static void assertStopped(long cardId, StopReason reason) {
    Card card = rig.card(cardId);
    assertThat(card.networkStatus()).as("card %d", cardId).isEqualTo(NetworkStatus.STOPPED);
    assertThat(card.stopReason()).as("card %d", cardId).isEqualTo(reason.code());
    assertThat(rig.stopCalls(cardId)).as("stop calls of card %d", cardId).isEqualTo(1);
  }
}
