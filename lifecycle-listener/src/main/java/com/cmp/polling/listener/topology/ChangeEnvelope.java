package com.cmp.polling.listener.topology;

import java.time.Instant;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Debezium's change-event envelope: {@code op} (c create, u update, d delete, r snapshot read),
 * {@code before} and {@code after} rows, {@code source} (commit time, log position). Read with or
 * without Connect's inline schema ({@code {"schema":..., "payload":...}}), so that either setting
 * of {@code schemas.enable} works.
 *
 * @param before the row before the change; null for c and r
 * @param after the row after the change; null for d
 * @param occurredAt the commit time of the change in the database
 * @param position where the change sits in the database log ({@code lsn:<n>}), or null
 */
record ChangeEnvelope(
    char op, JsonNode before, JsonNode after, Instant occurredAt, String position) {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  /**
   * @throws MalformedChangeException if it is not JSON or not an envelope
   */
  static ChangeEnvelope parse(String value) {
    JsonNode root;
    try {
      root = JSON.readTree(value);
    } catch (JacksonException e) {
      throw new MalformedChangeException("$: not JSON (" + e.getOriginalMessage() + ")");
    }
    if (root != null && root.has("payload") && root.has("schema")) {
      root = root.get("payload");
    }
    if (root == null || !root.isObject()) {
      throw new MalformedChangeException("$: a change-event object expected");
    }
    String op = Fields.optionalString(root, "op");
    if (op == null || op.length() != 1 || "crud".indexOf(op.charAt(0)) < 0) {
      throw new MalformedChangeException("$.op: one of c, r, u, d expected, was " + op);
    }
    JsonNode before = row(root, "before");
    JsonNode after = row(root, "after");
    char kind = op.charAt(0);
    if ((kind == 'c' || kind == 'r' || kind == 'u') && after == null) {
      throw new MalformedChangeException("$.after: a row expected for op " + op);
    }
    if (kind == 'd' && before == null) {
      throw new MalformedChangeException("$.before: a row expected for op d");
    }
    if (kind == 'u' && before == null) {
      throw new MalformedChangeException(
          "$.before: an update without its before-image (REPLICA IDENTITY FULL missing?)");
    }
    JsonNode source = root.path("source");
    long millis = source.path("ts_ms").asLong(root.path("ts_ms").asLong(0));
    Long lsn = source.has("lsn") ? Fields.optionalLong(source, "lsn") : null;
    return new ChangeEnvelope(
        kind, before, after, Instant.ofEpochMilli(millis), lsn == null ? null : "lsn:" + lsn);
  }

  private static JsonNode row(JsonNode root, String name) {
    JsonNode row = root.get(name);
    if (row == null || row.isNull()) {
      return null;
    }
    if (!row.isObject()) {
      throw new MalformedChangeException("$." + name + ": a row object expected");
    }
    return row;
  }
}
