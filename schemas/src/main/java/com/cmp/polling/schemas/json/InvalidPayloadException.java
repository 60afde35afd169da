package com.cmp.polling.schemas.json;

import java.util.List;

/**
 * A Kafka record value that is not a valid payload of its topic: not JSON, not matching the topic's
 * JSON Schema, or not mappable to its record. Never worth a retry: consumers send the record to the
 * dead-letter topic.
 */
public class InvalidPayloadException extends RuntimeException {

  private final String topic;
  private final List<String> problems;

  public InvalidPayloadException(String topic, List<String> problems, Throwable cause) {
    super("invalid payload for topic " + topic + ": " + String.join("; ", problems), cause);
    this.topic = topic;
    this.problems = List.copyOf(problems);
  }

  public String topic() {
    return topic;
  }

  /** One line per problem, each naming the JSON path concerned. */
  public List<String> problems() {
    return problems;
  }
}
