package com.cmp.polling.operator.rules;

import com.cmp.polling.core.switches.SwitchSetting;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;

/**
 * The body of {@code PUT /api/admin/rules/switches/{carrierId|default}}, checked field by field: a
 * switch decides whether cards are stopped, so nothing is guessed. Read from the JSON tree rather
 * than bound to a record, so that an unknown field, a string where a boolean belongs or a bad date
 * is refused with a message naming it instead of being ignored or coerced.
 *
 * @param graceUntil null: no grace period
 */
record SwitchRequest(
    boolean enforceNotRealname,
    @JsonProperty(SwitchRequest.GRACE) Instant graceUntil,
    String actor) {

  static final String ENFORCE = "enforceNotRealname";
  static final String GRACE = "notRealnameGraceUntil";
  static final String ACTOR = "actor";
  static final int MAX_ACTOR_LENGTH = 128;
  private static final Set<String> FIELDS = Set.of(ENFORCE, GRACE, ACTOR);

  /** The accepted forms of a grace date, tried in order. */
  private static final List<Function<String, Instant>> PARSERS =
      List.of(
          text -> OffsetDateTime.parse(text).toInstant(),
          text -> LocalDate.parse(text).atStartOfDay().toInstant(ZoneOffset.UTC));

  /**
   * @throws IllegalArgumentException naming what is wrong
   */
  static SwitchRequest parse(JsonNode body) {
    if (body == null || !body.isObject()) {
      throw new IllegalArgumentException(
          "the body must be a JSON object: {\""
              + ENFORCE
              + "\": true|false, \""
              + GRACE
              + "\": \"2027-01-01T00:00:00Z\"|null, \""
              + ACTOR
              + "\": \"who\"}");
    }
    Set<String> unknown = new TreeSet<>(body.propertyNames());
    unknown.removeAll(FIELDS);
    if (!unknown.isEmpty()) {
      throw new IllegalArgumentException(
          "unknown field(s) " + unknown + ", expected " + new TreeSet<>(FIELDS));
    }
    JsonNode enforce = body.path(ENFORCE);
    if (!enforce.isBoolean()) {
      throw new IllegalArgumentException(ENFORCE + " must be true or false, was " + shown(enforce));
    }
    return new SwitchRequest(enforce.booleanValue(), graceUntil(body.path(GRACE)), actor(body));
  }

  SwitchSetting setting() {
    return new SwitchSetting(enforceNotRealname, graceUntil);
  }

  /** An instant with its offset ({@code 2027-01-01T00:00:00Z}), or a date (its start, UTC). */
  private static Instant graceUntil(JsonNode value) {
    if (value.isMissingNode() || value.isNull()) {
      return null;
    }
    String text = value.isString() ? value.stringValue() : null;
    if (text != null) {
      for (var parser : PARSERS) {
        try {
          return parser.apply(text.strip());
        } catch (DateTimeException notThisForm) {
          // try the next form
        }
      }
    }
    throw new IllegalArgumentException(
        GRACE
            + " must be an ISO-8601 instant such as \"2027-01-01T00:00:00Z\" or a date such as"
            + " \"2027-01-01\" (its start, UTC), or null; was "
            + shown(value));
  }

  private static String actor(JsonNode body) {
    JsonNode value = body.path(ACTOR);
    if (!value.isString() || value.stringValue().isBlank()) {
      throw new IllegalArgumentException(
          ACTOR + " must name who makes the change (a non-empty string), was " + shown(value));
    }
    String actor = value.stringValue().strip();
    if (actor.length() > MAX_ACTOR_LENGTH) {
      throw new IllegalArgumentException(
          ACTOR + " must be at most " + MAX_ACTOR_LENGTH + " characters, was " + actor.length());
    }
    return actor;
  }

  private static String shown(JsonNode value) {
    return value.isMissingNode() ? "missing" : value.toString();
  }
}
