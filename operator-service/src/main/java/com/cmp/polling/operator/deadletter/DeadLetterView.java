package com.cmp.polling.operator.deadletter;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.springframework.kafka.support.KafkaHeaders;

/**
 * A dead-letter record as the console shows it. The payload is text for the page to show as text
 * (never as markup), cut at {@link #PAYLOAD_SHOWN} characters.
 *
 * @param id {@code partition@offset}
 * @param key the record key (a card id for task topics), or null
 * @param error the failure written in the dead-letter headers, or null
 * @param exception the class of that failure, or null
 * @param originalTopic the topic the record was read from when it failed
 * @param time when the record was written to the dead-letter topic
 * @param payload the value as UTF-8 text, cut when long
 * @param payloadBytes the size of the whole value
 */
public record DeadLetterView(
    String id,
    String key,
    String error,
    String exception,
    String originalTopic,
    Instant time,
    String payload,
    int payloadBytes) {

  static final int PAYLOAD_SHOWN = 2000;

  static DeadLetterView of(ConsumerRecord<byte[], byte[]> record) {
    String payload = text(record.value());
    if (payload != null && payload.length() > PAYLOAD_SHOWN) {
      payload = payload.substring(0, PAYLOAD_SHOWN) + "…";
    }
    return new DeadLetterView(
        new RecordId(record.partition(), record.offset()).toString(),
        text(record.key()),
        header(record, KafkaHeaders.DLT_EXCEPTION_MESSAGE),
        header(record, KafkaHeaders.DLT_EXCEPTION_FQCN),
        header(record, KafkaHeaders.DLT_ORIGINAL_TOPIC),
        Instant.ofEpochMilli(record.timestamp()),
        payload,
        record.value() == null ? 0 : record.value().length);
  }

  static String header(ConsumerRecord<byte[], byte[]> record, String name) {
    Header header = record.headers().lastHeader(name);
    return header == null ? null : text(header.value());
  }

  private static String text(byte[] bytes) {
    return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
  }
}
