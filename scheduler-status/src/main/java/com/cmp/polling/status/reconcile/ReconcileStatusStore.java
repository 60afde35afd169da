package com.cmp.polling.status.reconcile;

import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.status.reconcile.PassResult.Outcome;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * The pass under way, or the last one, in {@code polling:reconcile:status} (HASH), whichever
 * instance runs it: what the monitoring API shows and what tells an instance that another has just
 * reconciled. Written at the start, after every page or chunk, and at the end; with its kind, why a
 * full pass ran, and where the change marker and the sweep stood. A pass whose instance died stays
 * {@code running} with an old {@code updated_at}; the next pass overwrites it.
 */
public class ReconcileStatusStore {

  private final StringRedisTemplate redis;
  private final Clock clock;

  public ReconcileStatusStore(StringRedisTemplate redis, Clock clock) {
    this.redis = redis;
    this.clock = clock;
  }

  public void write(PassResult pass) {
    Map<String, String> fields = new LinkedHashMap<>();
    fields.put("outcome", pass.outcome().code());
    fields.put("trigger", pass.trigger());
    fields.put("started_at", pass.startedAt().toString());
    fields.put("finished_at", pass.finishedAt() == null ? "" : pass.finishedAt().toString());
    fields.put("note", pass.note() == null ? "" : pass.note());
    fields.put("cards_read", Long.toString(pass.cardsRead()));
    fields.put("entries_scanned", Long.toString(pass.entriesScanned()));
    fields.put("cards_looked_at", Long.toString(pass.cardsLookedAt()));
    for (RepairKind kind : RepairKind.values()) {
      fields.put(kind.code(), Long.toString(pass.repaired(kind)));
    }
    for (SkipReason reason : SkipReason.values()) {
      fields.put("skipped_" + reason.code(), Long.toString(pass.skipped(reason)));
    }
    fields.put("settle_ms", Long.toString(pass.settle().toMillis()));
    fields.put("postgres_ms", Long.toString(pass.postgres().toMillis()));
    fields.put("redis_ms", Long.toString(pass.redis().toMillis()));
    fields.put("planning_ms", Long.toString(pass.planning().toMillis()));
    fields.put("rested_ms", Long.toString(pass.rested().toMillis()));
    PassScope scope = pass.scope();
    fields.put("kind", scope.kind().code());
    fields.put("why", scope.why() == null ? "" : scope.why());
    fields.put("changed_cards", Long.toString(scope.changedCards()));
    fields.put("marker", Long.toString(scope.marker()));
    fields.put("marker_lag", Long.toString(scope.markerLag()));
    fields.put("marker_at", scope.markerAt() == null ? "" : scope.markerAt().toString());
    fields.put("sweep_position", Long.toString(scope.sweepPosition()));
    fields.put("sweep_end", Long.toString(scope.sweepEnd()));
    fields.put("sweep_done", Double.toString(scope.sweepDone()));
    fields.put(
        "sweep_started_at",
        scope.sweepStartedAt() == null ? "" : scope.sweepStartedAt().toString());
    fields.put("updated_at", clock.instant().toString());
    redis.opsForHash().putAll(RedisKeys.RECONCILE_STATUS, fields);
  }

  public Optional<PassResult> read() {
    Map<Object, Object> fields = redis.opsForHash().entries(RedisKeys.RECONCILE_STATUS);
    if (fields.isEmpty()) {
      return Optional.empty();
    }
    Map<RepairKind, Long> repairs = new EnumMap<>(RepairKind.class);
    for (RepairKind kind : RepairKind.values()) {
      repairs.put(kind, number(fields, kind.code()));
    }
    Map<SkipReason, Long> skipped = new EnumMap<>(SkipReason.class);
    for (SkipReason reason : SkipReason.values()) {
      skipped.put(reason, number(fields, "skipped_" + reason.code()));
    }
    String finished = text(fields, "finished_at");
    return Optional.of(
        new PassResult(
            Outcome.valueOf(text(fields, "outcome").toUpperCase(Locale.ROOT)),
            text(fields, "trigger"),
            Instant.parse(text(fields, "started_at")),
            finished.isEmpty() ? null : Instant.parse(finished),
            text(fields, "note").isEmpty() ? null : text(fields, "note"),
            number(fields, "cards_read"),
            number(fields, "entries_scanned"),
            number(fields, "cards_looked_at"),
            repairs,
            skipped,
            Duration.ofMillis(number(fields, "settle_ms")),
            Duration.ofMillis(number(fields, "postgres_ms")),
            Duration.ofMillis(number(fields, "redis_ms")),
            Duration.ofMillis(number(fields, "planning_ms")),
            Duration.ofMillis(number(fields, "rested_ms")),
            scope(fields)));
  }

  private static PassScope scope(Map<Object, Object> fields) {
    String kind = text(fields, "kind");
    String markerAt = text(fields, "marker_at");
    String sweepAt = text(fields, "sweep_started_at");
    String done = text(fields, "sweep_done");
    return new PassScope(
        kind.isEmpty() ? PassKind.FULL : PassKind.valueOf(kind.toUpperCase(Locale.ROOT)),
        text(fields, "why").isEmpty() ? null : text(fields, "why"),
        number(fields, "changed_cards"),
        text(fields, "marker").isEmpty() ? -1 : number(fields, "marker"),
        number(fields, "marker_lag"),
        markerAt.isEmpty() ? null : Instant.parse(markerAt),
        number(fields, "sweep_position"),
        number(fields, "sweep_end"),
        done.isEmpty() ? 0 : Double.parseDouble(done),
        sweepAt.isEmpty() ? null : Instant.parse(sweepAt));
  }

  private static String text(Map<Object, Object> fields, String name) {
    Object value = fields.get(name);
    return value == null ? "" : value.toString();
  }

  private static long number(Map<Object, Object> fields, String name) {
    String value = text(fields, name);
    return value.isEmpty() ? 0 : Long.parseLong(value);
  }
}
