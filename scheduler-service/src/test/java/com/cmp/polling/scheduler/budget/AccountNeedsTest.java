package com.cmp.polling.scheduler.budget;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.cmp.polling.core.budget.AccountBudget;
import com.cmp.polling.core.budget.BudgetWords;
import com.cmp.polling.core.budget.CarrierAccount;
import com.cmp.polling.core.config.CardCondition;
import com.cmp.polling.core.config.PollingConfig;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.testsupport.time.SettableClock;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AccountNeedsTest {

  private final SettableClock clock = new SettableClock(Instant.parse("2026-12-04T12:00:00Z"));

  // carddata every 30 min, realname every hour, no package check.
  private final PollingConfig activated =
      new PollingConfig(
          1, "activated", CardCondition.ACTIVATED, null, 1, 3600, 1800, null, 30, true);
  // carddata every 2 h only.
  private final PollingConfig suspended =
      new PollingConfig(
          2, "suspended", CardCondition.SUSPENDED, null, 2, null, 7200, null, null, true);

  private final CarrierAccount twentyPerSecond =
      new CarrierAccount("acme", Set.of(1L, 2L), 25, null, 0.2);

  @Test
  void withinTheRegularShare_theIntervalsHold() {
    // 18 000 cards: 10 carddata checks/s and 5 realname checks/s, 15 < 20.
    AccountBudget budget =
        AccountNeeds.of(
            twentyPerSecond,
            Map.of(1L, Map.of(activated, 18_000L)),
            (c, t) -> 1,
            0,
            clock.instant());

    assertThat(budget.neededPerSecond()).isCloseTo(15.0, within(1e-9));
    assertThat(budget.allowedPerSecond()).isEqualTo(20.0);
    assertThat(budget.stretch()).isEqualTo(1.0);
    assertThat(budget.computedAt()).isEqualTo(clock.instant());
    assertThat(BudgetWords.summary(budget))
        .isEqualTo(
            "needs 15 calls/s at the configured intervals, has 20: the configured intervals hold");
  }

  @Test
  void beyondIt_everyIntervalOfTheAccountsCarriers_isStretchedByNeedOverAllowed() {
    // Carrier 1: 360 000 activated cards (200 carddata + 100 realname calls/s);
    // carrier 2: 72 000 suspended cards (10 carddata calls/s); carrier 3 is another account's.
    AccountBudget budget =
        AccountNeeds.of(
            twentyPerSecond,
            Map.of(
                1L, Map.of(activated, 360_000L),
                2L, Map.of(suspended, 72_000L),
                3L, Map.of(activated, 1_000_000L)),
            (c, t) -> 1,
            0,
            clock.instant());

    assertThat(budget.neededPerSecond()).isCloseTo(310.0, within(1e-9));
    assertThat(budget.stretch()).isEqualTo(15.5);
    assertThat(budget.intervals())
        .contains(
            new AccountBudget.Interval("carddata", "activated", 360_000, 1800, 27_900),
            new AccountBudget.Interval("carddata", "suspended", 72_000, 7200, 111_600),
            new AccountBudget.Interval("realname", "activated", 360_000, 3600, 55_800));
    assertThat(BudgetWords.summary(budget))
        .isEqualTo(
            "needs 310 calls/s at the configured intervals, has 20; intervals stretched x15.50:"
                + " carddata effectively every 7 h 45 min (configured 30 min), realname"
                + " effectively every 15 h 30 min (configured 1 h)");
  }

  @Test
  void aBatchForm_dividesItsChecksCalls_byItsSize() {
    // 360 000 cards: 200 carddata checks/s in calls of 10 cards, 100 realname checks/s alone.
    AccountBudget budget =
        AccountNeeds.of(
            twentyPerSecond,
            Map.of(1L, Map.of(activated, 360_000L)),
            (carrier, type) -> type == TaskType.CARDDATA ? 10 : 1,
            0,
            clock.instant());

    assertThat(budget.neededPerSecond()).isCloseTo(120.0, within(1e-9));
    assertThat(budget.stretch()).isEqualTo(6.0);
  }

  @Test
  void aDailyLimit_allowsItsShareSpreadOverTheDay_whenThatIsLess() {
    // 864 000 calls a day, 80 % regular: 8 calls/s on average, less than the 20 of the second.
    CarrierAccount daily = new CarrierAccount("acme", Set.of(1L), 25, 864_000L, 0.2);

    AccountBudget budget =
        AccountNeeds.of(
            daily, Map.of(1L, Map.of(activated, 18_000L)), (c, t) -> 1, 0, clock.instant());

    assertThat(budget.allowedPerSecond()).isCloseTo(8.0, within(1e-9));
    assertThat(budget.stretch()).isEqualTo(1.88);
  }

  @Test
  void theStretch_isRoundedUpToAHundredth_andNeverBelowOne() {
    assertThat(AccountNeeds.stretch(0, 1)).isEqualTo(1.0);
    assertThat(AccountNeeds.stretch(2, 2)).isEqualTo(1.0);
    assertThat(AccountNeeds.stretch(2.001, 2)).isEqualTo(1.01);
    assertThat(AccountNeeds.stretch(5, 1)).isEqualTo(5.0);
  }

  @Test
  void anAccountLeavingRegularChecksNoCallADay_isReported_withoutAStretchOrAFailure() {
    // 1 call a day, 80 % of it regular: no whole call (start-up refuses it; the arithmetic
    // answers).
    CarrierAccount starved = new CarrierAccount("starved", Set.of(1L), 25, 1L, 0.2);

    AccountBudget budget =
        AccountNeeds.of(
            starved, Map.of(1L, Map.of(activated, 18_000L)), (c, t) -> 1, 0, clock.instant());

    assertThat(budget.allowedPerSecond()).isEqualTo(0.0);
    assertThat(budget.stretch()).isEqualTo(1.0);
    assertThat(AccountNeeds.stretch(5, 0)).isEqualTo(1.0);
    assertThat(BudgetWords.summary(budget))
        .isEqualTo(
            "needs 15 calls/s at the configured intervals, has 0.0: the regular checks get no"
                + " call of this account at all");
  }
}
