package com.cmp.polling.core.budget;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.core.budget.CallBudget.Share;
import com.cmp.polling.core.budget.CallBudget.Spent;
import com.cmp.polling.testsupport.redis.RedisExtension;
import com.cmp.polling.testsupport.redis.RedisSeconds;
import com.cmp.polling.testsupport.time.SettableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * spend_call_budget.lua against a real Redis: the second (the server's), the day (the caller's),
 * and the reserved share.
 */
class CallBudgetIT {

  @RegisterExtension static final RedisExtension redis = new RedisExtension();

  private final SettableClock clock = new SettableClock(Instant.parse("2026-12-04T23:59:58.100Z"));

  @BeforeEach
  void emptyRedis() {
    redis.flush();
  }

  private CallBudget budget(int perSecond, Long perDay, double reserved) {
    return new CallBudget(
        redis.template(),
        new CarrierAccounts(
            List.of(new CarrierAccount("acme", Set.of(1L, 2L), perSecond, perDay, reserved))),
        clock);
  }

  @Test
  void
      regularChecks_spendOnlyTheUnreservedShareOfASecond_manualOnesTheRest_thenTheNextSecondIsNew() {
    CallBudget budget = budget(5, null, 0.4);
    RedisSeconds.awaitEarlyInASecond(redis.template());

    // 5 calls/s with 40 % reserved: 3 regular calls a second, of either carrier of the account.
    assertThat(budget.trySpend(1, Share.REGULAR)).isEqualTo(Spent.SPENT);
    assertThat(budget.trySpend(2, Share.REGULAR)).isEqualTo(Spent.SPENT);
    assertThat(budget.trySpend(1, Share.REGULAR)).isEqualTo(Spent.SPENT);
    assertThat(budget.trySpend(2, Share.REGULAR)).isEqualTo(Spent.SECOND_SPENT);
    assertThat(budget.trySpend(1, Share.WHOLE)).isEqualTo(Spent.SPENT);
    assertThat(budget.trySpend(2, Share.WHOLE)).isEqualTo(Spent.SPENT);
    assertThat(budget.trySpend(1, Share.WHOLE)).isEqualTo(Spent.SECOND_SPENT);

    // The server's next second, whatever this process's clock says.
    await()
        .atMost(Duration.ofSeconds(3))
        .until(() -> budget.trySpend(1, Share.REGULAR) == Spent.SPENT);
  }

  @Test
  void processesOnSkewedClocks_shareOneSecond_theServers() {
    SettableClock behind = new SettableClock(Instant.parse("2026-12-04T12:00:00.000Z"));
    SettableClock ahead = new SettableClock(Instant.parse("2026-12-04T12:00:01.500Z"));
    CarrierAccounts accounts =
        new CarrierAccounts(List.of(new CarrierAccount("acme", Set.of(1L), 5, null, 0.4)));
    CallBudget one = new CallBudget(redis.template(), accounts, behind);
    CallBudget other = new CallBudget(redis.template(), accounts, ahead);
    RedisSeconds.awaitEarlyInASecond(redis.template());

    // 3 regular calls a second between them, not 3 each.
    assertThat(one.trySpend(1, Share.REGULAR)).isEqualTo(Spent.SPENT);
    assertThat(other.trySpend(1, Share.REGULAR)).isEqualTo(Spent.SPENT);
    assertThat(one.trySpend(1, Share.REGULAR)).isEqualTo(Spent.SPENT);
    assertThat(other.trySpend(1, Share.REGULAR)).isEqualTo(Spent.SECOND_SPENT);
    assertThat(one.trySpend(1, Share.REGULAR)).isEqualTo(Spent.SECOND_SPENT);
  }

  @Test
  void aCarrierOutsideEveryAccount_spendsNothing() {
    CallBudget budget = budget(1, 1L, 0);

    assertThat(budget.trySpend(9, Share.REGULAR)).isEqualTo(Spent.NO_ACCOUNT);
    assertThat(budget.trySpend(9, Share.REGULAR).allowed()).isTrue();
    assertThat(redis.template().keys("polling:budget:*")).isEmpty();
  }

  @Test
  void theDay_refusesOnceSpent_regularChecksFirst_andANewUtcDayStartsAgain() {
    CallBudget budget = budget(100, 10L, 0.2);

    for (int i = 0; i < 8; i++) {
      assertThat(budget.trySpend(1, Share.REGULAR)).isEqualTo(Spent.SPENT);
    }
    assertThat(budget.trySpend(1, Share.REGULAR)).isEqualTo(Spent.DAY_SPENT);
    assertThat(budget.trySpend(2, Share.WHOLE)).isEqualTo(Spent.SPENT);
    assertThat(budget.trySpend(2, Share.WHOLE)).isEqualTo(Spent.SPENT);
    assertThat(budget.trySpend(2, Share.WHOLE)).isEqualTo(Spent.DAY_SPENT);
    assertThat(budget.spentToday(budget.accounts().all().get(0))).isEqualTo(10);

    clock.advance(Duration.ofSeconds(2));
    assertThat(budget.trySpend(1, Share.REGULAR)).isEqualTo(Spent.SPENT);
    assertThat(budget.spentToday(budget.accounts().all().get(0))).isEqualTo(1);
  }

  @Test
  void aRefusedSpend_spendsNothing_andTheSecondsCounterExpires() {
    CallBudget budget = budget(1, null, 0);
    RedisSeconds.awaitEarlyInASecond(redis.template());

    assertThat(budget.trySpend(1, Share.REGULAR)).isEqualTo(Spent.SPENT);
    assertThat(budget.trySpend(1, Share.REGULAR)).isEqualTo(Spent.SECOND_SPENT);
    assertThat(budget.spentToday(budget.accounts().all().get(0))).isEqualTo(1);
    String second = "polling:budget:{acme}:second";
    assertThat(redis.template().<String, String>opsForHash().get(second, "count")).isEqualTo("1");
    assertThat(redis.template().getExpire(second)).isBetween(1L, 2L);
  }
}
