package com.cmp.polling.scheduler.budget;

import com.cmp.polling.core.budget.AccountBudget;
import com.cmp.polling.core.budget.CarrierAccount;
import com.cmp.polling.core.config.PollingConfig;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The arithmetic of a carrier account's budget, pure: the calls per second the configured intervals
 * of its carriers' cards need — for each carrier and config, its cards over the interval of each
 * check, divided by the carrier's batch size for that check's operation — against what the
 * account's regular share allows; when the need is larger, the stretch (need / allowed) by which
 * every interval of the account's carriers is lengthened, so that the checks are spread within the
 * budget instead of falling behind it. All carriers and checks of an account get the same stretch:
 * the shortfall is shared in proportion, no card type starves another.
 *
 * <p>Protect checks are left out: they run only during a card's protection period, a few cards at a
 * time. A carddata check counts at its config's interval, also where the usage-aware intervals move
 * it: that is the interval the operator asked for, and the usage-aware rule checks most cards less
 * often than it.
 */
final class AccountNeeds {

  /** The checks whose calls the budget pays for, in the order a report lists them. */
  static final List<TaskType> COUNTED =
      List.of(TaskType.CARDDATA, TaskType.REALNAME, TaskType.PACKAGE);

  /** The most cards one call of a check's operation takes at a carrier (1: no batch form). */
  interface BatchSizes {
    int of(long carrierId, TaskType type);
  }

  private AccountNeeds() {}

  /**
   * @param cardsByCarrier polled cards per carrier and governing config (other carriers ignored)
   * @param spentToday calls the account spent today, for the report
   */
  static AccountBudget of(
      CarrierAccount account,
      Map<Long, Map<PollingConfig, Long>> cardsByCarrier,
      BatchSizes batchSizes,
      long spentToday,
      Instant at) {
    double needed = 0;
    for (long carrierId : account.carriers()) {
      for (Map.Entry<PollingConfig, Long> byConfig :
          cardsByCarrier.getOrDefault(carrierId, Map.of()).entrySet()) {
        for (TaskType type : COUNTED) {
          Duration interval = byConfig.getKey().interval(type).orElse(null);
          if (interval != null && interval.toMillis() > 0) {
            needed +=
                byConfig.getValue()
                    / (interval.toMillis() / 1000.0)
                    / Math.max(1, batchSizes.of(carrierId, type));
          }
        }
      }
    }
    double allowed = account.regularCallsPerSecond();
    double stretch = stretch(needed, allowed);
    return new AccountBudget(
        account.name(),
        account.carriers(),
        account.callsPerSecond(),
        account.callsPerDay(),
        account.reservedShare(),
        needed,
        allowed,
        stretch,
        spentToday,
        intervals(account, cardsByCarrier, stretch),
        at);
  }

  /**
   * The factor (at least 1) the intervals are lengthened by: need / allowed, rounded up to a
   * hundredth so that a fleet growing by a few cards does not change it at every computation. With
   * no regular calls allowed at all there is nothing to stretch into: 1, the budget refuses those
   * checks whatever their intervals (start-up refuses such an account; the report says so).
   */
  static double stretch(double needed, double allowed) {
    if (needed <= allowed || allowed <= 0) {
      return 1.0;
    }
    return Math.ceil(needed / allowed * 100 - 1e-9) / 100;
  }

  /** Every configured interval of the account's cards, with the cards and what it becomes. */
  private static List<AccountBudget.Interval> intervals(
      CarrierAccount account, Map<Long, Map<PollingConfig, Long>> cardsByCarrier, double stretch) {
    Map<PollingConfig, Long> cardsByConfig = new HashMap<>();
    for (long carrierId : account.carriers()) {
      cardsByCarrier
          .getOrDefault(carrierId, Map.of())
          .forEach((config, cards) -> cardsByConfig.merge(config, cards, Long::sum));
    }
    List<AccountBudget.Interval> intervals = new ArrayList<>();
    for (TaskType type : COUNTED) {
      cardsByConfig.entrySet().stream()
          .filter(entry -> entry.getKey().interval(type).isPresent())
          .sorted(Comparator.comparing(entry -> entry.getKey().name()))
          .forEach(
              entry -> {
                long seconds = entry.getKey().interval(type).orElseThrow().toSeconds();
                intervals.add(
                    new AccountBudget.Interval(
                        type.code(),
                        entry.getKey().name(),
                        entry.getValue(),
                        seconds,
                        Math.round(seconds * stretch)));
              });
    }
    return intervals;
  }
}
