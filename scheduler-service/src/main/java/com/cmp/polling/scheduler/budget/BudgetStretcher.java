package com.cmp.polling.scheduler.budget;

import com.cmp.polling.autoconfigure.PollingProperties;
import com.cmp.polling.core.budget.AccountBudget;
import com.cmp.polling.core.budget.BudgetReports;
import com.cmp.polling.core.budget.BudgetWords;
import com.cmp.polling.core.budget.CallBudget;
import com.cmp.polling.core.budget.CarrierAccount;
import com.cmp.polling.core.concurrent.DaemonThreads;
import com.cmp.polling.core.config.GovernedCards;
import com.cmp.polling.core.config.PollingConfig;
import com.cmp.polling.schemas.task.TaskType;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Weighs, every {@code cmp.polling.budget.recompute-interval}, what the configured intervals need
 * of each carrier account against what its regular share allows ({@link AccountNeeds}), and
 * publishes the result: the stretches every planner applies to the next checks of the account's
 * carriers' cards, and a report per account for the operator app. It says so: gauges per account
 * ({@code polling.budget.needed_calls_per_second}, {@code polling.budget.allowed_calls_per_second},
 * {@code polling.budget.stretch}) and one INFO line when an account's stretch changes.
 *
 * <p>One scheduler instance computes: the holder of {@link BudgetLease}, which renews it at each of
 * its runs (every interval) and gives it up when it stops; the lease lives two intervals, so a dead
 * holder's computation is taken over within about two intervals. Counting the fleet reads the card
 * table once (grouped by carrier and status), as the console's config counts do.
 */
@Component
public class BudgetStretcher implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(BudgetStretcher.class);

  private final GovernedCards governed;
  private final BudgetReports reports;
  private final CallBudget budget;
  private final BudgetLease lease;
  private final Map<Long, Map<String, Integer>> batchSizes;
  private final Duration every;
  private final MeterRegistry registry;
  private final Clock clock;
  private final Map<String, AccountBudget> current = new ConcurrentHashMap<>();
  private ScheduledExecutorService ticker;

  public BudgetStretcher(
      JdbcClient jdbc,
      BudgetReports reports,
      CallBudget budget,
      StringRedisTemplate redis,
      PollingProperties properties,
      MeterRegistry registry,
      Clock clock) {
    this.governed = new GovernedCards(jdbc);
    this.reports = reports;
    this.budget = budget;
    this.batchSizes = properties.gateway().batchSizes();
    this.every = properties.budget().recomputeInterval();
    this.lease = new BudgetLease(redis, every.multipliedBy(2));
    this.registry = registry;
    this.clock = clock;
  }

  /**
   * Computes and publishes every account's budget, unless another instance holds the computation;
   * also what tests call instead of waiting.
   *
   * @return the budgets published; empty when another instance holds the computation
   */
  public Optional<List<AccountBudget>> runOnce() {
    if (!lease.take()) {
      // Another instance computes: this one's gauges show what it published.
      reports.read().forEach(report -> gauged(report));
      return Optional.empty();
    }
    if (budget.accounts().isEmpty()) {
      // Withdraws what an earlier configuration published: no carrier is stretched any more.
      reports.publish(List.of());
      return Optional.of(List.of());
    }
    Map<String, AccountBudget> before = new HashMap<>();
    reports.read().forEach(report -> before.put(report.account(), report));
    Map<Long, Map<PollingConfig, Long>> cards = governed.countByCarrier();
    Instant now = clock.instant();
    List<AccountBudget> computed = new ArrayList<>();
    for (CarrierAccount account : budget.accounts().all()) {
      AccountBudget was = before.get(account.name());
      try {
        AccountBudget next =
            AccountNeeds.of(account, cards, this::batchSize, budget.spentToday(account), now);
        computed.add(next);
        said(next, was);
      } catch (RuntimeException e) {
        // One account's failure must not keep the others' budgets from being published: its
        // last report (and stretch) stays as it was until a later run computes it.
        log.error("carrier account {}: budget not computed; the last one stays", account.name(), e);
        if (was != null) {
          computed.add(was);
        }
      }
    }
    reports.publish(computed);
    return Optional.of(computed);
  }

  private int batchSize(long carrierId, TaskType type) {
    String operation =
        switch (type) {
          case CARDDATA -> "usage";
          case REALNAME -> "real-name";
          case PACKAGE -> "package";
          case PROTECT -> "network-status";
        };
    return batchSizes.getOrDefault(carrierId, Map.of()).getOrDefault(operation, 1);
  }

  /** The gauges follow the new budget; a changed stretch is logged once. */
  private void said(AccountBudget next, AccountBudget before) {
    gauged(next);
    double was = before == null ? 1.0 : before.stretch();
    if (was != next.stretch()) {
      log.info(
          "carrier account {} (carriers {}): {}; stretch x{} (was x{}), next checks planned that"
              + " much further apart",
          next.account(),
          next.carriers(),
          BudgetWords.summary(next),
          next.stretch(),
          was);
    }
  }

  private void gauged(AccountBudget next) {
    if (current.put(next.account(), next) == null) {
      gauge(
          "polling.budget.needed_calls_per_second", next.account(), AccountBudget::neededPerSecond);
      gauge(
          "polling.budget.allowed_calls_per_second",
          next.account(),
          AccountBudget::allowedPerSecond);
      gauge("polling.budget.stretch", next.account(), AccountBudget::stretch);
    }
  }

  private void gauge(String name, String account, ToDoubleFunction<AccountBudget> value) {
    Gauge.builder(name, current, byAccount -> value.applyAsDouble(byAccount.get(account)))
        .tag("account", account)
        .register(registry);
  }

  private void runSafely() {
    try {
      runOnce();
    } catch (RuntimeException e) {
      log.error("carrier budgets not computed; the next run tries again", e);
    }
  }

  @Override
  public synchronized void start() {
    // Runs without accounts too: it withdraws the stretches an earlier configuration published.
    if (ticker != null) {
      return;
    }
    ticker = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("budget-stretcher"));
    ticker.scheduleWithFixedDelay(this::runSafely, 0, every.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** Stops computing and gives the lease up, so another instance computes from its next run. */
  @Override
  public synchronized void stop() {
    if (ticker != null) {
      ticker.shutdownNow();
      ticker = null;
    }
    try {
      lease.release();
    } catch (RuntimeException e) {
      log.warn("budget lease not given up ({}); it expires on its own", e.getMessage());
    }
  }

  @Override
  public synchronized boolean isRunning() {
    return ticker != null;
  }
}
