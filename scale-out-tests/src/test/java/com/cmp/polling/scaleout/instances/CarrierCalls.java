package com.cmp.polling.scaleout.instances;

import com.cmp.polling.simulator.RunningSimulator;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * When the simulated carrier was asked for each card's usage (the carddata check's call): the
 * simulator counts calls per card, and this samples the counts every {@link #EVERY}, recording an
 * increase as calls at the sample's time (two calls between samples: two calls at one time). Times
 * are therefore late by up to one sampling period, never early.
 */
final class CarrierCalls implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(CarrierCalls.class);

  /** The sampling period: the precision of every call time. */
  static final Duration EVERY = Duration.ofMillis(500);

  private final RunningSimulator simulator;
  private final Map<String, List<Instant>> calls = new ConcurrentHashMap<>();
  private final Map<String, Integer> counted = new HashMap<>();
  private final ScheduledExecutorService sampler =
      Executors.newSingleThreadScheduledExecutor(
          runnable -> {
            Thread thread = new Thread(runnable, "carrier-calls-sampler");
            thread.setDaemon(true);
            return thread;
          });

  CarrierCalls(RunningSimulator simulator) {
    this.simulator = simulator;
    sampler.scheduleWithFixedDelay(this::sampleSafely, 0, EVERY.toMillis(), TimeUnit.MILLISECONDS);
  }

  private void sampleSafely() {
    try {
      sample();
    } catch (RuntimeException e) {
      log.warn("sampling the simulator's call counts failed: {}", e.toString());
    }
  }

  private synchronized void sample() {
    Instant now = Instant.now();
    simulator
        .control()
        .calls()
        .byCard()
        .forEach(
            (iccid, operations) -> {
              int usage = operations.getOrDefault("usage", 0);
              int before = counted.getOrDefault(iccid, 0);
              if (usage > before) {
                List<Instant> times = calls.computeIfAbsent(iccid, key -> new ArrayList<>());
                synchronized (times) {
                  for (int i = before; i < usage; i++) {
                    times.add(now);
                  }
                }
                counted.put(iccid, usage);
              }
            });
  }

  /** The card's calls so far, in order. */
  List<Instant> of(String iccid) {
    List<Instant> times = calls.get(iccid);
    if (times == null) {
      return List.of();
    }
    synchronized (times) {
      return List.copyOf(times);
    }
  }

  /** Whether the card was called at or after {@code since}. */
  boolean calledSince(String iccid, Instant since) {
    return of(iccid).stream().anyMatch(time -> !time.isBefore(since));
  }

  /** The shortest time between two calls of one card, per card that had two calls or more. */
  Map<String, Duration> shortestGaps() {
    Map<String, Duration> gaps = new HashMap<>();
    for (String iccid : calls.keySet()) {
      List<Instant> times = of(iccid);
      for (int i = 1; i < times.size(); i++) {
        Duration gap = Duration.between(times.get(i - 1), times.get(i));
        gaps.merge(iccid, gap, (a, b) -> a.compareTo(b) <= 0 ? a : b);
      }
    }
    return gaps;
  }

  /** The most calls (of every card) seen in one second of the wall clock. */
  long busiestSecond() {
    Map<Long, Long> perSecond = new HashMap<>();
    for (String iccid : calls.keySet()) {
      for (Instant time : of(iccid)) {
        perSecond.merge(time.getEpochSecond(), 1L, Long::sum);
      }
    }
    return perSecond.values().stream().mapToLong(Long::longValue).max().orElse(0);
  }

  @Override
  public void close() {
    sampler.shutdownNow();
  }
}
