package com.cmp.polling.operator.monitoring;

import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.status.schedule.SchedulerStatsStore;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Lazy;
import org.springframework.stereotype.Component;

/**
 * Running totals of the pipeline, the same whichever instance reads them: tasks dispatched (the
 * scheduler instances' {@code polling:stats:{type}} totals in Redis) and tasks handled (the offsets
 * the handlers of each type committed, summed over the partitions: a task counts once its poll is
 * settled, whatever became of it).
 */
@Component
class PipelineTotals {

  private static final Logger log = LoggerFactory.getLogger(PipelineTotals.class);
  private static final long TIMEOUT_SECONDS = 5;

  private final SchedulerStatsStore stats;
  private final Admin admin;

  PipelineTotals(SchedulerStatsStore stats, @Lazy Admin monitoringKafkaAdmin) {
    this.stats = stats;
    this.admin = monitoringKafkaAdmin;
  }

  /** Tasks published per type, scheduled and manual; a type Redis cannot give is missing. */
  Map<TaskType, Long> dispatched() {
    Map<TaskType, Long> totals = new EnumMap<>(TaskType.class);
    for (TaskType type : TaskType.values()) {
      try {
        Map<String, String> fields = stats.read(type);
        totals.put(
            type, number(fields.get("total_scheduled")) + number(fields.get("total_manual")));
      } catch (RuntimeException e) {
        log.debug("dispatched total of {} unknown: {}", type.code(), e.getMessage());
      }
    }
    return totals;
  }

  /** Tasks whose offsets the handlers committed, per type; a type Kafka cannot give is missing. */
  Map<TaskType, Long> handled() {
    Map<TaskType, Long> totals = new EnumMap<>(TaskType.class);
    for (TaskType type : TaskType.values()) {
      try {
        Map<?, OffsetAndMetadata> committed =
            admin
                .listConsumerGroupOffsets(Topics.checkHandlersGroup(type))
                .partitionsToOffsetAndMetadata()
                .get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        totals.put(
            type,
            committed.values().stream()
                .filter(offset -> offset != null)
                .mapToLong(OffsetAndMetadata::offset)
                .sum());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return totals;
      } catch (Exception e) {
        log.debug("handled total of {} unknown: {}", type.code(), e.getMessage());
      }
    }
    return totals;
  }

  private static long number(String value) {
    try {
      return value == null ? 0 : Long.parseLong(value);
    } catch (NumberFormatException e) {
      return 0;
    }
  }
}
