package com.cmp.polling.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.core.queue.QueueInspector;
import com.cmp.polling.demo.infra.Endpoints;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.simulator.SimulatorControl;
import com.cmp.polling.simulator.behaviour.Account;
import com.cmp.polling.simulator.calls.CallSummary.AccountCalls;
import com.cmp.polling.simulator.state.CardState;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import io.micrometer.core.instrument.MeterRegistry;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The usage-aware carddata intervals on the running pipeline (listener, scheduler, handlers, the
 * simulated carrier): a card using data at a steady rate towards its limit is checked more and more
 * often as the limit nears and stopped within moments of crossing it, where its config's 10 s
 * interval would leave it running up to 10 s past; an idle card is left for the longest wait.
 *
 * <p>On the same pipeline, a carrier account's call budget: the 300 cards of a carrier whose
 * account allows 2 calls/s come due 5 a second, yet the carrier gets no more than 2 calls in any
 * second and no 429, a manual check still reaches it at once, and the scheduler stretches the
 * carrier's intervals (metric, admin API). It shares the servers and the app boot rather than start
 * its own.
 *
 * <p>The three stories need the running pipeline's time, not one another's: the crossing card and
 * the idle card are set going when the pipeline is up, so that the tests' waits overlap.
 */
class CarddataUsageAwareIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  static final Duration CONFIG_INTERVAL = Duration.ofSeconds(10);
  static final Duration MIN_INTERVAL = Duration.ofSeconds(2);
  static final Duration MAX_INTERVAL = Duration.ofMinutes(10);

  /**
   * Planned as if at twice the rate: the next check when half the time to the limit has passed, so
   * that the waits halve as the limit nears (6, the default, shrinks them by a sixth only, many
   * more checks within the crossing card's half minute).
   */
  static final int HEADROOM_FACTOR = 2;

  /**
   * The crossing card's 100 MB at 10 000 MB/h: its limit 36 s after it starts using data, time for
   * its first check (one config interval after the change stream enrolls it) and three or more
   * halving waits before it crosses.
   */
  static final String CROSSING_RATE_MB_PER_HOUR = "10000";

  static final Duration CROSSING_TO_LIMIT = Duration.ofSeconds(36);
  static final String CROSSING_ICCID = "89860000000000777777";

  /** From the scheduler's tick to the stop at the carrier, on a busy two-core machine. */
  static final Duration PIPELINE_SLACK = Duration.ofSeconds(5);

  /** The carrier whose account allows 2 calls/s (80 %, 1 call/s, for regular checks). */
  static final long TIGHT_CARRIER = 77;

  static final int TIGHT_CARDS = 300;

  static PipelineApps apps;
  static SimulatorControl carrier;
  static long idle;
  static List<Long> tightCards = new ArrayList<>();
  static long crossing;
  static Instant crossingStartedBefore;
  static Instant crossingStartedAfter;

  @BeforeAll
  static void start() throws Exception {
    // Carddata every 10 s for online cards (none for stopped ones); the other checks out of the
    // way.
    postgres
        .jdbc()
        .sql(
            "UPDATE tb_polling_config SET realname_check_interval = 600,"
                + " carddata_check_interval = CASE WHEN config_name = 'default-suspended' THEN NULL"
                + " ELSE "
                + CONFIG_INTERVAL.toSeconds()
                + " END, package_check_interval = 600")
        .update();
    idle = postgres.data().card().insert();
    postgres.data().packageOfCard(idle).usage("0", "1000").insert();
    // The tight carrier's cards: a carddata check every minute, 300 cards: 5 calls/s needed.
    postgres
        .data()
        .config("tight-carrier")
        .carrier(TIGHT_CARRIER)
        .priority(10)
        .intervals(null, 60, null, null)
        .insert();
    for (int i = 0; i < TIGHT_CARDS; i++) {
      long card = postgres.data().card().carrier(TIGHT_CARRIER, "CTCC").insert();
      postgres.data().packageOfCard(card).usage("0", "100000").insert();
      tightCards.add(card);
    }
    Endpoints endpoints = TestEndpoints.of(postgres, redis, kafka);
    apps =
        PipelineApps.start(
            endpoints,
            PipelineApps.Ports.ANY,
            "usage-aware-token",
            simulator ->
                simulator
                    .control()
                    .configure(
                        simulator
                            .control()
                            .behaviour()
                            .withAccount("tight", new Account(List.of(TIGHT_CARRIER), 2, null))),
            Map.of(
                "server.address",
                "127.0.0.1",
                "cmp.polling.scheduler.initializer.pause",
                "0s",
                "cmp.polling.planning.usage-aware.enabled",
                true,
                "cmp.polling.planning.usage-aware.min-interval",
                MIN_INTERVAL.toString(),
                "cmp.polling.planning.usage-aware.max-interval",
                MAX_INTERVAL.toString(),
                "cmp.polling.planning.usage-aware.headroom-factor",
                HEADROOM_FACTOR,
                "cmp.polling.gateway.accounts.tight.carriers",
                Long.toString(TIGHT_CARRIER),
                "cmp.polling.gateway.accounts.tight.calls-per-second",
                2,
                "cmp.polling.budget.recompute-interval",
                "2s",
                "cmp.polling.budget.stretch-refresh",
                "1s"));
    carrier = apps.simulator().control();
    startTheCrossingCard();
  }

  /**
   * A card using data towards its limit from now on, known to the platform since it began: its
   * counters moved last when it started, so its first check learns its rate.
   */
  private static void startTheCrossingCard() {
    LocalDate month = LocalDate.now(ZoneOffset.UTC).withDayOfMonth(1);
    carrier.setCard(CROSSING_ICCID, new CardState(true, true, month, BigDecimal.ZERO));
    crossingStartedBefore = Instant.now();
    carrier.setUsageRate(CROSSING_ICCID, new BigDecimal(CROSSING_RATE_MB_PER_HOUR));
    crossingStartedAfter = Instant.now();
    crossing =
        postgres
            .data()
            .card()
            .iccid(CROSSING_ICCID)
            .monthUsage(month, "0", "0")
            .lastUsageChange(crossingStartedBefore, "0", null)
            .insert();
    postgres.data().packageOfCard(crossing).usage("0", "100").insert();
    // Next month's package, still pending: a valid one, so the stop is for the data used up.
    postgres.data().packageOfCard(crossing).status(0).insert();
  }

  @AfterAll
  static void stop() {
    if (apps != null) {
      apps.close();
    }
  }

  @Test
  void aCardCrossingItsLimit_isCheckedMoreOftenAsItNears_andStoppedRightAfterCrossing() {
    // Set going when the pipeline came up (startTheCrossingCard); its first check comes one config
    // interval after the change stream enrolled it.
    long card = crossing;
    String iccid = CROSSING_ICCID;
    Instant startedBefore = crossingStartedBefore;
    Instant startedAfter = crossingStartedAfter;
    Duration toLimit = CROSSING_TO_LIMIT;

    await("the card stopped for traffic_exhausted")
        .atMost(toLimit.plus(CONFIG_INTERVAL).plusSeconds(30))
        .pollInterval(Duration.ofMillis(500))
        .until(() -> stopAt(card).isPresent());

    Instant stoppedAt = stopAt(card).orElseThrow();
    assertThat(stoppedAt).as("never before crossing").isAfter(startedBefore.plus(toLimit));
    assertThat(stoppedAt)
        .as("within the shortest wait of crossing")
        .isBefore(startedAfter.plus(toLimit).plus(MIN_INTERVAL).plus(PIPELINE_SLACK));
    // Checked at shrinking waits: a few checks, far fewer than polling at the shortest wait.
    int checks = carrier.calls(iccid).getOrDefault("usage", 0);
    assertThat(checks).isBetween(4, 12);
    assertThat(waits("predicted")).isGreaterThanOrEqualTo(3);
  }

  @Test
  void anIdleCard_afterItsFirstReadings_isCheckedAgainOnlyAfterTheLongestWait() {
    QueueInspector queues = apps.operator().getBean(QueueInspector.class);

    // Its first reading gives no rate (the config's 10 s), the second one none used: idle.
    await("the idle card planned the longest wait ahead")
        .atMost(CONFIG_INTERVAL.multipliedBy(3).plusSeconds(30))
        .pollInterval(Duration.ofSeconds(1))
        .until(
            () ->
                queues
                    .nextCheckOf(idle, TaskType.CARDDATA)
                    .filter(at -> at.isAfter(Instant.now().plus(MAX_INTERVAL).minusSeconds(60)))
                    .isPresent());
    assertThat(waits("idle")).isGreaterThanOrEqualTo(1);
  }

  @Test
  void
      aCarrierAccountAt2CallsPerSecond_getsNoMore_noRefusal_manualChecksAtOnce_andItsIntervalsStretched()
          throws Exception {
    MeterRegistry scheduler = apps.scheduler().getBean(MeterRegistry.class);
    // 300 cards a minute need 5 calls/s; regular checks may spend 1 (2 less 20 %, whole calls).
    await("the scheduler stretching the tight account x5")
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(500))
        .until(
            () ->
                scheduler.find("polling.budget.stretch").tag("account", "tight").gauge() != null
                    && scheduler
                            .get("polling.budget.stretch")
                            .tag("account", "tight")
                            .gauge()
                            .value()
                        == 5.0);
    assertThat(
            scheduler
                .get("polling.budget.needed_calls_per_second")
                .tag("account", "tight")
                .gauge()
                .value())
        .isEqualTo(5.0);
    assertThat(
            scheduler
                .get("polling.budget.allowed_calls_per_second")
                .tag("account", "tight")
                .gauge()
                .value())
        .isEqualTo(1.0);

    JsonNode panel = admin("GET", "/api/monitoring/budget").get(0);
    assertThat(panel.path("budget").path("account").asString()).isEqualTo("tight");
    assertThat(panel.path("budget").path("stretch").asDouble()).isEqualTo(5.0);
    assertThat(panel.path("summary").asString())
        .isEqualTo(
            "needs 5.0 calls/s at the configured intervals, has 1.0; intervals stretched x5.00:"
                + " carddata effectively every 5 min (configured 1 min)");

    // Its cards' next checks planned 5 min ahead (the minute x5): unstretched, a first reading
    // plans 1 min ahead, an idle card 10 min.
    QueueInspector queues = apps.operator().getBean(QueueInspector.class);
    await("tight cards planned at the stretched interval")
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofSeconds(1))
        .until(() -> stretchedAhead(queues) >= 10);

    // An operator's check of one of its cards reaches the carrier within 15 s, budget or not.
    String iccid =
        postgres
            .jdbc()
            .sql("SELECT iccid FROM tb_iot_card WHERE id = ?")
            .param(tightCards.get(0))
            .query(String.class)
            .single();
    int before = carrier.calls(iccid).getOrDefault("usage", 0);
    admin("POST", "/api/admin/cards/" + tightCards.get(0) + "/checks/carddata");
    await("the manual check at the carrier")
        .atMost(Duration.ofSeconds(15))
        .pollInterval(Duration.ofMillis(200))
        .until(() -> carrier.calls(iccid).getOrDefault("usage", 0) > before);

    // The regular checks the budget refused were put off, not failed.
    assertThat(
            apps.handlers()
                .getBean(MeterRegistry.class)
                .get("polling.handlers.budget_put_off")
                .tag("task_type", "carddata")
                .counter()
                .count())
        .isPositive();
    AccountCalls tight = carrier.callSummary().byAccount().get("tight");
    assertThat(tight.calls()).isGreaterThan(10);
    assertThat(tight.busiestSecond()).as("calls in the busiest second").isLessThanOrEqualTo(2);
    assertThat(tight.rateLimited()).as("429 answers").isZero();
    assertThat(tight.quotaRefused()).isZero();
  }

  /** The tight carrier's cards whose next carddata check is 3 to 5 minutes ahead. */
  private static long stretchedAhead(QueueInspector queues) {
    Instant now = Instant.now();
    return tightCards.stream()
        .map(card -> queues.nextCheckOf(card, TaskType.CARDDATA))
        .filter(
            next ->
                next.isPresent()
                    && next.get().isAfter(now.plusSeconds(180))
                    && !next.get().isAfter(now.plusSeconds(305)))
        .count();
  }

  /** A call of the operator app's admin API, with the pipeline's token; its JSON answer. */
  private static JsonNode admin(String method, String path) throws Exception {
    HttpResponse<String> reply =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + PipelineApps.port(apps.operator()) + path))
                    .header("Authorization", "Bearer usage-aware-token")
                    .method(method, HttpRequest.BodyPublishers.noBody())
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(reply.statusCode()).as(method + " " + path).isBetween(200, 299);
    return JsonMapper.builder().build().readTree(reply.body());
  }

  /** When the card's stop at the carrier was logged, if it was. */
  private static Optional<Instant> stopAt(long card) {
    return postgres
        .jdbc()
        .sql(
            "SELECT created_at FROM tb_stop_resume_log WHERE iot_card_id = ? AND action = 'stop'"
                + " AND reason = 'traffic_exhausted' AND result = 'success'")
        .param(card)
        .query(Timestamp.class)
        .optional()
        .map(Timestamp::toInstant);
  }

  private static double waits(String reason) {
    return apps.handlers()
        .getBean(MeterRegistry.class)
        .get("polling.planning.carddata.wait")
        .tag("reason", reason)
        .summary()
        .count();
  }
}
