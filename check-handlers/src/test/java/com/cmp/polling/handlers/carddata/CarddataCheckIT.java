package com.cmp.polling.handlers.carddata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.core.usage.DataUsageSample;
import com.cmp.polling.core.usage.DataUsageStore;
import com.cmp.polling.handlers.HandlersTestApp;
import com.cmp.polling.handlers.base.CheckRunner;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.json.PayloadCodec;
import com.cmp.polling.schemas.task.CheckTask;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.simulator.state.CardState;
import io.micrometer.core.instrument.MeterRegistry;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The carddata check end to end: task on Kafka → carrier → month accounting → package → rules. */
class CarddataCheckIT {

  static final LocalDate NOVEMBER = LocalDate.of(2026, 11, 1);
  static final LocalDate OCTOBER = LocalDate.of(2026, 10, 1);
  static final Duration CARDDATA_INTERVAL = Duration.ofSeconds(1800);

  // A poll finding no permit free puts its checks off after half a second instead of the default
  // 2 s: the same outcome, sooner.
  @RegisterExtension
  static final HandlersTestApp app =
      HandlersTestApp.withSettings(Map.of("cmp.polling.handlers.permit-wait", "500ms"));

  @Test
  void sameMonth_recordsTheDelta_deductsIt_andRequeuesAfterTheInterval() {
    long card = app.data().card().monthUsage(NOVEMBER, "100", "3000").insert();
    long pkg = app.data().packageOfCard(card).status(1).usage("100", "1000").insert();
    carrierReports(card, NOVEMBER, "150");

    app.dispatch(card, TaskType.CARDDATA);

    // default-activated config: carddata every 1800 s.
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> app.queues().nextCheckIn(card, TaskType.CARDDATA, Duration.ofSeconds(1800)));
    assertThat(samples(card))
        .singleElement()
        .satisfies(
            s -> {
              assertThat(s.monthStart()).isEqualTo(NOVEMBER);
              assertThat(s.monthTotalMb()).isEqualByComparingTo("150");
              assertThat(s.deltaMb()).isEqualByComparingTo("50");
            });
    Card after = app.card(card);
    assertThat(after.monthUsage().currentMonthUsageMb()).isEqualByComparingTo("150");
    assertThat(after.monthUsage().lastMonthTotalMb()).isEqualByComparingTo("3000");
    assertThat(packageUsage(pkg)).isEqualByComparingTo("150");
    assertThat(after.isOnline()).isTrue();
    assertThat(app.simulator().control().calls(after.iccid()))
        .containsEntry("usage", 1)
        .doesNotContainKey("stop");
  }

  @Test
  void newMonth_keepsThePreviousTotal_andRestartsTheCounter() {
    long card = app.data().card().monthUsage(OCTOBER, "900", "500").insert();
    long pkg = app.data().packageOfCard(card).status(1).usage("0", "0").insert();
    carrierReports(card, NOVEMBER, "20");

    app.dispatch(card, TaskType.CARDDATA);

    await().atMost(Duration.ofSeconds(30)).until(() -> samples(card).size() == 1);
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> app.queues().nextCheckIn(card, TaskType.CARDDATA, Duration.ofSeconds(1800)));
    Card after = app.card(card);
    assertThat(after.monthUsage().monthStart()).isEqualTo(NOVEMBER);
    assertThat(after.monthUsage().lastMonthTotalMb()).isEqualByComparingTo("900");
    assertThat(after.monthUsage().currentMonthUsageMb()).isEqualByComparingTo("20");
    assertThat(samples(card).get(0).deltaMb()).isEqualByComparingTo("20");
    assertThat(packageUsage(pkg)).isEqualByComparingTo("20");
  }

  @Test
  void carrierCorrection_isRecorded_butNeverDeducted() {
    long card = app.data().card().monthUsage(NOVEMBER, "200", "0").insert();
    long pkg = app.data().packageOfCard(card).status(1).usage("200", "1000").insert();
    carrierReports(card, NOVEMBER, "150");

    app.dispatch(card, TaskType.CARDDATA);

    await().atMost(Duration.ofSeconds(30)).until(() -> samples(card).size() == 1);
    assertThat(samples(card).get(0).deltaMb()).isEqualByComparingTo("-50");
    assertThat(app.card(card).monthUsage().currentMonthUsageMb()).isEqualByComparingTo("150");
    assertThat(packageUsage(pkg)).isEqualByComparingTo("200");
  }

  @Test
  void reachingThePackageLimit_exhaustsIt_andStopsTheCardForTrafficExhausted() {
    long card = app.data().card().monthUsage(NOVEMBER, "100", "0").insert();
    long pkg = app.data().packageOfCard(card).status(1).usage("100", "1000").insert();
    // A pending package is still valid: without it, no_package would outrank traffic_exhausted.
    app.data().packageOfCard(card).status(0).insert();
    carrierReports(card, NOVEMBER, "1050");

    app.dispatch(card, TaskType.CARDDATA);

    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> "traffic_exhausted".equals(app.card(card).stopReason()));
    assertThat(app.packageStatus(pkg)).isEqualTo(2);
    assertThat(packageUsage(pkg)).isEqualByComparingTo("1050");
    assertThat(app.simulator().control().calls(app.card(card).iccid())).containsEntry("stop", 1);
    // Now suspended: default-suspended checks carddata every 3600 s.
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> app.queues().nextCheckIn(card, TaskType.CARDDATA, Duration.ofSeconds(3600)));
  }

  @Test
  void gatewayTimeout_putsTheCheckOffForTheShortRetryDelay() {
    long card = app.data().card().monthUsage(NOVEMBER, "0", "0").insert();
    app.data().packageOfCard(card).status(1).insert();
    app.simulator().control().failNext(app.card(card).iccid(), 1, 503);

    app.dispatch(card, TaskType.CARDDATA);

    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> app.queues().nextCheckIn(card, TaskType.CARDDATA, Duration.ofSeconds(60)));
    assertThat(samples(card)).isEmpty();
  }

  /**
   * Many carddata tasks in one poll, handed to the runner as the listener receives them: each card
   * of the poll must end exactly as it would alone (sample, counters, package, stop, queue),
   * however the work is shared, and a card that breaks the shared transaction must not hold back
   * the others.
   */
  @Nested
  class PollOfManyCards {

    @AfterEach
    void dropTheFailingTrigger() {
      app.postgres()
          .jdbc()
          .sql("DROP TRIGGER IF EXISTS refuse_sample ON data_usage_records")
          .update();
    }

    @Test
    void aPollOfManyCards_endsEachCardAsItWouldEndAlone() {
      List<Long> plain = new ArrayList<>();
      for (int i = 0; i < 40; i++) {
        long card = app.data().card().monthUsage(NOVEMBER, "100", "0").insert();
        app.data().packageOfCard(card).status(1).usage("100", "10000").insert();
        carrierReports(card, NOVEMBER, "100." + (i + 1));
        plain.add(card);
      }
      long device = app.data().device().insert();
      long firstInDevice =
          app.data().card().device(device).monthUsage(NOVEMBER, "10", "0").insert();
      long secondInDevice =
          app.data().card().device(device).monthUsage(NOVEMBER, "20", "0").insert();
      // The first card's usage exhausts the deciding package; the second's goes to the next one,
      // as card by card.
      long devicePackage = app.data().packageOfDevice(device).status(1).usage("30", "40").insert();
      long nextDevicePackage =
          app.data().packageOfDevice(device).status(1).usage("0", "1000").insert();
      carrierReports(firstInDevice, NOVEMBER, "25");
      carrierReports(secondInDevice, NOVEMBER, "27.5");
      long exhausting = app.data().card().monthUsage(NOVEMBER, "100", "0").insert();
      long limited = app.data().packageOfCard(exhausting).status(1).usage("100", "1000").insert();
      app.data().packageOfCard(exhausting).status(0).insert();
      carrierReports(exhausting, NOVEMBER, "1200");
      long corrected = app.data().card().monthUsage(NOVEMBER, "200", "0").insert();
      long correctedPackage =
          app.data().packageOfCard(corrected).status(1).usage("200", "1000").insert();
      carrierReports(corrected, NOVEMBER, "150");
      long timingOut = app.data().card().monthUsage(NOVEMBER, "0", "0").insert();
      app.data().packageOfCard(timingOut).status(1).insert();
      app.simulator().control().failNext(app.card(timingOut).iccid(), 1, 503);
      long deletedMeanwhile = app.data().card().monthUsage(NOVEMBER, "0", "0").insert();
      app.data().packageOfCard(deletedMeanwhile).status(1).insert();
      carrierReports(deletedMeanwhile, NOVEMBER, "5");
      // Deleted after its task was published: the poll's read no longer finds it.
      app.data().softDeleteCard(deletedMeanwhile);
      List<Long> all = new ArrayList<>(plain);
      all.addAll(
          List.of(
              firstInDevice, secondInDevice, exhausting, corrected, timingOut, deletedMeanwhile));

      runPoll(all);

      for (int i = 0; i < plain.size(); i++) {
        long card = plain.get(i);
        BigDecimal delta = new BigDecimal("0." + (i + 1));
        assertThat(samples(card))
            .as("card %d", card)
            .singleElement()
            .satisfies(s -> assertThat(s.deltaMb()).isEqualByComparingTo(delta));
        assertThat(app.card(card).monthUsage().currentMonthUsageMb())
            .isEqualByComparingTo(new BigDecimal("100").add(delta));
        assertThat(app.queues().nextCheckIn(card, TaskType.CARDDATA, CARDDATA_INTERVAL))
            .as("card %d requeued after its interval", card)
            .isTrue();
        assertThat(app.simulator().control().calls(app.card(card).iccid()))
            .containsOnlyKeys("usage");
      }
      assertThat(packageUsage(devicePackage)).isEqualByComparingTo("45");
      assertThat(app.packageStatus(devicePackage)).isEqualTo(2);
      assertThat(packageUsage(nextDevicePackage)).isEqualByComparingTo("7.5");
      assertThat(app.card(firstInDevice).isOnline()).as("the device still has room").isTrue();
      assertThat(samples(firstInDevice).get(0).deltaMb()).isEqualByComparingTo("15");
      assertThat(samples(secondInDevice).get(0).deltaMb()).isEqualByComparingTo("7.5");
      assertThat(app.packageStatus(limited)).isEqualTo(2);
      assertThat(app.card(exhausting).stopReason()).isEqualTo("traffic_exhausted");
      assertThat(app.simulator().control().calls(app.card(exhausting).iccid()))
          .containsEntry("stop", 1);
      // Now suspended: default-suspended checks carddata every 3600 s.
      assertThat(app.queues().nextCheckIn(exhausting, TaskType.CARDDATA, Duration.ofSeconds(3600)))
          .isTrue();
      assertThat(samples(corrected).get(0).deltaMb()).isEqualByComparingTo("-50");
      assertThat(packageUsage(correctedPackage)).isEqualByComparingTo("200");
      assertThat(samples(timingOut)).isEmpty();
      assertThat(app.queues().nextCheckIn(timingOut, TaskType.CARDDATA, Duration.ofSeconds(60)))
          .isTrue();
      assertThat(samples(deletedMeanwhile)).isEmpty();
      assertThat(app.queues().inNoQueue(deletedMeanwhile)).isTrue();
    }

    @Test
    void aCardBreakingTheSharedTransaction_failsAlone_andTheOthersAreRecorded() {
      List<Long> cards = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        long card = app.data().card().monthUsage(NOVEMBER, "10", "0").insert();
        app.data().packageOfCard(card).status(1).usage("10", "1000").insert();
        carrierReports(card, NOVEMBER, "11");
        cards.add(card);
      }
      long refused = cards.get(2);
      refuseSamplesOf(refused);
      double fallbacksBefore = fallbacks("accounting");

      runPoll(cards);

      for (long card : cards) {
        if (card == refused) {
          continue;
        }
        assertThat(samples(card)).as("card %d", card).hasSize(1);
        assertThat(app.queues().nextCheckIn(card, TaskType.CARDDATA, CARDDATA_INTERVAL)).isTrue();
      }
      assertThat(fallbacks("accounting") - fallbacksBefore).isEqualTo(1);
      assertThat(samples(refused)).isEmpty();
      assertThat(app.card(refused).monthUsage().currentMonthUsageMb()).isEqualByComparingTo("10");
      // Left leased: it comes due again when the lease (5 minutes, as dispatched) ends.
      Double leaseOfRefused = app.queues().score(refused, TaskType.CARDDATA);
      assertThat(leaseOfRefused).isNotNull();
      assertThat(Instant.ofEpochMilli((long) (leaseOfRefused * 1000)))
          .isBetween(Instant.now().plusSeconds(200), Instant.now().plusSeconds(301));
    }

    @Test
    void withFewPermitsFree_aPollRunsInSlicesOfWhatIsFree_andEveryCardIsChecked() {
      List<Long> cards = plainCards(10);
      var slices =
          app.bean(MeterRegistry.class)
              .summary("polling.handlers.slice_size", "task_type", "carddata");
      long slicesBefore = slices.count();
      double cardsBefore = slices.totalAmount();

      // Another instance holds all but 3 of the 1 000 carddata permits for the whole poll.
      runPollWhileOthersHold(997, cards);

      // 10 cards in slices of at most 3.
      assertThat(slices.totalAmount() - cardsBefore).isEqualTo(10);
      assertThat(slices.count() - slicesBefore).isGreaterThanOrEqualTo(4);

      for (long card : cards) {
        assertThat(samples(card)).as("card %d", card).hasSize(1);
        assertThat(app.queues().nextCheckIn(card, TaskType.CARDDATA, CARDDATA_INTERVAL)).isTrue();
      }
    }

    @Test
    void withNoPermitFree_thePollIsPutOffForTheRetryDelay_withoutCallingTheCarrier() {
      List<Long> cards = plainCards(3);
      runPollWhileOthersHold(1000, cards);

      for (long card : cards) {
        assertThat(app.queues().nextCheckIn(card, TaskType.CARDDATA, Duration.ofSeconds(60)))
            .isTrue();
        assertThat(app.simulator().control().calls(app.card(card).iccid())).isEmpty();
        assertThat(samples(card)).isEmpty();
      }
    }

    private static List<Long> plainCards(int count) {
      List<Long> cards = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        long card = app.data().card().monthUsage(NOVEMBER, "1", "0").insert();
        app.data().packageOfCard(card).status(1).usage("1", "10000").insert();
        carrierReports(card, NOVEMBER, "2");
        cards.add(card);
      }
      return cards;
    }

    private static double fallbacks(String step) {
      var counter =
          app.bean(MeterRegistry.class)
              .find("polling.handlers.batch_fallbacks")
              .tags("task_type", "carddata", "step", step)
              .counter();
      return counter == null ? 0 : counter.count();
    }

    /** Runs the poll while {@code permits} carddata permits are held elsewhere (then freed). */
    private static void runPollWhileOthersHold(int permits, List<Long> cards) {
      String key = RedisKeys.concurrency(TaskType.CARDDATA);
      double expiry = System.currentTimeMillis() + 600_000;
      for (int i = 0; i < permits; i++) {
        app.redis().template().opsForZSet().add(key, "elsewhere:" + i, expiry);
      }
      try {
        runPoll(cards);
      } finally {
        app.redis().template().delete(key);
      }
    }

    /** Leases the cards as the scheduler would and runs their tasks as one poll. */
    private static void runPoll(List<Long> cardIds) {
      PayloadCodec codec = app.bean(PayloadCodec.class);
      var topic = Topics.checkTasks(TaskType.CARDDATA);
      Instant now = Instant.now();
      List<ConsumerRecord<String, byte[]>> records = new ArrayList<>();
      for (long cardId : cardIds) {
        app.bean(PollingQueueManager.class)
            .requeue(cardId, TaskType.CARDDATA, now.plusSeconds(300));
        records.add(
            new ConsumerRecord<>(
                topic.name(),
                0,
                records.size(),
                Long.toString(cardId),
                codec.encode(topic, new CheckTask(cardId, TaskType.CARDDATA, now, now, false))));
      }
      app.bean(CheckRunner.class).runAll(records, TaskType.CARDDATA, app.bean(CarddataCheck.class));
    }

    private static void refuseSamplesOf(long cardId) {
      app.postgres()
          .jdbc()
          .sql(
              """
              CREATE OR REPLACE FUNCTION refuse_sample() RETURNS trigger AS $$
              BEGIN
                IF NEW.iot_card_id = %d THEN
                  RAISE EXCEPTION 'sample of card %% refused by the test', NEW.iot_card_id;
                END IF;
                RETURN NEW;
              END $$ LANGUAGE plpgsql
              """
                  .formatted(cardId))
          .update();
      app.postgres()
          .jdbc()
          .sql(
              "CREATE TRIGGER refuse_sample BEFORE INSERT ON data_usage_records"
                  + " FOR EACH ROW EXECUTE FUNCTION refuse_sample()")
          .update();
    }
  }

  private static void carrierReports(long card, LocalDate month, String totalMb) {
    app.simulator()
        .control()
        .setCard(app.card(card).iccid(), new CardState(true, true, month, new BigDecimal(totalMb)));
  }

  private static List<DataUsageSample> samples(long card) {
    return app.bean(DataUsageStore.class).findByCard(card);
  }

  private static BigDecimal packageUsage(long pkg) {
    return app.postgres()
        .jdbc()
        .sql("SELECT data_usage_mb FROM tb_package_usage WHERE id = ?")
        .param(pkg)
        .query(BigDecimal.class)
        .single();
  }
}
