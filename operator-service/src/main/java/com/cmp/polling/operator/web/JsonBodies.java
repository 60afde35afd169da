package com.cmp.polling.operator.web;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;

/**
 * Strict reading of the API's small JSON request bodies. Controllers take the body as a tree and
 * read it through here, rather than binding it to a record, because Jackson would silently drop a
 * misspelt field ({@code protectFor} instead of {@code protectForSeconds}) and coerce {@code
 * "3600"} or {@code 3600.7} into a number: an operator's typo must be an error, never a stop
 * without the protection he asked for.
 */
public final class JsonBodies {

  /** Longer values are cut in error messages. */
  private static final int SHOWN_CHARS = 40;

  private JsonBodies() {}

  /**
   * The body as an object holding only {@code accepted} fields.
   *
   * @return null for no body or a JSON {@code null} (the caller applies its default)
   * @throws IllegalArgumentException for anything but an object, or an object with other fields
   */
  public static JsonNode object(JsonNode body, List<String> accepted) {
    if (body == null || body.isNull() || body.isMissingNode()) {
      return null;
    }
    if (!body.isObject()) {
      throw new IllegalArgumentException(
          "request body must be a JSON object with the fields "
              + accepted
              + ", was "
              + shown(body));
    }
    Set<String> unknown = new TreeSet<>(body.propertyNames());
    accepted.forEach(unknown::remove);
    if (!unknown.isEmpty()) {
      throw new IllegalArgumentException(
          "unknown field(s) " + unknown + " in the request body; accepted: " + accepted);
    }
    return body;
  }

  /** The field's value, or null when the field is absent or JSON {@code null}. */
  public static JsonNode field(JsonNode object, String name) {
    if (object == null) {
      return null;
    }
    JsonNode value = object.get(name);
    return value == null || value.isNull() ? null : value;
  }

  /** A value as JSON text for an error message, cut when long. */
  public static String shown(JsonNode value) {
    String text = value.toString();
    return text.length() <= SHOWN_CHARS ? text : text.substring(0, SHOWN_CHARS) + "...";
  }
}
