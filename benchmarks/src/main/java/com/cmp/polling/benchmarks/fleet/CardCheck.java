package com.cmp.polling.benchmarks.fleet;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardCategory;
import com.cmp.polling.core.card.LastUsageChange;
import com.cmp.polling.core.card.MonthUsage;
import com.cmp.polling.core.card.NetworkStatus;
import com.cmp.polling.core.card.RealNameStatus;
import com.cmp.polling.core.enrollment.CardPlanner;
import com.cmp.polling.core.enrollment.CarddataAlignment;
import com.cmp.polling.core.enrollment.CarddataIntervals;
import com.cmp.polling.core.enrollment.UsageOutlook;
import com.cmp.polling.core.packageusage.PackageAllowance;
import com.cmp.polling.core.packageusage.PackageFacts;
import com.cmp.polling.core.switches.RuleSwitches;
import com.cmp.polling.schemas.action.StopReason;
import com.cmp.polling.stopresume.rules.StopRules;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.OptionalLong;

/**
 * One carddata check of a simulated card, through the production rules: the carrier's reading
 * becomes the card's counters as the handlers' month accounting keeps them (the last change stamped
 * with the change before it), the outlook is {@link UsageOutlook#of}, the stop verdict {@link
 * StopRules#verdict} on the package facts (exhausted once the total reaches the limit), the next
 * check the planner's usage-aware rule ({@link CardPlanner#carddataIntervals}) then its alignment
 * ({@link CarddataAlignment}).
 */
final class CardCheck {

  /** The default config of an online verified card: usage every 30 minutes. */
  static final Duration ONLINE_INTERVAL = Duration.ofMinutes(30);

  /** The default config of a stopped card: usage every hour. */
  static final Duration STOPPED_INTERVAL = Duration.ofHours(1);

  private final CarddataIntervals intervals;
  private final CarddataAlignment alignment;
  private final LocalDate monthStart;
  private final Instant packageSince;

  CardCheck(CarddataIntervals intervals, CarddataAlignment alignment, LocalDate monthStart) {
    this.intervals = intervals;
    this.alignment = alignment;
    this.monthStart = monthStart;
    this.packageSince = monthStart.atStartOfDay(ZoneOffset.UTC).toInstant();
  }

  /** What a check did: whether it stopped the card, and when the card's next check is due. */
  record Done(boolean stopped, long nextAt) {}

  /** Checks the card at {@code now}; its counters and online flag are updated in {@code state}. */
  Done check(SimulatedCard card, FleetState state, int index, long now) {
    Instant at = Instant.ofEpochMilli(now);
    boolean online = state.online[index];
    double used = card.usedAt(online ? now : state.stoppedAt[index]);
    BigDecimal total = BigDecimal.valueOf(used).setScale(3, RoundingMode.DOWN);
    MonthUsage counters = accounted(state.counters[index], total, at);
    state.counters[index] = counters;
    BigDecimal limit = BigDecimal.valueOf(card.limitMb()).setScale(3, RoundingMode.CEILING);
    boolean exhausted = total.compareTo(limit) >= 0;
    boolean stopped = false;
    if (online) {
      PackageFacts facts = new PackageFacts(true, exhausted, OptionalLong.of(card.id()));
      if (StopRules.verdict(asCard(card, counters), facts, RuleSwitches.ENFORCE_ALL, at)
          .holding()
          .contains(StopReason.TRAFFIC_EXHAUSTED)) {
        // The stop action follows the check within the same poll: no simulated time passes.
        state.online[index] = false;
        state.stoppedAt[index] = now;
        stopped = true;
        online = false;
      }
    }
    PackageAllowance allowance =
        new PackageAllowance(
            PackageAllowance.Limit.LIMITED,
            limit.subtract(total).max(BigDecimal.ZERO),
            total,
            packageSince);
    UsageOutlook outlook = UsageOutlook.of(counters, allowance, false, at);
    Instant next =
        intervals.after(outlook, online, online ? ONLINE_INTERVAL : STOPPED_INTERVAL).nextCheckAt();
    return new Done(stopped, alignment.aligned(next, card.id(), card.carrierId()).toEpochMilli());
  }

  /** The first check's due time: a random point within the wait the rules give the card now. */
  long firstDue(SimulatedCard card, FleetState state, int index, long now, double fraction) {
    Instant at = Instant.ofEpochMilli(now);
    BigDecimal total = state.counters[index].currentMonthUsageMb();
    BigDecimal limit = BigDecimal.valueOf(card.limitMb()).setScale(3, RoundingMode.CEILING);
    PackageAllowance allowance =
        new PackageAllowance(
            PackageAllowance.Limit.LIMITED,
            limit.subtract(total).max(BigDecimal.ZERO),
            total,
            packageSince);
    Duration wait =
        intervals
            .after(
                UsageOutlook.of(state.counters[index], allowance, false, at), true, ONLINE_INTERVAL)
            .delay();
    return now + (long) (wait.toMillis() * fraction);
  }

  /**
   * The counters after a reading of {@code total}, as the handlers keep them within a month: moved
   * only when the total moved, the move stamped with the time of the move before it.
   */
  private MonthUsage accounted(MonthUsage before, BigDecimal total, Instant at) {
    if (before.currentMonthUsageMb().compareTo(total) == 0) {
      return before;
    }
    BigDecimal moved = total.subtract(before.currentMonthUsageMb()).max(BigDecimal.ZERO);
    Instant since = before.lastChange() == null ? null : before.lastChange().at();
    return new MonthUsage(
        monthStart, total, BigDecimal.ZERO, new LastUsageChange(at, moved, since));
  }

  private static Card asCard(SimulatedCard card, MonthUsage counters) {
    return new Card(
        card.id(),
        "8986" + card.id(),
        card.carrierId(),
        "CMCC",
        CardCategory.NORMAL,
        RealNameStatus.VERIFIED,
        NetworkStatus.ONLINE,
        null,
        null,
        true,
        counters,
        null,
        null,
        false);
  }
}
