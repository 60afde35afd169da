package com.cmp.polling.core.queue;

import static com.cmp.polling.core.queue.QueueArguments.requireCardId;
import static com.cmp.polling.core.queue.QueueArguments.requireType;

import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.schemas.task.TaskType;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Which shard queue holds a card: {@code cardId % shardCount}, one queue per task type. */
final class QueueKeys {

  private final int shardCount;

  QueueKeys(int shardCount) {
    this.shardCount = shardCount;
  }

  int shardOf(long cardId) {
    return (int) (requireCardId(cardId) % shardCount);
  }

  String of(long cardId, TaskType type) {
    return RedisKeys.shardQueue(shardOf(cardId), requireType(type));
  }

  /**
   * Every shard queue of every task type, not only those of cardId % shardCount: a changed shard
   * count leaves nothing behind.
   */
  List<String> all() {
    List<String> keys = new ArrayList<>(TaskType.values().length * shardCount);
    for (TaskType type : TaskType.values()) {
      for (int shard = 0; shard < shardCount; shard++) {
        keys.add(RedisKeys.shardQueue(shard, type));
      }
    }
    return keys;
  }

  /**
   * The checks grouped by queue key, in their order. A list, not a map by card id: card ids of one
   * shard share their low bits, which makes a HashMap keyed by them collide into trees (three
   * quarters of the initializer's time went there).
   */
  Map<String, List<ScheduledCheck>> group(Collection<ScheduledCheck> checks) {
    @SuppressWarnings("unchecked")
    List<ScheduledCheck>[] byQueue = new List[shardCount * TaskType.values().length];
    for (ScheduledCheck check : checks) {
      int queue = check.taskType().ordinal() * shardCount + shardOf(check.cardId());
      if (byQueue[queue] == null) {
        byQueue[queue] = new ArrayList<>();
      }
      byQueue[queue].add(check);
    }
    Map<String, List<ScheduledCheck>> byKey = new HashMap<>();
    for (int queue = 0; queue < byQueue.length; queue++) {
      if (byQueue[queue] != null) {
        TaskType type = TaskType.values()[queue / shardCount];
        byKey.put(RedisKeys.shardQueue(queue % shardCount, type), byQueue[queue]);
      }
    }
    return byKey;
  }

  /** The card ids grouped by their queue of {@code type}. */
  Map<String, List<Long>> group(TaskType type, Collection<Long> cardIds) {
    Map<String, List<Long>> byKey = new HashMap<>();
    cardIds.forEach(id -> byKey.computeIfAbsent(of(id, type), k -> new ArrayList<>()).add(id));
    return byKey;
  }
}
