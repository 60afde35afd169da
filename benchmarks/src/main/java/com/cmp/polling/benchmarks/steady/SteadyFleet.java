package com.cmp.polling.benchmarks.steady;

import com.cmp.polling.benchmarks.infra.BenchmarkPostgres;

/**
 * The fleet of the steady run: cards in their most common state (verified, online, polled, an
 * active package; every tenth in a device sharing its package) and check intervals chosen so that
 * the fleet comes due at the wanted rate: half of the checks carddata, a third package, a sixth
 * realname (the default configs' proportions between usage and packages, real-name more often than
 * the daily default, so that it is measured too).
 *
 * @param cards cards in PostgreSQL, all polled
 */
record SteadyFleet(int cards) {

  /**
   * An interval that leaves nothing due: about 31 years, within the configs' INTEGER column. The
   * initializer spreads the first checks over it, so a 10 M fleet has a check due every half
   * minute.
   */
  static final long IDLE_INTERVAL = 1_000_000_000L;

  /** Seconds between two checks of one card for each task type. */
  record Intervals(long realname, long carddata, long packageCheck) {

    double checksPerSecond(int cards) {
      return cards * (1.0 / realname + 1.0 / carddata + 1.0 / packageCheck);
    }

    String describe() {
      return "realname every "
          + hours(realname)
          + ", carddata every "
          + hours(carddata)
          + ", package every "
          + hours(packageCheck);
    }

    private static String hours(long seconds) {
      return seconds >= 3600
          ? String.format("%.1f h (%,d s)", seconds / 3600.0, seconds)
          : String.format("%,d s", seconds);
    }
  }

  /** The intervals that bring the fleet due at {@code checksPerSecond}; 0: idle. */
  Intervals intervals(int checksPerSecond) {
    if (checksPerSecond <= 0) {
      return new Intervals(IDLE_INTERVAL, IDLE_INTERVAL, IDLE_INTERVAL);
    }
    return new Intervals(
        Math.round(cards / (checksPerSecond / 6.0)),
        Math.round(cards / (checksPerSecond / 2.0)),
        Math.round(cards / (checksPerSecond / 3.0)));
  }

  /** Inserts the cards, the configs at {@code checksPerSecond} (0: nothing due). */
  void seed(BenchmarkPostgres postgres, int checksPerSecond) {
    postgres.seedSteadyCards(cards);
    setRate(postgres, checksPerSecond);
  }

  /**
   * Sets every default config's intervals (the suspended and unverified configs too, so that a card
   * changing state keeps the same pace) in one statement: the change stream carries it to the
   * listener, whose re-enrollment pass moves each card's next checks to now + a spread within the
   * new intervals, as an operator's change would. One transaction, so one pass.
   */
  void setRate(BenchmarkPostgres postgres, int checksPerSecond) {
    Intervals intervals = intervals(checksPerSecond);
    postgres
        .jdbc()
        .sql(
            """
            UPDATE tb_polling_config
               SET realname_check_interval = ?, carddata_check_interval = ?,
                   package_check_interval = ?
             WHERE config_name IN ('default-activated', 'default-not-real-name',
                                   'default-suspended')
            """)
        .params(intervals.realname(), intervals.carddata(), intervals.packageCheck())
        .update();
  }
}
