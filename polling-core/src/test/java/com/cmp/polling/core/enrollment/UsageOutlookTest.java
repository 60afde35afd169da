package com.cmp.polling.core.enrollment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.cmp.polling.core.card.LastUsageChange;
import com.cmp.polling.core.card.MonthUsage;
import com.cmp.polling.core.packageusage.PackageAllowance;
import com.cmp.polling.core.packageusage.PackageAllowance.Limit;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

/**
 * A card's estimated usage rate: the largest of its recent rate, its month's average, its device's.
 */
class UsageOutlookTest {

  static final LocalDate DECEMBER = LocalDate.of(2026, 12, 1);

  /** Four days into December: 96 hours of it. */
  static final Instant NOW = Instant.parse("2026-12-05T00:00:00Z");

  static final PackageAllowance CARD_PACKAGE =
      new PackageAllowance(Limit.LIMITED, new BigDecimal("40"), new BigDecimal("60"), null);

  @Test
  void aChangeJustSeen_isItsAmountOverTheTimeSinceTheChangeBefore() {
    // 30 MB between 11:00 and now (an hour): 30 MB/h, well above the month's 96 MB over 96 h.
    MonthUsage counters = counters("96", change(NOW, "30", NOW.minus(Duration.ofHours(1))));

    UsageOutlook outlook = UsageOutlook.of(counters, CARD_PACKAGE, false, NOW);

    assertThat(outlook.rate().mbPerHour()).isCloseTo(30, within(1e-9));
    assertThat(outlook.rate().basis()).isEqualTo(UsageRate.Basis.RECENT);
    assertThat(outlook.limit()).isEqualTo(Limit.LIMITED);
    assertThat(outlook.remainingMb()).isEqualByComparingTo("40");
    assertThat(outlook.readAt()).isEqualTo(NOW);
  }

  @Test
  void withNoChangeSince_theLastChangeIsSpreadUpToNow_soARateFadesRatherThanDrops() {
    // 30 MB used in the hour before 23:00, nothing seen since: 30 MB over two hours now.
    Instant changed = NOW.minus(Duration.ofHours(1));
    MonthUsage counters = counters("0", change(changed, "30", changed.minus(Duration.ofHours(1))));

    assertThat(UsageOutlook.of(counters, CARD_PACKAGE, false, NOW).rate().mbPerHour())
        .isCloseTo(15, within(1e-9));
  }

  @Test
  void theMonthsAverage_winsWhenLarger() {
    // Nothing since the last change three days ago, 192 MB this month: 2 MB/h on average.
    Instant changed = NOW.minus(Duration.ofDays(3));
    MonthUsage counters = counters("192", change(changed, "1", changed.minus(Duration.ofDays(1))));

    UsageRate rate = UsageOutlook.of(counters, CARD_PACKAGE, false, NOW).rate();

    assertThat(rate.mbPerHour()).isCloseTo(2, within(1e-9));
    assertThat(rate.basis()).isEqualTo(UsageRate.Basis.MONTH_AVERAGE);
  }

  @Test
  void aDevicesSharedPackage_countsWhatAllItsCardsUse() {
    // This card idles, but its device's package used 500 MB in the 10 h since its activation.
    PackageAllowance shared =
        new PackageAllowance(
            Limit.LIMITED,
            new BigDecimal("100"),
            new BigDecimal("500"),
            NOW.minus(Duration.ofHours(10)));
    MonthUsage idle = counters("0", change(NOW.minus(Duration.ofHours(2)), "0", null));

    UsageRate rate = UsageOutlook.of(idle, shared, true, NOW).rate();
    assertThat(rate.mbPerHour()).isCloseTo(50, within(1e-9));
    assertThat(rate.basis()).isEqualTo(UsageRate.Basis.SHARED_PACKAGE);
    // The same package as the card's own: its own counters say it all.
    assertThat(UsageOutlook.of(idle, shared, false, NOW).rate().mbPerHour()).isZero();
  }

  @Test
  void aCardsFirstReading_givesNoRate_andNothingSinceAFirstReading_givesZero() {
    MonthUsage first = counters("500", change(NOW, "500", null));
    assertThat(UsageOutlook.of(first, CARD_PACKAGE, false, NOW).rate()).isNull();
    assertThat(UsageOutlook.of(MonthUsage.NONE, CARD_PACKAGE, false, NOW).rate()).isNull();

    MonthUsage later = counters("0", change(NOW.minus(Duration.ofMinutes(30)), "0", null));
    assertThat(UsageOutlook.of(later, CARD_PACKAGE, false, NOW).rate().mbPerHour()).isZero();
  }

  @Test
  void countersOfEarlierVersions_withoutALastChange_giveNoRate() {
    MonthUsage old = new MonthUsage(DECEMBER, new BigDecimal("96"), BigDecimal.ZERO);

    assertThat(UsageOutlook.of(old, CARD_PACKAGE, false, NOW).rate()).isNull();
  }

  private static MonthUsage counters(String monthTotal, LastUsageChange change) {
    return new MonthUsage(DECEMBER, new BigDecimal(monthTotal), BigDecimal.ZERO, change);
  }

  private static LastUsageChange change(Instant at, String mb, Instant since) {
    return new LastUsageChange(at, new BigDecimal(mb), since);
  }
}
