package com.cmp.polling.schemas;

import java.util.Objects;
import java.util.Optional;

/**
 * A Kafka topic and the type of its payload.
 *
 * @param name the topic name
 * @param payloadType the Java type of a record value
 * @param schemaName the JSON Schema (resource {@code schemas/<name>.schema.json}) every value must
 *     satisfy, or null for topics whose format belongs to someone else (Debezium's envelope)
 */
public record Topic<T>(String name, Class<T> payloadType, String schemaName) {

  /** Suffix of a dead-letter topic, Spring Kafka's convention. */
  public static final String DEAD_LETTER_SUFFIX = "-dlt";

  public Topic {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(payloadType, "payloadType");
  }

  public Optional<String> schema() {
    return Optional.ofNullable(schemaName);
  }

  /** Where records that could not be processed go, with the failure in their headers. */
  public String deadLetterName() {
    return name + DEAD_LETTER_SUFFIX;
  }

  @Override
  public String toString() {
    return name;
  }
}
