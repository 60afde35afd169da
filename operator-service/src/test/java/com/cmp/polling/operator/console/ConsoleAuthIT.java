package com.cmp.polling.operator.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.operator.OperatorTestApp;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The console's guard: login with the admin token, the session cookie, CSRF, logout. */
class ConsoleAuthIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  static OperatorTestApp app;

  @BeforeAll
  static void start() {
    app =
        OperatorTestApp.start(
            postgres, redis, kafka, Map.of("cmp.polling.operator.monitoring.enabled", false));
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @ParameterizedTest
  @ValueSource(strings = {"/console", "/console/", "/console/card?id=5", "/console/dead-letters"})
  void aPageWithoutLogin_redirectsToTheLoginForm_rememberingWhereTo(String page) {
    ConsoleClient.Reply reply = new ConsoleClient(app.baseUrl()).get(page);

    assertThat(reply.status()).isEqualTo(302);
    assertThat(reply.location()).contains("/console/login?next=");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "/console/api/overview",
        "/console/api/rates",
        "/console/api/cards/1",
        "/console/api/cards?q=1",
        "/console/api/devices/1",
        "/console/api/configs",
        "/console/api/dead-letters",
        "/console/api/session"
      })
  void everyJsonCallWithoutLogin_answers401(String path) {
    ConsoleClient.Reply reply = new ConsoleClient(app.baseUrl()).get(path);

    assertThat(reply.status()).isEqualTo(401);
    assertThat(reply.json().path("error").asString()).isEqualTo("unauthorized");
  }

  @Test
  void theLoginForm_isServedWithoutLogin() {
    ConsoleClient.Reply reply = new ConsoleClient(app.baseUrl()).get("/console/login");

    assertThat(reply.status()).isEqualTo(200);
    assertThat(reply.body()).contains("name=\"token\"");
  }

  @Test
  void aWrongToken_isRefused_andOpensNothing() {
    ConsoleClient console = new ConsoleClient(app.baseUrl());

    ConsoleClient.Reply reply = console.logIn("not-the-token");

    assertThat(reply.status()).isEqualTo(303);
    assertThat(reply.location()).endsWith("/console/login?error");
    assertThat(console.get("/console/api/overview").status()).isEqualTo(401);
  }

  @Test
  void theRightToken_opensTheConsole_withAnHttpOnlySameSiteStrictSessionCookie() {
    ConsoleClient console = new ConsoleClient(app.baseUrl());

    ConsoleClient.Reply reply = console.logIn(OperatorTestApp.TOKEN);

    assertThat(reply.status()).isEqualTo(303);
    assertThat(reply.location()).endsWith("/console/");
    String cookie = reply.header("Set-Cookie");
    assertThat(cookie).startsWith("CMP_CONSOLE_SESSION=").contains("HttpOnly");
    assertThat(cookie.toLowerCase()).contains("samesite=strict").contains("path=/console");
    assertThat(console.get("/console/api/overview").status()).isEqualTo(200);
    assertThat(console.get("/console/card").status()).isEqualTo(200);
  }

  @Test
  void aPostWithoutTheSessionsCsrfHeader_isRefused() {
    ConsoleClient console = new ConsoleClient(app.baseUrl());
    console.logIn(OperatorTestApp.TOKEN);

    ConsoleClient.Reply reply =
        console.postWithoutCsrf(
            "/console/api/dead-letters/polling.task.carddata-dlt/discard", "{}");

    assertThat(reply.status()).isEqualTo(403);
    assertThat(reply.message()).contains("X-Console-Csrf");
  }

  @Test
  void logout_endsTheSession() {
    ConsoleClient console = new ConsoleClient(app.baseUrl());
    console.logIn(OperatorTestApp.TOKEN);

    assertThat(console.post("/console/api/logout", "").status()).isEqualTo(200);

    assertThat(console.get("/console/api/overview").status()).isEqualTo(401);
  }
}
