package com.cmp.polling.operator.monitoring;

import com.cmp.polling.autoconfigure.PollingProperties;
import com.cmp.polling.operator.config.MonitoringProperties;
import com.cmp.polling.operator.deadletter.DeadLetters;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.status.initializer.InitProgress;
import com.cmp.polling.status.initializer.InitProgressStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The fleet's figures, read every {@code snapshot-interval} by one thread and kept: the gauges and
 * the console read the last snapshot, so scrapes and page views cost nothing that grows with the
 * fleet (per refresh and task type: one Redis pipeline over the shards, a few small reads, the
 * handlers' lag unless back-pressure just measured it).
 */
@Component
public class FleetSnapshot {

  private static final Logger log = LoggerFactory.getLogger(FleetSnapshot.class);

  private final QueueFiguresReader queues;
  private final InitProgressStore initProgress;
  private final DeadLetters deadLetters;
  private final MonitoringProperties settings;
  private final Clock clock;
  private final int shardCount;
  private volatile Snapshot current;

  FleetSnapshot(
      QueueFiguresReader queues,
      InitProgressStore initProgress,
      DeadLetters deadLetters,
      MonitoringProperties settings,
      PollingProperties polling,
      Clock clock) {
    this.queues = queues;
    this.initProgress = initProgress;
    this.deadLetters = deadLetters;
    this.settings = settings;
    this.clock = clock;
    this.shardCount = polling.queue().shardCount();
    this.current = Snapshot.none(shardCount);
  }

  /** The last snapshot (one saying "no snapshot yet" before the first refresh). */
  public Snapshot current() {
    return current;
  }

  /** Reads every figure now and keeps the result; also what tests call instead of waiting. */
  public synchronized Snapshot refreshNow() {
    long started = System.nanoTime();
    Instant now = clock.instant();
    List<Snapshot.FailedShard> failedShards = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    Map<TaskType, TaskFigures> byType = new EnumMap<>(TaskType.class);
    for (TaskType type : TaskType.values()) {
      byType.put(type, queues.read(type, now, settings.overdueGrace(), failedShards, problems));
    }
    Snapshot snapshot =
        new Snapshot(
            now,
            Duration.ofNanos(System.nanoTime() - started),
            shardCount,
            byType,
            List.copyOf(failedShards),
            initializer(problems),
            deadLetterCounts(problems),
            List.copyOf(problems));
    current = snapshot;
    return snapshot;
  }

  /** The background refresh: a failure keeps the previous snapshot and says so. */
  void refreshQuietly() {
    try {
      refreshNow();
    } catch (RuntimeException e) {
      log.warn("fleet snapshot not refreshed, the previous one stays ({})", e.getMessage(), e);
    }
  }

  private Optional<InitProgress> initializer(List<String> problems) {
    try {
      return initProgress.read();
    } catch (RuntimeException e) {
      problems.add("initializer progress: " + QueueFiguresReader.rootMessage(e));
      return Optional.empty();
    }
  }

  private Map<String, Long> deadLetterCounts(List<String> problems) {
    try {
      return deadLetters.unhandledCounts();
    } catch (RuntimeException e) {
      problems.add("dead-letter counts: " + QueueFiguresReader.rootMessage(e));
      return Map.of();
    }
  }
}
