package com.cmp.polling.operator.admin;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.operator.OperatorTestApp;
import com.cmp.polling.operator.console.ConsoleClient;
import com.cmp.polling.operator.web.RequestBodyLimitFilter;
import com.cmp.polling.simulator.SimulatorControl;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * Operators' stop and resume that are refused — bad ids, bad bodies, oversized bodies (400, 413),
 * unknown card (404), busy card (409), carrier refusal (502) — with nothing done at the carrier, in
 * the log table, on the card row or in Redis; and the one failure after the carrier acted, which is
 * answered as done.
 */
class StopResumeApiErrorsIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  private static final AtomicInteger ICCIDS = new AtomicInteger(78_100);

  static OperatorTestApp app;
  static AdminApi api;
  static SimulatorControl carrier;
  static QueueState queues;
  static RedisUser appUser;

  @BeforeAll
  static void start() {
    // The app logs into Redis as a user of its own, whose rights one test takes away.
    appUser = RedisUser.create(redis.template());
    app =
        OperatorTestApp.start(
            postgres,
            redis,
            kafka,
            Map.of(
                "cmp.polling.stop-resume.operator-lock-wait", "300ms",
                "spring.data.redis.username", appUser.name(),
                "spring.data.redis.password", appUser.password()));
    api = AdminApi.withToken(app.baseUrl(), OperatorTestApp.TOKEN);
    carrier = app.simulator().control();
    queues = new QueueState(redis.template());
  }

  @AfterAll
  static void stop() {
    app.close();
    appUser.delete();
  }

  /**
   * Ways of writing a card's id that are not its plain decimal form ({@code {id}}: the card's id,
   * {@code {hex}}: in hexadecimal, {@code {wide}}: in full-width digits, which {@code
   * Long.parseLong} would accept); URL-encoded where needed.
   */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "0x{hex}",
        "%23{hex}",
        "%2B{id}",
        "0{id}",
        "-{id}",
        "%20{id}",
        "{id}abc",
        "{id}.0",
        "{wide}",
        "1e3",
        "abc",
        "0",
        "9223372036854775808",
        "99999999999999999999999"
      })
  void cardIdThatIsNotAPlainDecimal_is400_withTheValue_andNothingIsDone(String form) {
    Card card = newCard();
    String written =
        form.replace("{id}", Long.toString(card.id()))
            .replace("{hex}", Long.toHexString(card.id()))
            .replace("{wide}", fullWidthDigits(card.id()));

    AdminApi.Reply reply = api.post("/api/admin/cards/" + written + "/stop");

    assertThat(reply.status()).isEqualTo(400);
    assertThat(reply.error()).isEqualTo("bad_request");
    assertThat(reply.message())
        .isEqualTo(
            "cardId must be a decimal number from 1 to 9223372036854775807 (digits only), was '"
                + URLDecoder.decode(written, StandardCharsets.UTF_8)
                + "'");
    assertNothingDone(card);
  }

  static Stream<Arguments> badBodies() {
    String bound =
        "protectForSeconds must be a whole number of seconds from 0 to 2592000 (30 days)";
    return Stream.of(
        Arguments.of(
            "{\"protectForSeconds\": 9223372036854775807}", bound + ", was 9223372036854775807"),
        Arguments.of(
            "{\"protectForSeconds\": 9223372036854775808}", bound + ", was 9223372036854775808"),
        Arguments.of("{\"protectForSeconds\": 2592001}", bound + ", was 2592001"),
        Arguments.of("{\"protectForSeconds\": -5}", bound + ", was -5"),
        Arguments.of("{\"protectForSeconds\": \"3600\"}", bound + ", was \"3600\""),
        Arguments.of("{\"protectForSeconds\": 3600.5}", bound + ", was 3600.5"),
        Arguments.of("{\"protectForSeconds\": true}", bound + ", was true"),
        Arguments.of(
            "{\"protectFor\": 3600}",
            "unknown field(s) [protectFor] in the request body; accepted: [protectForSeconds]"),
        Arguments.of(
            "{\"protectForSeconds\": 60, \"force\": true}",
            "unknown field(s) [force] in the request body; accepted: [protectForSeconds]"),
        Arguments.of(
            "[3600]",
            "request body must be a JSON object with the fields [protectForSeconds], was [3600]"),
        Arguments.of(
            "\"stop\"",
            "request body must be a JSON object with the fields [protectForSeconds], was \"stop\""));
  }

  @ParameterizedTest
  @MethodSource("badBodies")
  void bodyThatIsNotAValidRequest_is400_withTheReason_andNothingIsDone(
      String body, String message) {
    Card card = newCard();

    AdminApi.Reply reply = api.post("/api/admin/cards/" + card.id() + "/stop", body);

    assertThat(reply.status()).isEqualTo(400);
    assertThat(reply.error()).isEqualTo("bad_request");
    assertThat(reply.message()).isEqualTo(message);
    assertNothingDone(card);
  }

  @Test
  void malformedJson_is400_andNothingIsDone() {
    Card card = newCard();

    AdminApi.Reply reply =
        api.post("/api/admin/cards/" + card.id() + "/resume", "{\"protectForSeconds\": 6");

    assertThat(reply.status()).isEqualTo(400);
    assertThat(reply.message()).startsWith("request body is not valid: ");
    assertNothingDone(card);
  }

  @ParameterizedTest
  @ValueSource(ints = {RequestBodyLimitFilter.MAX_BYTES + 1, 8 * 1024 * 1024})
  void bodyOverTheLimit_is413_andNothingIsDone(int size) {
    Card card = newCard();

    AdminApi.Reply reply = api.postOfSize("/api/admin/cards/" + card.id() + "/stop", size);

    assertThat(reply.status()).isEqualTo(413);
    assertThat(reply.error()).isEqualTo("content_too_large");
    assertThat(reply.message()).isEqualTo("request body larger than 16384 bytes");
    assertNothingDone(card);
  }

  @Test
  void chunkedBodyOverTheLimit_is413_andNothingIsDone() {
    Card card = newCard();

    AdminApi.Reply reply =
        api.postChunkedOfSize("/api/admin/cards/" + card.id() + "/stop", 64 * 1024);

    assertThat(reply.status()).isEqualTo(413);
    assertThat(reply.error()).isEqualTo("content_too_large");
    assertNothingDone(card);
  }

  @Test
  void bodyOfExactlyTheLimit_isAccepted() {
    Card card = newCard();

    AdminApi.Reply reply =
        api.postChunkedOfSize(
            "/api/admin/cards/" + card.id() + "/stop", RequestBodyLimitFilter.MAX_BYTES);

    assertThat(reply.status()).isEqualTo(200);
    assertThat(reply.json().path("protectedForSeconds").asLong()).isEqualTo(60);
    assertThat(carrier.calls(card.iccid())).isEqualTo(Map.of("stop", 1));
  }

  @Test
  void unknownCard_is404_andTheCarrierIsNotCalled() {
    long callsBefore = carrier.totalCalls();

    AdminApi.Reply reply = api.post("/api/admin/cards/555555/stop");

    assertThat(reply.status()).isEqualTo(404);
    assertThat(reply.message()).isEqualTo("card 555555 does not exist (or is deleted)");
    assertThat(carrier.totalCalls()).isEqualTo(callsBefore);
    assertThat(CardRows.logRows(postgres, 555555)).isZero();
  }

  @Test
  void carrierRefusal_is502_withItsMessage_andTheRowIsUnchanged() {
    Card card = newCard();
    carrier.failNext(card.iccid(), 1, 400);

    AdminApi.Reply reply = api.post("/api/admin/cards/" + card.id() + "/stop");

    assertThat(reply.status()).isEqualTo(502);
    assertThat(reply.error()).isEqualTo("bad_gateway");
    assertThat(reply.message())
        .startsWith("stop card " + card.id() + " (manual) failed after 1 attempt(s): ");
    assertThat(CardRows.network(postgres, card.id())).containsEntry("network_status", 1);
  }

  @Test
  void cardLockedByAnotherAction_is409_andTheCarrierIsNotCalled() {
    Card card = newCard();
    redis
        .template()
        .opsForValue()
        .set(RedisKeys.cardOperationLock(card.id()), "someone-else", Duration.ofMinutes(1));

    AdminApi.Reply reply = api.post("/api/admin/cards/" + card.id() + "/stop");

    assertThat(reply.status()).isEqualTo(409);
    assertThat(reply.error()).isEqualTo("conflict");
    assertThat(reply.message()).startsWith("card " + card.id() + " is busy: ");
    assertNothingDone(card);
  }

  @Test
  void redisRefusingTheProtectionAfterTheCarrierActed_is200_flaggedNotRecorded() {
    Card card = newCard();
    appUser.deny("setex", "zadd");
    AdminApi.Reply reply;
    try {
      reply = api.post("/api/admin/cards/" + card.id() + "/stop", "{\"protectForSeconds\": 600}");
    } finally {
      appUser.allowAll();
    }

    assertThat(reply.status()).isEqualTo(200);
    assertThat(reply.json().path("success").asBoolean()).isTrue();
    assertThat(reply.json().path("protectionRecorded").asBoolean()).isFalse();
    assertThat(reply.json().path("protectedForSeconds").asLong()).isZero();
    assertThat(reply.json().path("warning").asString())
        .startsWith(
            "card "
                + card.id()
                + " was stopped at the carrier, but its protection period of 600 s could not be"
                + " recorded (")
        .endsWith("the card is not protected, so the rules may change it at its next check");
    assertThat(carrier.calls(card.iccid())).isEqualTo(Map.of("stop", 1));
    assertThat(CardRows.network(postgres, card.id()))
        .containsEntry("network_status", 0)
        .containsEntry("stop_reason", "manual");
    assertThat(queues.protection(card.id())).isNull();
  }

  /**
   * The console's Stop button goes through the same action as the API: when Redis refuses the
   * protection period after the carrier stopped the card, it answers as the API does (200, the same
   * fields, protection not recorded) instead of an error inviting a second stop, and the carrier
   * was called once for each.
   */
  @Test
  void aConsoleStopWhoseProtectionCannotBeRecorded_answersLikeTheApi_andStopsTheCardOnce() {
    ConsoleClient console = new ConsoleClient(app.baseUrl());
    assertThat(console.logIn(OperatorTestApp.TOKEN).status()).isEqualTo(303);
    Card byApi = newCard();
    Card byConsole = newCard();
    String body = "{\"protectForSeconds\": 600}";
    appUser.deny("setex", "zadd");
    AdminApi.Reply api;
    ConsoleClient.Reply fromConsole;
    try {
      api =
          AdminApi.withToken(app.baseUrl(), OperatorTestApp.TOKEN)
              .post("/api/admin/cards/" + byApi.id() + "/stop", body);
      fromConsole = console.post("/console/api/cards/" + byConsole.id() + "/stop", body);
    } finally {
      appUser.allowAll();
    }

    assertThat(fromConsole.status()).isEqualTo(api.status()).isEqualTo(200);
    JsonNode consoleBody = fromConsole.json();
    JsonNode apiBody = api.json();
    assertThat(fieldNames(consoleBody)).isEqualTo(fieldNames(apiBody));
    for (String field :
        List.of(
            "action",
            "reason",
            "reasons",
            "trigger",
            "success",
            "attempts",
            "protectedForSeconds",
            "protectionRecorded")) {
      assertThat(consoleBody.path(field)).as(field).isEqualTo(apiBody.path(field));
    }
    assertThat(consoleBody.path("protectionRecorded").asBoolean()).isFalse();
    assertThat(consoleBody.path("warning").asString())
        .startsWith(
            "card "
                + byConsole.id()
                + " was stopped at the carrier, but its protection period of 600 s could not be"
                + " recorded (");
    for (Card card : List.of(byApi, byConsole)) {
      assertThat(carrier.calls(card.iccid())).as("card " + card.id()).isEqualTo(Map.of("stop", 1));
      assertThat(CardRows.network(postgres, card.id()))
          .containsEntry("network_status", 0)
          .containsEntry("stop_reason", "manual");
      assertThat(CardRows.logRows(postgres, card.id())).isEqualTo(1);
    }
  }

  private static List<String> fieldNames(JsonNode body) {
    List<String> names = new ArrayList<>(body.propertyNames());
    names.sort(null);
    return names;
  }

  /** The carrier, the log table, the card row and Redis know nothing of a request. */
  private static void assertNothingDone(Card card) {
    assertThat(carrier.calls(card.iccid())).isEmpty();
    assertThat(CardRows.logRows(postgres, card.id())).isZero();
    assertThat(CardRows.network(postgres, card.id()))
        .containsEntry("network_status", 1)
        .containsEntry("stop_reason", null);
    assertThat(queues.protection(card.id())).isNull();
  }

  private static Card newCard() {
    String iccid = "898600000000000" + ICCIDS.getAndIncrement();
    return new Card(postgres.data().card().iccid(iccid).insert(), iccid);
  }

  /** The id in full-width digits (U+FF10..), which {@code Long.parseLong} would accept. */
  private static String fullWidthDigits(long id) {
    StringBuilder digits = new StringBuilder();
    Long.toString(id).chars().forEach(c -> digits.appendCodePoint(0xFF10 + (c - '0')));
    return URLEncoder.encode(digits.toString(), StandardCharsets.UTF_8);
  }

  record Card(long id, String iccid) {}
}
