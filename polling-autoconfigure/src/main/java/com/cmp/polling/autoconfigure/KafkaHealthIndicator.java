package com.cmp.polling.autoconfigure;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.AdminClient;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.kafka.core.KafkaAdmin;

/** Kafka is up when the cluster answers a describe within the timeout. */
public class KafkaHealthIndicator extends AbstractHealthIndicator {

  private final KafkaAdmin admin;
  private final Duration timeout;

  public KafkaHealthIndicator(KafkaAdmin admin, Duration timeout) {
    super("Kafka health check failed");
    this.admin = admin;
    this.timeout = timeout;
  }

  @Override
  protected void doHealthCheck(Health.Builder builder) throws Exception {
    try (AdminClient client = AdminClient.create(admin.getConfigurationProperties())) {
      var cluster =
          client.describeCluster(new DescribeClusterOptions().timeoutMs((int) timeout.toMillis()));
      String clusterId = cluster.clusterId().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
      int nodes = cluster.nodes().get(timeout.toMillis(), TimeUnit.MILLISECONDS).size();
      builder.up().withDetail("clusterId", clusterId).withDetail("nodes", nodes);
    }
  }
}
