package com.cmp.polling.operator.admin;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.operator.OperatorTestApp;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * What the API promises, on one running app: its OpenAPI description is the one checked in under
 * {@code docs/}, and every error it answers is its JSON body, even those Tomcat raises before any
 * filter or controller sees the request (sent here over a raw socket, as a client would).
 */
class ApiContractIT {

  static final Path CHECKED_IN =
      Path.of(System.getProperty("cmp.openapi.file", "../docs/admin-api.openapi.json"));

  static final String REGENERATE =
      "mvn -pl operator-service verify -Dit.test=ApiContractIT -Dcmp.openapi.write=true";

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = new KafkaExtension();

  static final JsonMapper JSON =
      JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

  static OperatorTestApp app;
  static AdminApi api;

  @BeforeAll
  static void start() {
    app =
        OperatorTestApp.start(
            postgres, redis, kafka, Map.of("cmp.polling.operator.monitoring.enabled", false));
    api = AdminApi.withToken(app.baseUrl(), OperatorTestApp.TOKEN);
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @Test
  void theServedDescription_isTheCheckedInOne() throws IOException {
    AdminApi.Reply served = api.get("/api/openapi.json");
    assertThat(served.status()).isEqualTo(200);
    String text = JSON.writeValueAsString(served.json()) + "\n";
    if (Boolean.getBoolean("cmp.openapi.write")) {
      Files.writeString(CHECKED_IN, text, StandardCharsets.UTF_8);
    }

    JsonNode checkedIn = JSON.readTree(Files.readString(CHECKED_IN, StandardCharsets.UTF_8));

    assertThat(served.json())
        .as(
            CHECKED_IN.normalize()
                + " differs from what the operator app serves at GET /api/openapi.json;"
                + " regenerate it with: "
                + REGENERATE)
        .isEqualTo(checkedIn);
    assertThat(served.json().path("paths").has("/api/admin/cards/{cardId}/stop")).isTrue();
    assertThat(served.json().path("paths").has("/console/api/overview")).isFalse();
  }

  @Test
  void theDescription_wantsTheBearerToken_asTheRestOfTheApi() {
    AdminApi.Reply anonymous =
        AdminApi.withAuthorization(app.baseUrl(), null).get("/api/openapi.json");

    assertThat(anonymous.status()).isEqualTo(401);
    assertThat(anonymous.error()).isEqualTo("unauthorized");
  }

  @Test
  void anEncodedSlashInThePath_isTheApisJson400_notTomcatsPage() throws IOException {
    RawReply reply =
        raw(
            "POST /api/admin/cards/1%2F2/stop HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer "
                + OperatorTestApp.TOKEN
                + "\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");

    assertThat(reply.status()).isEqualTo(400);
    assertThat(reply.headers()).containsIgnoringCase("Content-Type: application/json");
    JsonNode body = JSON.readTree(reply.body());
    assertThat(body.path("error").asString()).isEqualTo("bad_request");
    assertThat(body.path("message").asString()).isNotBlank();
    assertThat(reply.body()).doesNotContain("<html");
  }

  @Test
  void aTwentyKilobyteHeader_isTheApisJson400_notTomcatsPage() throws IOException {
    RawReply reply =
        raw(
            "GET /api/monitoring/queues HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer "
                + OperatorTestApp.TOKEN
                + "\r\nX-Padding: "
                + "x".repeat(20 * 1024)
                + "\r\nConnection: close\r\n\r\n");

    assertThat(reply.status()).isEqualTo(400);
    assertThat(reply.headers()).containsIgnoringCase("Content-Type: application/json");
    JsonNode body = JSON.readTree(reply.body());
    assertThat(body.path("error").asString()).isEqualTo("bad_request");
    assertThat(body.path("message").asString()).isNotBlank();
  }

  @Test
  void anUnknownPath_andAWrongMethod_areTheApisJsonToo() {
    AdminApi.Reply unknown = api.get("/api/admin/nowhere");
    AdminApi.Reply wrongMethod = api.get("/api/admin/cards/1/stop");

    assertThat(unknown.status()).isEqualTo(404);
    assertThat(unknown.error()).isEqualTo("not_found");
    assertThat(wrongMethod.status()).isEqualTo(405);
    assertThat(wrongMethod.error()).isEqualTo("method_not_allowed");
  }

  /** A request written byte by byte, so that no client library refuses or rewrites it first. */
  private static RawReply raw(String request) throws IOException {
    int port = Integer.parseInt(app.baseUrl().substring(app.baseUrl().lastIndexOf(':') + 1));
    try (Socket socket = new Socket("127.0.0.1", port)) {
      socket.setSoTimeout(10_000);
      OutputStream out = socket.getOutputStream();
      out.write(request.getBytes(StandardCharsets.ISO_8859_1));
      out.flush();
      InputStream in = socket.getInputStream();
      String response = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      int split = response.indexOf("\r\n\r\n");
      String head = split < 0 ? response : response.substring(0, split);
      String body = split < 0 ? "" : response.substring(split + 4);
      int status = Integer.parseInt(head.substring(9, 12));
      return new RawReply(status, head, dechunked(head, body));
    }
  }

  /** The body of a chunked answer, its chunks joined (a single chunk is all these are). */
  private static String dechunked(String head, String body) {
    if (!head.toLowerCase(Locale.ROOT).contains("transfer-encoding: chunked")) {
      return body;
    }
    StringBuilder joined = new StringBuilder();
    String rest = body;
    while (true) {
      int line = rest.indexOf("\r\n");
      int size = Integer.parseInt(rest.substring(0, line).trim(), 16);
      if (size == 0) {
        return joined.toString();
      }
      joined.append(rest, line + 2, line + 2 + size);
      rest = rest.substring(line + 2 + size + 2);
    }
  }

  private record RawReply(int status, String headers, String body) {}
}
