package com.cmp.polling.core.enrollment;

/** When the checks of an enrolled card run. */
public enum Timing {
  /** now + a fixed per-card offset within the interval: first checks of many cards spread out. */
  SPREAD,
  /** now + the interval: a new card, or a check just completed. */
  AFTER_INTERVAL,
  /** now: the card changed and must be looked at again. */
  NOW
}
