package com.cmp.polling.operator.deadletter;

import org.apache.kafka.common.TopicPartition;

/**
 * One record of a dead-letter topic, written {@code partition@offset} (how the console and the
 * handled set in Redis name it).
 */
record RecordId(int partition, long offset) {

  /**
   * @throws IllegalArgumentException unless the text is {@code <partition>@<offset>}, two decimal
   *     numbers
   */
  static RecordId parse(String text) {
    int at = text == null ? -1 : text.indexOf('@');
    if (at <= 0 || at == text.length() - 1) {
      throw new IllegalArgumentException(
          "record id must be <partition>@<offset>, was '" + text + "'");
    }
    try {
      int partition = Integer.parseInt(digits(text.substring(0, at)));
      long offset = Long.parseLong(digits(text.substring(at + 1)));
      return new RecordId(partition, offset);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "record id must be <partition>@<offset>, was '" + text + "'", e);
    }
  }

  private static String digits(String part) {
    if (part.isEmpty() || !part.chars().allMatch(c -> c >= '0' && c <= '9')) {
      throw new NumberFormatException(part);
    }
    return part;
  }

  TopicPartition in(String topic) {
    return new TopicPartition(topic, partition);
  }

  @Override
  public String toString() {
    return partition + "@" + offset;
  }
}
