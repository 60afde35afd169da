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

/**
 * Which shard queue holds a card: {@code cardId % shardCount}, one queue per task type. The names
 * are built once: a name carries its shard's hash tag, and completions ask for thousands a second.
 */
final class QueueKeys {

  private static final TaskType[] TYPES = TaskType.values();

  private final int shardCount;
  private final String[][] names;

  QueueKeys(int shardCount) {
    this.shardCount = shardCount;
    this.names = new String[TYPES.length][shardCount];
    for (TaskType type : TYPES) {
      for (int shard = 0; shard < shardCount; shard++) {
        names[type.ordinal()][shard] = RedisKeys.shardQueue(shard, type);
      }
    }
  }

  int shardCount() {
    return shardCount;
  }

  int shardOf(long cardId) {
    return (int) (requireCardId(cardId) % shardCount);
  }

  String of(long cardId, TaskType type) {
    return of(shardOf(cardId), requireType(type));
  }

  String of(int shard, TaskType type) {
    return names[type.ordinal()][shard];
  }

  /**
   * Every shard queue of every task type, not only those of cardId % shardCount: a changed shard
   * count leaves nothing behind.
   */
  List<String> all() {
    List<String> keys = new ArrayList<>(TYPES.length * shardCount);
    for (String[] ofType : names) {
      keys.addAll(List.of(ofType));
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
    List<ScheduledCheck>[] byQueue = new List[shardCount * TYPES.length];
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
        byKey.put(names[queue / shardCount][queue % shardCount], byQueue[queue]);
      }
    }
    return byKey;
  }
}
