package com.cmp.polling.core.queue;

import com.cmp.polling.schemas.task.TaskType;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Set;

/**
 * Where one card stands in the shard queues of its shard, one entry per task type it is queued for.
 */
public record QueuedCard(long cardId, Map<TaskType, QueueEntry> entries) {

  public QueuedCard {
    entries = entries.isEmpty() ? Map.of() : Collections.unmodifiableMap(new EnumMap<>(entries));
  }

  public Set<TaskType> types() {
    return entries.keySet();
  }
}
