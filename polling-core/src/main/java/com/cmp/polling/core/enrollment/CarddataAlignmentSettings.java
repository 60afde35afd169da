package com.cmp.polling.core.enrollment;

import java.time.Duration;
import java.util.Set;

/**
 * Where the carddata checks of batch-capable carriers are lined up ({@link CarddataAlignment}).
 *
 * @param grid the period of each group's due times; zero turns the alignment off
 * @param slots how many groups a carrier's cards form, each a contiguous range of the task topic's
 *     partitions, whose due times are spread evenly over the grid
 * @param carriers the carriers whose cards are lined up: those with a batch form of the usage query
 *     (the others gain nothing from it)
 */
public record CarddataAlignmentSettings(Duration grid, int slots, Set<Long> carriers) {

  /** No card lined up: every carddata check where its interval puts it. */
  public static final CarddataAlignmentSettings OFF =
      new CarddataAlignmentSettings(Duration.ZERO, 1, Set.of());

  public CarddataAlignmentSettings {
    if (grid == null || grid.isNegative() || (!grid.isZero() && grid.toMillis() < 1000)) {
      throw new IllegalArgumentException(
          "the carddata alignment grid must be 0 (off) or at least 1s, was " + grid);
    }
    if (slots < 1) {
      throw new IllegalArgumentException(
          "the carddata alignment slots must be at least 1, was " + slots);
    }
    carriers = Set.copyOf(carriers);
  }

  /** Whether any card is lined up. */
  public boolean enabled() {
    return !grid.isZero() && !carriers.isEmpty();
  }
}
