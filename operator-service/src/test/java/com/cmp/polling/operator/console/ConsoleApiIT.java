package com.cmp.polling.operator.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.core.budget.AccountBudget;
import com.cmp.polling.core.budget.BudgetReports;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.operator.OperatorTestApp;
import com.cmp.polling.operator.deadletter.DeadLetterTopics;
import com.cmp.polling.operator.monitoring.FleetSnapshot;
import com.cmp.polling.operator.monitoring.RateHistory;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.kafka.support.KafkaHeaders;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every JSON call of the console on the real app and real servers: what each answers for a known
 * state, and a clear 4xx (never a 5xx) for bad ids, unknown cards and unknown task types.
 */
class ConsoleApiIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  static final HttpClient ADMIN_HTTP = HttpClient.newHttpClient();
  static OperatorTestApp app;
  static ConsoleClient console;
  static PollingQueueManager queues;

  @BeforeAll
  static void start() {
    app =
        OperatorTestApp.start(
            postgres, redis, kafka, Map.of("cmp.polling.operator.monitoring.enabled", false));
    console = new ConsoleClient(app.baseUrl());
    assertThat(console.logIn(OperatorTestApp.TOKEN).status()).isEqualTo(303);
    queues = app.bean(PollingQueueManager.class);
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @BeforeEach
  void emptyQueues() {
    for (TaskType type : TaskType.values()) {
      for (int shard = 0; shard < 16; shard++) {
        redis.template().delete(RedisKeys.shardQueue(shard, type));
      }
      redis.template().delete(RedisKeys.manualTriggers(type));
    }
  }

  @Test
  void overview_showsTheSnapshot_andNamesAFailedShard() {
    Instant now = Instant.now();
    for (long card = 1; card <= 30; card++) {
      queues.requeue(card, TaskType.CARDDATA, now.minusSeconds(card)); // 30 due
    }
    queues.requeue(40, TaskType.CARDDATA, now.plusSeconds(600));
    redis.template().opsForValue().set(RedisKeys.shardQueue(7, TaskType.REALNAME), "broken");
    try {
      app.bean(FleetSnapshot.class).refreshNow();

      JsonNode overview = console.get("/console/api/overview").json();

      JsonNode carddata = overview.path("taskTypes").get(1);
      assertThat(carddata.path("taskType").asString()).isEqualTo("carddata");
      assertThat(carddata.path("queued").asLong()).isEqualTo(31);
      assertThat(carddata.path("due").asLong()).isEqualTo(30);
      assertThat(carddata.path("oldestDueAgeSeconds").asLong()).isBetween(30L, 60L);
      assertThat(carddata.path("dueByShard").size()).isEqualTo(16);
      assertThat(overview.path("failedShards").get(0).path("shard").asInt()).isEqualTo(7);
      assertThat(overview.path("failedShards").get(0).path("taskType").asString())
          .isEqualTo("realname");
      assertThat(overview.path("taskTypes").get(0).path("dueByShard").get(7).isNull()).isTrue();
      List<String> deadLetterTopics = new ArrayList<>();
      overview
          .path("deadLetters")
          .forEach(row -> deadLetterTopics.add(row.path("topic").asString()));
      assertThat(deadLetterTopics)
          .contains("polling.lifecycle-dlt", "polling.task.carddata-dlt")
          .doesNotContain("polling.card.actions-dlt")
          .hasSize(DeadLetterTopics.names().size());
    } finally {
      redis.template().delete(RedisKeys.shardQueue(7, TaskType.REALNAME));
    }
  }

  @Test
  void rates_areTheDifferencesOfTheSampledTotals() {
    RateHistory rates = app.bean(RateHistory.class);
    rates.sampleNow();
    redis
        .template()
        .opsForHash()
        .increment(RedisKeys.stats(TaskType.PACKAGE), "total_scheduled", 50);
    rates.sampleNow();

    JsonNode body = console.get("/console/api/rates").json();

    int last = body.path("t").size() - 1;
    assertThat(last).isGreaterThanOrEqualTo(0);
    assertThat(body.path("dispatched").path("package").get(last).asDouble()).isPositive();
    assertThat(body.path("dispatched").path("realname").get(last).asDouble()).isZero();
  }

  @ParameterizedTest
  @ValueSource(strings = {"abc", "-5", "9223372036854775808", "0x10", "0", "1.5", "%20"})
  void aBadCardId_is400_quotingIt(String bad) {
    for (String path : List.of("/console/api/cards/" + bad, "/console/api/devices/" + bad)) {
      ConsoleClient.Reply reply = console.get(path);
      assertThat(reply.status()).as(path).isEqualTo(400);
      assertThat(reply.message()).as(path).contains("'" + (bad.equals("%20") ? " " : bad) + "'");
    }
    ConsoleClient.Reply trigger =
        console.post("/console/api/cards/" + bad + "/checks/carddata", "");
    assertThat(trigger.status()).isEqualTo(400);
    ConsoleClient.Reply stop = console.post("/console/api/cards/" + bad + "/stop", "{}");
    assertThat(stop.status()).isEqualTo(400);
  }

  @Test
  void unknownCardsAndDevices_are404() {
    assertThat(console.get("/console/api/cards/999999").status()).isEqualTo(404);
    assertThat(console.get("/console/api/devices/999999").status()).isEqualTo(404);
    assertThat(console.get("/console/api/cards?q=89860000000000000999").status()).isEqualTo(404);
    assertThat(console.post("/console/api/cards/999999/checks/carddata", "").status())
        .isEqualTo(404);
    assertThat(console.post("/console/api/cards/999999/stop", "{}").status()).isEqualTo(404);
    assertThat(console.get("/console/api/cards?q=").status()).isEqualTo(400);
  }

  @Test
  void anUnknownTaskType_is400_namingTheKnownOnes() {
    long card = postgres.data().card().insert();

    ConsoleClient.Reply reply = console.post("/console/api/cards/" + card + "/checks/bogus", "");

    assertThat(reply.status()).isEqualTo(400);
    assertThat(reply.message()).contains("unknown task type 'bogus'").contains("carddata");
  }

  @Test
  void card_showsItsRowQueuesLastChecksSamplesAndWholeStopHistory_andSearchFindsIt() {
    Instant now = Instant.now();
    String iccid = "89860000000000088001";
    long card = postgres.data().card().iccid(iccid).insert();
    postgres.data().packageOfCard(card).status(1).usage("10", "100").insert();
    postgres
        .jdbc()
        .sql(
            "INSERT INTO data_usage_records (iot_card_id, month_start, month_total_mb, delta_mb)"
                + " VALUES (?, date '2026-11-01', 12.5, 2.5)")
        .param(card)
        .update();
    queues.requeue(card, TaskType.CARDDATA, now.minusSeconds(5));
    Instant nextPackageCheck = now.plus(Duration.ofHours(2)).truncatedTo(ChronoUnit.SECONDS);
    queues.requeue(card, TaskType.PACKAGE, nextPackageCheck);
    queues.manualTriggers().enqueue(card, TaskType.PACKAGE);
    Instant sampled =
        postgres
            .jdbc()
            .sql("SELECT max(sampled_at) FROM data_usage_records WHERE iot_card_id = ?")
            .param(card)
            .query(Timestamp.class)
            .single()
            .toInstant();

    ConsoleClient.Reply stopped =
        console.post("/console/api/cards/" + card + "/stop", "{\"protectForSeconds\": 600}");
    assertThat(stopped.status()).isEqualTo(200);
    assertThat(stopped.json().path("success").asBoolean()).isTrue();
    assertThat(stopped.json().path("protectedForSeconds").asLong()).isEqualTo(600);

    JsonNode view = console.get("/console/api/cards/" + card).json();

    assertThat(view.at("/card/iccid").asString()).isEqualTo(iccid);
    assertThat(view.at("/card/online").asBoolean()).isFalse();
    assertThat(view.at("/card/stopReason").asString()).isEqualTo("manual");
    assertThat(view.path("protection").asString()).isEqualTo("stop");
    assertThat(view.at("/polling/polled").asBoolean()).isTrue();
    assertThat(view.at("/polling/condition").asString()).isEqualTo("suspended");
    assertThat(view.path("packagesOf").asString()).isEqualTo("card " + card);
    assertThat(view.at("/packages/0/usageMb").asDouble()).isEqualTo(10.0);
    // Stopped: the suspended config governs it (realname 30 min, carddata and package 1 h).
    JsonNode realname = view.path("queues").get(0);
    assertThat(realname.path("state").asString()).isEqualTo("not queued");
    assertThat(realname.path("intervalSeconds").asLong()).isEqualTo(1800);
    assertThat(realname.path("lastCheckAt").isNull()).isTrue();
    JsonNode carddata = view.path("queues").get(1);
    assertThat(carddata.path("taskType").asString()).isEqualTo("carddata");
    assertThat(carddata.path("state").asString()).isEqualTo("due");
    assertThat(carddata.path("intervalSeconds").asLong()).isEqualTo(3600);
    assertThat(Instant.parse(carddata.path("lastCheckAt").asString())).isEqualTo(sampled);
    assertThat(carddata.path("lastCheckFrom").asString()).isEqualTo("usage sample");
    // The usage-aware carddata intervals are off by default: the config's interval, and why.
    assertThat(view.at("/carddataPlan/usageAware").asBoolean()).isFalse();
    assertThat(view.at("/carddataPlan/explanation").asString())
        .isEqualTo("config interval: usage-aware planning is off");
    assertThat(view.at("/carddataPlan/waitSeconds").asLong()).isEqualTo(3600);
    JsonNode packages = view.path("queues").get(2);
    assertThat(packages.path("manualPending").asBoolean()).isTrue();
    assertThat(packages.path("state").asString()).isEqualTo("scheduled");
    assertThat(Instant.parse(packages.path("lastCheckAt").asString()))
        .isEqualTo(nextPackageCheck.minus(Duration.ofHours(1)));
    assertThat(packages.path("lastCheckFrom").asString()).isEqualTo("next check less the interval");
    // Nothing of the handlers' former per-card record is read, nor needed.
    assertThat(redis.template().keys("polling:checks:last:*")).isEmpty();
    assertThat(view.at("/usage/0/monthTotalMb").asDouble()).isEqualTo(12.5);
    assertThat(view.at("/history/0/action").asString()).isEqualTo("stop");
    assertThat(view.at("/history/0/reason").asString()).isEqualTo("manual");
    assertThat(view.at("/history/0/reasons").size()).isEqualTo(1);
    assertThat(view.at("/history/0/reasons/0").asString()).isEqualTo("manual");
    assertThat(view.at("/history/0/trigger").asString()).isEqualTo("operator");
    assertThat(view.at("/history/0/result").asString()).isEqualTo("success");

    assertThat(console.get("/console/api/cards?q=" + iccid).json().path("cardId").asLong())
        .isEqualTo(card);
    assertThat(console.get("/console/api/cards?q=" + card).json().path("iccid").asString())
        .isEqualTo(iccid);

    ConsoleClient.Reply resumed =
        console.post("/console/api/cards/" + card + "/resume", "{\"protectForSeconds\": -1}");
    assertThat(resumed.status()).isEqualTo(400);
    assertThat(resumed.message()).contains("protectForSeconds");
    assertThat(console.post("/console/api/cards/" + card + "/resume", "").status()).isEqualTo(200);
  }

  @Test
  void card_namesTheRuleSwitchThatSparesIt_carrierOrDefault_andUntilWhen() {
    long switchedOff = postgres.data().card().carrier(31, "C31").unverified().insert();
    long verified = postgres.data().card().carrier(31, "C31").insert();
    long otherCarrier = postgres.data().card().carrier(32, "C32").unverified().insert();
    long inGrace = postgres.data().card().carrier(33, "C33").unverified().insert();
    long graceOver = postgres.data().card().carrier(34, "C34").unverified().insert();
    LocalDate today = LocalDate.now(ZoneOffset.UTC);
    Instant graceEnd = today.plusDays(30).atStartOfDay(ZoneOffset.UTC).toInstant();
    try {
      assertThat(putSwitch("31", false, null)).isEqualTo(200);
      assertThat(putSwitch("33", true, today.plusDays(30))).isEqualTo(200);
      assertThat(putSwitch("34", true, today.minusDays(1))).isEqualTo(200);

      JsonNode off = exemptionsOf(switchedOff);
      assertThat(off.size()).isEqualTo(1);
      assertThat(off.at("/0/reason").asString()).isEqualTo("not_realname");
      assertThat(off.at("/0/switchScope").asString()).isEqualTo("carrier");
      assertThat(off.at("/0/kind").asString()).isEqualTo("not_enforced");
      assertThat(off.at("/0/graceUntil").isNull()).isTrue();
      assertThat(off.at("/0/text").asString()).isEqualTo("not enforced for carrier 31");
      assertThat(exemptionsOf(verified).size()).as("a verified card needs no exemption").isZero();
      assertThat(exemptionsOf(otherCarrier).size()).as("another carrier's card").isZero();
      JsonNode grace = exemptionsOf(inGrace);
      assertThat(grace.size()).isEqualTo(1);
      assertThat(grace.at("/0/switchScope").asString()).isEqualTo("carrier");
      assertThat(grace.at("/0/kind").asString()).isEqualTo("grace");
      assertThat(grace.at("/0/graceUntil").asString()).isEqualTo(graceEnd.toString());
      assertThat(grace.at("/0/text").asString())
          .isEqualTo("grace until " + graceEnd + " for carrier 33");
      assertThat(exemptionsOf(graceOver).size()).as("a grace date passed").isZero();

      assertThat(putSwitch("default", true, today.plusDays(30))).isEqualTo(200);

      JsonNode byDefault = exemptionsOf(otherCarrier);
      assertThat(byDefault.size()).isEqualTo(1);
      assertThat(byDefault.at("/0/switchScope").asString()).isEqualTo("default");
      assertThat(byDefault.at("/0/kind").asString()).isEqualTo("grace");
      assertThat(byDefault.at("/0/graceUntil").asString()).isEqualTo(graceEnd.toString());
      assertThat(byDefault.at("/0/text").asString()).endsWith("for carrier 32 (default switch)");
      assertThat(exemptionsOf(graceOver).size())
          .as("its own switch overrides the default")
          .isZero();
    } finally {
      putSwitch("default", true, null);
      for (String carrier : List.of("31", "33", "34")) {
        admin(HttpRequest.newBuilder(switchUri(carrier + "?actor=console-it")).DELETE());
      }
    }
  }

  @Test
  void checkNow_putsTheCardAmongTheManualTriggers() {
    long card = postgres.data().card().insert();

    ConsoleClient.Reply reply = console.post("/console/api/cards/" + card + "/checks/carddata", "");

    // As the admin API answers it: 202, the check runs at the scheduler's next round.
    assertThat(reply.status()).isEqualTo(202);
    assertThat(reply.json().path("enrolledNow").asBoolean()).isTrue();
    assertThat(
            redis
                .template()
                .opsForZSet()
                .score(RedisKeys.manualTriggers(TaskType.CARDDATA), Long.toString(card)))
        .isNotNull();
  }

  @Test
  void device_listsItsCardsAndPackages() {
    long device = postgres.data().device().insert();
    long online = postgres.data().card().device(device).insert();
    long stopped = postgres.data().card().device(device).stopped("no_package").insert();
    postgres.data().packageOfDevice(device).status(3).insert();

    JsonNode view = console.get("/console/api/devices/" + device).json();

    assertThat(view.path("pollingEnabled").asBoolean()).isTrue();
    assertThat(view.at("/cards/0/id").asLong()).isEqualTo(online);
    assertThat(view.at("/cards/1/id").asLong()).isEqualTo(stopped);
    assertThat(view.at("/cards/1/stopReason").asString()).isEqualTo("no_package");
    assertThat(view.at("/packages/0/status").asString()).isEqualTo("expired");
  }

  @Test
  void configs_listTheDefaultsInForce_withTheCardsEachGoverns() {
    postgres.truncateBusinessTables();
    postgres.data().card().insert(); // activated
    postgres.data().card().insert();
    postgres.data().card().unverified().insert(); // not_real_name
    postgres.data().card().pollingDisabled().insert();

    JsonNode view = console.get("/console/api/configs").json();

    assertThat(view.path("configs").size()).isEqualTo(3);
    Map<String, Long> cards = new java.util.HashMap<>();
    view.path("configs")
        .forEach(c -> cards.put(c.path("name").asString(), c.path("cards").asLong()));
    assertThat(cards)
        .containsEntry("default-activated", 2L)
        .containsEntry("default-not-real-name", 1L)
        .containsEntry("default-suspended", 0L);
    assertThat(view.path("pollingDisabled").asLong()).isEqualTo(1);
    assertThat(view.at("/configs/0/intervalSeconds/carddata").isNumber()).isTrue();
  }

  @Test
  void deadLetters_listRecords_replayToTheOriginalTopic_andDiscard() throws Exception {
    String topic = Topics.TASK_REALNAME.deadLetterName();
    try (KafkaProducer<String, byte[]> producer = kafka.producer()) {
      for (int i = 0; i < 3; i++) {
        ProducerRecord<String, byte[]> record =
            new ProducerRecord<>(topic, 0, "7" + i, bytes("{\"cardId\": <b>" + i + "</b>"));
        record
            .headers()
            .add(
                new RecordHeader(
                    KafkaHeaders.DLT_ORIGINAL_TOPIC, bytes(Topics.TASK_REALNAME.name())));
        record
            .headers()
            .add(new RecordHeader(KafkaHeaders.DLT_EXCEPTION_MESSAGE, bytes("bad json " + i)));
        producer.send(record).get();
      }
    }
    JsonNode listed = console.get("/console/api/dead-letters/records?topic=" + topic).json();
    assertThat(listed.path("unhandled").asLong()).isEqualTo(3);
    assertThat(listed.at("/records/0/id").asString()).isEqualTo("0@2");
    assertThat(listed.at("/records/0/error").asString()).isEqualTo("bad json 2");
    assertThat(listed.at("/records/0/payload").asString()).contains("<b>2</b>");
    assertThat(listed.at("/records/0/originalTopic").asString())
        .isEqualTo(Topics.TASK_REALNAME.name());
    var cursor = kafka.cursorAtEnd(Topics.TASK_REALNAME.name());

    JsonNode replayed =
        console
            .post("/console/api/dead-letters/" + topic + "/replay", "{\"ids\": [\"0@1\"]}")
            .json();
    assertThat(replayed.at("/0/done").asBoolean()).isTrue();
    List<ConsumerRecord<String, byte[]>> arrived = cursor.read(1, Duration.ofSeconds(10));
    assertThat(arrived).singleElement().satisfies(r -> assertThat(r.key()).isEqualTo("71"));
    assertThat(
            console
                .post("/console/api/dead-letters/" + topic + "/discard", "{\"ids\": [\"0@0\"]}")
                .status())
        .isEqualTo(200);

    JsonNode after = console.get("/console/api/dead-letters/records?topic=" + topic).json();
    assertThat(after.path("unhandled").asLong()).isEqualTo(1);
    assertThat(after.path("records").size()).isEqualTo(1);
    assertThat(after.at("/records/0/id").asString()).isEqualTo("0@2");
    app.bean(FleetSnapshot.class).refreshNow();
    assertThat(console.get("/console/api/dead-letters").json().path(topic).asLong()).isEqualTo(1);

    assertThat(
            console
                .post("/console/api/dead-letters/" + topic + "/replay", "{\"ids\": [\"0@1\"]}")
                .json()
                .at("/0/done")
                .asBoolean())
        .isFalse();
    assertThat(console.get("/console/api/dead-letters/records?topic=nope").status()).isEqualTo(400);
    assertThat(
            console
                .post("/console/api/dead-letters/" + topic + "/discard", "{\"ids\": [\"x\"]}")
                .status())
        .isEqualTo(400);
    assertThat(console.post("/console/api/dead-letters/" + topic + "/discard", "{}").status())
        .isEqualTo(400);
  }

  private static JsonNode exemptionsOf(long card) {
    ConsoleClient.Reply reply = console.get("/console/api/cards/" + card);
    assertThat(reply.status()).isEqualTo(200);
    return reply.json().path("exemptions");
  }

  /** Sets a rule switch through the admin API, as an operator does; answers the HTTP status. */
  private static int putSwitch(String scope, boolean enforce, LocalDate graceUntil) {
    String grace = graceUntil == null ? "null" : "\"" + graceUntil + "\"";
    String body =
        "{\"enforceNotRealname\": "
            + enforce
            + ", \"notRealnameGraceUntil\": "
            + grace
            + ", \"actor\": \"console-it\"}";
    return admin(
        HttpRequest.newBuilder(switchUri(scope))
            .header("Content-Type", "application/json")
            .PUT(BodyPublishers.ofString(body)));
  }

  @Test
  void budget_showsEachAccountsStretch_inTheConsole_andTheAdminApi() throws Exception {
    redis.template().delete(RedisKeys.BUDGET_REPORTS);
    JsonNode none = console.get("/console/api/budget").json();
    assertThat(none.isArray()).isTrue();
    assertThat(none.size()).isZero();
    app.bean(BudgetReports.class)
        .publish(
            List.of(
                new AccountBudget(
                    "acme",
                    Set.of(7L),
                    20,
                    null,
                    0.2,
                    5600,
                    16,
                    350,
                    1234,
                    List.of(
                        new AccountBudget.Interval(
                            "carddata", "activated", 10_000_000, 80, 28_000)),
                    Instant.now())));
    try {
      JsonNode panel = console.get("/console/api/budget").json().get(0);
      assertThat(panel.path("budget").path("account").asString()).isEqualTo("acme");
      assertThat(panel.path("budget").path("stretch").asDouble()).isEqualTo(350.0);
      assertThat(panel.path("summary").asString())
          .isEqualTo(
              "needs 5 600 calls/s at the configured intervals, has 16; intervals stretched"
                  + " x350.00: carddata effectively every 7 h 46 min (configured 1 min 20 s)");

      var reply =
          ADMIN_HTTP.send(
              HttpRequest.newBuilder(URI.create(app.baseUrl() + "/api/monitoring/budget"))
                  .header("Authorization", "Bearer " + OperatorTestApp.TOKEN)
                  .build(),
              BodyHandlers.ofString());
      assertThat(reply.statusCode()).isEqualTo(200);
      JsonNode api = JsonMapper.builder().build().readTree(reply.body()).get(0);
      assertThat(api.path("budget").path("neededPerSecond").asDouble()).isEqualTo(5600.0);
      assertThat(api.path("budget").path("allowedPerSecond").asDouble()).isEqualTo(16.0);
      assertThat(api.path("effectiveIntervals").get(0).asString())
          .startsWith("carddata effectively every 7 h 46 min");
    } finally {
      redis.template().delete(RedisKeys.BUDGET_REPORTS);
    }
  }

  private static URI switchUri(String scopeAndQuery) {
    return URI.create(app.baseUrl() + "/api/admin/rules/switches/" + scopeAndQuery);
  }

  private static int admin(HttpRequest.Builder request) {
    try {
      return ADMIN_HTTP
          .send(
              request.header("Authorization", "Bearer " + OperatorTestApp.TOKEN).build(),
              BodyHandlers.discarding())
          .statusCode();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
