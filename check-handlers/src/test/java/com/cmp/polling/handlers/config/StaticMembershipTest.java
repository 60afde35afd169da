package com.cmp.polling.handlers.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;
import org.springframework.kafka.listener.ConcurrentMessageListenerContainer;
import org.springframework.kafka.listener.ContainerProperties;

class StaticMembershipTest {

  @Test
  void instanceId_isTheConfiguredOne_elseThisHostsName_reducedToWhatKafkaAccepts() {
    assertThat(StaticMembership.instanceId("handlers-7")).isEqualTo("handlers-7");
    assertThat(StaticMembership.instanceId(null)).matches(StaticMembership.VALID_ID);
    assertThat(StaticMembership.instanceId("  ")).isEqualTo(StaticMembership.instanceId(null));
  }

  @Test
  void join_givesEachListenerContainerItsOwnStaticId_keepingItsOtherConsumerProperties() {
    var realname = container("cmp-check-handlers-realname");
    var manual = container("cmp-check-handlers-realname-manual");
    realname
        .getContainerProperties()
        .getKafkaConsumerProperties()
        .setProperty("max.poll.records", "7");

    StaticMembership.join(realname, "host-1");
    StaticMembership.join(manual, "host-1");

    var properties = realname.getContainerProperties().getKafkaConsumerProperties();
    assertThat(properties.getProperty(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG))
        .isEqualTo("host-1-cmp-check-handlers-realname");
    assertThat(properties.getProperty("max.poll.records")).isEqualTo("7");
    assertThat(
            manual
                .getContainerProperties()
                .getKafkaConsumerProperties()
                .getProperty(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG))
        .isEqualTo("host-1-cmp-check-handlers-realname-manual");
  }

  @Test
  void anInstanceIdKafkaWouldRefuse_failsTheStart() {
    assertThatThrownBy(() -> properties("handlers 1"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("cmp.polling.handlers.instance-id")
        .hasMessageContaining("handlers 1");
    assertThat(properties("handlers_1.eu-west").instanceId()).isEqualTo("handlers_1.eu-west");
    assertThat(properties(null).instanceId()).isNull();
  }

  private static ConcurrentMessageListenerContainer<String, byte[]> container(String listenerId) {
    var container =
        new ConcurrentMessageListenerContainer<String, byte[]>(
            new DefaultKafkaConsumerFactory<>(Map.of()), new ContainerProperties("polling.task"));
    container.setBeanName(listenerId); // a @KafkaListener container is named by its id
    return container;
  }

  private static HandlersProperties properties(String instanceId) {
    return new HandlersProperties(
        4,
        64,
        10,
        Duration.ofSeconds(2),
        Duration.ofMinutes(10),
        Duration.ofSeconds(60),
        Duration.ofMinutes(10),
        true,
        instanceId);
  }
}
