package com.cmp.polling.autoconfigure;

import com.cmp.polling.schemas.task.CheckTask;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.clients.producer.internals.BuiltInPartitioner;

/**
 * The partition a card's check task goes to: the producer's own choice for the task's record key
 * ({@link CheckTask#key()}, written as UTF-8 by the string serializer), by Kafka's default
 * partitioner, so the planner can tell which cards reach the same consumer.
 */
public final class TaskPartitions {

  private TaskPartitions() {}

  /** The partition of the card's check tasks in a topic of {@code partitions} partitions. */
  public static int of(long cardId, int partitions) {
    return BuiltInPartitioner.partitionForKey(
        Long.toString(cardId).getBytes(StandardCharsets.UTF_8), partitions);
  }
}
