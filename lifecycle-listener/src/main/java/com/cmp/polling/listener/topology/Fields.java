package com.cmp.polling.listener.topology;

import tools.jackson.databind.JsonNode;

/** Typed reads of a row's columns, refusing what the table cannot hold. */
final class Fields {

  private Fields() {}

  static long requireLong(JsonNode row, String column) {
    JsonNode value = row.get(column);
    if (value == null || !value.isIntegralNumber()) {
      throw new MalformedChangeException("$." + column + ": integer expected, was " + value);
    }
    return value.longValue();
  }

  static Long optionalLong(JsonNode row, String column) {
    JsonNode value = row.get(column);
    if (value == null || value.isNull()) {
      return null;
    }
    return requireLong(row, column);
  }

  static boolean requireBoolean(JsonNode row, String column) {
    JsonNode value = row.get(column);
    if (value == null || !value.isBoolean()) {
      throw new MalformedChangeException("$." + column + ": boolean expected, was " + value);
    }
    return value.booleanValue();
  }

  static String optionalString(JsonNode row, String column) {
    JsonNode value = row.get(column);
    return value == null || value.isNull() ? null : value.asString();
  }

  /** A soft-delete column: present (null or a timestamp) on every row of the table. */
  static boolean deleted(JsonNode row) {
    if (!row.has("deleted_at")) {
      throw new MalformedChangeException("$.deleted_at: missing");
    }
    return !row.get("deleted_at").isNull();
  }
}
