package com.cmp.polling.operator.action;

import com.cmp.polling.operator.web.JsonBodies;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The body of a replay or discard of dead letters, from the API and the console alike: {@code
 * {"ids": ["0@17", "3@2"]}}, records as {@code partition@offset}, at most {@value #MAX_PER_CALL}.
 * Read as a tree, strictly ({@link #ids}); the record is the body's shape for the API's
 * description.
 */
public record RecordsRequest(List<String> ids) {

  static final String FIELD = "ids";

  /** Records per replay or discard call. */
  static final int MAX_PER_CALL = 1000;

  /**
   * @throws IllegalArgumentException for another field, no ids, too many, or an id that is not a
   *     string (its form is checked where it is read)
   */
  static List<String> ids(JsonNode body) {
    JsonNode value = JsonBodies.field(JsonBodies.object(body, List.of(FIELD)), FIELD);
    if (value == null || !value.isArray() || value.isEmpty()) {
      throw new IllegalArgumentException(
          FIELD + " is missing: list records as partition@offset, e.g. [\"0@17\"]");
    }
    if (value.size() > MAX_PER_CALL) {
      throw new IllegalArgumentException(
          "at most " + MAX_PER_CALL + " records per call, got " + value.size());
    }
    List<String> ids = new ArrayList<>(value.size());
    for (JsonNode id : value) {
      if (!id.isString()) {
        throw new IllegalArgumentException(
            FIELD + " must list strings such as \"0@17\", was " + JsonBodies.shown(id));
      }
      ids.add(id.stringValue());
    }
    return ids;
  }
}
