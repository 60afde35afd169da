package com.cmp.polling.simulator;

import static com.cmp.polling.simulator.calls.CardOperation.NETWORK_STATUS;
import static com.cmp.polling.simulator.calls.CardOperation.REAL_NAME;
import static com.cmp.polling.simulator.calls.CardOperation.STOP;
import static com.cmp.polling.simulator.calls.CardOperation.USAGE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.skyscreamer.jsonassert.JSONCompareMode.STRICT;

import com.cmp.polling.simulator.RawHttp.Answer;
import com.cmp.polling.simulator.behaviour.Behaviour;
import com.cmp.polling.simulator.calls.CallSummary.OperationCalls;
import com.cmp.polling.simulator.state.CardState;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.skyscreamer.jsonassert.JSONAssert;

/** The batch card operations of docs/gateway-api.md, over HTTP. */
class BatchCallsIT {

  private static final Instant NOW = Instant.parse("2026-11-29T10:00:00Z");
  private static final LocalDate NOVEMBER = LocalDate.parse("2026-11-01");
  @RegisterExtension static final ClockedSimulator simulator = new ClockedSimulator(NOW);

  private final RawHttp http = simulator.http();
  private final SimulatorControl control = simulator.control();

  @Test
  void batchQuery_answersEveryCard_asItsSingleCallWould() throws Exception {
    control.configure(Behaviour.none().withBatchSize(1, USAGE, 10));
    control.setCard("8986001", CardState.usage(NOVEMBER, new BigDecimal("12.5")));

    Answer answer = http.batch(1, USAGE, List.of("8986001", "8986002"));

    assertThat(answer.status()).isEqualTo(200);
    JSONAssert.assertEquals(
        "{\"results\": ["
            + "{\"iccid\": \"8986001\", \"monthStart\": \"2026-11-01\", \"totalMb\": 12.5},"
            + "{\"iccid\": \"8986002\", \"monthStart\": \"2026-11-01\", \"totalMb\": 0}],"
            + " \"failures\": []}",
        answer.body(),
        STRICT);
  }

  @Test
  void failNext_failsThatCardInsideTheBatchAnswer_withItsStatus_andTheOthersAreAnswered() {
    control.configure(Behaviour.none().withBatchSize(1, REAL_NAME, 10));
    List<String> iccids = iccids(10);
    control.failNext(iccids.get(1), 1, 503);
    control.failNext(iccids.get(4), 1, 404);
    control.failNext(iccids.get(7), 1, 429);

    Answer answer = http.batch(1, REAL_NAME, iccids);

    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.entries("results")).hasSize(7).doesNotContainKeys(iccids.get(1));
    Map<String, Map<String, Object>> failures = answer.entries("failures");
    assertThat(failures).containsOnlyKeys(iccids.get(1), iccids.get(4), iccids.get(7));
    assertThat(failures.get(iccids.get(4)))
        .containsEntry("status", 404)
        .containsEntry("error", "simulated_failure");
    assertThat(failures.get(iccids.get(7))).containsEntry("status", 429);
    assertThat(http.batch(1, REAL_NAME, iccids).entries("results"))
        .as("each fail-next used up")
        .hasSize(10);
  }

  @Test
  void batchStop_stopsEveryCard_andCountsEachCardAsAskedAbout() {
    control.configure(Behaviour.none().withBatchSize(2, STOP, 100));

    Answer answer = http.batch(2, STOP, List.of("8986001", "8986002", "8986001"));

    assertThat(answer.entries("results"))
        .as("an ICCID listed twice is answered once")
        .containsOnlyKeys("8986001", "8986002");
    assertThat(answer.entries("results").get("8986002")).containsEntry("online", false);
    assertThat(control.card("8986001").online()).isFalse();
    assertThat(control.calls("8986001")).isEqualTo(Map.of("stop", 1));
  }

  @Test
  void carrierWithoutABatchForm_answers404_andAboveItsSize400_neitherCounted() {
    control.configure(Behaviour.none().withBatchSize(1, USAGE, 3));

    Answer noForm = http.batch(2, USAGE, List.of("8986001"));
    Answer otherOperation = http.batch(1, NETWORK_STATUS, List.of("8986001"));
    Answer tooMany = http.batch(1, USAGE, iccids(4));
    Answer empty = http.batch(1, USAGE, List.of());

    assertThat(noForm.status()).isEqualTo(404);
    assertThat(noForm.json()).containsEntry("error", "no_batch_form");
    assertThat(otherOperation.status()).isEqualTo(404);
    assertThat(tooMany.status()).isEqualTo(400);
    assertThat(tooMany.json()).containsEntry("error", "batch_too_large");
    assertThat((String) tooMany.json().get("message")).contains("at most 3");
    assertThat(empty.status()).isEqualTo(400);
    assertThat(http.batch(1, USAGE, iccids(3)).status()).isEqualTo(200);
    assertThat(control.totalCalls()).isEqualTo(1);
  }

  @Test
  void batchPath_takesOnlyPost_andAKnownOperation() {
    control.configure(Behaviour.none().withBatchSize(1, USAGE, 3));

    assertThat(http.get("/api/v1/carriers/1/batch/usage").status()).isEqualTo(405);
    assertThat(http.postJson("/api/v1/carriers/1/batch/sms", "{\"iccids\": [\"1\"]}").status())
        .isEqualTo(404);
    assertThat(http.postJson("/api/v1/carriers/1/batch/usage", "{not json").status())
        .isEqualTo(400);
  }

  @Test
  void summary_countsSingleCalls_batchCalls_andTheCardsTheyCarried() throws Exception {
    control.configure(Behaviour.none().withBatchSize(1, USAGE, 10));
    http.batch(1, USAGE, iccids(10));
    http.batch(1, USAGE, iccids(5));
    http.card(2, "8986999", USAGE);

    OperationCalls usage = control.callSummary().byOperation().get("usage");

    assertThat(usage).isEqualTo(new OperationCalls(3, 1, 2, 15, 11, 5, 5));
    assertThat(control.totalCalls()).isEqualTo(3);
    JSONAssert.assertEquals(
        "{\"total\": 3, \"byOperation\": {\"usage\": {\"singleCalls\": 1, \"batchCalls\": 2,"
            + " \"cardsInBatchCalls\": 15}}}",
        http.get("/sim/calls/summary").body(),
        org.skyscreamer.jsonassert.JSONCompareMode.LENIENT);
  }

  @Test
  void carriersRateLimit_countsABatchCallAsOneCall() {
    control.configure(Behaviour.none().withBatchSize(1, USAGE, 10).withRateLimit(1, 2));

    assertThat(http.batch(1, USAGE, iccids(10)).status()).isEqualTo(200);
    assertThat(http.batch(1, USAGE, iccids(10)).status()).isEqualTo(200);
    Answer third = http.batch(1, USAGE, iccids(10));

    assertThat(third.status()).isEqualTo(429);
    assertThat(third.headers().getFirst("Retry-After")).isEqualTo("1");
    assertThat(control.rateLimited()).isEqualTo(1);
  }

  private static List<String> iccids(int count) {
    List<String> iccids = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      iccids.add("898600000000000" + (1000 + i));
    }
    return iccids;
  }
}
