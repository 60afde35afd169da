package com.cmp.polling.demo.fleet;

/**
 * What a demo card is made of, and what the rules must do with it. Cards outside any device take
 * their kind from {@code id % 20}; every tenth card sits in a device and takes the device's kind.
 */
public enum CardKind {
  /** Verified, online, an active 10 GB package: checked forever, never stopped. */
  STEADY(Outcome.UNTOUCHED, null),
  /** No package at all: stopped for no_package at its first check. */
  NO_PACKAGE(Outcome.STOPPED, "no_package"),
  /**
   * 97 of 100 MB used, next month's package pending; the carrier reports 5 MB more at each query:
   * the package is exhausted and the card stopped for traffic_exhausted.
   */
  NEAR_LIMIT(Outcome.STOPPED, "traffic_exhausted"),
  /** Its only package expired yesterday: the package trigger expires it, then no_package. */
  EXPIRED_PACKAGE(Outcome.STOPPED, "no_package"),
  /** Stopped for no_package, but a package has been bought since: resumed. */
  STOPPED_BUT_PAID(Outcome.RESUMED, null),
  /** Stopped for not_realname; the carrier now says verified: resumed by the realname check. */
  STOPPED_BUT_VERIFIED(Outcome.RESUMED, null),
  /** A normal card the carrier still has unverified: stopped for not_realname. */
  UNVERIFIED(Outcome.STOPPED, "not_realname"),
  /** An industry card, unverified: exempt from real-name rules, never stopped. */
  INDUSTRY_UNVERIFIED(Outcome.UNTOUCHED, null),
  /** Polling switched off on the card: never checked, the carrier never asked. */
  POLLING_DISABLED(Outcome.NOT_POLLED, null),
  /** Stopped by an operator: a manual stop is never lifted automatically. */
  STOPPED_MANUALLY(Outcome.UNTOUCHED, null),
  /** In a device with a 100 GB package: never stopped. */
  DEVICE_STEADY(Outcome.UNTOUCHED, null),
  /** In a device whose shared package expired: every card of the device stopped for no_package. */
  DEVICE_EXPIRED(Outcome.STOPPED, "no_package"),
  /** In a device whose polling is switched off: never checked. */
  DEVICE_POLLING_DISABLED(Outcome.NOT_POLLED, null);

  /** What must have happened to a card of this kind once every check ran. */
  public enum Outcome {
    /** Stopped at the carrier and in the database, with {@link #stopReason()}. */
    STOPPED,
    /** Started at the carrier; online in the database with no stop reason. */
    RESUMED,
    /** Checked, but neither stopped nor started. */
    UNTOUCHED,
    /** Never checked: no call at the carrier at all. */
    NOT_POLLED
  }

  private final Outcome outcome;
  private final String stopReason;

  CardKind(Outcome outcome, String stopReason) {
    this.outcome = outcome;
    this.stopReason = stopReason;
  }

  public Outcome outcome() {
    return outcome;
  }

  /** The stop reason the card must end with, for {@link Outcome#STOPPED}; otherwise null. */
  public String stopReason() {
    return stopReason;
  }

  /** The kind of card {@code id} (ids start at 1). */
  public static CardKind of(long id) {
    if (id % 10 == 0) {
      long device = DemoFleet.deviceOf(id);
      if (device % 13 == 0) {
        return DEVICE_POLLING_DISABLED;
      }
      return device % 7 == 0 ? DEVICE_EXPIRED : DEVICE_STEADY;
    }
    return switch ((int) (id % 20)) {
      case 1 -> NO_PACKAGE;
      case 2 -> NEAR_LIMIT;
      case 3 -> EXPIRED_PACKAGE;
      case 4 -> STOPPED_BUT_PAID;
      case 5 -> STOPPED_BUT_VERIFIED;
      case 6 -> UNVERIFIED;
      case 7 -> INDUSTRY_UNVERIFIED;
      case 8 -> POLLING_DISABLED;
      case 9 -> STOPPED_MANUALLY;
      default -> STEADY;
    };
  }
}
