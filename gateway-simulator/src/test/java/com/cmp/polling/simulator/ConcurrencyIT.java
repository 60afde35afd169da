package com.cmp.polling.simulator;

import static com.cmp.polling.simulator.calls.CardOperation.REAL_NAME;
import static com.cmp.polling.simulator.calls.CardOperation.USAGE;
import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.simulator.RawHttp.Answer;
import com.cmp.polling.simulator.behaviour.Behaviour;
import com.cmp.polling.simulator.calls.CardOperation;
import com.cmp.polling.testsupport.time.SettableClock;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Hundreds of concurrent requests: nothing lost, limits kept. The simulator's clock stands still,
 * so a rate limit's bucket never refills during a burst.
 */
class ConcurrencyIT {

  private static final List<String> ICCIDS =
      List.of("89860000000000000001", "89860000000000000002", "89860000000000000003");

  private static final SettableClock clock =
      new SettableClock(Instant.parse("2026-11-29T10:00:00Z"));

  private static RunningSimulator simulator;
  private static RawHttp http;
  private static SimulatorControl control;
  private static ExecutorService clients;

  @BeforeAll
  static void start() {
    simulator = GatewaySimulator.start(clock);
    http = new RawHttp(simulator.baseUrl());
    control = simulator.control();
    clients = Executors.newFixedThreadPool(200);
  }

  @AfterAll
  static void stop() {
    clients.shutdownNow();
    simulator.close();
  }

  @BeforeEach
  void reset() {
    control.reset();
  }

  @Test
  void concurrentOperations_areAllAnsweredAndCounted() throws Exception {
    List<Callable<Answer>> requests = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      for (String iccid : ICCIDS) {
        for (CardOperation operation : CardOperation.values()) {
          requests.add(() -> http.card(1, iccid, operation));
        }
      }
    }

    List<Answer> answers = all(requests);

    int sent = 40 * ICCIDS.size() * CardOperation.values().length;
    assertThat(answers).hasSize(sent).allSatisfy(a -> assertThat(a.status()).isEqualTo(200));
    assertThat(control.totalCalls()).isEqualTo(sent);
    Map<String, Integer> fortyEach = new HashMap<>();
    for (CardOperation operation : CardOperation.values()) {
      fortyEach.put(operation.wireName(), 40);
    }
    assertThat(control.calls().byCard())
        .isEqualTo(
            Map.of(ICCIDS.get(0), fortyEach, ICCIDS.get(1), fortyEach, ICCIDS.get(2), fortyEach));
  }

  @Test
  void concurrentUsageQueries_loseNoGrowth() throws Exception {
    control.configure(Behaviour.none().withUsageGrowthMbPerQuery(new BigDecimal("0.5")));
    List<Callable<Answer>> requests = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      requests.add(() -> http.card(1, ICCIDS.get(0), USAGE));
    }

    List<Answer> answers = all(requests);

    assertThat(control.card(ICCIDS.get(0)).totalMb()).isEqualByComparingTo("150.0");
    assertThat(answers.stream().map(a -> a.json().get("totalMb")).distinct())
        .as("each query saw its own growth")
        .hasSize(300);
  }

  @Test
  void concurrentOperationsWithLatency_areAllAnsweredAndCounted() throws Exception {
    control.configure(Behaviour.none().withLatencyMs(500));
    List<Callable<Answer>> requests = new ArrayList<>();
    for (int i = 0; i < 150; i++) {
      String iccid = ICCIDS.get(i % ICCIDS.size());
      requests.add(() -> http.card(1, iccid, REAL_NAME));
    }

    List<Answer> answers = all(requests);

    assertThat(answers).hasSize(150).allSatisfy(a -> assertThat(a.status()).isEqualTo(200));
    assertThat(control.totalCalls()).isEqualTo(150);
  }

  @Test
  void burstAboveTheLimit_isAdmittedExactlyAsFarAsAFullBucketAllows() throws Exception {
    int limit = 50;
    control.configure(Behaviour.none().withRateLimit(9, limit));
    List<Callable<Answer>> requests = new ArrayList<>();
    for (int i = 0; i < 250; i++) {
      String iccid = ICCIDS.get(i % ICCIDS.size());
      requests.add(() -> http.card(9, iccid, REAL_NAME));
    }

    List<Answer> answers = all(requests);

    long admitted = answers.stream().filter(a -> a.status() == 200).count();
    long limited = answers.stream().filter(a -> a.status() == 429).count();
    assertThat(admitted).isEqualTo(limit);
    assertThat(limited).isEqualTo(250 - limit);
    assertThat(control.rateLimited()).isEqualTo(limited);
    assertThat(control.totalCalls()).isEqualTo(250);
  }

  private static List<Answer> all(List<Callable<Answer>> requests) throws Exception {
    List<Answer> answers = new ArrayList<>();
    for (Future<Answer> answer : clients.invokeAll(requests)) {
      answers.add(answer.get());
    }
    return answers;
  }
}
