package com.cmp.polling.scaleout.lifecycle;

import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.action.CardAction;
import com.cmp.polling.schemas.json.PayloadCodec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * {@code polling.card.actions} from its beginning, as a downstream consumer reading committed
 * records sees it (the card-actions topology writes in transactions).
 */
final class CommittedCardActions implements AutoCloseable {

  private final PayloadCodec codec = new PayloadCodec();
  private final KafkaConsumer<String, byte[]> consumer;
  private final List<CardAction> read = new ArrayList<>();

  CommittedCardActions(String bootstrapServers) {
    consumer =
        new KafkaConsumer<>(
            Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers,
                ConsumerConfig.GROUP_ID_CONFIG,
                "card-actions-reader-" + UUID.randomUUID(),
                ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                "read_committed",
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                StringDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                ByteArrayDeserializer.class));
    List<TopicPartition> partitions =
        consumer.partitionsFor(Topics.CARD_ACTIONS_NAME, Duration.ofSeconds(30)).stream()
            .map(info -> new TopicPartition(info.topic(), info.partition()))
            .toList();
    consumer.assign(partitions);
    consumer.seekToBeginning(partitions);
  }

  /**
   * Reads on until the action with this id has arrived, or {@code within} has passed; returns every
   * action read so far, in topic order.
   */
  List<CardAction> readUntil(long actionId, Duration within) {
    long deadline = System.nanoTime() + within.toNanos();
    while (read.stream().noneMatch(action -> action.actionId() == actionId)
        && System.nanoTime() < deadline) {
      consumer
          .poll(Duration.ofMillis(200))
          .forEach(record -> read.add(codec.decode(Topics.CARD_ACTIONS, record.value())));
    }
    return List.copyOf(read);
  }

  @Override
  public void close() {
    consumer.close(Duration.ofSeconds(5));
  }
}
