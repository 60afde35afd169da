package com.cmp.polling.operator.deadletter;

import com.cmp.polling.operator.config.MonitoringProperties;
import com.cmp.polling.operator.deadletter.DeadLetterReader.Range;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.support.KafkaHeaders;
import org.springframework.stereotype.Component;

/**
 * The dead-letter topics as operators handle them: what each holds (less what was handled), replay
 * of a record to the topic it came from, discard. A handled record is remembered in Redis ({@link
 * HandledDeadLetters}); Kafka keeps it until its retention ends.
 */
@Component
public class DeadLetters {

  private static final Logger log = LoggerFactory.getLogger(DeadLetters.class);
  private static final long SEND_TIMEOUT_SECONDS = 10;

  private final DeadLetterReader reader;
  private final HandledDeadLetters handled;
  private final KafkaTemplate<String, byte[]> kafka;
  private final int preview;

  DeadLetters(
      DeadLetterReader reader,
      HandledDeadLetters handled,
      KafkaTemplate<String, byte[]> kafka,
      MonitoringProperties settings) {
    this.reader = reader;
    this.handled = handled;
    this.kafka = kafka;
    this.preview = settings.deadLetterPreview();
  }

  /**
   * Records neither replayed nor discarded, per dead-letter topic: Kafka's offsets less the handled
   * set (whose records Kafka no longer holds are forgotten on the way).
   *
   * @throws DeadLettersUnavailableException when Kafka cannot say
   */
  public Map<String, Long> unhandledCounts() {
    Map<TopicPartition, Range> ranges = offsets(DeadLetterTopics.names());
    Map<String, Long> counts = new LinkedHashMap<>();
    for (String topic : DeadLetterTopics.names()) {
      long records = 0;
      for (var entry : ranges.entrySet()) {
        if (entry.getKey().topic().equals(topic)) {
          records += entry.getValue().end() - entry.getValue().start();
        }
      }
      counts.put(topic, records - handledStillHeld(topic, ranges));
    }
    return counts;
  }

  private long handledStillHeld(String topic, Map<TopicPartition, Range> ranges) {
    List<RecordId> gone = new ArrayList<>();
    long held = 0;
    for (RecordId id : handled.of(topic)) {
      Range range = ranges.get(id.in(topic));
      if (range != null && id.offset() >= range.start() && id.offset() < range.end()) {
        held++;
      } else if (range != null && id.offset() < range.start()) {
        gone.add(id);
      }
    }
    handled.forget(topic, gone);
    return held;
  }

  /**
   * The newest unhandled records of one topic (at most {@code dead-letter-preview}), newest first.
   */
  public TopicLetters list(String topic) {
    DeadLetterTopics.requireKnown(topic);
    Map<TopicPartition, Range> ranges = offsets(List.of(topic));
    Set<RecordId> done = handled.of(topic);
    Map<TopicPartition, Range> tails = new HashMap<>();
    long records = 0;
    long held = 0;
    for (var entry : ranges.entrySet()) {
      Range range = entry.getValue();
      records += range.end() - range.start();
      long partitionHandled =
          done.stream()
              .filter(id -> id.partition() == entry.getKey().partition())
              .filter(id -> id.offset() >= range.start() && id.offset() < range.end())
              .count();
      held += partitionHandled;
      long from = Math.max(range.start(), range.end() - preview - partitionHandled);
      tails.put(entry.getKey(), new Range(from, range.end()));
    }
    List<DeadLetterView> letters =
        reader.read(tails).stream()
            .filter(r -> !done.contains(new RecordId(r.partition(), r.offset())))
            .sorted(
                Comparator.comparingLong((ConsumerRecord<byte[], byte[]> r) -> r.timestamp())
                    .thenComparingLong(ConsumerRecord::offset)
                    .reversed())
            .limit(preview)
            .map(DeadLetterView::of)
            .toList();
    return new TopicLetters(topic, records - held, letters);
  }

  /** Sends each record back to the topic it came from, then marks it handled. */
  public List<Outcome> replay(String topic, List<String> ids) {
    DeadLetterTopics.requireKnown(topic);
    List<RecordId> parsed = ids.stream().map(RecordId::parse).toList();
    Set<RecordId> done = handled.of(topic);
    List<Outcome> outcomes = new ArrayList<>();
    for (RecordId id : parsed) {
      if (done.contains(id)) {
        outcomes.add(new Outcome(id.toString(), false, "already replayed or discarded"));
        continue;
      }
      Optional<ConsumerRecord<byte[], byte[]>> record = reader.readOne(topic, id);
      if (record.isEmpty()) {
        outcomes.add(new Outcome(id.toString(), false, "no such record in " + topic));
        continue;
      }
      outcomes.add(send(topic, id, record.get()));
    }
    return outcomes;
  }

  private Outcome send(String topic, RecordId id, ConsumerRecord<byte[], byte[]> record) {
    String origin = DeadLetterTopics.originOf(topic);
    String named = DeadLetterView.header(record, KafkaHeaders.DLT_ORIGINAL_TOPIC);
    if (named != null && !named.equals(origin)) {
      return new Outcome(
          id.toString(), false, "its headers name topic " + named + ", not " + origin);
    }
    String key = record.key() == null ? null : new String(record.key(), StandardCharsets.UTF_8);
    try {
      kafka
          .send(new ProducerRecord<>(origin, key, record.value()))
          .get(SEND_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Outcome(id.toString(), false, "interrupted before Kafka answered");
    } catch (Exception e) {
      log.warn("dead letter {} {} not replayed to {}: {}", topic, id, origin, e.getMessage());
      return new Outcome(id.toString(), false, "Kafka refused it: " + e.getMessage());
    }
    handled.add(topic, List.of(id));
    log.info("dead letter {} {} (key {}) replayed to {} by an operator", topic, id, key, origin);
    return new Outcome(id.toString(), true, "replayed to " + origin);
  }

  /** Marks the records handled without sending them anywhere. */
  public List<Outcome> discard(String topic, List<String> ids) {
    DeadLetterTopics.requireKnown(topic);
    List<RecordId> parsed = ids.stream().map(RecordId::parse).toList();
    handled.add(topic, parsed);
    log.info("{} dead letters of {} discarded by an operator: {}", parsed.size(), topic, parsed);
    return parsed.stream().map(id -> new Outcome(id.toString(), true, "discarded")).toList();
  }

  private Map<TopicPartition, Range> offsets(List<String> topics) {
    try {
      return reader.offsets(topics);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DeadLettersUnavailableException(e);
    } catch (Exception e) {
      throw new DeadLettersUnavailableException(e);
    }
  }

  /**
   * @param unhandled records neither replayed nor discarded
   * @param records the newest of them
   */
  public record TopicLetters(String topic, long unhandled, List<DeadLetterView> records) {}

  /** What became of one record of a replay or discard. */
  public record Outcome(String id, boolean done, String message) {}
}
