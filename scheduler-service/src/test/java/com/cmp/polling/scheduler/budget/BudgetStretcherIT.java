package com.cmp.polling.scheduler.budget;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.cmp.polling.autoconfigure.PollingProperties;
import com.cmp.polling.core.budget.AccountBudget;
import com.cmp.polling.core.budget.BudgetReports;
import com.cmp.polling.core.budget.CallBudget;
import com.cmp.polling.core.budget.CarrierAccount;
import com.cmp.polling.core.budget.CarrierAccounts;
import com.cmp.polling.core.enrollment.IntervalStretches;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import com.cmp.polling.testsupport.time.SettableClock;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/**
 * The budgets computed from the real card table and published in the real Redis: one instance per
 * interval, the stretch read by the planners, withdrawn when the intervals fit again.
 */
class BudgetStretcherIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();

  private final SettableClock clock = new SettableClock(Instant.parse("2026-12-04T12:00:00Z"));
  private final PollingProperties properties =
      new Binder(
              new MapConfigurationPropertySource(
                  Map.of(
                      "cmp.polling.gateway.accounts.tight.carriers", "77,78",
                      "cmp.polling.gateway.accounts.tight.calls-per-second", "2",
                      "cmp.polling.gateway.carriers.78.batch.usage", "10")))
          .bindOrCreate("cmp.polling", PollingProperties.class);
  private final BudgetReports reports = new BudgetReports(redis.template());
  private final CallBudget budget =
      new CallBudget(redis.template(), properties.carrierAccounts(), clock);
  private long config;

  @BeforeEach
  void fleet() {
    postgres.truncateBusinessTables();
    redis.flush();
    postgres
        .jdbc()
        .sql("DELETE FROM tb_polling_config WHERE config_name = 'every-minute'")
        .update();
    config =
        postgres
            .data()
            .config("every-minute")
            .carrier(null)
            .priority(10)
            .intervals(null, 60, null, null)
            .insert();
    // Carrier 77: 120 cards, 2 calls/s; carrier 78: 600 cards in calls of 10, 1 call/s.
    for (int i = 0; i < 120; i++) {
      postgres.data().card().carrier(77, "CTCC").insert();
    }
    for (int i = 0; i < 600; i++) {
      postgres.data().card().carrier(78, "CTCC").insert();
    }
  }

  private BudgetStretcher stretcher(SimpleMeterRegistry meters) {
    return new BudgetStretcher(
        postgres.jdbc(), reports, budget, redis.template(), properties, meters, clock);
  }

  @Test
  void oneInstanceComputes_theStretchReachesThePlanners_andTheOthersGaugesShowIt() {
    SimpleMeterRegistry first = new SimpleMeterRegistry();
    SimpleMeterRegistry second = new SimpleMeterRegistry();

    List<AccountBudget> computed = stretcher(first).runOnce().orElseThrow();

    // 3 calls/s needed, 1 allowed (2 less 20 %, whole calls).
    assertThat(computed).hasSize(1);
    assertThat(computed.get(0).neededPerSecond()).isEqualTo(3.0);
    assertThat(computed.get(0).stretch()).isEqualTo(3.0);
    assertThat(stretcher(second).runOnce()).as("the other instance, within the interval").isEmpty();
    assertThat(first.get("polling.budget.stretch").tag("account", "tight").gauge().value())
        .isEqualTo(3.0);
    assertThat(second.get("polling.budget.stretch").tag("account", "tight").gauge().value())
        .isEqualTo(3.0);
    IntervalStretches planners =
        new IntervalStretches(
            redis.template(), properties.carrierAccounts().carriers(), clock, Duration.ZERO);
    assertThat(planners.of(77)).isEqualTo(3.0);
    assertThat(planners.of(78)).isEqualTo(3.0);
    assertThat(planners.of(1)).isEqualTo(1.0);
  }

  @Test
  void theInstanceHoldingTheLease_recomputesAtEachRun_andAnotherTakesOverWhenItStops() {
    BudgetStretcher first = stretcher(new SimpleMeterRegistry());
    BudgetStretcher second = stretcher(new SimpleMeterRegistry());
    assertThat(first.runOnce().orElseThrow().get(0).neededPerSecond()).isEqualTo(3.0);
    for (int i = 0; i < 120; i++) {
      postgres.data().card().carrier(77, "CTCC").insert();
    }

    // The next run of the same instance counts the fleet again: 240 cards a minute at 77.
    List<AccountBudget> again = first.runOnce().orElseThrow();

    assertThat(again.get(0).neededPerSecond()).isEqualTo(5.0);
    assertThat(again.get(0).stretch()).isEqualTo(5.0);
    assertThat(second.runOnce()).as("while the first holds the lease").isEmpty();
    first.stop();
    for (int i = 0; i < 60; i++) {
      postgres.data().card().carrier(77, "CTCC").insert();
    }
    List<AccountBudget> takenOver = second.runOnce().orElseThrow();
    assertThat(takenOver.get(0).neededPerSecond()).isEqualTo(6.0);
    assertThat(first.runOnce()).as("the stopped instance, once another holds it").isEmpty();
    assertThat(reports.read().get(0).neededPerSecond()).isEqualTo(6.0);
  }

  @Test
  void aSchedulerWithoutAccounts_withdrawsThePublishedStretches_andPlannersIgnoreForeignOnes() {
    BudgetStretcher withAccounts = stretcher(new SimpleMeterRegistry());
    withAccounts.runOnce().orElseThrow();
    IntervalStretches configuredHere =
        new IntervalStretches(
            redis.template(), properties.carrierAccounts().carriers(), clock, Duration.ZERO);
    IntervalStretches accountRemovedHere =
        new IntervalStretches(redis.template(), Set.of(), clock, Duration.ZERO);
    assertThat(configuredHere.of(77)).isEqualTo(3.0);
    assertThat(accountRemovedHere.of(77))
        .as("a process whose configuration has no account for carrier 77")
        .isEqualTo(1.0);
    assertThat(accountRemovedHere.largest()).isEqualTo(1.0);

    // The account removed: the old scheduler stops, one without accounts computes.
    withAccounts.stop();
    PollingProperties none =
        new Binder(new MapConfigurationPropertySource(Map.of()))
            .bindOrCreate("cmp.polling", PollingProperties.class);
    BudgetStretcher withoutAccounts =
        new BudgetStretcher(
            postgres.jdbc(),
            reports,
            new CallBudget(redis.template(), none.carrierAccounts(), clock),
            redis.template(),
            none,
            new SimpleMeterRegistry(),
            clock);

    assertThat(withoutAccounts.runOnce()).contains(List.of());
    assertThat(redis.template().opsForHash().entries(RedisKeys.BUDGET_STRETCHES)).isEmpty();
    assertThat(reports.read()).isEmpty();
    assertThat(configuredHere.of(77)).isEqualTo(1.0);
  }

  @Test
  void anAccountWhoseRegularShareIsNothing_doesNotKeepTheOthersFromBeingPublished() {
    // Start-up refuses such an account; made here directly, past the properties' check.
    CarrierAccounts accounts =
        new CarrierAccounts(
            List.of(
                new CarrierAccount("starved", Set.of(77L), 2, 1L, 0.2),
                new CarrierAccount("fine", Set.of(78L), 2, null, 0.2)));
    BudgetStretcher stretcher =
        new BudgetStretcher(
            postgres.jdbc(),
            reports,
            new CallBudget(redis.template(), accounts, clock),
            redis.template(),
            properties,
            new SimpleMeterRegistry(),
            clock);

    List<AccountBudget> computed = stretcher.runOnce().orElseThrow();

    assertThat(computed).extracting(AccountBudget::account).containsExactly("starved", "fine");
    assertThat(reports.read()).extracting(AccountBudget::account).contains("starved", "fine");
    // 600 cards of 78 in calls of 10 a minute: 1 call/s, within the 1 allowed.
    assertThat(reports.read().get(0).stretch()).isEqualTo(1.0);
  }

  @Test
  void intervalsThatFitAgain_withdrawTheStretch() {
    BudgetStretcher stretcher = stretcher(new SimpleMeterRegistry());
    stretcher.runOnce().orElseThrow();
    postgres
        .jdbc()
        .sql("UPDATE tb_polling_config SET carddata_check_interval = 600 WHERE id = ?")
        .param(config)
        .update();

    List<AccountBudget> computed = stretcher.runOnce().orElseThrow();

    assertThat(computed.get(0).neededPerSecond()).isCloseTo(0.3, within(1e-9));
    assertThat(computed.get(0).stretch()).isEqualTo(1.0);
    assertThat(redis.template().opsForHash().entries(RedisKeys.BUDGET_STRETCHES)).isEmpty();
    assertThat(reports.read().get(0).stretch()).isEqualTo(1.0);
  }
}
