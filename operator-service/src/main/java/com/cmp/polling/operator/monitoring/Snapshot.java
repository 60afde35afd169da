package com.cmp.polling.operator.monitoring;

import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.status.initializer.InitProgress;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The state of the fleet as the last refresh read it: what the gauges export and the console shows.
 *
 * @param at when the figures were read
 * @param took how long reading them took
 * @param shardCount shards per task type
 * @param taskTypes figures per task type, in the order of {@link TaskType}
 * @param failedShards shards whose figures could not be read, left out of every sum
 * @param initializer the initializer's progress; empty before any run against this Redis
 * @param deadLetters unhandled records per dead-letter topic; empty when Kafka could not say
 * @param problems parts of the snapshot that could not be read, with the reason
 */
public record Snapshot(
    Instant at,
    Duration took,
    int shardCount,
    Map<TaskType, TaskFigures> taskTypes,
    List<FailedShard> failedShards,
    Optional<InitProgress> initializer,
    Map<String, Long> deadLetters,
    List<String> problems) {

  /** Before the first refresh: nothing is known yet. */
  static Snapshot none(int shardCount) {
    return new Snapshot(
        Instant.EPOCH,
        Duration.ZERO,
        shardCount,
        Map.of(),
        List.of(),
        Optional.empty(),
        Map.of(),
        List.of("no snapshot yet"));
  }

  /**
   * A shard queue whose figures are missing from the snapshot.
   *
   * @param error what Redis answered
   */
  public record FailedShard(String taskType, int shard, String error) {}
}
