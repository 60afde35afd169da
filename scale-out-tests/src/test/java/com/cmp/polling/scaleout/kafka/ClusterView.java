package com.cmp.polling.scaleout.kafka;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;

/** What the brokers say about topics and groups, read with Kafka's admin client. */
final class ClusterView implements AutoCloseable {

  /** One partition: its leader (-1 when none), replicas and in-sync replicas by node id. */
  record PartitionState(int partition, int leader, Set<Integer> replicas, Set<Integer> inSync) {}

  private final Admin admin;

  ClusterView(String bootstrapServers) {
    admin =
        Admin.create(
            Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 15000,
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 5000));
  }

  List<PartitionState> partitions(String topic) {
    return get(admin.describeTopics(List.of(topic)).allTopicNames())
        .get(topic)
        .partitions()
        .stream()
        .map(
            p ->
                new PartitionState(
                    p.partition(),
                    p.leader() == null ? -1 : p.leader().id(),
                    ids(p.replicas()),
                    ids(p.isr())))
        .toList();
  }

  /** The names of the topics that start with one of the prefixes. */
  List<String> topicsStartingWith(String... prefixes) {
    return get(admin.listTopics().names()).stream()
        .filter(name -> Stream.of(prefixes).anyMatch(name::startsWith))
        .sorted()
        .toList();
  }

  /** The topic's {@code min.insync.replicas} as the broker applies it. */
  String minInsyncReplicas(String topic) {
    var resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
    return get(admin.describeConfigs(List.of(resource)).all())
        .get(resource)
        .get(TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG)
        .value();
  }

  /** The node that coordinates the consumer group (its offsets and its members). */
  int coordinatorOf(String group) {
    return get(admin.describeConsumerGroups(List.of(group)).all()).get(group).coordinator().id();
  }

  private static Set<Integer> ids(List<Node> nodes) {
    return nodes.stream().map(Node::id).collect(Collectors.toSet());
  }

  private static <T> T get(org.apache.kafka.common.KafkaFuture<T> future) {
    try {
      return future.get(20, TimeUnit.SECONDS);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("Kafka admin request failed", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }

  @Override
  public void close() {
    admin.close();
  }
}
