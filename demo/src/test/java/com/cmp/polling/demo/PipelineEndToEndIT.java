package com.cmp.polling.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.demo.fleet.CardKind;
import com.cmp.polling.demo.fleet.CardKind.Outcome;
import com.cmp.polling.demo.fleet.CheckIntervals;
import com.cmp.polling.demo.fleet.DemoFleet;
import com.cmp.polling.demo.fleet.FleetVerdict;
import com.cmp.polling.demo.infra.Endpoints;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.simulator.SimulatorControl;
import com.cmp.polling.simulator.behaviour.Behaviour;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import io.micrometer.core.instrument.MeterRegistry;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The whole pipeline — lifecycle listener, scheduler, check handlers, simulated carrier — on real
 * PostgreSQL, Redis and Kafka with 700 cards of every {@link CardKind}: every card ends where the
 * rules say, nothing else is touched, every polled card sits in exactly the queues of its config;
 * then changes written to the database mid-run take effect through the change stream.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PipelineEndToEndIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  /**
   * The fewest cards with a device whose shared package expired (device 7, cards 610 to 700): every
   * kind the fleet gives a thousand cards is among them, ten cards or more each. A device whose
   * polling is off comes only at 1 300 cards (device 13).
   */
  static final int CARDS = 700;

  /**
   * A window of steady checks: at a carddata check every 8 s for the few hundred online cards, some
   * 300 checks; over 100 of them are asked for.
   */
  static final Duration CHECKS_WINDOW = Duration.ofSeconds(8);

  static PipelineApps apps;
  static PollingQueueManager queues;
  static SimulatorControl carrier;

  @BeforeAll
  static void start() throws Exception {
    DemoFleet fleet = new DemoFleet(postgres.dataSource(), CARDS);
    fleet.useIntervals(CheckIntervals.test());
    fleet.seed();
    Endpoints endpoints = TestEndpoints.of(postgres, redis, kafka);
    apps =
        PipelineApps.start(
            endpoints,
            PipelineApps.Ports.ANY,
            "e2e-token",
            simulator -> {
              simulator
                  .control()
                  .configure(
                      Behaviour.none()
                          .withUsageGrowthMbPerQuery(
                              BigDecimal.valueOf(DemoFleet.USAGE_GROWTH_MB_PER_QUERY)));
              fleet.teach(simulator.control());
            },
            Map.of(
                "server.address",
                "127.0.0.1",
                "cmp.polling.scheduler.triggers.interval",
                "2s",
                "cmp.polling.scheduler.initializer.pause",
                "0s",
                // A check that finds its card held by another check's stop or resume (two checks
                // of a card can come due together) tries again this much later: at the default
                // 60 s, one such card kept the whole fleet from settling for a minute.
                "cmp.polling.handlers.retry-delay",
                "2s"));
    queues = apps.scheduler().getBean(PollingQueueManager.class);
    carrier = apps.simulator().control();
  }

  @AfterAll
  static void stop() {
    if (apps != null) {
      apps.close();
    }
  }

  @Test
  @Order(1)
  void everyCardEndsWhereTheRulesSay_andNothingElseIsTouched() {
    await("every demo card where its kind says")
        .atMost(Duration.ofMinutes(3))
        .pollInterval(Duration.ofSeconds(1))
        .until(
            () ->
                FleetVerdict.of(postgres.dataSource(), CARDS).allSettled()
                    && everyUntouchedCardWasChecked());

    Map<String, Map<String, Integer>> calls = carrier.calls().byCard();
    Map<Long, List<String>> logged = stopResumeLog();
    for (long id = 1; id <= CARDS; id++) {
      CardKind kind = CardKind.of(id);
      Map<String, Integer> cardCalls = calls.getOrDefault(DemoFleet.iccidOf(id), Map.of());
      List<String> cardLog = logged.getOrDefault(id, List.of());
      String card = "card " + id + " (" + kind + ")";
      switch (kind.outcome()) {
        case STOPPED -> {
          assertThat(cardCalls.get("stop")).as(card + " stop calls").isEqualTo(1);
          assertThat(cardCalls.get("start")).as(card + " start calls").isNull();
          assertThat(cardLog).as(card).containsExactly("stop " + kind.stopReason() + " success");
        }
        case RESUMED -> {
          assertThat(cardCalls.get("start")).as(card + " start calls").isEqualTo(1);
          assertThat(cardCalls.get("stop")).as(card + " stop calls").isNull();
          assertThat(cardLog).as(card).hasSize(1).allMatch(line -> line.startsWith("resume "));
        }
        case UNTOUCHED -> {
          assertThat(cardCalls).as(card + " calls").doesNotContainKeys("stop", "start");
          assertThat(cardCalls).as(card + " was checked").isNotEmpty();
          assertThat(cardLog).as(card).isEmpty();
        }
        case NOT_POLLED -> {
          assertThat(cardCalls).as(card + " calls").isEmpty();
          assertThat(cardLog).as(card).isEmpty();
        }
      }
    }
  }

  /**
   * Stops and resumes can all be done while some steady cards still wait for their first check in a
   * busy topic: those must have been checked too before "left alone" means anything.
   */
  private static boolean everyUntouchedCardWasChecked() {
    Map<String, Map<String, Integer>> calls = carrier.calls().byCard();
    for (long id = 1; id <= CARDS; id++) {
      if (CardKind.of(id).outcome() == Outcome.UNTOUCHED
          && !calls.containsKey(DemoFleet.iccidOf(id))) {
        return false;
      }
    }
    return true;
  }

  @Test
  @Order(2)
  void everyPolledCardIsInExactlyTheQueuesOfItsConfig() {
    // Stopped cards follow default-suspended (no carddata checks); online ones realname, carddata
    // and package; protect only while protected (no card is); unpolled cards nowhere. The change
    // stream applies a stop or resume to the queues a moment after the row changed (seconds, when
    // hundreds of cards change at once on two cores): wait for it to catch up.
    await("every card in the queues of its config")
        .atMost(Duration.ofMinutes(1))
        .pollInterval(Duration.ofSeconds(1))
        .until(() -> misplacedCards().isEmpty());
    assertThat(misplacedCards()).isEmpty();
  }

  private static List<String> misplacedCards() {
    Map<Long, Boolean> online = onlineById();
    List<String> misplaced = new ArrayList<>();
    for (long id = 1; id <= CARDS; id++) {
      CardKind kind = CardKind.of(id);
      Set<TaskType> expected =
          kind.outcome() == Outcome.NOT_POLLED
              ? EnumSet.noneOf(TaskType.class)
              : online.get(id)
                  ? EnumSet.of(TaskType.REALNAME, TaskType.CARDDATA, TaskType.PACKAGE)
                  : EnumSet.of(TaskType.REALNAME, TaskType.PACKAGE);
      Set<TaskType> actual = queuedTypes(id);
      if (!actual.equals(expected)) {
        misplaced.add("card " + id + " (" + kind + ") in " + actual + ", expected " + expected);
      }
    }
    return misplaced;
  }

  @Test
  @Order(3)
  void databaseChangesMidRun_takeEffectThroughTheChangeStream() {
    // Device 1 (cards 10, 20, ... 100) is a steady device; card 11 a steady card.
    List<Long> deviceCards = LongStream.rangeClosed(1, 10).map(i -> i * 10).boxed().toList();
    assertThat(deviceCards).allMatch(id -> !queuedTypes(id).isEmpty());

    postgres.jdbc().sql("UPDATE tb_device SET enable_polling = false WHERE id = 1").update();
    postgres.jdbc().sql("UPDATE tb_iot_card SET deleted_at = now() WHERE id = 11").update();
    long added =
        postgres
            .jdbc()
            .sql(
                "INSERT INTO tb_iot_card (iccid, carrier_id, carrier_type, real_name_status)"
                    + " VALUES ('E2E-NEW-1', 1, 'CMCC', 1) RETURNING id")
            .query(Long.class)
            .single();

    await("device 1's cards and card 11 out of every queue, the new card in")
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                deviceCards.stream().allMatch(id -> queuedTypes(id).isEmpty())
                    && queuedTypes(11).isEmpty()
                    && queuedTypes(added).size() == 3);

    // Nothing brings them back (a check in flight completes with ZADD XX) ...
    await("device 1's cards and card 11 stay out of every queue")
        .during(Duration.ofSeconds(10))
        .atMost(Duration.ofSeconds(15))
        .until(
            () ->
                deviceCards.stream().allMatch(id -> queuedTypes(id).isEmpty())
                    && queuedTypes(11).isEmpty());
    // ... and, the tasks published before the change being long handled, no check starts.
    Map<String, Integer> before = carrierCalls(deviceCards);
    await("no more carrier calls for the disabled device's cards")
        .during(Duration.ofSeconds(8))
        .atMost(Duration.ofSeconds(12))
        .until(() -> carrierCalls(deviceCards).equals(before));
  }

  /**
   * Usage accounting leaves the captured card table alone: over a window of steady checks with the
   * carrier reporting usage that grows (every carddata check writes a sample, counters and a
   * deduction), then over one with usage standing still (a carddata check writes nothing), no
   * record reaches {@code cmp.public.tb_iot_card}. Each window ends with a change of a card row
   * made here, which goes through Debezium after every change committed before it: once it is on
   * the topic, whatever the checks of the window caused is too.
   */
  @Test
  @Order(4)
  void carddataChecks_withUsageAndWithout_sendNothingThroughTheCardChangeStream() {
    ChangeStreamWindow growing = ChangeStreamWindow.over(CHECKS_WINDOW);
    assertThat(growing.carddataChecks()).as("carddata checks with usage").isGreaterThan(100);
    assertThat(growing.newSamples()).as("samples written").isGreaterThan(100);
    assertThat(growing.cardRecords()).as("records of the checks on the card topic").isEmpty();

    carrier.configure(Behaviour.none());
    // Checks already under way may still see growth: the window starts after them.
    awaitQuietUsage();
    ChangeStreamWindow still = ChangeStreamWindow.over(CHECKS_WINDOW);
    assertThat(still.carddataChecks()).as("carddata checks without usage").isGreaterThan(100);
    assertThat(still.newSamples()).as("a check changing nothing writes nothing").isZero();
    assertThat(still.cardRecords()).as("records of the checks on the card topic").isEmpty();
  }

  private static void awaitQuietUsage() {
    long[] last = {sampleCount()};
    await("no more samples once usage stands still")
        .pollInterval(Duration.ofSeconds(2))
        .atMost(Duration.ofSeconds(30))
        .until(
            () -> {
              long now = sampleCount();
              boolean quiet = now == last[0];
              last[0] = now;
              return quiet;
            });
  }

  private static long sampleCount() {
    return postgres
        .jdbc()
        .sql("SELECT count(*) FROM data_usage_records")
        .query(Long.class)
        .single();
  }

  /**
   * What a window of the running pipeline did: carddata checks settled, samples written, and the
   * records that reached the card change topic meanwhile (keys other than the closing change).
   */
  private record ChangeStreamWindow(
      double carddataChecks, long newSamples, List<String> cardRecords) {

    static final long CONTROL_CARD = 2;

    static ChangeStreamWindow over(Duration length) {
      MeterRegistry meters = apps.handlers().getBean(MeterRegistry.class);
      try (var consumer = kafka.consumer()) {
        var partitions =
            consumer.partitionsFor(Topics.CDC_CARD_NAME, Duration.ofSeconds(30)).stream()
                .map(p -> new TopicPartition(p.topic(), p.partition()))
                .toList();
        var start = consumer.endOffsets(partitions, Duration.ofSeconds(30));
        double checksBefore = carddataChecks(meters);
        long samplesBefore = sampleCount();
        await().pollDelay(length).atMost(length.plusSeconds(5)).until(() -> true);
        double checks = carddataChecks(meters) - checksBefore;
        long samples = sampleCount() - samplesBefore;
        postgres
            .jdbc()
            .sql("UPDATE tb_iot_card SET updated_at = now() WHERE id = ?")
            .param(CONTROL_CARD)
            .update();
        consumer.assign(partitions);
        start.forEach(consumer::seek);
        List<String> others = new ArrayList<>();
        boolean[] closed = {false};
        await("the closing change on " + Topics.CDC_CARD_NAME)
            .atMost(Duration.ofSeconds(30))
            .until(
                () -> {
                  for (var record : consumer.poll(Duration.ofMillis(200))) {
                    if (record.key() != null
                        && record.key().contains("\"id\":" + CONTROL_CARD + "}")) {
                      closed[0] = true;
                    } else {
                      others.add(record.key());
                    }
                  }
                  return closed[0];
                });
        return new ChangeStreamWindow(checks, samples, others);
      }
    }

    private static double carddataChecks(MeterRegistry meters) {
      return meters.find("polling.handlers.checks").tag("task_type", "carddata").counters().stream()
          .mapToDouble(c -> c.count())
          .sum();
    }
  }

  private static Set<TaskType> queuedTypes(long cardId) {
    Set<TaskType> types = EnumSet.noneOf(TaskType.class);
    for (TaskType type : TaskType.values()) {
      if (queues.isQueued(cardId, type)) {
        types.add(type);
      }
    }
    return types;
  }

  private static Map<String, Integer> carrierCalls(List<Long> cards) {
    Map<String, Integer> totals = new HashMap<>();
    for (long id : cards) {
      totals.put(
          DemoFleet.iccidOf(id),
          carrier.calls(DemoFleet.iccidOf(id)).values().stream().mapToInt(Integer::intValue).sum());
    }
    return totals;
  }

  private static Map<Long, List<String>> stopResumeLog() {
    return postgres
        .jdbc()
        .sql("SELECT iot_card_id, action, reason, result FROM tb_stop_resume_log ORDER BY id")
        .query(
            (rs, row) ->
                Map.entry(
                    rs.getLong("iot_card_id"),
                    rs.getString("action")
                        + " "
                        + rs.getString("reason")
                        + " "
                        + rs.getString("result")))
        .list()
        .stream()
        .collect(
            Collectors.groupingBy(
                Map.Entry::getKey, Collectors.mapping(Map.Entry::getValue, Collectors.toList())));
  }

  private static Map<Long, Boolean> onlineById() {
    return postgres
        .jdbc()
        .sql("SELECT id, network_status FROM tb_iot_card WHERE deleted_at IS NULL")
        .query((rs, row) -> Map.entry(rs.getLong("id"), rs.getInt("network_status") == 1))
        .list()
        .stream()
        .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
  }
}
