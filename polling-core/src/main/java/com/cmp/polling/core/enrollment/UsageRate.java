package com.cmp.polling.core.enrollment;

/**
 * A card's estimated data consumption, and which of the estimates gave it (the largest wins).
 *
 * @param mbPerHour MB per hour, 0 or more
 */
public record UsageRate(double mbPerHour, Basis basis) {

  /** Where an estimate comes from. */
  public enum Basis {
    /** The card's last change of its month total, over the time since the change before it. */
    RECENT("the card's recent rate"),
    /** The card's month-to-date total over the time since the month began. */
    MONTH_AVERAGE("the card's month-to-date average"),
    /** The device's package in use: what all its cards used over the time it has counted. */
    SHARED_PACKAGE("the device's shared package");

    private final String words;

    Basis(String words) {
      this.words = words;
    }

    /** The estimate in words, for logs and the console. */
    public String words() {
      return words;
    }
  }

  public UsageRate {
    if (!(mbPerHour >= 0) || Double.isInfinite(mbPerHour)) {
      throw new IllegalArgumentException("a usage rate is 0 MB/h or more, was " + mbPerHour);
    }
  }
}
