package com.cmp.polling.listener.config;

import com.cmp.polling.autoconfigure.PollingProperties;
import com.cmp.polling.autoconfigure.membership.StaticMembership;
import com.cmp.polling.listener.topology.CardActionsTopology;
import com.cmp.polling.listener.topology.StreamsSettings;
import com.cmp.polling.listener.topology.TopologyRunner;
import com.cmp.polling.schemas.json.PayloadCodec;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.streams.StreamsConfig;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The topology that derives {@code polling.card.actions} from tb_stop_resume_log's changes. */
@Configuration(proxyBeanMethods = false)
public class CardActionsConfiguration {

  @Bean
  @ConditionalOnProperty(
      name = "cmp.polling.listener.card-actions.enabled",
      havingValue = "true",
      matchIfMissing = true)
  TopologyRunner cardActionsRunner(
      ListenerProperties properties,
      KafkaProperties kafka,
      PayloadCodec codec,
      PollingProperties polling) {
    var cardActions = properties.cardActions();
    Properties settings =
        StreamsSettings.of(
            properties.streams(),
            String.join(",", kafka.getBootstrapServers()),
            polling.kafka(),
            properties.staticInstanceId());
    settings.put(StreamsConfig.APPLICATION_ID_CONFIG, cardActions.applicationId());
    if (properties.staticInstanceId() != null) {
      // Its own group: the member ids follow its own application id.
      settings.put(
          StreamsConfig.mainConsumerPrefix(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG),
          StaticMembership.memberId(properties.staticInstanceId(), cardActions.applicationId()));
    }
    settings.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, cardActions.processingGuarantee());
    // One request in flight per connection: the first batch a transaction sends to a partition
    // is written before the next one leaves. With two in flight, a broker on transactions v2
    // that has no state yet for this producer on the partition refuses the second (a retriable
    // OutOfOrderSequenceException, logged by the broker as an ERROR each time) until the first
    // lands. Card actions are few; their throughput never needs pipelining.
    settings.put(
        StreamsConfig.producerPrefix(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION), 1);
    return new TopologyRunner(
        "card actions", CardActionsTopology.build(codec, cardActions.dedupRetention()), settings);
  }
}
