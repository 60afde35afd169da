package com.cmp.polling.simulator;

import static com.cmp.polling.simulator.calls.CardOperation.REAL_NAME;
import static com.cmp.polling.simulator.calls.CardOperation.USAGE;
import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.simulator.RawHttp.Answer;
import com.cmp.polling.simulator.behaviour.Account;
import com.cmp.polling.simulator.calls.CallSummary.AccountCalls;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Carrier accounts, set through {@code PUT /sim/config} as docs/gateway-api.md shows: every call to
 * any of an account's carriers (a batch call once) takes from its calls per second and its calls of
 * the day. The simulator's clock stands still unless a test moves it, so no token comes back on its
 * own.
 */
class AccountsIT {

  private static final Instant NOW = Instant.parse("2026-11-29T22:00:00Z");
  @RegisterExtension static final ClockedSimulator simulator = new ClockedSimulator(NOW);

  private final RawHttp http = simulator.http();
  private final SimulatorControl control = simulator.control();

  @Test
  void accounts_areSetAndReadAsDocumented() {
    Answer set =
        http.putJson(
            "/sim/config",
            "{\"batchSizes\": {\"1\": {\"usage\": 10, \"stop\": 100}},"
                + " \"accounts\": {\"acct-a\": {\"carriers\": [1, 2], \"callsPerSecond\": 20,"
                + " \"callsPerDay\": 100000}}}");

    assertThat(set.status()).isEqualTo(200);
    assertThat(control.behaviour().accounts())
        .isEqualTo(Map.of("acct-a", new Account(List.of(1L, 2L), 20, 100_000L)));
    assertThat(control.behaviour().batchSizes())
        .isEqualTo(Map.of(1L, Map.of("usage", 10, "stop", 100)));
  }

  @Test
  void aCarrierInTwoAccounts_isABadRequest() {
    Answer answer =
        http.putJson(
            "/sim/config",
            "{\"accounts\": {\"a\": {\"carriers\": [1]}, \"b\": {\"carriers\": [1, 2]}}}");

    assertThat(answer.status()).isEqualTo(400);
    assertThat((String) answer.json().get("message")).contains("carrier 1 is in two accounts");
  }

  @Test
  void callsPerSecond_areSharedByTheAccountsCarriers_aBatchCallCountingOnce() {
    http.putJson(
        "/sim/config",
        "{\"batchSizes\": {\"1\": {\"usage\": 10}},"
            + " \"accounts\": {\"acct-a\": {\"carriers\": [1, 2], \"callsPerSecond\": 3}}}");

    assertThat(http.batch(1, USAGE, List.of("8986001", "8986002", "8986003")).status())
        .isEqualTo(200);
    assertThat(http.card(2, "8986004", REAL_NAME).status()).isEqualTo(200);
    assertThat(http.card(1, "8986005", USAGE).status()).isEqualTo(200);
    Answer fourth = http.card(2, "8986006", USAGE);
    Answer otherCarrier = http.card(3, "8986007", USAGE);

    assertThat(fourth.status()).isEqualTo(429);
    assertThat(fourth.json()).containsEntry("error", "rate_limited");
    assertThat(fourth.headers().getFirst("Retry-After")).isEqualTo("1");
    assertThat(otherCarrier.status()).as("a carrier of no account").isEqualTo(200);
    assertThat(control.callSummary().byAccount())
        .isEqualTo(Map.of("acct-a", new AccountCalls(4, 1, 0, 4)));
    simulator.clock().advance(Duration.ofSeconds(1));
    assertThat(http.card(2, "8986006", USAGE).status()).isEqualTo(200);
    assertThat(control.callSummary().byAccount().get("acct-a").busiestSecond())
        .as("the most calls of one second, not of all")
        .isEqualTo(4);
  }

  @Test
  void callsPerDay_refuseWithQuotaExceeded_untilTheNextUtcDay() {
    http.putJson(
        "/sim/config", "{\"accounts\": {\"acct-a\": {\"carriers\": [1], \"callsPerDay\": 2}}}");
    control.configure(control.behaviour().withBatchSize(1, USAGE, 10));

    assertThat(http.batch(1, USAGE, List.of("8986001", "8986002")).status()).isEqualTo(200);
    assertThat(http.card(1, "8986003", USAGE).status()).isEqualTo(200);
    Answer third = http.batch(1, USAGE, List.of("8986001"));

    assertThat(third.status()).isEqualTo(429);
    assertThat(third.json()).containsEntry("error", "quota_exceeded");
    assertThat(third.headers().getFirst("Retry-After")).isEqualTo(Long.toString(2 * 3600));
    assertThat(control.callSummary().quotaRefused()).isEqualTo(1);
    assertThat(control.callSummary().byAccount().get("acct-a"))
        .isEqualTo(new AccountCalls(3, 0, 1, 3));

    simulator.clock().advance(Duration.ofHours(2));
    assertThat(http.card(1, "8986003", USAGE).status()).as("a new day").isEqualTo(200);
  }
}
