package com.cmp.polling.simulator.calls;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.testsupport.time.SettableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class CallCounterTest {

  private final SettableClock clock = new SettableClock(Instant.parse("2026-12-04T12:00:00Z"));
  private final CallCounter counter = new CallCounter(clock);

  @Test
  void calls_areCountedPerIccidAndOperation_underTheirWireNames() {
    counter.record("8986001", CardOperation.REAL_NAME);
    counter.record("8986001", CardOperation.REAL_NAME);
    counter.record("8986001", CardOperation.NETWORK_STATUS);
    counter.record("8986002", CardOperation.STOP);

    assertThat(counter.forCard("8986001")).isEqualTo(Map.of("real-name", 2, "network-status", 1));
    assertThat(counter.report())
        .isEqualTo(
            new CallReport(
                4,
                0,
                Map.of(
                    "8986001", Map.of("real-name", 2, "network-status", 1),
                    "8986002", Map.of("stop", 1))));
  }

  @Test
  void summary_countsPerOperation_theCardsCalled_andThoseCalledMoreThanOnce() {
    counter.record("8986001", CardOperation.USAGE);
    counter.record("8986001", CardOperation.USAGE);
    counter.record("8986001", CardOperation.USAGE);
    counter.record("8986002", CardOperation.USAGE);
    counter.record("8986003", CardOperation.USAGE);
    counter.record("8986003", CardOperation.USAGE);
    counter.record("8986002", CardOperation.REAL_NAME);
    counter.recordRateLimited(null);

    assertThat(counter.summary())
        .isEqualTo(
            new CallSummary(
                7,
                1,
                0,
                Map.of(
                    "usage", new CallSummary.OperationCalls(6, 6, 0, 0, 3, 2, 3),
                    "real-name", new CallSummary.OperationCalls(1, 1, 0, 0, 1, 0, 0)),
                Map.of()));
  }

  @Test
  void summary_ofConcurrentCalls_countsEachCardOnce() throws Exception {
    int threads = 8;
    int cards = 2_000;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    for (int t = 0; t < threads; t++) {
      pool.submit(
          () -> {
            for (int card = 0; card < cards; card++) {
              counter.record("8986" + card, CardOperation.REAL_NAME);
            }
          });
    }
    pool.shutdown();
    assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).isTrue();

    assertThat(counter.summary().byOperation().get("real-name"))
        .isEqualTo(
            new CallSummary.OperationCalls(
                (long) threads * cards,
                (long) threads * cards,
                0,
                0,
                cards,
                cards,
                (long) (threads - 1) * cards));
  }

  @Test
  void unknownIccid_hasNoCounts() {
    assertThat(counter.forCard("8986404")).isEmpty();
  }

  @Test
  void rateLimited_isCountedApart() {
    counter.record("8986001", CardOperation.USAGE);
    counter.recordRateLimited(null);

    assertThat(counter.report().total()).isEqualTo(1);
    assertThat(counter.report().rateLimited()).isEqualTo(1);
  }

  @Test
  void reset_forgetsEveryCount() {
    counter.record("8986001", CardOperation.START);
    counter.recordRateLimited(null);

    counter.reset();

    assertThat(counter.report()).isEqualTo(new CallReport(0, 0, Map.of()));
    assertThat(counter.summary()).isEqualTo(new CallSummary(0, 0, 0, Map.of(), Map.of()));
  }

  @Test
  void batchCalls_countOnceAsCalls_andEachOfTheirCardsAsAskedAbout() {
    counter.recordBatch(List.of("8986001", "8986002", "8986003"), CardOperation.USAGE);
    counter.recordBatch(List.of("8986001", "8986004"), CardOperation.USAGE);
    counter.record("8986002", CardOperation.USAGE);

    CallSummary summary = counter.summary();

    assertThat(summary.total()).isEqualTo(3);
    assertThat(summary.byOperation().get("usage"))
        .isEqualTo(new CallSummary.OperationCalls(3, 1, 2, 5, 4, 2, 2));
    assertThat(counter.forCard("8986001")).isEqualTo(Map.of("usage", 2));
    assertThat(counter.report().total()).isEqualTo(3);
  }

  @Test
  void accounts_countTheirCalls_rateLimitsAndQuotaRefusalsApart() {
    counter.recordAccountCall("acct-a");
    counter.recordAccountCall("acct-a");
    counter.recordAccountCall("acct-a");
    counter.recordAccountCall("acct-b");
    clock.advance(Duration.ofSeconds(1));
    counter.recordAccountCall("acct-b");
    counter.recordAccountCall("acct-b");
    counter.recordRateLimited("acct-a");
    counter.recordQuotaRefused("acct-a");
    counter.recordRateLimited(null);

    CallSummary summary = counter.summary();

    assertThat(summary.rateLimited()).isEqualTo(2);
    assertThat(summary.quotaRefused()).isEqualTo(1);
    assertThat(summary.byAccount())
        .isEqualTo(
            Map.of(
                "acct-a", new CallSummary.AccountCalls(3, 1, 1, 3),
                "acct-b", new CallSummary.AccountCalls(3, 0, 0, 2)));
  }
}
