package com.cmp.polling.simulator.state;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Cards that use data steadily on the simulator's clock: each one's MB per hour, and how much of it
 * has been added to its month total since it was set. Totals grow in whole thousandths of an MB (as
 * the platform stores them), counted from the moment the rate was set, so reading a card often
 * loses nothing to rounding. Only {@link CardStates} calls it, inside the card's own atomic update.
 */
final class UsageGrowth {

  private static final BigDecimal MS_PER_HOUR = BigDecimal.valueOf(3_600_000);

  /** A rate set at {@code since}, of which {@code added} MB have gone into the total. */
  private record Growth(BigDecimal mbPerHour, Instant since, BigDecimal added) {}

  private final ConcurrentMap<String, Growth> growths = new ConcurrentHashMap<>();

  BigDecimal rate(String iccid) {
    Growth growth = growths.get(iccid);
    return growth == null ? BigDecimal.ZERO : growth.mbPerHour();
  }

  boolean grows(String iccid) {
    return growths.containsKey(iccid);
  }

  /**
   * From now on the card uses {@code mbPerHour} while online (0: none). Call it once the card's
   * usage is brought up to now ({@link #upToNow}).
   */
  void set(String iccid, BigDecimal mbPerHour, Instant now) {
    if (mbPerHour.signum() == 0) {
      growths.remove(iccid);
    } else {
      growths.put(iccid, new Growth(mbPerHour, now, BigDecimal.ZERO));
    }
  }

  /**
   * The card with what it used since its usage was last brought up to now, if it was online: a
   * stopped card uses nothing, so its growth starts again from now.
   */
  CardState upToNow(String iccid, CardState state, Instant now) {
    Growth growth = growths.get(iccid);
    if (growth == null) {
      return state;
    }
    if (!state.online()) {
      growths.put(iccid, new Growth(growth.mbPerHour(), now, BigDecimal.ZERO));
      return state;
    }
    BigDecimal due =
        growth
            .mbPerHour()
            .multiply(BigDecimal.valueOf(Duration.between(growth.since(), now).toMillis()))
            .divide(MS_PER_HOUR, 3, RoundingMode.DOWN);
    BigDecimal more = due.subtract(growth.added());
    if (more.signum() <= 0) {
      return state;
    }
    growths.put(iccid, new Growth(growth.mbPerHour(), growth.since(), due));
    return state.with(CardState.usage(null, state.totalMb().add(more)));
  }

  void reset() {
    growths.clear();
  }
}
