package com.cmp.polling.scheduler.reconcile;

import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.scheduler.reconcile.ReconcileProgress.Checkpoint;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * {@link ReconcileProgress} in {@code polling:reconcile:progress} (HASH), written whole at the end
 * of each pass. A hash that is gone (Redis lost its data) reads as no progress: the next pass is a
 * full one. A hash a Redis snapshot brought back from the past holds an older marker: the change
 * passes then compare every change since, which covers what the snapshot misses.
 */
class ProgressStore {

  private final StringRedisTemplate redis;

  ProgressStore(StringRedisTemplate redis) {
    this.redis = redis;
  }

  ReconcileProgress read() {
    Map<Object, Object> fields = redis.opsForHash().entries(RedisKeys.RECONCILE_PROGRESS);
    ReconcileProgress p = new ReconcileProgress();
    if (fields.isEmpty()) {
      return p;
    }
    p.marker = hasText(fields, "marker") ? number(fields, "marker") : null;
    p.markerAt = instant(fields, "marker_at");
    p.checkpoints = checkpoints(text(fields, "checkpoints"));
    p.queuesBuilt = nullable(fields, "queues_built");
    p.slotCreated = nullable(fields, "slot_created");
    p.configsCompared = nullable(fields, "configs_compared");
    p.configsSeen = nullable(fields, "configs_seen");
    p.configsSeenAt = instant(fields, "configs_seen_at");
    p.slotPresent =
        hasText(fields, "slot_present") ? "true".equals(text(fields, "slot_present")) : null;
    p.fullPending = nullable(fields, "full_pending");
    p.sweepStartedAt = instant(fields, "sweep_started_at");
    p.sweepFirst = number(fields, "sweep_first");
    p.sweepLast = number(fields, "sweep_last");
    p.sweepAfter = number(fields, "sweep_after");
    p.scanQueue = (int) number(fields, "scan_queue");
    p.scanCursor =
        hasText(fields, "scan_cursor") ? Long.parseUnsignedLong(text(fields, "scan_cursor")) : 0;
    p.scanTotal = number(fields, "scan_total");
    p.scanDone = number(fields, "scan_done");
    p.sweepRounds = number(fields, "sweep_rounds");
    p.sweepCompletedAt = instant(fields, "sweep_completed_at");
    return p;
  }

  void write(ReconcileProgress p) {
    Map<String, String> fields = new LinkedHashMap<>();
    fields.put("marker", p.marker == null ? "" : Long.toString(p.marker));
    fields.put("marker_at", text(p.markerAt));
    StringBuilder checkpoints = new StringBuilder();
    for (Checkpoint c : p.checkpoints) {
      if (!checkpoints.isEmpty()) {
        checkpoints.append(',');
      }
      checkpoints
          .append(c.lastChange())
          .append('/')
          .append(c.nextTransaction())
          .append('/')
          .append(c.takenAt().toEpochMilli());
    }
    fields.put("checkpoints", checkpoints.toString());
    fields.put("queues_built", text(p.queuesBuilt));
    fields.put("slot_created", text(p.slotCreated));
    fields.put("configs_compared", text(p.configsCompared));
    fields.put("configs_seen", text(p.configsSeen));
    fields.put("configs_seen_at", text(p.configsSeenAt));
    fields.put("slot_present", p.slotPresent == null ? "" : p.slotPresent.toString());
    fields.put("full_pending", text(p.fullPending));
    fields.put("sweep_started_at", text(p.sweepStartedAt));
    fields.put("sweep_first", Long.toString(p.sweepFirst));
    fields.put("sweep_last", Long.toString(p.sweepLast));
    fields.put("sweep_after", Long.toString(p.sweepAfter));
    fields.put("scan_queue", Integer.toString(p.scanQueue));
    fields.put("scan_cursor", Long.toUnsignedString(p.scanCursor));
    fields.put("scan_total", Long.toString(p.scanTotal));
    fields.put("scan_done", Long.toString(p.scanDone));
    fields.put("sweep_rounds", Long.toString(p.sweepRounds));
    fields.put("sweep_completed_at", text(p.sweepCompletedAt));
    redis.opsForHash().putAll(RedisKeys.RECONCILE_PROGRESS, fields);
  }

  private static List<Checkpoint> checkpoints(String text) {
    List<Checkpoint> list = new ArrayList<>();
    if (text.isEmpty()) {
      return list;
    }
    for (String item : text.split(",")) {
      String[] parts = item.split("/");
      list.add(
          new Checkpoint(
              Long.parseLong(parts[0]),
              Long.parseLong(parts[1]),
              Instant.ofEpochMilli(Long.parseLong(parts[2]))));
    }
    return list;
  }

  private static String text(Map<Object, Object> fields, String name) {
    Object value = fields.get(name);
    return value == null ? "" : value.toString();
  }

  private static boolean hasText(Map<Object, Object> fields, String name) {
    return !text(fields, name).isEmpty();
  }

  private static String nullable(Map<Object, Object> fields, String name) {
    return hasText(fields, name) ? text(fields, name) : null;
  }

  private static long number(Map<Object, Object> fields, String name) {
    return hasText(fields, name) ? Long.parseLong(text(fields, name)) : 0;
  }

  private static Instant instant(Map<Object, Object> fields, String name) {
    return hasText(fields, name) ? Instant.parse(text(fields, name)) : null;
  }

  private static String text(Object value) {
    return value == null ? "" : value.toString();
  }
}
