package com.cmp.polling.listener.topology;

import com.cmp.polling.schemas.action.ActionTrigger;
import com.cmp.polling.schemas.action.CardAction;
import com.cmp.polling.schemas.action.CardActionType;
import com.cmp.polling.schemas.action.StopReason;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * A raw change of tb_stop_resume_log read as the outbox of {@code polling.card.actions}: an
 * inserted {@code success} row is a card action; a failed attempt, an update or a delete of a row
 * (a hand-made fix, a retention purge) is none. A change that cannot be read keeps its reason for
 * the dead-letter topic.
 *
 * @param action the card action the row records, or null
 * @param raw the original value, kept for the dead-letter topic
 * @param error why it could not be read, or null
 */
record StopResumeLogChange(CardAction action, String raw, String error) {

  private static final String SUCCESS = "success";

  static StopResumeLogChange of(String raw) {
    try {
      return new StopResumeLogChange(actionOf(ChangeEnvelope.parse(raw)), raw, null);
    } catch (MalformedChangeException | IllegalArgumentException e) {
      // IllegalArgumentException: a code no enum knows, an id a CardAction refuses.
      return new StopResumeLogChange(null, raw, e.getMessage());
    }
  }

  boolean failed() {
    return error != null;
  }

  /** For the shared dead-letter processor. */
  Parsed asFailure() {
    return new Parsed(List.of(), List.of(), raw, error);
  }

  private static CardAction actionOf(ChangeEnvelope change) {
    if (change.op() != 'c') {
      // Snapshot reads are excluded at the source (past rows were published in their time); an
      // update or delete changes no action that happened.
      return null;
    }
    JsonNode row = change.after();
    if (!SUCCESS.equals(requireString(row, "result"))) {
      return null; // an attempt that failed or will be retried: nothing happened at the carrier
    }
    return new CardAction(
        Fields.requireLong(row, "id"),
        Fields.requireLong(row, "iot_card_id"),
        Fields.optionalLong(row, "device_id"),
        CardActionType.fromCode(requireString(row, "action")),
        StopReason.fromCode(requireString(row, "reason")),
        ActionTrigger.fromCode(requireString(row, "trigger")),
        Math.toIntExact(Fields.requireLong(row, "attempt")),
        instant(row, "created_at"));
  }

  private static String requireString(JsonNode row, String column) {
    JsonNode value = row.get(column);
    if (value == null || !value.isString()) {
      throw new MalformedChangeException("$." + column + ": string expected, was " + value);
    }
    return value.asString();
  }

  /**
   * Debezium writes a timestamptz as ISO-8601 text with its offset
   * (io.debezium.time.ZonedTimestamp).
   */
  private static Instant instant(JsonNode row, String column) {
    String text = requireString(row, column);
    try {
      return OffsetDateTime.parse(text).toInstant();
    } catch (DateTimeParseException e) {
      throw new MalformedChangeException("$." + column + ": a timestamp expected, was " + text);
    }
  }
}
