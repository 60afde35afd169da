package com.cmp.polling.embedded.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.Test;

class KafkaProcessClusterIT {

  @Test
  void killedNode_comesBackOnItsAddress_withItsTopics_andTheBrokerSettingsGiven() throws Exception {
    try (KafkaProcessCluster cluster =
        KafkaProcessCluster.builder().heap("256m").setting("num.partitions", "4").start()) {
      String address = cluster.addressOf(1);
      try (Admin admin = admin(cluster)) {
        admin
            .createTopics(List.of(new NewTopic("kept", 2, (short) 1)))
            .all()
            .get(30, TimeUnit.SECONDS);
      }

      cluster.stop(1);
      assertThat(cluster.isRunning(1)).isFalse();
      cluster.start(1);

      assertThat(cluster.isRunning(1)).isTrue();
      assertThat(cluster.addressOf(1)).isEqualTo(address);
      assertThat(cluster.pidOf(1)).isPositive();
      try (Admin admin = admin(cluster)) {
        Set<String> topics = admin.listTopics().names().get(30, TimeUnit.SECONDS);
        assertThat(topics).contains("kept");
        // A topic created without a partition count gets the broker's num.partitions.
        admin
            .createTopics(
                List.of(
                    new NewTopic(
                        "defaulted", java.util.Optional.empty(), java.util.Optional.empty())))
            .all()
            .get(30, TimeUnit.SECONDS);
        assertThat(
                admin
                    .describeTopics(List.of("defaulted"))
                    .allTopicNames()
                    .get(30, TimeUnit.SECONDS)
                    .get("defaulted")
                    .partitions())
            .hasSize(4);
      }
    }
  }

  @Test
  void inJvmBroker_answersAtItsBootstrapServers() throws Exception {
    try (InJvmKafkaBroker broker = InJvmKafkaBroker.start();
        Admin admin =
            Admin.create(
                Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()))) {
      assertThat(admin.describeCluster().nodes().get(30, TimeUnit.SECONDS)).hasSize(1);
    }
  }

  private static Admin admin(KafkaProcessCluster cluster) {
    return Admin.create(
        Map.of(
            AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
            cluster.bootstrapServers(),
            AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG,
            (int) Duration.ofSeconds(30).toMillis()));
  }
}
