package com.cmp.polling.simulator;

import com.cmp.polling.simulator.behaviour.Behaviour;
import com.cmp.polling.simulator.calls.CallReport;
import com.cmp.polling.simulator.calls.CallSummary;
import com.cmp.polling.simulator.state.CardState;
import java.math.BigDecimal;
import java.util.Map;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.MediaType;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;

/**
 * A typed client of a simulator's control API ({@code /sim/**} in docs/gateway-api.md), for tests
 * and demos. Any answer other than 2xx throws Spring's {@code RestClientResponseException}.
 */
public final class SimulatorControl {

  private static final ParameterizedTypeReference<Map<String, Integer>> COUNTS =
      new ParameterizedTypeReference<>() {};

  private final RestClient client;

  /**
   * @param baseUrl where the simulator listens, such as {@code http://127.0.0.1:8089}
   */
  public SimulatorControl(String baseUrl) {
    // The JDK client explicitly: with Jetty's client on the classpath RestClient would pick it, and
    // its non-daemon threads keep a finished benchmark or demo JVM alive.
    this.client =
        RestClient.builder()
            .baseUrl(baseUrl)
            .requestFactory(new JdkClientHttpRequestFactory())
            .build();
  }

  /** Replaces the behaviour of card operations (latency, errors, rate limits, usage growth). */
  public void configure(Behaviour behaviour) {
    client
        .put()
        .uri("/sim/config")
        .contentType(MediaType.APPLICATION_JSON)
        .body(behaviour)
        .retrieve()
        .toBodilessEntity();
  }

  /** The current behaviour. */
  public Behaviour behaviour() {
    return client.get().uri("/sim/config").retrieve().body(Behaviour.class);
  }

  /**
   * Sets a card's state; its null fields keep their value.
   *
   * @return the card's whole state afterwards
   */
  public CardState setCard(String iccid, CardState state) {
    return client
        .put()
        .uri("/sim/cards/{iccid}", iccid)
        .contentType(MediaType.APPLICATION_JSON)
        .body(state)
        .retrieve()
        .body(CardState.class);
  }

  /** A card's whole state (the defaults for a card never seen). */
  public CardState card(String iccid) {
    return client.get().uri("/sim/cards/{iccid}", iccid).retrieve().body(CardState.class);
  }

  /**
   * Makes the card use {@code mbPerHour} of data while online, on the simulator's clock, from now
   * on (0 stops it): its month total grows by itself.
   */
  public void setUsageRate(String iccid, BigDecimal mbPerHour) {
    putCardJson("/sim/cards/{iccid}/usage-rate", iccid, Map.of("mbPerHour", mbPerHour));
  }

  /**
   * Sets what the package query reports for the card: {@code none}, {@code pending}, {@code active}
   * (the default), {@code exhausted} or {@code expired}.
   */
  public void setPackage(String iccid, String state) {
    putCardJson("/sim/cards/{iccid}/package", iccid, Map.of("state", state));
  }

  /** PUTs a JSON body to one of a card's control paths, ignoring the answer's body. */
  private void putCardJson(String path, String iccid, Object body) {
    client
        .put()
        .uri(path, iccid)
        .contentType(MediaType.APPLICATION_JSON)
        .body(body)
        .retrieve()
        .toBodilessEntity();
  }

  /**
   * Makes the next {@code count} card operations on the ICCID answer {@code status} (400..599),
   * replacing any failures still pending for it; 0 cancels them.
   */
  public void failNext(String iccid, int count, int status) {
    client
        .post()
        .uri("/sim/cards/{iccid}/fail-next", iccid)
        .contentType(MediaType.APPLICATION_JSON)
        .body(Map.of("count", count, "status", status))
        .retrieve()
        .toBodilessEntity();
  }

  /** Card operations received for the ICCID, by operation name ({@code stop}, {@code usage}…). */
  public Map<String, Integer> calls(String iccid) {
    return client.get().uri("/sim/calls/{iccid}", iccid).retrieve().body(COUNTS);
  }

  /** Every counter: total, rate-limited, and per card and operation. */
  public CallReport calls() {
    return client.get().uri("/sim/calls").retrieve().body(CallReport.class);
  }

  /**
   * Totals and, per operation, the calls, the cards called and those called more than once, without
   * the per-card lists (cheap with millions of cards).
   */
  public CallSummary callSummary() {
    return client.get().uri("/sim/calls/summary").retrieve().body(CallSummary.class);
  }

  /**
   * Card operations received, including those answered with an error. Read from the summary: tests
   * poll it every few milliseconds, and the whole report lists every card called.
   */
  public long totalCalls() {
    return callSummary().total();
  }

  /** Card operations answered 429. */
  public long rateLimited() {
    return callSummary().rateLimited();
  }

  /** Forgets every card, count, pending failure and the behaviour. */
  public void reset() {
    client.post().uri("/sim/reset").retrieve().toBodilessEntity();
  }
}
