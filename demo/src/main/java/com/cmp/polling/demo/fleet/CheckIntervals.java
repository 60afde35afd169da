package com.cmp.polling.demo.fleet;

/**
 * Check intervals, in seconds, of the three default polling configs. The production defaults are
 * minutes to a day; a demo wants to see cards come round within a few minutes.
 */
public record CheckIntervals(Of activated, Of notRealName, Of suspended) {

  /**
   * Seconds between checks of each task type, null for none; protect only concerns protected cards.
   */
  public record Of(Integer realname, Integer carddata, Integer packages, Integer protect) {}

  /**
   * About 170 checks a second for 10 000 cards: every card's usage every 2 minutes, packages every
   * 5, unverified cards' real-name status every 20 s, stopped cards' every 30 s.
   */
  public static CheckIntervals demo() {
    return new CheckIntervals(
        new Of(600, 120, 300, 30), new Of(20, 120, 300, 30), new Of(30, 300, 120, 30));
  }

  /**
   * Every card comes round within 10 s, for the end-to-end test's ~1 000 cards. A stopped card's
   * data usage is not checked (it consumes nothing), so a card that stops must leave the carddata
   * queue.
   */
  public static CheckIntervals test() {
    return new CheckIntervals(new Of(60, 8, 10, 5), new Of(5, 8, 10, 5), new Of(5, null, 10, 5));
  }
}
