package com.cmp.polling.stopresume.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.core.budget.CallBudget;
import com.cmp.polling.core.budget.CarrierAccount;
import com.cmp.polling.core.budget.CarrierAccounts;
import com.cmp.polling.simulator.GatewaySimulator;
import com.cmp.polling.simulator.RunningSimulator;
import com.cmp.polling.simulator.behaviour.Behaviour;
import com.cmp.polling.simulator.calls.CardOperation;
import com.cmp.polling.testsupport.redis.RedisExtension;
import com.cmp.polling.testsupport.redis.RedisSeconds;
import com.cmp.polling.testsupport.time.SettableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * One rate-limit slot per HTTP call: with each carrier allowed one call a second and no call
 * waiting longer than 200 ms for its slot, ten cards of a carrier with batches get their answers
 * from one slot, while two cards of a carrier without batches need two slots and the second is
 * refused.
 */
class RateLimitedBatchIT {

  @RegisterExtension static final RedisExtension redis = new RedisExtension();

  static RunningSimulator simulator;
  static RateLimitedCarrierGateway gateway;

  @BeforeAll
  static void start() {
    simulator = GatewaySimulator.start();
    simulator.control().configure(Behaviour.none().withBatchSize(1, CardOperation.USAGE, 10));
    gateway =
        new RateLimitedCarrierGateway(
            new HttpCarrierGateway(
                GatewaySettings.of(simulator.baseUrl())
                    .withBatchSizes(BatchSizes.NONE.with(1, CarrierOperation.USAGE, 10))),
            new CarrierRateLimiter(
                redis.template(), Map.of(1L, 1, 2L, 1), null, Duration.ofMillis(200)));
  }

  @AfterAll
  static void stop() throws Exception {
    gateway.close();
    simulator.close();
  }

  @Test
  void tenCardsInOneBatchCall_costOneSlot_twoSingleCallsCostTwo() {
    // Connections opened and code warmed on an unlimited carrier: what follows takes milliseconds,
    // well within the second that one slot lasts.
    gateway.monthToDateUsageAll(cards(3, 2));

    List<CardOutcome<MonthToDateUsage>> batched = gateway.monthToDateUsageAll(cards(1, 10));
    List<CardOutcome<MonthToDateUsage>> single = gateway.monthToDateUsageAll(cards(2, 2));

    assertThat(batched).allSatisfy(outcome -> assertThat(outcome.succeeded()).isTrue());
    assertThat(single.get(0).succeeded()).isTrue();
    assertThat(single.get(1).failure())
        .isInstanceOf(GatewayUnavailableException.class)
        .hasMessageContaining("carrier 2 is at its limit of 1 calls/s");
    assertThat(gateway.batchSize(1, CarrierOperation.USAGE)).isEqualTo(10);

    // Carrier 1's one slot of this second is taken: its next batch call waits for none.
    List<CardOutcome<MonthToDateUsage>> again = gateway.monthToDateUsageAll(cards(1, 3));
    assertThat(again)
        .allSatisfy(
            outcome ->
                assertThat(outcome.failure())
                    .isInstanceOf(GatewayUnavailableException.class)
                    .hasMessageContaining("usage of 3 cards of carrier 1"));
    assertThat(simulator.control().callSummary().byOperation().get("usage").calls())
        .as("calls that reached the carrier")
        .isEqualTo(2 + 2);
  }

  @Test
  void stopsAndStarts_spendTheWholeAccount_afterRegularChecksSpentTheirShare() {
    // 3 calls/s, 40 % reserved: regular checks 1 call a second, stops and starts all 3.
    CallBudget budget =
        new CallBudget(
            redis.template(),
            new CarrierAccounts(List.of(new CarrierAccount("acme", Set.of(5L, 6L), 3, null, 0.4))),
            new SettableClock(Instant.parse("2026-12-04T12:00:00.100Z")));
    RateLimitedCarrierGateway actions =
        new RateLimitedCarrierGateway(
            new HttpCarrierGateway(GatewaySettings.of(simulator.baseUrl())),
            new CarrierRateLimiter(
                redis.template(), Map.of(), null, Duration.ofSeconds(2), budget.accounts()),
            new ActionBudget(budget));
    // The budget's second is the Redis server's: the spends below (a stop, a start a slot later,
    // a stop) must fall within one of its seconds. On a busy machine they may straddle two; then
    // the attempt says nothing and is made again on fresh counters.
    for (int attempt = 1; attempt <= 3; attempt++) {
      clearCounters();
      RedisSeconds.awaitEarlyInASecond(redis.template());
      long second = RedisSeconds.serverMillis(redis.template()) / 1000;
      CallBudget.Spent first = budget.trySpend(5, CallBudget.Share.REGULAR);
      CallBudget.Spent secondSpend = budget.trySpend(6, CallBudget.Share.REGULAR);
      List<CardOutcome<Void>> stopped = actions.stopAll(cards(5, 1));
      actions.start(cards(6, 1).get(0));
      List<CardOutcome<Void>> refused = actions.stopAll(cards(6, 1));
      if (RedisSeconds.serverMillis(redis.template()) / 1000 != second) {
        continue;
      }
      assertThat(first).isEqualTo(CallBudget.Spent.SPENT);
      assertThat(secondSpend).isEqualTo(CallBudget.Spent.SECOND_SPENT);
      assertThat(stopped.get(0).succeeded()).isTrue();
      assertThat(refused.get(0).failure())
          .isInstanceOf(GatewayUnavailableException.class)
          .hasMessageContaining("has spent its calls of this second");
      assertThat(budget.spentToday(budget.accounts().all().get(0))).isEqualTo(3);
      return;
    }
    throw new AssertionError("three attempts straddled a second of the Redis server");
  }

  /** The account's budget counters and the carriers' rate-limit slots, as before any call. */
  private static void clearCounters() {
    Set<String> keys = new HashSet<>();
    keys.addAll(redis.template().keys("polling:budget:*"));
    keys.addAll(redis.template().keys("polling:ratelimit:*"));
    if (!keys.isEmpty()) {
      redis.template().delete(keys);
    }
  }

  private static List<CarrierCard> cards(long carrierId, int count) {
    List<CarrierCard> cards = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      cards.add(new CarrierCard(i, "8986" + carrierId + "0" + i, carrierId));
    }
    return cards;
  }
}
