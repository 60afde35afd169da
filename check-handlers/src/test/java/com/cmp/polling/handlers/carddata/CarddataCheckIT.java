package com.cmp.polling.handlers.carddata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.usage.DataUsageSample;
import com.cmp.polling.core.usage.DataUsageStore;
import com.cmp.polling.handlers.HandlersTestApp;
import com.cmp.polling.handlers.QueueProbe;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.simulator.state.CardState;
import com.cmp.polling.testsupport.data.TestData;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The carddata check end to end: task on Kafka → carrier → month accounting → package → rules. */
class CarddataCheckIT {

  static final LocalDate NOVEMBER = LocalDate.of(2026, 11, 1);
  static final LocalDate OCTOBER = LocalDate.of(2026, 10, 1);

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.empty();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  static HandlersTestApp app;
  static TestData data;
  static QueueProbe queues;

  @BeforeAll
  static void start() {
    app = HandlersTestApp.start(postgres, redis, kafka, Map.of());
    data = postgres.data();
    queues = new QueueProbe(redis);
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @Test
  void sameMonth_recordsTheDelta_deductsIt_andRequeuesAfterTheInterval() {
    long card = data.card().monthUsage(NOVEMBER, "100", "3000").insert();
    long pkg = data.packageOfCard(card).status(1).usage("100", "1000").insert();
    carrierReports(card, NOVEMBER, "150");

    app.dispatch(card, TaskType.CARDDATA);

    // default-activated config: carddata every 1800 s.
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> queues.nextCheckIn(card, TaskType.CARDDATA, Duration.ofSeconds(1800)));
    assertThat(samples(card))
        .singleElement()
        .satisfies(
            s -> {
              assertThat(s.monthStart()).isEqualTo(NOVEMBER);
              assertThat(s.monthTotalMb()).isEqualByComparingTo("150");
              assertThat(s.deltaMb()).isEqualByComparingTo("50");
            });
    Card after = card(card);
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
    long card = data.card().monthUsage(OCTOBER, "900", "500").insert();
    long pkg = data.packageOfCard(card).status(1).usage("0", "0").insert();
    carrierReports(card, NOVEMBER, "20");

    app.dispatch(card, TaskType.CARDDATA);

    await().atMost(Duration.ofSeconds(30)).until(() -> samples(card).size() == 1);
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> queues.nextCheckIn(card, TaskType.CARDDATA, Duration.ofSeconds(1800)));
    Card after = card(card);
    assertThat(after.monthUsage().monthStart()).isEqualTo(NOVEMBER);
    assertThat(after.monthUsage().lastMonthTotalMb()).isEqualByComparingTo("900");
    assertThat(after.monthUsage().currentMonthUsageMb()).isEqualByComparingTo("20");
    assertThat(samples(card).get(0).deltaMb()).isEqualByComparingTo("20");
    assertThat(packageUsage(pkg)).isEqualByComparingTo("20");
  }

  @Test
  void carrierCorrection_isRecorded_butNeverDeducted() {
    long card = data.card().monthUsage(NOVEMBER, "200", "0").insert();
    long pkg = data.packageOfCard(card).status(1).usage("200", "1000").insert();
    carrierReports(card, NOVEMBER, "150");

    app.dispatch(card, TaskType.CARDDATA);

    await().atMost(Duration.ofSeconds(30)).until(() -> samples(card).size() == 1);
    assertThat(samples(card).get(0).deltaMb()).isEqualByComparingTo("-50");
    assertThat(card(card).monthUsage().currentMonthUsageMb()).isEqualByComparingTo("150");
    assertThat(packageUsage(pkg)).isEqualByComparingTo("200");
  }

  @Test
  void reachingThePackageLimit_exhaustsIt_andStopsTheCardForTrafficExhausted() {
    long card = data.card().monthUsage(NOVEMBER, "100", "0").insert();
    long pkg = data.packageOfCard(card).status(1).usage("100", "1000").insert();
    // A pending package is still valid: without it, no_package would outrank traffic_exhausted.
    data.packageOfCard(card).status(0).insert();
    carrierReports(card, NOVEMBER, "1050");

    app.dispatch(card, TaskType.CARDDATA);

    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> "traffic_exhausted".equals(card(card).stopReason()));
    assertThat(packageStatus(pkg)).isEqualTo(2);
    assertThat(packageUsage(pkg)).isEqualByComparingTo("1050");
    assertThat(app.simulator().control().calls(card(card).iccid())).containsEntry("stop", 1);
    // Now suspended: default-suspended checks carddata every 3600 s.
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> queues.nextCheckIn(card, TaskType.CARDDATA, Duration.ofSeconds(3600)));
  }

  @Test
  void gatewayTimeout_putsTheCheckOffForTheShortRetryDelay() {
    long card = data.card().monthUsage(NOVEMBER, "0", "0").insert();
    data.packageOfCard(card).status(1).insert();
    app.simulator().control().failNext(card(card).iccid(), 1, 503);

    app.dispatch(card, TaskType.CARDDATA);

    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> queues.nextCheckIn(card, TaskType.CARDDATA, Duration.ofSeconds(60)));
    assertThat(samples(card)).isEmpty();
  }

  private static void carrierReports(long card, LocalDate month, String totalMb) {
    app.simulator()
        .control()
        .setCard(card(card).iccid(), new CardState(true, true, month, new BigDecimal(totalMb)));
  }

  private static Card card(long id) {
    return app.bean(CardStore.class).findById(id).orElseThrow();
  }

  private static List<DataUsageSample> samples(long card) {
    return app.bean(DataUsageStore.class).findByCard(card);
  }

  private static BigDecimal packageUsage(long pkg) {
    return postgres
        .jdbc()
        .sql("SELECT data_usage_mb FROM tb_package_usage WHERE id = ?")
        .param(pkg)
        .query(BigDecimal.class)
        .single();
  }

  private static int packageStatus(long pkg) {
    return postgres
        .jdbc()
        .sql("SELECT status FROM tb_package_usage WHERE id = ?")
        .param(pkg)
        .query(Integer.class)
        .single();
  }
}
