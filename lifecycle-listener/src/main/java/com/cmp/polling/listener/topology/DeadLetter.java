package com.cmp.polling.listener.topology;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorContext;
import org.apache.kafka.streams.processor.api.FixedKeyRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.support.KafkaHeaders;

/**
 * Turns a raw change the topology could not read back into its original value, with the reason and
 * origin in Spring Kafka's dead-letter headers, for the raw topic's {@code -dlt}.
 */
final class DeadLetter implements FixedKeyProcessor<String, Parsed, String> {

  private static final Logger log = LoggerFactory.getLogger(DeadLetter.class);

  private FixedKeyProcessorContext<String, String> context;

  @Override
  public void init(FixedKeyProcessorContext<String, String> context) {
    this.context = context;
  }

  @Override
  public void process(FixedKeyRecord<String, Parsed> record) {
    Headers headers = record.headers();
    context
        .recordMetadata()
        .ifPresent(
            origin -> {
              headers.add(KafkaHeaders.DLT_ORIGINAL_TOPIC, bytes(origin.topic()));
              headers.add(
                  KafkaHeaders.DLT_ORIGINAL_PARTITION,
                  ByteBuffer.allocate(4).putInt(origin.partition()).array());
              headers.add(
                  KafkaHeaders.DLT_ORIGINAL_OFFSET,
                  ByteBuffer.allocate(8).putLong(origin.offset()).array());
              log.warn(
                  "malformed change event {}-{}@{} sent to the dead-letter topic: {}",
                  origin.topic(),
                  origin.partition(),
                  origin.offset(),
                  record.value().error());
            });
    headers.add(KafkaHeaders.DLT_EXCEPTION_FQCN, bytes(MalformedChangeException.class.getName()));
    headers.add(KafkaHeaders.DLT_EXCEPTION_MESSAGE, bytes(record.value().error()));
    context.forward(record.withValue(record.value().raw()).withHeaders(headers));
  }

  private static byte[] bytes(String value) {
    return value.getBytes(StandardCharsets.UTF_8);
  }
}
