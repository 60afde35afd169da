package com.cmp.polling.simulator.state;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.testsupport.time.SettableClock;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

class CardStatesTest {

  private static final String ICCID = "8986001";

  private final SettableClock clock = new SettableClock(Instant.parse("2026-11-29T10:00:00Z"));
  private final CardStates cards = new CardStates(clock);

  @Test
  void cardNeverSeen_isVerifiedOnlineAndUnusedInTheCurrentMonth() {
    assertThat(cards.get(ICCID))
        .isEqualTo(new CardState(true, true, LocalDate.parse("2026-11-01"), BigDecimal.ZERO));
  }

  @Test
  void currentMonth_isTheClocksMonthInUtc() {
    clock.set(Instant.parse("2026-11-30T23:59:59Z"));
    assertThat(cards.get(ICCID).monthStart()).isEqualTo(LocalDate.parse("2026-11-01"));

    clock.set(Instant.parse("2026-12-01T00:00:00Z"));
    assertThat(cards.get(ICCID).monthStart()).isEqualTo(LocalDate.parse("2026-12-01"));
  }

  @Test
  void change_setsTheGivenFields_andKeepsTheOthers() {
    cards.change(ICCID, new CardState(false, null, null, new BigDecimal("100.0")));

    CardState changed = cards.change(ICCID, CardState.online(false));

    assertThat(changed)
        .isEqualTo(
            new CardState(false, false, LocalDate.parse("2026-11-01"), new BigDecimal("100.0")));
    assertThat(cards.get(ICCID)).isEqualTo(changed);
  }

  @Test
  void usage_growsOnlyWhileTheCardIsOnline() {
    cards.addUsage(ICCID, new BigDecimal("5"));
    cards.setOnline(ICCID, false);

    assertThat(cards.addUsage(ICCID, new BigDecimal("5")).totalMb()).isEqualByComparingTo("5");

    cards.setOnline(ICCID, true);
    assertThat(cards.addUsage(ICCID, new BigDecimal("5")).totalMb()).isEqualByComparingTo("10");
  }

  @Test
  void aSteadyRate_growsTheTotalOnTheClock_inThousandths_losingNothingToFrequentReads() {
    cards.setUsageRate(ICCID, new BigDecimal("3.6"));

    // 3.6 MB/h is 0.001 MB a second: read every 400 ms, nothing is lost to rounding.
    for (int i = 0; i < 10; i++) {
      clock.advance(Duration.ofMillis(400));
      cards.get(ICCID);
    }

    assertThat(cards.get(ICCID).totalMb()).isEqualByComparingTo("0.004");
    assertThat(cards.usageRate(ICCID)).isEqualByComparingTo("3.6");
  }

  @Test
  void aSteadyRate_pausesWhileTheCardIsStopped_andARateOfZeroEndsIt() {
    cards.setUsageRate(ICCID, new BigDecimal("60"));
    clock.advance(Duration.ofMinutes(10));
    cards.setOnline(ICCID, false);
    clock.advance(Duration.ofMinutes(30));
    cards.setOnline(ICCID, true);
    clock.advance(Duration.ofMinutes(5));

    assertThat(cards.get(ICCID).totalMb()).isEqualByComparingTo("15");

    cards.setUsageRate(ICCID, BigDecimal.ZERO);
    clock.advance(Duration.ofHours(1));
    assertThat(cards.get(ICCID).totalMb()).isEqualByComparingTo("15");
  }

  @Test
  void setOnline_stopsAndStartsTheCard() {
    assertThat(cards.setOnline(ICCID, false).online()).isFalse();
    assertThat(cards.get(ICCID).online()).isFalse();
    assertThat(cards.setOnline(ICCID, true).online()).isTrue();
  }

  @Test
  void addUsage_growsTheMonthTotal() {
    cards.change(ICCID, CardState.usage(null, new BigDecimal("100.0")));

    cards.addUsage(ICCID, new BigDecimal("0.1"));
    CardState card = cards.addUsage(ICCID, new BigDecimal("0.2"));

    assertThat(card.totalMb()).isEqualByComparingTo("100.3");
  }

  @Test
  void laterInTheSameMonth_theCardKeepsItsTotal() {
    cards.change(ICCID, CardState.usage(null, new BigDecimal("100.0")));

    clock.set(Instant.parse("2026-11-30T23:59:59Z"));

    assertThat(cards.get(ICCID))
        .isEqualTo(
            new CardState(true, true, LocalDate.parse("2026-11-01"), new BigDecimal("100.0")));
  }

  @Test
  void inTheNextMonth_theCardRollsOver_toZeroInTheNewMonth_keepingVerifiedAndOnline() {
    cards.change(ICCID, new CardState(false, false, null, new BigDecimal("100.0")));

    clock.set(Instant.parse("2026-12-01T00:00:00Z"));

    assertThat(cards.get(ICCID))
        .isEqualTo(new CardState(false, false, LocalDate.parse("2026-12-01"), BigDecimal.ZERO));
  }

  @Test
  void usageGrowth_afterTheRollover_countsInTheNewMonth() {
    cards.change(ICCID, CardState.usage(null, new BigDecimal("100.0")));
    clock.set(Instant.parse("2026-12-01T00:00:00Z"));

    CardState card = cards.addUsage(ICCID, new BigDecimal("0.5"));

    assertThat(card.monthStart()).isEqualTo(LocalDate.parse("2026-12-01"));
    assertThat(card.totalMb()).isEqualByComparingTo("0.5");
    assertThat(cards.addUsage(ICCID, new BigDecimal("0.5")).totalMb()).isEqualByComparingTo("1.0");
  }

  @Test
  void changesAfterTheRollover_applyToTheNewMonth() {
    cards.change(ICCID, CardState.usage(null, new BigDecimal("100.0")));
    clock.set(Instant.parse("2027-01-15T08:00:00Z"));

    CardState stopped = cards.setOnline(ICCID, false);

    assertThat(stopped)
        .isEqualTo(new CardState(true, false, LocalDate.parse("2027-01-01"), BigDecimal.ZERO));
    assertThat(cards.get(ICCID)).isEqualTo(stopped);
  }

  @Test
  void aTotalSetForAnEarlierMonth_readsAsTheCurrentMonthWithNothingUsed() {
    CardState answer =
        cards.change(
            ICCID, new CardState(false, true, LocalDate.parse("2026-10-01"), BigDecimal.TEN));

    CardState inNovember =
        new CardState(false, true, LocalDate.parse("2026-11-01"), BigDecimal.ZERO);
    assertThat(answer).isEqualTo(inNovember);
    assertThat(cards.get(ICCID)).isEqualTo(inNovember);
  }

  @Test
  void aTotalSetForTheCurrentMonth_readsAsSet() {
    CardState set =
        new CardState(true, true, LocalDate.parse("2026-11-01"), new BigDecimal("12.5"));

    assertThat(cards.change(ICCID, set)).isEqualTo(set);
    assertThat(cards.get(ICCID)).isEqualTo(set);
  }

  @Test
  void cardsAreIndependent() {
    cards.setOnline(ICCID, false);

    assertThat(cards.get("8986002").online()).isTrue();
  }

  @Test
  void reset_forgetsEveryCard() {
    cards.change(ICCID, new CardState(false, false, LocalDate.parse("2026-10-01"), BigDecimal.TEN));

    cards.reset();

    assertThat(cards.get(ICCID)).isEqualTo(CardState.fresh(LocalDate.parse("2026-11-01")));
  }
}
