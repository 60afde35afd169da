package com.cmp.polling.core.queue;

import com.cmp.polling.schemas.task.TaskType;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * What the shard queues of one task type held at one instant, read in one pipeline. A shard Redis
 * could not read is left out of every sum and named in {@link #failed()}: monitoring shows the
 * others and says which is missing, a caller that needs the whole figure refuses it ({@link
 * #backlog()}).
 *
 * @param type the task type read
 * @param at the instant "due" refers to
 * @param shards the figures of every shard, shard 0 first; null for a shard that failed
 * @param failed the shards Redis did not answer for, with what it answered
 */
public record QueueReading(
    TaskType type, Instant at, List<ShardFigures> shards, List<FailedShard> failed) {

  public QueueReading {
    shards = Collections.unmodifiableList(new ArrayList<>(shards));
    failed = List.copyOf(failed);
  }

  /**
   * A shard queue whose figures are missing.
   *
   * @param error what Redis answered
   */
  public record FailedShard(int shard, String error) {}

  /** Cards in the shards that answered (ZCARD), scheduled, due and leased alike. */
  public long queued() {
    return answered().mapToLong(ShardFigures::queued).sum();
  }

  /** Cards due and not leased in the shards that answered. */
  public long due() {
    return answered().mapToLong(ShardFigures::due).sum();
  }

  /** Cards due at or before the caller's overdue instant, in the shards that answered. */
  public long overdue() {
    return answered().mapToLong(ShardFigures::overdue).sum();
  }

  /** The due time of the card waiting longest in the shards that answered; null when none. */
  public Instant oldestDueAt() {
    return answered()
        .map(ShardFigures::oldestDueAt)
        .filter(Objects::nonNull)
        .min(Instant::compareTo)
        .orElse(null);
  }

  /** Whether no shard answered: the sums are then no figure at all, not zeros. */
  public boolean noneAnswered() {
    return failed.size() == shards.size();
  }

  /**
   * The due backlog, which back-pressure and its monitoring take whole or not at all.
   *
   * @throws PollingQueueException naming the shards that failed, when any did
   */
  public Backlog backlog() {
    if (!failed.isEmpty()) {
      throw new PollingQueueException(
          "backlog of " + type.code() + " unknown: shards " + describeFailed(), null);
    }
    return new Backlog(at, due(), oldestDueAt());
  }

  /** "5 (WRONGTYPE ...), 7 (...)" */
  public String describeFailed() {
    return String.join(", ", failed.stream().map(f -> f.shard() + " (" + f.error() + ")").toList());
  }

  private Stream<ShardFigures> answered() {
    return shards.stream().filter(Objects::nonNull);
  }
}
