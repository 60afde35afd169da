package com.cmp.polling.simulator.behaviour;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.simulator.behaviour.AccountLimits.Refusal;
import com.cmp.polling.testsupport.time.SettableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class AccountLimitsTest {

  private final SettableClock clock = new SettableClock(Instant.parse("2026-11-29T23:59:00Z"));
  private final AccountLimits limits = new AccountLimits(clock);

  @Test
  void callsPerSecond_letABurstOfTheLimitThrough_thenRefuseUntilATokenIsBack() {
    Account account = new Account(List.of(1L), 3, null);

    for (int i = 0; i < 3; i++) {
      assertThat(limits.tryAdmit("acct-a", account)).isEmpty();
    }
    var refused = limits.tryAdmit("acct-a", account);

    assertThat(refused).isPresent();
    assertThat(refused.get().refusal()).isEqualTo(Refusal.RATE_LIMITED);
    assertThat(refused.get().retryAfter()).isPositive().isLessThanOrEqualTo(Duration.ofSeconds(1));
    clock.advance(Duration.ofMillis(334));
    assertThat(limits.tryAdmit("acct-a", account)).isEmpty();
  }

  @Test
  void callsPerDay_areUsedUp_thenFreshAfterMidnightUtc() {
    Account account = new Account(List.of(1L), null, 2L);
    assertThat(limits.tryAdmit("acct-a", account)).isEmpty();
    assertThat(limits.tryAdmit("acct-a", account)).isEmpty();

    var refused = limits.tryAdmit("acct-a", account);

    assertThat(refused).isPresent();
    assertThat(refused.get().refusal()).isEqualTo(Refusal.QUOTA_EXCEEDED);
    assertThat(refused.get().retryAfter()).isEqualTo(Duration.ofMinutes(1));
    clock.advance(Duration.ofMinutes(1));
    assertThat(limits.tryAdmit("acct-a", account)).as("a new day").isEmpty();
  }

  @Test
  void aRateRefusal_doesNotSpendTheDaysQuota() {
    Account account = new Account(List.of(1L), 1, 2L);
    assertThat(limits.tryAdmit("acct-a", account)).isEmpty();
    assertThat(limits.tryAdmit("acct-a", account).orElseThrow().refusal())
        .isEqualTo(Refusal.RATE_LIMITED);

    clock.advance(Duration.ofSeconds(1));

    assertThat(limits.tryAdmit("acct-a", account)).as("the second call of the day").isEmpty();
    clock.advance(Duration.ofSeconds(1));
    assertThat(limits.tryAdmit("acct-a", account).orElseThrow().refusal())
        .isEqualTo(Refusal.QUOTA_EXCEEDED);
  }

  @Test
  void accounts_haveAllowancesOfTheirOwn_andResetForgetsThem() {
    Account one = new Account(List.of(1L), 1, 1L);
    Account two = new Account(List.of(2L), 1, 1L);
    assertThat(limits.tryAdmit("acct-a", one)).isEmpty();
    assertThat(limits.tryAdmit("acct-b", two)).isEmpty();
    assertThat(limits.tryAdmit("acct-a", one)).isPresent();

    limits.reset();

    assertThat(limits.tryAdmit("acct-a", one)).isEmpty();
  }
}
