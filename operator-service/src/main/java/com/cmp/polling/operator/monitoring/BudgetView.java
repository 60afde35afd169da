package com.cmp.polling.operator.monitoring;

import com.cmp.polling.core.budget.AccountBudget;
import com.cmp.polling.core.budget.BudgetReports;
import com.cmp.polling.core.budget.BudgetWords;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * A carrier account's budget as the scheduler last computed it, with its summary in words ("needs 5
 * 600 calls/s at the configured intervals, has 16; ...") and how old it is; what the admin API and
 * the console's overview show.
 *
 * @param summary what the intervals need, what the account allows, what the stretch makes of them
 * @param effectiveIntervals per check, the stretched interval of the config governing most cards
 * @param ageSeconds seconds since the scheduler computed it
 */
public record BudgetView(
    AccountBudget budget, String summary, List<String> effectiveIntervals, long ageSeconds) {

  /** Every account's last computed budget, by account name. */
  public static List<BudgetView> all(BudgetReports reports, Clock clock) {
    Instant now = clock.instant();
    return reports.read().stream()
        .map(
            budget ->
                new BudgetView(
                    budget,
                    BudgetWords.summary(budget),
                    BudgetWords.effectiveIntervals(budget),
                    Math.max(0, Duration.between(budget.computedAt(), now).toSeconds())))
        .toList();
  }
}
