package com.cmp.polling.scaleout.instances;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.simulator.GatewaySimulator;
import com.cmp.polling.simulator.RunningSimulator;
import com.cmp.polling.simulator.behaviour.Behaviour;
import com.cmp.polling.testsupport.app.AppProcess;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.net.Ports;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer.OrderAnnotation;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Two instances of each app on one stack, each a process of its own (the jars, started with
 * distinct instance ids and ports): two lifecycle listeners (one streams the replication slot, the
 * other is a standby), two schedulers (leases keep their dispatches disjoint; the initializer and
 * the Redis-loss rebuild run under {@code polling:init:lock}; the package triggers change each row
 * once; a rebuild asked through the operator app is carried out by one of them), two check handlers
 * (one consumer group; permits and the carrier rate limit shared through Redis), and one operator
 * app. Then one instance of each is killed (SIGKILL) while cards flow, and cards are inserted and
 * switched off while no listener streams: every card is checked again, none twice for one due time,
 * every change reaches the queues, the standby streams the slot within {@link #TAKEOVER_BOUND}, and
 * the surviving scheduler carries out the operator's next request.
 *
 * <p>1 000 cards are checked every 15 s (carddata only) under a 30 s lease: the cards inserted
 * after the kills are first checked an interval after their enrolment, which the test waits for.
 * The consumers' session timeout is 10 s (Kafka's default is 45 s): a killed instance's partitions
 * move to the survivor after it, so the test stays short; with the default every wait after the
 * kill grows by 35 s.
 */
@TestMethodOrder(OrderAnnotation.class)
class MultiInstanceIT {

  private static final Logger log = LoggerFactory.getLogger(MultiInstanceIT.class);

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  static final int CARDS = 1_000;
  static final Duration INTERVAL = Duration.ofSeconds(15);
  static final Duration LEASE = Duration.ofSeconds(30);
  static final Duration SESSION_TIMEOUT = Duration.ofSeconds(10);

  /**
   * Carrier calls a second, all handler instances together (the limiter in Redis), under the
   * simulated carrier's own limit: with a limiter per instance, two instances draining a backlog
   * would pass the carrier's limit and be answered 429.
   */
  static final int SHARED_RATE_LIMIT = 150;

  static final int CARRIER_LIMIT = 170;

  /** From the active listener's kill to its standby streaming the slot. */
  static final Duration TAKEOVER_BOUND = Duration.ofSeconds(10);

  /** From the kill to every change made meanwhile being in the queues. */
  static final Duration CHANGES_APPLIED_BOUND = Duration.ofSeconds(45);

  /** The initializer's and reconciler's lock: a killed holder's lapses after it. */
  static final Duration LOCK_TTL = Duration.ofMinutes(2);

  static final int LATE_CARDS = 20;
  static final int SWITCHED_OFF_CARDS = 20;
  static final String SLOT = "it_multi_" + UUID.randomUUID().toString().substring(0, 8);

  static RunningSimulator simulator;
  static CarrierCalls calls;
  static AppProcess listener1;
  static AppProcess listener2;
  static AppProcess scheduler1;
  static AppProcess scheduler2;
  static AppProcess handlers1;
  static AppProcess handlers2;
  static AppProcess operator;
  static int operatorPort;
  static Map<Long, String> iccids;
  static long packageCard;
  static Instant resetDueAt;
  static long backlogAtHandlersStart;

  @BeforeAll
  static void start() {
    postgres
        .data()
        .config("multi-instance-carddata")
        .condition("activated")
        .priority(10)
        .intervals(null, (int) INTERVAL.toSeconds(), null, null)
        .insert();
    iccids = new LinkedHashMap<>(Fleet.insertCards(postgres, 1, CARDS));
    // One package due for its monthly reset since yesterday: both schedulers' triggers see it.
    packageCard = iccids.keySet().iterator().next();
    resetDueAt = Instant.now().minus(Duration.ofDays(1)).truncatedTo(ChronoUnit.SECONDS);
    postgres
        .jdbc()
        .sql(
            "UPDATE tb_package_usage SET data_usage_mb = 50, next_reset_at = ?"
                + " WHERE iot_card_id = ?")
        .params(Timestamp.from(resetDueAt), packageCard)
        .update();

    simulator = GatewaySimulator.start();
    simulator.control().configure(Behaviour.none().withRateLimit(1, CARRIER_LIMIT));
    calls = new CarrierCalls(simulator);

    Map<String, Object> shared = new HashMap<>();
    shared.put("cmp.polling.kafka.partitions", 4);
    shared.put("cmp.polling.queue.lease", LEASE.toString());
    shared.put("spring.kafka.consumer.properties.session.timeout.ms", SESSION_TIMEOUT.toMillis());
    shared.put("spring.kafka.consumer.properties.heartbeat.interval.ms", 3000);
    AppJars apps = new AppJars(postgres, redis, kafka, simulator.baseUrl(), shared);

    Map<String, Object> listener = new HashMap<>();
    listener.put("cmp.polling.listener.cdc.slot-name", SLOT);
    listener.put(
        "cmp.polling.listener.streams.kafka.[session.timeout.ms]", SESSION_TIMEOUT.toMillis());
    listener.put("cmp.polling.listener.streams.kafka.[heartbeat.interval.ms]", 3000);
    // Slow initializer pages (200 cards, 500 ms apart) and a 1 s watch: a fill or a rebuild lasts
    // seconds, long enough for the other scheduler to try too.
    Map<String, Object> scheduler = new HashMap<>();
    scheduler.put("cmp.polling.scheduler.initializer.batch-size", 200);
    scheduler.put("cmp.polling.scheduler.initializer.pause", "500ms");
    scheduler.put("cmp.polling.scheduler.initializer.watch-interval", "1s");
    scheduler.put("cmp.polling.scheduler.triggers.interval", "1s");
    Map<String, Object> handlers = new HashMap<>();
    handlers.put("cmp.polling.handlers.consumers-per-type", 2);
    handlers.put("cmp.polling.gateway.rate-limit-per-second.1", SHARED_RATE_LIMIT);

    // First the listener that will stream the slot, the schedulers and the operator app. Each
    // later app starts as soon as what it needs is there, not when every earlier one is up: the
    // starts are CPU-bound, and a core left idle while the last of a batch finishes is time lost.
    listener1 = apps.listener("listener-1", listener);
    scheduler1 = apps.scheduler("scheduler-1", scheduler);
    scheduler2 = apps.scheduler("scheduler-2", scheduler);
    operatorPort = Ports.free();
    operator = apps.operator("operator-1", operatorPort);
    // The second listener once the first streams the slot: it is the standby.
    Slot.awaitStreaming(postgres, SLOT, 0, Duration.ofSeconds(180));
    listener2 = apps.listener("listener-2", listener);
    // The handlers once both schedulers are up: they start while the schedulers publish the
    // fleet's first checks, so both instances drain a backlog together, at the carrier's shared
    // limit.
    for (AppProcess app : List.of(scheduler1, scheduler2)) {
      app.awaitUp(Duration.ofSeconds(180));
    }
    handlers1 = apps.handlers("handlers-1", handlers);
    handlers2 = apps.handlers("handlers-2", handlers);
    for (AppProcess app : List.of(listener1, operator, listener2, handlers1, handlers2)) {
      app.awaitUp(Duration.ofSeconds(180));
    }
    backlogAtHandlersStart =
        Fleet.publishedTasks(kafka, Topics.checkTasks(TaskType.CARDDATA).name());
  }

  @AfterAll
  static void stop() {
    closeQuietly(calls);
    // The apps stop together: each graceful stop waits for its process to end.
    CompletableFuture.allOf(
            Stream.of(operator, handlers1, handlers2, scheduler1, scheduler2, listener1, listener2)
                .map(app -> CompletableFuture.runAsync(() -> closeQuietly(app)))
                .toArray(CompletableFuture[]::new))
        .join();
    closeQuietly(simulator);
    // The test database can only be dropped without its slot.
    Slot.drop(postgres, SLOT);
  }

  @Test
  @Order(1)
  void twoListeners_oneStreamsTheSlot_theOtherWaitsAsALoggedStandby_withoutErrors() {
    assertThat(Slot.streamers(postgres, SLOT)).isEqualTo(1);
    assertThat(AppLog.lines(listener2.log(), "CDC standby: slot " + SLOT)).hasSize(1);
    assertThat(AppLog.lines(listener2.log(), "CDC engine failed")).isEmpty();
    assertThat(AppLog.lines(listener1.log(), "CDC standby")).isEmpty();
    assertThat(listener2.isAlive()).isTrue();
  }

  @Test
  @Order(2)
  void twoSchedulers_fillTheQueuesOnce_rebuildThemOnceWhenRedisLosesThem_andResetAPackageOnce() {
    List<AppProcess> schedulers = List.of(scheduler1, scheduler2);
    await("queues initialized")
        .atMost(Duration.ofSeconds(60))
        .until(
            () ->
                "true"
                    .equals(
                        redis.template().opsForHash().get(RedisKeys.INIT_PROGRESS, "completed")));
    assertThat(linesOf(schedulers, "initializing the polling queues from"))
        .as("initializations: one instance holds polling:init:lock, the other leaves it")
        .hasSize(1);

    // Package triggers run on both every second; each row changes once (the update picks due
    // rows only, FOR UPDATE SKIP LOCKED), and only one instance reports the reset.
    await("the package reset")
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                postgres
                    .jdbc()
                    .sql(
                        "SELECT data_usage_mb = 0 AND next_reset_at > now() FROM tb_package_usage"
                            + " WHERE iot_card_id = ?")
                    .param(packageCard)
                    .query(Boolean.class)
                    .single());
    assertThat(
            postgres
                .jdbc()
                .sql(
                    "SELECT next_reset_at = CAST(? AS timestamptz) + interval '1 month'"
                        + " FROM tb_package_usage WHERE iot_card_id = ?")
                .params(Timestamp.from(resetDueAt), packageCard)
                .query(Boolean.class)
                .single())
        .as("reset one month on, not two")
        .isTrue();
    assertThat(resetsReported(schedulers)).as("package resets reported by both").isEqualTo(1);

    // Redis lost the queues (the marker is what the initializer watches): both see it within a
    // second, one rebuilds.
    int queued = Fleet.queued(redis, TaskType.CARDDATA);
    redis.template().delete(RedisKeys.INIT_MARKER);
    await("queues rebuilt")
        .atMost(Duration.ofSeconds(60))
        .until(
            () ->
                Boolean.TRUE.equals(redis.template().hasKey(RedisKeys.INIT_MARKER))
                    && "true"
                        .equals(
                            redis
                                .template()
                                .opsForHash()
                                .get(RedisKeys.INIT_PROGRESS, "completed")));
    assertThat(linesOf(schedulers, "rebuilding them from PostgreSQL"))
        .as("rebuilds: one instance holds polling:init:lock, the other leaves it")
        .hasSize(1);
    assertThat(Fleet.queued(redis, TaskType.CARDDATA)).isEqualTo(queued).isEqualTo(CARDS);

    // An operator's rebuild: the request goes through Redis, one scheduler takes it.
    int runsBefore = linesOf(schedulers, "polling queues initialized").size();
    HttpResponse<String> rebuild = postToOperator("/api/admin/queues/rebuild");
    assertThat(rebuild.statusCode()).as(rebuild.body()).isEqualTo(202);
    await("the operator's rebuild done")
        .atMost(Duration.ofSeconds(60))
        .until(
            () ->
                linesOf(schedulers, "polling queues initialized").size() > runsBefore
                    && "true"
                        .equals(
                            redis
                                .template()
                                .opsForHash()
                                .get(RedisKeys.INIT_PROGRESS, "completed")));
    assertThat(linesOf(schedulers, "queue rebuild from PostgreSQL started by the admin API"))
        .as("the operator's rebuild request, carried out by one scheduler instance")
        .hasSize(1);
    assertThat(Fleet.queued(redis, TaskType.CARDDATA)).isEqualTo(CARDS);
  }

  @Test
  @Order(3)
  void bothInstancesOfEachWork_sharingOneCarrierLimit() {
    await("every card checked once")
        .atMost(Duration.ofSeconds(90))
        .pollInterval(Duration.ofSeconds(1))
        .until(() -> iccids.values().stream().allMatch(iccid -> !calls.of(iccid).isEmpty()));
    for (AppProcess scheduler : List.of(scheduler1, scheduler2)) {
      assertThat(Scrape.sum(scheduler, "polling_scheduler_dispatched_total", "carddata"))
          .as(scheduler.log() + " dispatched")
          .isPositive();
    }
    // The instance that joined the group second gets its partitions once the first one's poll
    // under way has been handled; by then that poll may have held the whole first backlog, so both
    // instances are sure to have checked cards only from the next due time on (one interval).
    await("both handlers instances check cards")
        .atMost(INTERVAL.multipliedBy(3))
        .pollInterval(Duration.ofSeconds(1))
        .untilAsserted(
            () -> {
              for (AppProcess handlers : List.of(handlers1, handlers2)) {
                assertThat(Scrape.sum(handlers, "polling_handlers_checks_total", "result=\"next\""))
                    .as(handlers.log() + " checked")
                    .isPositive();
              }
            });
    log.info(
        "{} tasks published when the handlers were up; busiest second at the carrier: {} calls",
        backlogAtHandlersStart,
        calls.busiestSecond());
    assertThat(backlogAtHandlersStart)
        .as("tasks waiting for the handlers: both drain them at once")
        .isGreaterThanOrEqualTo(CARDS / 2);
    assertThat(simulator.control().rateLimited()).as("calls answered 429").isZero();
  }

  @Test
  @Order(4)
  void oneOfEachKilled_everyCardCheckedAgainOncePerDueTime_noChangeLost_standbyTakesOver() {
    int formerPid = Slot.streamingPid(postgres, SLOT);
    Instant killedAt = Instant.now();
    scheduler1.kill();
    handlers1.kill();
    listener1.kill();

    // Written while no listener streams the slot: it keeps them for whoever streams next.
    Map<Long, String> late = Fleet.insertCards(postgres, CARDS + 1, LATE_CARDS);
    List<Long> switchedOff =
        iccids.keySet().stream().filter(id -> id != packageCard).limit(SWITCHED_OFF_CARDS).toList();
    Fleet.switchPollingOff(postgres, switchedOff);

    Slot.awaitStreaming(postgres, SLOT, formerPid, Duration.ofSeconds(60));
    Duration takeover = Duration.between(killedAt, Instant.now());
    await("every change made meanwhile in the queues")
        .atMost(Duration.ofSeconds(120))
        .pollInterval(Duration.ofMillis(200))
        .until(
            () ->
                late.keySet().stream().allMatch(id -> Fleet.isQueued(redis, id, TaskType.CARDDATA))
                    && switchedOff.stream()
                        .noneMatch(id -> Fleet.isQueued(redis, id, TaskType.CARDDATA)));
    Instant appliedAt = Instant.now();
    Duration changesApplied = Duration.between(killedAt, appliedAt);
    log.info(
        "active listener killed: its standby streamed the slot after {} ms, the changes made"
            + " meanwhile were in the queues after {} ms",
        takeover.toMillis(),
        changesApplied.toMillis());
    assertThat(AppLog.lines(listener2.log(), "CDC standby over")).hasSize(1);
    assertThat(takeover).isLessThanOrEqualTo(TAKEOVER_BOUND);
    assertThat(changesApplied).isLessThanOrEqualTo(CHANGES_APPLIED_BOUND);

    // A card leased by the dead scheduler, or claimed by the dead handler, is due again when its
    // lease ends; the others within an interval, once the dead handler's partitions moved.
    List<String> live = new ArrayList<>();
    iccids.forEach(
        (id, iccid) -> {
          if (!switchedOff.contains(id)) {
            live.add(iccid);
          }
        });
    await("every card checked again after the kills")
        .atMost(INTERVAL.plus(LEASE).plus(SESSION_TIMEOUT).plusSeconds(20))
        .pollInterval(Duration.ofSeconds(1))
        .until(() -> live.stream().allMatch(iccid -> calls.calledSince(iccid, killedAt)));
    log.info(
        "every card checked again {} ms after the kills",
        Duration.between(killedAt, Instant.now()).toMillis());
    await("the cards inserted meanwhile checked, an interval after their enrolment")
        .atMost(INTERVAL.plusSeconds(30))
        .pollInterval(Duration.ofSeconds(1))
        .until(() -> late.values().stream().allMatch(iccid -> !calls.of(iccid).isEmpty()));

    // Switched off: not asked once more after the change reached the queues (a check already
    // claimed at that moment may still end, hence the margin).
    Instant settled = appliedAt.plusSeconds(2);
    for (Long id : switchedOff) {
      assertThat(calls.calledSince(iccids.get(id), settled)).as("card " + id).isFalse();
    }
    // One due time, one carrier call: the next call of a card comes an interval after the last
    // check completed, or a lease after a check that never completed (the lease is longer).
    Duration shortestAllowed = INTERVAL.minus(CarrierCalls.EVERY.multipliedBy(2));
    assertThat(calls.shortestGaps())
        .as("cards asked twice within less than an interval")
        .allSatisfy(
            (iccid, gap) -> assertThat(gap).as(iccid).isGreaterThanOrEqualTo(shortestAllowed));
    assertThat(simulator.control().rateLimited()).as("calls answered 429").isZero();
    assertThat(List.of(listener2, scheduler2, handlers2)).allMatch(AppProcess::isAlive);
  }

  @Test
  @Order(5)
  void aReconcilePassAskedThroughTheOperator_isCarriedOutByTheSurvivingScheduler() {
    // 409 while the killed instance's polling:init:lock (if it held it) waits out its TTL.
    HttpResponse<String> reconcile =
        await("a reconcile pass accepted")
            .atMost(LOCK_TTL.plusSeconds(30))
            .pollInterval(Duration.ofSeconds(2))
            .until(() -> postToOperator("/api/admin/queues/reconcile"), r -> r.statusCode() != 409);

    assertThat(reconcile.statusCode()).as(reconcile.body()).isEqualTo(202);
    await("the pass started by the surviving scheduler")
        .atMost(Duration.ofSeconds(30))
        .until(() -> !AppLog.lines(scheduler2.log(), "reconcile pass (the admin API").isEmpty());
    assertThat(scheduler1.isAlive()).isFalse();
  }

  private static void closeQuietly(AutoCloseable closeable) {
    try {
      if (closeable != null) {
        closeable.close();
      }
    } catch (Exception e) {
      log.warn("closing {} failed: {}", closeable, e.toString());
    }
  }

  private static HttpResponse<String> postToOperator(String path) {
    try {
      return HttpClient.newHttpClient()
          .send(
              HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + operatorPort + path))
                  .header("Authorization", "Bearer " + AppJars.ADMIN_TOKEN)
                  .timeout(Duration.ofSeconds(60))
                  .POST(HttpRequest.BodyPublishers.noBody())
                  .build(),
              HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static List<String> linesOf(List<AppProcess> apps, String text) {
    List<String> lines = new ArrayList<>();
    apps.forEach(app -> lines.addAll(AppLog.lines(app.log(), text)));
    return lines;
  }

  private static final Pattern RESETS =
      Pattern.compile("package triggers: \\d+ expired, (\\d+) reset");

  private static int resetsReported(List<AppProcess> schedulers) {
    int resets = 0;
    for (AppProcess scheduler : schedulers) {
      for (String line : AppLog.lines(scheduler.log(), RESETS)) {
        Matcher matcher = RESETS.matcher(line);
        if (matcher.find()) {
          resets += Integer.parseInt(matcher.group(1));
        }
      }
    }
    return resets;
  }
}
