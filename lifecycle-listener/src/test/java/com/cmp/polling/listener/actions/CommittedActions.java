package com.cmp.polling.listener.actions;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.action.CardAction;
import com.cmp.polling.schemas.json.PayloadCodec;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * {@code polling.card.actions} from its beginning, as a downstream consumer reading committed
 * records sees it (the guarantee is stated for such a consumer). Each record's key is checked to be
 * its card.
 */
final class CommittedActions implements AutoCloseable {

  private final PayloadCodec codec = new PayloadCodec();
  private final KafkaConsumer<String, byte[]> consumer;
  private final List<CardAction> read = new ArrayList<>();

  CommittedActions(KafkaExtension kafka) {
    consumer =
        new KafkaConsumer<>(
            Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                kafka.bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG,
                KafkaExtension.unique("card-actions-reader"),
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
   * Reads on until the action with this id has arrived, or {@code within} has passed, and returns
   * every action read so far, in topic order.
   */
  List<CardAction> readUntil(long actionId, Duration within) {
    long deadline = System.nanoTime() + within.toNanos();
    while (read.stream().noneMatch(action -> action.actionId() == actionId)
        && System.nanoTime() < deadline) {
      for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(200))) {
        CardAction action = codec.decode(Topics.CARD_ACTIONS, record.value());
        assertThat(record.key()).isEqualTo(Long.toString(action.cardId()));
        read.add(action);
      }
    }
    return List.copyOf(read);
  }

  @Override
  public void close() {
    consumer.close(Duration.ofSeconds(5));
  }
}
