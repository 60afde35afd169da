package com.cmp.polling.handlers.base;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.protection.DesiredState;
import com.cmp.polling.core.protection.ProtectionPeriods;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.handlers.HandlersTestApp;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.json.PayloadCodec;
import com.cmp.polling.schemas.task.CheckTask;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.simulator.state.CardState;
import com.cmp.polling.testsupport.data.TestData;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A poll mixing every case the stop/resume rules know, checked as one poll and, on a second fleet
 * built the same way, card by card (a poll of one card each, in the same order): both must end
 * alike — the same stops and resumes, the same rows in tb_stop_resume_log, the same packages, the
 * same next check in the queue. The cards of one device decide in poll order in both ways.
 */
class MixedPollIT {

  private static final LocalDate NOVEMBER = LocalDate.of(2026, 11, 1);

  /** How far apart two next-check times may be: the card-by-card run takes a few seconds. */
  private static final double SCORE_TOLERANCE_SECONDS = 5;

  @RegisterExtension static final HandlersTestApp app = HandlersTestApp.withDefaults();

  @ParameterizedTest
  @EnumSource(
      value = TaskType.class,
      names = {"REALNAME", "CARDDATA", "PACKAGE"})
  void aMixedPoll_endsAsItsCardsEndCardByCard(TaskType type) {
    Fleet alone = Fleet.build();
    Fleet together = Fleet.build();

    Map<Long, Instant> aloneDone = new LinkedHashMap<>();
    for (long card : alone.polled()) {
      runPoll(List.of(card), type);
      aloneDone.put(card, Instant.now());
    }
    runPoll(together.polled(), type);
    Instant togetherDone = Instant.now();

    for (String name : alone.cards.keySet()) {
      long a = alone.cards.get(name);
      long b = together.cards.get(name);
      assertThat(state(b)).as("%s (%s): card", name, type.code()).isEqualTo(state(a));
      assertThat(logRows(b))
          .as("%s (%s): stop/resume log", name, type.code())
          .isEqualTo(logRows(a));
      assertThat(packages(b)).as("%s (%s): packages", name, type.code()).isEqualTo(packages(a));
      Double scoreA = app.queues().score(a, type);
      Double scoreB = app.queues().score(b, type);
      assertThat(scoreB == null).as("%s (%s): queued", name, type.code()).isEqualTo(scoreA == null);
      if (scoreA != null) {
        double nextA = scoreA - seconds(aloneDone.getOrDefault(a, togetherDone));
        double nextB = scoreB - seconds(togetherDone);
        assertThat(nextB)
            .as("%s (%s): next check in (s)", name, type.code())
            .isBetween(nextA - SCORE_TOLERANCE_SECONDS, nextA + SCORE_TOLERANCE_SECONDS);
      }
    }
    // The poll did decide something: not a comparison of two runs that changed nothing.
    assertThat(alone.cards.values().stream().mapToLong(id -> logRows(id).size()).sum())
        .isGreaterThan(0);
  }

  /** One fleet: every case of the rules, each card under a name, polled or not. */
  private record Fleet(Map<String, Long> cards, List<Long> polled) {

    static Fleet build() {
      TestData data = app.data();
      Map<String, Long> cards = new LinkedHashMap<>();
      List<Long> notPolled = new ArrayList<>();
      Instant past = Instant.now().minusSeconds(60);

      card(cards, "verified", data.card().monthUsage(NOVEMBER, "100", "0"), 1, "1", "1000");
      card(
          cards,
          "unverifiedNormal",
          data.card().unverified().monthUsage(NOVEMBER, "1", "0"),
          1,
          "1",
          "1000");
      card(
          cards,
          "unverifiedIndustry",
          data.card().industry().unverified().monthUsage(NOVEMBER, "1", "0"),
          1,
          "1",
          "1000");
      cards.put("noPackage", data.card().monthUsage(NOVEMBER, "1", "0").insert());
      long exhausted =
          card(cards, "exhausted", data.card().monthUsage(NOVEMBER, "1", "0"), 1, "1000", "1000");
      data.packageOfCard(exhausted).status(0).insert();
      card(cards, "onlyAnExhaustedOne", data.card().monthUsage(NOVEMBER, "1", "0"), 2, "10", "10");
      long exhausting =
          card(
              cards,
              "usageReachingTheLimit",
              data.card().monthUsage(NOVEMBER, "990", "0"),
              1,
              "990",
              "1000");
      data.packageOfCard(exhausting).status(0).insert();
      long expiring = data.card().monthUsage(NOVEMBER, "1", "0").insert();
      cards.put("packageExpiredByTime", expiring);
      data.packageOfCard(expiring).status(1).usage("1", "1000").expiresAt(past).insert();
      long protectedCard = data.card().monthUsage(NOVEMBER, "1", "0").insert();
      cards.put("protectedWithoutPackage", protectedCard);
      app.bean(ProtectionPeriods.class)
          .protect(protectedCard, DesiredState.ONLINE, Duration.ofHours(1));
      card(
          cards,
          "stoppedNoPackage_hasOneNow",
          data.card().stopped("no_package").monthUsage(NOVEMBER, "1", "0"),
          1,
          "1",
          "1000");
      long stillExhausted =
          card(
              cards,
              "stoppedExhausted_stillExhausted",
              data.card().stopped("traffic_exhausted").monthUsage(NOVEMBER, "1", "0"),
              2,
              "10",
              "10");
      data.packageOfCard(stillExhausted).status(0).insert();
      card(
          cards,
          "stoppedNotRealname_stillUnverified",
          data.card().unverified().stopped("not_realname").monthUsage(NOVEMBER, "1", "0"),
          1,
          "1",
          "1000");
      long nowVerified =
          data.card().unverified().stopped("not_realname").monthUsage(NOVEMBER, "1", "0").insert();
      cards.put("stoppedNotRealname_verifiedAtTheCarrier", nowVerified);
      data.packageOfCard(nowVerified).status(0).insert();
      card(
          cards,
          "manualStop",
          data.card().stopped("manual").monthUsage(NOVEMBER, "1", "0"),
          1,
          "1",
          "1000");
      card(
          cards,
          "foreignStop",
          data.card().stopped("arrears").monthUsage(NOVEMBER, "1", "0"),
          1,
          "1",
          "1000");

      // A device without packages: its first card stops the whole device.
      long bare = data.device().insert();
      cards.put(
          "bareDevice_first", data.card().device(bare).monthUsage(NOVEMBER, "1", "0").insert());
      cards.put(
          "bareDevice_second", data.card().device(bare).monthUsage(NOVEMBER, "1", "0").insert());
      long notInPoll = data.card().device(bare).monthUsage(NOVEMBER, "1", "0").insert();
      cards.put("bareDevice_notInPoll", notInPoll);
      notPolled.add(notInPoll);
      long guarded = data.card().device(bare).monthUsage(NOVEMBER, "1", "0").insert();
      cards.put("bareDevice_protected", guarded);
      notPolled.add(guarded);
      app.bean(ProtectionPeriods.class).protect(guarded, DesiredState.ONLINE, Duration.ofHours(1));

      // A device stopped for lack of packages that has one again: its cards resume, but not all.
      long refilled = data.device().insert();
      data.packageOfDevice(refilled).status(1).usage("0", "10000").insert();
      cards.put(
          "refilled_trigger",
          data.card()
              .device(refilled)
              .stopped("no_package")
              .monthUsage(NOVEMBER, "1", "0")
              .insert());
      cards.put(
          "refilled_industryUnverified",
          data.card()
              .device(refilled)
              .industry()
              .unverified()
              .stopped("no_package")
              .monthUsage(NOVEMBER, "1", "0")
              .insert());
      cards.put(
          "refilled_normalUnverified",
          data.card()
              .device(refilled)
              .unverified()
              .stopped("no_package")
              .monthUsage(NOVEMBER, "1", "0")
              .insert());
      long manualInDevice =
          data.card().device(refilled).stopped("manual").monthUsage(NOVEMBER, "1", "0").insert();
      cards.put("refilled_manual", manualInDevice);
      notPolled.add(manualInDevice);
      long protectedStopped =
          data.card()
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
          "deletedDevice", data.card().device(deleted).monthUsage(NOVEMBER, "1", "0").insert());
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
        com.cmp.polling.testsupport.data.CardBuilder card,
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

  /** Leases the cards as the scheduler would and runs their tasks as one poll. */
  private static void runPoll(List<Long> cardIds, TaskType type) {
    PayloadCodec codec = app.bean(PayloadCodec.class);
    var topic = Topics.checkTasks(type);
    Instant now = Instant.now();
    List<ConsumerRecord<String, byte[]>> records = new ArrayList<>();
    for (long cardId : cardIds) {
      app.bean(PollingQueueManager.class).requeue(cardId, type, now.plusSeconds(300));
      records.add(
          new ConsumerRecord<>(
              topic.name(),
              0,
              records.size(),
              Long.toString(cardId),
              codec.encode(topic, new CheckTask(cardId, type, now, now, false))));
    }
    run(records, type, app.check(type));
  }

  private static <R> void run(
      List<ConsumerRecord<String, byte[]>> records, TaskType type, BatchCheckBody<R> check) {
    app.bean(CheckRunner.class).runAll(records, type, check);
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
