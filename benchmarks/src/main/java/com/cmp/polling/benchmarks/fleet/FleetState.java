package com.cmp.polling.benchmarks.fleet;

import com.cmp.polling.core.card.LastUsageChange;
import com.cmp.polling.core.card.MonthUsage;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;

/**
 * What changes for each card during one set-up's run: its counters, whether it is online, when it
 * was stopped. Every run starts from the same state: each card as a check half an hour before the
 * start left it (its last move stamped with the half hour before that; an idle card's last move
 * early in the month).
 */
final class FleetState {

  final MonthUsage[] counters;
  final boolean[] online;
  final long[] stoppedAt;

  FleetState(List<SimulatedCard> fleet, long start, LocalDate monthStart) {
    int size = fleet.size();
    counters = new MonthUsage[size];
    online = new boolean[size];
    stoppedAt = new long[size];
    Arrays.fill(online, true);
    Arrays.fill(stoppedAt, -1);
    Instant monthBegan = monthStart.atStartOfDay(ZoneOffset.UTC).toInstant();
    for (int i = 0; i < size; i++) {
      SimulatedCard card = fleet.get(i);
      long lastCheck = start - 30 * 60_000L;
      BigDecimal total = mb(card.usedAt(lastCheck));
      LastUsageChange change =
          card.cumulativeMb() == null
              ? new LastUsageChange(monthBegan.plusSeconds(2 * 86_400), total, monthBegan)
              : new LastUsageChange(
                  Instant.ofEpochMilli(lastCheck),
                  total.subtract(mb(card.usedAt(lastCheck - 30 * 60_000L))).max(BigDecimal.ZERO),
                  Instant.ofEpochMilli(lastCheck - 30 * 60_000L));
      counters[i] = new MonthUsage(monthStart, total, BigDecimal.ZERO, change);
    }
  }

  private static BigDecimal mb(double value) {
    return BigDecimal.valueOf(value).setScale(3, RoundingMode.DOWN);
  }
}
