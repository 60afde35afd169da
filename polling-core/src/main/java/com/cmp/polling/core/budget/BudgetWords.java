package com.cmp.polling.core.budget;

import com.cmp.polling.core.enrollment.CarddataWait;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * An account's budget in words, as the scheduler logs it and the console shows it: "needs 5 600
 * calls/s at the configured intervals, has 16; carddata effectively every 7 h 50 min".
 */
public final class BudgetWords {

  private BudgetWords() {}

  /** What the intervals need, what the account allows, and what the stretch makes of them. */
  public static String summary(AccountBudget budget) {
    String head =
        "needs "
            + callsPerSecond(budget.neededPerSecond())
            + " calls/s at the configured intervals, has "
            + callsPerSecond(budget.allowedPerSecond());
    if (budget.allowedPerSecond() <= 0 && budget.neededPerSecond() > 0) {
      return head + ": the regular checks get no call of this account at all";
    }
    if (budget.stretch() <= 1.0) {
      return head + ": the configured intervals hold";
    }
    return head
        + "; intervals stretched x"
        + String.format(Locale.ROOT, "%.2f", budget.stretch())
        + ": "
        + String.join(", ", effectiveIntervals(budget));
  }

  /**
   * Per check, the stretched interval of the config governing most of the account's cards, e.g.
   * "carddata effectively every 7 h 50 min (configured 30 min)".
   */
  public static List<String> effectiveIntervals(AccountBudget budget) {
    Map<String, AccountBudget.Interval> largest = new LinkedHashMap<>();
    for (AccountBudget.Interval interval : budget.intervals()) {
      largest.merge(interval.taskType(), interval, (a, b) -> b.cards() > a.cards() ? b : a);
    }
    List<String> words = new ArrayList<>();
    largest.forEach(
        (type, interval) ->
            words.add(
                type
                    + " effectively every "
                    + CarddataWait.inWords(Duration.ofSeconds(interval.effectiveSeconds()))
                    + " (configured "
                    + CarddataWait.inWords(Duration.ofSeconds(interval.configuredSeconds()))
                    + ")"));
    return words;
  }

  /** A rate of calls: whole calls with grouped thousands, tenths below 10. */
  public static String callsPerSecond(double rate) {
    if (rate < 10) {
      return String.format(Locale.ROOT, "%.1f", rate);
    }
    return String.format(Locale.ROOT, "%,d", Math.round(rate)).replace(',', ' ');
  }
}
