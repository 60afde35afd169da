package com.cmp.polling.core.queue;

import com.cmp.polling.schemas.task.TaskType;

/** Argument checks of the queue operations: bad values fail before anything reaches Redis. */
final class QueueArguments {

  private QueueArguments() {}

  static long requireCardId(long cardId) {
    if (cardId <= 0) {
      throw new IllegalArgumentException("card id must be positive, was " + cardId);
    }
    return cardId;
  }

  static TaskType requireType(TaskType type) {
    if (type == null) {
      throw new IllegalArgumentException("task type is missing");
    }
    return type;
  }

  static int requireShard(int shard, int shardCount) {
    if (shard < 0 || shard >= shardCount) {
      throw new IllegalArgumentException(
          "shard id must be in [0, " + (shardCount - 1) + "], was " + shard);
    }
    return shard;
  }

  static int requirePositive(int value, String what) {
    if (value <= 0) {
      throw new IllegalArgumentException(what + " must be positive, was " + value);
    }
    return value;
  }
}
