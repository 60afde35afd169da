package com.cmp.polling.operator.deadletter;

import com.cmp.polling.schemas.Topic;
import com.cmp.polling.schemas.Topics;
import java.util.List;

/**
 * The dead-letter topics of the pipeline: {@code <topic>-dlt} beside every consumed topic of {@link
 * Topics} (every topic but the card actions, which nothing in the pipeline consumes).
 */
public final class DeadLetterTopics {

  private static final List<String> NAMES =
      Topics.all().stream()
          .filter(topic -> topic != Topics.CARD_ACTIONS)
          .map(Topic::deadLetterName)
          .toList();

  private DeadLetterTopics() {}

  public static List<String> names() {
    return NAMES;
  }

  /**
   * @throws IllegalArgumentException naming the value and the known topics
   */
  static String requireKnown(String topic) {
    if (!NAMES.contains(topic)) {
      throw new IllegalArgumentException(
          "unknown dead-letter topic '" + topic + "', expected one of " + NAMES);
    }
    return topic;
  }

  /** The topic whose records a dead-letter topic holds ({@code x-dlt} → {@code x}). */
  static String originOf(String deadLetterTopic) {
    return deadLetterTopic.substring(
        0, deadLetterTopic.length() - Topic.DEAD_LETTER_SUFFIX.length());
  }
}
