package com.cmp.polling.handlers.base;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.protection.DesiredState;
import com.cmp.polling.core.protection.ProtectionPeriods;
import com.cmp.polling.handlers.BatchForms;
import com.cmp.polling.handlers.HandlersTestApp;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.simulator.behaviour.Behaviour;
import com.cmp.polling.simulator.state.CardState;
import com.cmp.polling.testsupport.data.CardBuilder;
import com.cmp.polling.testsupport.data.TestData;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A poll mixing every case the stop/resume rules know, checked as one poll and, on a second fleet
 * built the same way, card by card (a poll of one card each, in the same order): both must end
 * alike — the same stops and resumes, the same rows in tb_stop_resume_log, the same packages, the
 * same next check in the queue. The cards of one device decide in poll order in both ways. Once at
 * a carrier without batch forms (1), once at one with a batch form of every operation (2): there
 * the poll's cards are asked, stopped and resumed in batch calls, the lone cards in single calls.
 */
class MixedPollIT {

  private static final LocalDate NOVEMBER = LocalDate.of(2026, 11, 1);

  /** How far apart two next-check times may be: the card-by-card run takes a few seconds. */
  private static final double SCORE_TOLERANCE_SECONDS = 5;

  private static final long BATCHED_CARRIER = 2;

  @RegisterExtension
  static final HandlersTestApp app =
      HandlersTestApp.withSettings(BatchForms.settings(BATCHED_CARRIER));

  static Stream<Arguments> typesAndCarriers() {
    return Stream.of(TaskType.REALNAME, TaskType.CARDDATA, TaskType.PACKAGE)
        .flatMap(type -> Stream.of(Arguments.of(type, 1L), Arguments.of(type, BATCHED_CARRIER)));
  }

  @ParameterizedTest
  @MethodSource("typesAndCarriers")
  void aMixedPoll_endsAsItsCardsEndCardByCard(TaskType type, long carrierId) {
    app.simulator().control().configure(BatchForms.atTheCarrier(Behaviour.none(), BATCHED_CARRIER));
    Fleet alone = Fleet.build(carrierId);
    Fleet together = Fleet.build(carrierId);

    Map<Long, Instant> aloneDone = new LinkedHashMap<>();
    for (long card : alone.polled()) {
      app.runPoll(List.of(card), type);
      aloneDone.put(card, Instant.now());
    }
    long batchCallsBefore = batchCalls(type);
    app.runPoll(together.polled(), type);
    Instant togetherDone = Instant.now();
    assertThat(batchCalls(type) > batchCallsBefore)
        .as("the poll asked the carrier in batch calls")
        .isEqualTo(carrierId == BATCHED_CARRIER);

    for (String name : alone.cards.keySet()) {
      long a = alone.cards.get(name);
      long b = together.cards.get(name);
      assertThat(state(b))
          .as("%s (%s at carrier %d): card", name, type.code(), carrierId)
          .isEqualTo(state(a));
      assertThat(logRows(b))
          .as("%s (%s at carrier %d): stop/resume log", name, type.code(), carrierId)
          .isEqualTo(logRows(a));
      assertThat(packages(b))
          .as("%s (%s at carrier %d): packages", name, type.code(), carrierId)
          .isEqualTo(packages(a));
      Double scoreA = app.queues().score(a, type);
      Double scoreB = app.queues().score(b, type);
      assertThat(scoreB == null)
          .as("%s (%s at carrier %d): queued", name, type.code(), carrierId)
          .isEqualTo(scoreA == null);
      if (scoreA != null) {
        double nextA = scoreA - seconds(aloneDone.getOrDefault(a, togetherDone));
        double nextB = scoreB - seconds(togetherDone);
        assertThat(nextB)
            .as("%s (%s at carrier %d): next check in (s)", name, type.code(), carrierId)
            .isBetween(nextA - SCORE_TOLERANCE_SECONDS, nextA + SCORE_TOLERANCE_SECONDS);
      }
    }
    // The poll did decide something: not a comparison of two runs that changed nothing.
    assertThat(alone.cards.values().stream().mapToLong(id -> logRows(id).size()).sum())
        .isGreaterThan(0);
  }

  /** One fleet: every case of the rules, each card under a name, polled or not. */
  private record Fleet(Map<String, Long> cards, List<Long> polled) {

    static Fleet build(long carrierId) {
      TestData data = app.data();
      Supplier<CardBuilder> newCard = () -> data.card().carrier(carrierId, "CMCC");

      Map<String, Long> cards = new LinkedHashMap<>();
      List<Long> notPolled = new ArrayList<>();
      Instant past = Instant.now().minusSeconds(60);

      card(cards, "verified", newCard.get().monthUsage(NOVEMBER, "100", "0"), 1, "1", "1000");
      card(
          cards,
          "unverifiedNormal",
          newCard.get().unverified().monthUsage(NOVEMBER, "1", "0"),
          1,
          "1",
          "1000");
      card(
          cards,
          "unverifiedIndustry",
          newCard.get().industry().unverified().monthUsage(NOVEMBER, "1", "0"),
          1,
          "1",
          "1000");
      cards.put("noPackage", newCard.get().monthUsage(NOVEMBER, "1", "0").insert());
      long exhausted =
          card(cards, "exhausted", newCard.get().monthUsage(NOVEMBER, "1", "0"), 1, "1000", "1000");
      data.packageOfCard(exhausted).status(0).insert();
      card(
          cards, "onlyAnExhaustedOne", newCard.get().monthUsage(NOVEMBER, "1", "0"), 2, "10", "10");
      long exhausting =
          card(
              cards,
              "usageReachingTheLimit",
              newCard.get().monthUsage(NOVEMBER, "990", "0"),
              1,
              "990",
              "1000");
      data.packageOfCard(exhausting).status(0).insert();
      long expiring = newCard.get().monthUsage(NOVEMBER, "1", "0").insert();
      cards.put("packageExpiredByTime", expiring);
      data.packageOfCard(expiring).status(1).usage("1", "1000").expiresAt(past).insert();
      long protectedCard = newCard.get().monthUsage(NOVEMBER, "1", "0").insert();
      cards.put("protectedWithoutPackage", protectedCard);
      app.bean(ProtectionPeriods.class)
          .protect(protectedCard, DesiredState.ONLINE, Duration.ofHours(1));
      card(
          cards,
          "stoppedNoPackage_hasOneNow",
          newCard.get().stopped("no_package").monthUsage(NOVEMBER, "1", "0"),
          1,
          "1",
          "1000");
      long stillExhausted =
          card(
              cards,
              "stoppedExhausted_stillExhausted",
              newCard.get().stopped("traffic_exhausted").monthUsage(NOVEMBER, "1", "0"),
              2,
              "10",
              "10");
      data.packageOfCard(stillExhausted).status(0).insert();
      card(
          cards,
          "stoppedNotRealname_stillUnverified",
          newCard.get().unverified().stopped("not_realname").monthUsage(NOVEMBER, "1", "0"),
          1,
          "1",
          "1000");
      long nowVerified =
          newCard
              .get()
              .unverified()
              .stopped("not_realname")
              .monthUsage(NOVEMBER, "1", "0")
              .insert();
      cards.put("stoppedNotRealname_verifiedAtTheCarrier", nowVerified);
      data.packageOfCard(nowVerified).status(0).insert();
      card(
          cards,
          "manualStop",
          newCard.get().stopped("manual").monthUsage(NOVEMBER, "1", "0"),
          1,
          "1",
          "1000");
      card(
          cards,
          "foreignStop",
          newCard.get().stopped("arrears").monthUsage(NOVEMBER, "1", "0"),
          1,
          "1",
          "1000");

      // A device without packages: its first card stops the whole device.
      long bare = data.device().insert();
      cards.put(
          "bareDevice_first", newCard.get().device(bare).monthUsage(NOVEMBER, "1", "0").insert());
      cards.put(
          "bareDevice_second", newCard.get().device(bare).monthUsage(NOVEMBER, "1", "0").insert());
      long notInPoll = newCard.get().device(bare).monthUsage(NOVEMBER, "1", "0").insert();
      cards.put("bareDevice_notInPoll", notInPoll);
      notPolled.add(notInPoll);
      long guarded = newCard.get().device(bare).monthUsage(NOVEMBER, "1", "0").insert();
      cards.put("bareDevice_protected", guarded);
      notPolled.add(guarded);
      app.bean(ProtectionPeriods.class).protect(guarded, DesiredState.ONLINE, Duration.ofHours(1));

      // A device stopped for lack of packages that has one again: its cards resume, but not all.
      long refilled = data.device().insert();
      data.packageOfDevice(refilled).status(1).usage("0", "10000").insert();
      cards.put(
          "refilled_trigger",
          newCard
              .get()
              .device(refilled)
              .stopped("no_package")
              .monthUsage(NOVEMBER, "1", "0")
              .insert());
      cards.put(
          "refilled_industryUnverified",
          newCard
              .get()
              .device(refilled)
              .industry()
              .unverified()
              .stopped("no_package")
              .monthUsage(NOVEMBER, "1", "0")
              .insert());
      cards.put(
          "refilled_normalUnverified",
          newCard
              .get()
              .device(refilled)
              .unverified()
              .stopped("no_package")
              .monthUsage(NOVEMBER, "1", "0")
              .insert());
      long manualInDevice =
          newCard.get().device(refilled).stopped("manual").monthUsage(NOVEMBER, "1", "0").insert();
      cards.put("refilled_manual", manualInDevice);
      notPolled.add(manualInDevice);
      long protectedStopped =
          newCard
              .get()
              .device(refilled)
              .stopped("no_package")
              .monthUsage(NOVEMBER, "1", "0")
              .insert();
      cards.put("refilled_protectedStopped", protectedStopped);
      notPolled.add(protectedStopped);
      app.bean(ProtectionPeriods.class)
          .protect(protectedStopped, DesiredState.STOPPED, Duration.ofHours(1));

      // A card of a deleted device: not polled any more, never stopped.
      long deleted = data.device().insert();
      cards.put(
          "deletedDevice", newCard.get().device(deleted).monthUsage(NOVEMBER, "1", "0").insert());
      data.softDeleteDevice(deleted);

      for (Map.Entry<String, Long> card : cards.entrySet()) {
        atTheCarrier(card.getKey(), card.getValue());
      }
      List<Long> polled = new ArrayList<>(cards.values());
      polled.removeAll(notPolled);
      return new Fleet(cards, polled);
    }

    /** A card with one package of its own (status, used MB, limit MB). */
    private static long card(
        Map<String, Long> cards,
        String name,
        CardBuilder card,
        int status,
        String used,
        String limit) {
      long id = card.insert();
      cards.put(name, id);
      app.data().packageOfCard(id).status(status).usage(used, limit).insert();
      return id;
    }

    /**
     * The carrier agrees with the database, except where the case is the carrier's news: a
     * verification, usage reaching the limit.
     */
    private static void atTheCarrier(String name, long cardId) {
      Card card = app.card(cardId);
      boolean verified =
          card.isRealNameVerified() || name.equals("stoppedNotRealname_verifiedAtTheCarrier");
      BigDecimal total =
          name.equals("usageReachingTheLimit")
              ? new BigDecimal("1000")
              : card.monthUsage().currentMonthUsageMb();
      app.simulator()
          .control()
          .setCard(card.iccid(), new CardState(verified, card.isOnline(), NOVEMBER, total));
    }
  }

  /** Batch calls the simulator received for the check's query. */
  private static long batchCalls(TaskType type) {
    String operation =
        switch (type) {
          case REALNAME -> "real-name";
          case CARDDATA -> "usage";
          case PACKAGE -> "package";
          case PROTECT -> "network-status";
        };
    var calls = app.simulator().control().callSummary().byOperation().get(operation);
    return calls == null ? 0 : calls.batchCalls();
  }

  /** What the rules change of a card: its network status, stop reason and real-name status. */
  private static List<Object> state(long cardId) {
    return app.postgres()
        .jdbc()
        .sql(
            "SELECT network_status, coalesce(stop_reason, '-'), real_name_status FROM tb_iot_card"
                + " WHERE id = ?")
        .param(cardId)
        .query((rs, row) -> List.<Object>of(rs.getInt(1), rs.getString(2), rs.getInt(3)))
        .single();
  }

  /** The card's stop/resume log, without ids and times. */
  private static List<String> logRows(long cardId) {
    return app.postgres()
        .jdbc()
        .sql(
            "SELECT action || ' ' || reason || ' ' || coalesce(reasons::text, '-') || ' ' ||"
                + " trigger || ' ' || result || ' ' || attempt FROM tb_stop_resume_log"
                + " WHERE iot_card_id = ? ORDER BY 1")
        .param(cardId)
        .query(String.class)
        .list();
  }

  /** The packages of the card's owner (its own, or its device's): status and usage. */
  private static List<String> packages(long cardId) {
    return app.postgres()
        .jdbc()
        .sql(
            "SELECT p.status || ' ' || p.data_usage_mb FROM tb_package_usage p"
                + " JOIN tb_iot_card c ON c.id = ?"
                + " WHERE (c.device_id IS NULL AND p.iot_card_id = c.id)"
                + " OR (c.device_id IS NOT NULL AND p.device_id = c.device_id) ORDER BY p.id")
        .param(cardId)
        .query(String.class)
        .list();
  }

  private static double seconds(Instant instant) {
    return instant.toEpochMilli() / 1000.0;
  }
}
