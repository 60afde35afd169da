package com.cmp.polling.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.simulator.behaviour.Behaviour;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The trickle mode: an answer sent a byte at a time, each byte soon after the last, so that a read
 * timeout never fires although the whole answer takes far longer than it.
 */
class TrickledAnswersIT {

  private static final String ICCID = "89860000000000007001";

  private static RunningSimulator simulator;

  @BeforeAll
  static void start() {
    simulator = GatewaySimulator.start();
  }

  @AfterAll
  static void stop() {
    simulator.close();
  }

  @BeforeEach
  void reset() {
    simulator.control().reset();
  }

  @Test
  void trickledAnswer_arrivesWhole_withNoReadWaitingLong_butTakesAPausePerByte() throws Exception {
    simulator.control().configure(Behaviour.none().withTrickleMsPerByte(40));

    long started = System.nanoTime();
    // Every read must get a byte within 1 s, or the socket throws SocketTimeoutException.
    String body = bodyOf(get("/api/v1/carriers/1/cards/" + ICCID + "/real-name", 1_000));
    long tookMs = (System.nanoTime() - started) / 1_000_000;

    assertThat(body).isEqualTo("{\"iccid\":\"" + ICCID + "\",\"verified\":true}");
    assertThat(tookMs)
        .as("one 40 ms pause before each of the %d bytes after the first", body.length() - 1)
        .isGreaterThanOrEqualTo(40L * (body.length() - 1));
    assertThat(simulator.control().calls(ICCID)).containsEntry("real-name", 1);
  }

  @Test
  void errorAnswers_trickleToo() throws Exception {
    simulator.control().configure(Behaviour.none().withTrickleMsPerByte(5));
    simulator.control().failNext(ICCID, 1, 503);

    String answer = get("/api/v1/carriers/1/cards/" + ICCID + "/usage", 1_000);

    assertThat(answer).startsWith("HTTP/1.1 503");
    assertThat(bodyOf(answer)).contains("\"error\"");
  }

  @Test
  void withoutTrickle_theAnswerComesWhole() throws Exception {
    String answer = get("/api/v1/carriers/1/cards/" + ICCID + "/network-status", 1_000);

    assertThat(bodyOf(answer)).isEqualTo("{\"iccid\":\"" + ICCID + "\",\"online\":true}");
    assertThat(simulator.control().behaviour().trickleMsPerByte()).isZero();
  }

  /** The raw HTTP/1.1 exchange of one GET, read to its end with the given read timeout. */
  private static String get(String path, int readTimeoutMs) throws IOException {
    URI base = URI.create(simulator.baseUrl());
    try (Socket socket = new Socket(base.getHost(), base.getPort())) {
      socket.setSoTimeout(readTimeoutMs);
      String request =
          "GET "
              + path
              + " HTTP/1.1\r\nHost: "
              + base.getHost()
              + "\r\nAccept: application/json\r\nConnection: close\r\n\r\n";
      socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
      InputStream in = socket.getInputStream();
      ByteArrayOutputStream received = new ByteArrayOutputStream();
      byte[] buffer = new byte[256];
      for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
        received.write(buffer, 0, n);
      }
      return received.toString(StandardCharsets.UTF_8);
    }
  }

  private static String bodyOf(String exchange) {
    return exchange.substring(exchange.indexOf("\r\n\r\n") + 4);
  }
}
