package com.cmp.polling.core.enrollment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.cmp.polling.core.enrollment.CarddataWait.Reason;
import com.cmp.polling.core.packageusage.PackageAllowance.Limit;
import com.cmp.polling.testsupport.time.SettableClock;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The usage-aware carddata interval, case by case, on a clock the tests move. */
class UsageAwareRuleTest {

  static final Instant READ = Instant.parse("2026-12-01T14:00:00Z");
  static final Duration CONFIG = Duration.ofMinutes(30);
  static final UsageAwareSettings SETTINGS =
      new UsageAwareSettings(true, Duration.ofMinutes(5), Duration.ofHours(24), 2);

  final SettableClock clock = new SettableClock(READ);
  final CarddataIntervals rule = CardPlanner.carddataIntervals(SETTINGS, clock);

  @Test
  void aCardReachingItsLimitIn20Minutes_isCheckedAfter10_halfwayThere() {
    // 20 MB left at 60 MB/h: the limit in 20 min; at twice the rate, in 10.
    CarddataWait wait = rule.after(limited("20", 60), true, CONFIG);

    assertThat(wait.reason()).isEqualTo(Reason.PREDICTED);
    assertThat(wait.limitAt()).isEqualTo(READ.plus(Duration.ofMinutes(20)));
    assertThat(wait.delay()).isEqualTo(Duration.ofMinutes(10));
    assertThat(wait.nextCheckAt()).isEqualTo(READ.plus(Duration.ofMinutes(10)));
    assertThat(wait.why())
        .isEqualTo(
            "at 60.0 MB/h (the card's recent rate) the 20 MB left run out in 20 min;"
                + " planned as if at 2 times that rate: 10 min");
  }

  @Test
  void aCardFarFromItsLimit_waitsLongerThanItsConfigInterval_upToTheMaximum() {
    assertThat(rule.after(limited("100", 10), true, CONFIG).delay()).isEqualTo(Duration.ofHours(5));
    CarddataWait far = rule.after(limited("10000", 10), true, CONFIG);
    assertThat(far.reason()).isEqualTo(Reason.PREDICTED);
    assertThat(far.delay()).isEqualTo(Duration.ofHours(24));
    assertThat(far.limitAt()).isEqualTo(READ.plus(Duration.ofHours(1000)));
  }

  @Test
  void aCardAboutToReachItsLimit_waitsTheMinimum_notLess() {
    // 1 MB at 60 MB/h: the limit in a minute, the headroom half of it; never under 5 min.
    assertThat(rule.after(limited("1", 60), true, CONFIG).delay()).isEqualTo(Duration.ofMinutes(5));
  }

  @Test
  void anIdleCard_getsTheMaximum() {
    CarddataWait wait = rule.after(limited("50", 0), true, CONFIG);

    assertThat(wait.reason()).isEqualTo(Reason.IDLE);
    assertThat(wait.delay()).isEqualTo(Duration.ofHours(24));
    assertThat(wait.limitAt()).isNull();
  }

  @Test
  void aCardAtOrPastItsLimit_getsTheMinimum() {
    for (String remaining : new String[] {"0", "-3.5"}) {
      CarddataWait wait = rule.after(limited(remaining, 0), true, CONFIG);
      assertThat(wait.reason()).isEqualTo(Reason.AT_LIMIT);
      assertThat(wait.delay()).isEqualTo(Duration.ofMinutes(5));
      assertThat(wait.limitAt()).isEqualTo(READ);
    }
  }

  @Test
  void whenNothingCanBePredicted_theConfigIntervalApplies() {
    UsageOutlook noRate = new UsageOutlook(READ, Limit.LIMITED, new BigDecimal("20"), null);
    UsageOutlook noLimit = new UsageOutlook(READ, Limit.NONE, BigDecimal.ZERO, rate(60));
    UsageOutlook unlimited = new UsageOutlook(READ, Limit.UNLIMITED, BigDecimal.ZERO, rate(60));

    assertThat(rule.after(noRate, true, CONFIG))
        .satisfies(
            w -> assertConfig(w, "config interval: no usage rate known yet (a first reading)"));
    assertThat(rule.after(noLimit, true, CONFIG))
        .satisfies(w -> assertConfig(w, "config interval: no package with a data limit"));
    assertThat(rule.after(unlimited, true, CONFIG))
        .satisfies(w -> assertConfig(w, "config interval: an unlimited package"));
    assertThat(rule.after(null, true, CONFIG))
        .satisfies(w -> assertConfig(w, "config interval: the check learnt nothing of its usage"));
    // A stopped card uses no data, even one at its limit.
    assertThat(rule.after(limited("0", 60), false, CONFIG))
        .satisfies(w -> assertConfig(w, "config interval: the card is stopped and uses no data"));
  }

  @Test
  void switchedOff_itIsAlwaysTheConfigInterval() {
    CarddataIntervals off = CardPlanner.carddataIntervals(UsageAwareSettings.OFF, clock);

    assertThat(off.after(limited("1", 60), true, CONFIG))
        .satisfies(w -> assertConfig(w, "config interval: usage-aware planning is off"));
  }

  @Test
  void plannedLaterThanTheReading_theWaitCountsFromThePlanningMoment() {
    // Read at 14:00, the limit at 14:20, half of it at 14:10; planned at 14:04: 6 min to wait.
    clock.advance(Duration.ofMinutes(4));

    CarddataWait wait = rule.after(limited("20", 60), true, CONFIG);

    assertThat(wait.delay()).isEqualTo(Duration.ofMinutes(6));
    assertThat(wait.nextCheckAt()).isEqualTo(READ.plus(Duration.ofMinutes(10)));
  }

  @Test
  void theHeadroomFactor_isTheMargin() {
    CarddataIntervals fourTimes =
        CardPlanner.carddataIntervals(
            new UsageAwareSettings(true, Duration.ofMinutes(1), Duration.ofHours(24), 4), clock);

    assertThat(fourTimes.after(limited("20", 60), true, CONFIG).delay())
        .isEqualTo(Duration.ofMinutes(5));
  }

  @Test
  void settings_areCheckedWhenOn() {
    assertThatThrownBy(() -> new UsageAwareSettings(true, Duration.ZERO, Duration.ofHours(1), 2))
        .hasMessageContaining("min-interval must be above 0");
    assertThatThrownBy(
            () -> new UsageAwareSettings(true, Duration.ofHours(2), Duration.ofHours(1), 2))
        .hasMessageContaining("max-interval (PT1H) must be at least its min-interval (PT2H)");
    assertThatThrownBy(
            () -> new UsageAwareSettings(true, Duration.ofMinutes(5), Duration.ofHours(1), 0.5))
        .hasMessageContaining("headroom-factor must be 1 or more, was 0.5");
    assertThat(UsageAwareSettings.OFF.longestWait()).isZero();
    assertThat(SETTINGS.longestWait()).isEqualTo(Duration.ofHours(24));
  }

  @Test
  void durationsInWords() {
    assertThat(CarddataWait.inWords(Duration.ofSeconds(40))).isEqualTo("40 s");
    assertThat(CarddataWait.inWords(Duration.ofSeconds(750))).isEqualTo("12 min 30 s");
    assertThat(CarddataWait.inWords(Duration.ofMinutes(185))).isEqualTo("3 h 05 min");
    assertThat(CarddataWait.inWords(Duration.ofHours(51))).isEqualTo("2 d 03 h");
    assertThat(CarddataWait.inWords(Duration.ofHours(24))).isEqualTo("1 d");
    assertThat(CarddataWait.inWords(Duration.ofMinutes(5))).isEqualTo("5 min");
  }

  private static void assertConfig(CarddataWait wait, String why) {
    assertThat(wait.reason()).isEqualTo(Reason.CONFIG);
    assertThat(wait.delay()).isEqualTo(CONFIG);
    assertThat(wait.nextCheckAt()).isEqualTo(READ.plus(CONFIG));
    assertThat(wait.limitAt()).isNull();
    assertThat(wait.why()).isEqualTo(why);
  }

  private static UsageOutlook limited(String remainingMb, double mbPerHour) {
    return new UsageOutlook(READ, Limit.LIMITED, new BigDecimal(remainingMb), rate(mbPerHour));
  }

  private static UsageRate rate(double mbPerHour) {
    return new UsageRate(mbPerHour, UsageRate.Basis.RECENT);
  }
}
