package com.cmp.polling.benchmarks.fleet;

import com.cmp.polling.autoconfigure.TaskPartitions;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The simulated fleet, drawn from a seed: its usage kinds in fixed shares, its carriers in fixed
 * shares, each card's hourly rates over the simulation's hours and its package limit. A card that
 * crosses its limit gets a limit its usage reaches at a uniformly drawn moment of the measured day.
 */
final class UsageMix {

  /** Shares of the kinds, in the order of {@link UsageKind}. */
  static final double[] KIND_SHARES = {0.60, 0.25, 0.07, 0.04, 0.04};

  /** Carriers 1 to 4 and their shares of the cards. */
  static final double[] CARRIER_SHARES = {0.4, 0.3, 0.2, 0.1};

  private UsageMix() {}

  /**
   * @param hoursStart when the first simulated hour begins (epoch millis, on the hour)
   * @param hours how many hours the rates cover
   * @param measuredFrom the start of the measured day (epoch millis)
   * @param partitions the task topic's partitions
   */
  static List<SimulatedCard> draw(
      int cards, long seed, long hoursStart, int hours, long measuredFrom, int partitions) {
    SplittableRandom random = new SplittableRandom(seed);
    List<SimulatedCard> fleet = new ArrayList<>(cards);
    for (int i = 0; i < cards; i++) {
      long id = 100_000L + i;
      UsageKind kind = UsageKind.values()[pick(random, KIND_SHARES)];
      long carrier = 1 + pick(random, CARRIER_SHARES);
      int partition = TaskPartitions.of(id, partitions);
      fleet.add(card(random, id, carrier, partition, kind, hoursStart, hours, measuredFrom));
    }
    return fleet;
  }

  private static SimulatedCard card(
      SplittableRandom random,
      long id,
      long carrier,
      int partition,
      UsageKind kind,
      long hoursStart,
      int hours,
      long measuredFrom) {
    if (kind == UsageKind.IDLE) {
      double used = random.nextDouble(0, 20);
      return new SimulatedCard(id, carrier, partition, kind, 1024, used, hoursStart, null, -1);
    }
    double base =
        kind.bursty()
            ? Math.exp(random.nextDouble(Math.log(2), Math.log(20)))
            : Math.exp(random.nextDouble(Math.log(0.2), Math.log(4)));
    double[] cumulative = new double[hours];
    double total = 0;
    for (int hour = 0; hour < hours; hour++) {
      int hourOfDay = (int) ((hoursStart / SimulatedCard.HOUR + hour) % 24);
      total += base * diurnal(hourOfDay) * variation(random, kind);
      cumulative[hour] = total;
    }
    // Two weeks of the month behind it, at about its usual rate.
    double usedAtStart = base * (13 * 24 + 23) * random.nextDouble(0.8, 1.2);
    if (kind.crosses()) {
      long crossing = measuredFrom + random.nextLong(24 * SimulatedCard.HOUR);
      double limit = usedAtStart + SimulatedCard.usedSinceStart(cumulative, crossing - hoursStart);
      return new SimulatedCard(
          id,
          carrier,
          partition,
          kind,
          limit,
          usedAtStart,
          hoursStart,
          cumulative,
          SimulatedCard.reaching(cumulative, hoursStart, usedAtStart, limit));
    }
    double limit = (usedAtStart + total) * random.nextDouble(1.2, 2.5) + 10;
    return new SimulatedCard(
        id, carrier, partition, kind, limit, usedAtStart, hoursStart, cumulative, -1);
  }

  /** Low at night, highest in the afternoon; about 1 on average over a day. */
  static double diurnal(int hourOfDay) {
    if (hourOfDay < 6 || hourOfDay >= 22) {
      return 0.3;
    }
    return 0.3 + 1.6 * Math.sin(Math.PI * (hourOfDay - 6) / 16.0);
  }

  private static double variation(SplittableRandom random, UsageKind kind) {
    if (!kind.bursty()) {
      return random.nextDouble(0.7, 1.3);
    }
    double draw = random.nextDouble();
    if (draw < 0.25) {
      return 0.05;
    }
    if (draw < 0.37) {
      return 6;
    }
    return random.nextDouble(0.5, 1.5);
  }

  private static int pick(SplittableRandom random, double[] shares) {
    double draw = random.nextDouble();
    double sum = 0;
    for (int i = 0; i < shares.length; i++) {
      sum += shares[i];
      if (draw < sum) {
        return i;
      }
    }
    return shares.length - 1;
  }
}
