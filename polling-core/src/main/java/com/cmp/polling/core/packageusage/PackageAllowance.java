package com.cmp.polling.core.packageusage;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * How much data an owner's packages still allow before the package rule stops its cards for
 * exhaustion ({@link PackageRule#allowancePerOwner}), and how fast the package in use is being
 * used: what usage-aware carddata planning needs of the packages.
 *
 * @param limit whether a data limit applies at all
 * @param remainingMb for {@link Limit#LIMITED}, the MB left in the active limited packages (0 when
 *     the owner is at its limit); 0 otherwise
 * @param currentUsedMb what the package the deductions go to now has used; null when none is active
 * @param currentSince since when that package counts its usage (activation or last monthly reset);
 *     null when none is active or it has no activation time
 */
public record PackageAllowance(
    Limit limit, BigDecimal remainingMb, BigDecimal currentUsedMb, Instant currentSince) {

  /** Whether usage can stop the owner's cards, and so be predicted. */
  public enum Limit {
    /**
     * No package in use (none, or only pending, expired or deleted ones): nothing to run out of.
     */
    NONE,
    /** An active package without a data limit: usage never exhausts the owner. */
    UNLIMITED,
    /** Every active package has a limit: the owner is exhausted once their room is used. */
    LIMITED
  }

  /** An owner without a package in use. */
  public static final PackageAllowance NONE =
      new PackageAllowance(Limit.NONE, BigDecimal.ZERO, null, null);

  public PackageAllowance {
    Objects.requireNonNull(limit, "limit");
    Objects.requireNonNull(remainingMb, "remainingMb");
  }

  /**
   * The package in use's own consumption at {@code now}, in MB per hour: what it has used over the
   * time it has counted. For a package a device's cards share, this is all of them together.
   */
  public Optional<Double> currentMbPerHourAt(Instant now) {
    if (currentUsedMb == null || currentSince == null || !now.isAfter(currentSince)) {
      return Optional.empty();
    }
    return Optional.of(
        currentUsedMb.doubleValue() / (Duration.between(currentSince, now).toMillis() / 3.6e6));
  }
}
