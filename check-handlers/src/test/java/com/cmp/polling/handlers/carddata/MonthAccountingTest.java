package com.cmp.polling.handlers.carddata;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.core.card.LastUsageChange;
import com.cmp.polling.core.card.MonthUsage;
import com.cmp.polling.stopresume.gateway.MonthToDateUsage;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

class MonthAccountingTest {

  static final LocalDate OCT = LocalDate.of(2026, 10, 1);
  static final LocalDate NOV = LocalDate.of(2026, 11, 1);

  @Test
  void sameMonth_deltaIsTheGrowthOfTheMonthTotal() {
    var sample = MonthAccounting.account(usage(NOV, "100", "7"), reported(NOV, "130.5"));

    assertThat(sample.delta()).isEqualByComparingTo("30.5");
    assertThat(sample.counters()).isEqualTo(usage(NOV, "130.5", "7"));
    assertThat(sample.newMonth()).isFalse();
  }

  @Test
  void newMonth_closesTheOldOne_andTheDeltaIsTheWholeNewTotal() {
    var sample = MonthAccounting.account(usage(OCT, "900", "400"), reported(NOV, "12"));

    assertThat(sample.newMonth()).isTrue();
    assertThat(sample.delta()).isEqualByComparingTo("12");
    assertThat(sample.counters()).isEqualTo(usage(NOV, "12", "900"));
  }

  @Test
  void firstSampleEver_opensTheMonth() {
    var sample =
        MonthAccounting.account(
            new MonthUsage(null, BigDecimal.ZERO, BigDecimal.ZERO), reported(NOV, "5"));

    assertThat(sample.newMonth()).isTrue();
    assertThat(sample.delta()).isEqualByComparingTo("5");
    assertThat(sample.counters().lastMonthTotalMb()).isEqualByComparingTo("0");
  }

  @Test
  void correction_givesANegativeDelta() {
    assertThat(MonthAccounting.account(usage(NOV, "200", "0"), reported(NOV, "150")).delta())
        .isEqualByComparingTo("-50");
  }

  @Test
  void monthOlderThanTheCards_isStale_andChangesNothing() {
    MonthUsage current = usage(NOV, "10", "900");

    var sample = MonthAccounting.account(current, reported(OCT, "950"));

    assertThat(sample.stale()).isTrue();
    assertThat(sample.counters()).isEqualTo(current);
    assertThat(sample.delta()).isEqualByComparingTo("0");
  }

  @Test
  void stamped_theMoveIsWhatWasUsed_sinceTheMoveBefore() {
    Instant before = Instant.parse("2026-11-20T09:00:00Z");
    Instant now = Instant.parse("2026-11-20T10:00:00Z");
    MonthUsage current = usage(NOV, "100", "7").changedAt(change(before, "3", null));

    MonthUsage stamped =
        MonthAccounting.stamped(
            current, MonthAccounting.account(current, reported(NOV, "130")), now);

    assertThat(stamped.lastChange()).isEqualTo(change(now, "30", before));
    assertThat(stamped.sameCounters(usage(NOV, "130", "7"))).isTrue();
  }

  @Test
  void stamped_aNewMonthsTotal_wasUsedSinceTheMonthBegan_orSinceTheMoveBefore_ifLater() {
    Instant lastOctober = Instant.parse("2026-10-25T00:00:00Z");
    Instant now = Instant.parse("2026-11-01T06:00:00Z");
    MonthUsage october = usage(OCT, "900", "0").changedAt(change(lastOctober, "1", null));

    MonthUsage stamped =
        MonthAccounting.stamped(
            october, MonthAccounting.account(october, reported(NOV, "12")), now);

    assertThat(stamped.lastChange())
        .isEqualTo(change(now, "12", Instant.parse("2026-11-01T00:00:00Z")));
    Instant thatMorning = Instant.parse("2026-11-01T05:00:00Z");
    MonthUsage early = october.changedAt(change(thatMorning, "1", null));
    assertThat(
            MonthAccounting.stamped(early, MonthAccounting.account(early, reported(NOV, "12")), now)
                .lastChange()
                .since())
        .isEqualTo(thatMorning);
  }

  @Test
  void stamped_aCorrectionMovesByNothing_andAFirstSampleHasNoSpan() {
    Instant now = Instant.parse("2026-11-20T10:00:00Z");
    MonthUsage current = usage(NOV, "200", "0").changedAt(change(now.minusSeconds(60), "1", null));

    assertThat(
            MonthAccounting.stamped(
                    current, MonthAccounting.account(current, reported(NOV, "150")), now)
                .lastChange()
                .mb())
        .isZero();
    assertThat(
            MonthAccounting.stamped(
                    MonthUsage.NONE,
                    MonthAccounting.account(MonthUsage.NONE, reported(NOV, "5")),
                    now)
                .lastChange())
        .isEqualTo(change(now, "5", null));
  }

  private static LastUsageChange change(Instant at, String mb, Instant since) {
    return new LastUsageChange(at, new BigDecimal(mb), since);
  }

  private static MonthUsage usage(LocalDate month, String current, String last) {
    return new MonthUsage(month, new BigDecimal(current), new BigDecimal(last));
  }

  private static MonthToDateUsage reported(LocalDate month, String total) {
    return new MonthToDateUsage(month, new BigDecimal(total));
  }
}
