package com.cmp.polling.autoconfigure.membership;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
  void anInstanceIdKafkaWouldRefuse_isRefused_namingTheProperty() {
    assertThatThrownBy(() -> StaticMembership.check("cmp.polling.x.instance-id", "handlers 1"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("cmp.polling.x.instance-id must be 1-150 of [A-Za-z0-9._-], was handlers 1");
    StaticMembership.check("cmp.polling.x.instance-id", "handlers_1.eu-west");
    StaticMembership.check("cmp.polling.x.instance-id", null);
  }

  private static ConcurrentMessageListenerContainer<String, byte[]> container(String listenerId) {
    var container =
        new ConcurrentMessageListenerContainer<String, byte[]>(
            new DefaultKafkaConsumerFactory<>(Map.of()), new ContainerProperties("polling.task"));
    container.setBeanName(listenerId); // a @KafkaListener container is named by its id
    return container;
  }
}
