package com.cmp.polling.autoconfigure.membership;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Properties;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.springframework.kafka.listener.ConcurrentMessageListenerContainer;

/**
 * Kafka static group membership for the apps' consumers: each consumer joins its group under an id
 * that stays the same across restarts of its instance ({@code <instance id>-<listener id>-<n>};
 * Spring Kafka's concurrent container appends {@code -<n>} per child consumer, Kafka Streams {@code
 * -<thread>}). A member that dies without leaving (kill -9) is still in the group when its instance
 * comes back under the same id, and gets its partitions back at once, without a rebalance; with
 * dynamic membership the new consumers wait for the dead ones' session timeout (45 s) before
 * anything is assigned. A clean stop takes the members out of their groups ({@link
 * LeaveGroupsOnStop}, or Kafka Streams' close with {@code leaveGroup}).
 */
public final class StaticMembership {

  /** What Kafka accepts in a {@code group.instance.id}, kept short of its 249 characters. */
  public static final Pattern VALID_ID = Pattern.compile("[A-Za-z0-9._-]{1,150}");

  private StaticMembership() {}

  /**
   * @throws IllegalArgumentException naming {@code property} when {@code configured} is set but not
   *     a usable id
   */
  public static void check(String property, String configured) {
    if (configured != null && !configured.isBlank() && !VALID_ID.matcher(configured).matches()) {
      throw new IllegalArgumentException(
          property + " must be 1-150 of [A-Za-z0-9._-], was " + configured);
    }
  }

  /** The configured instance id, else this host's name (stable across restarts of a container). */
  public static String instanceId(String configured) {
    if (configured != null && !configured.isBlank()) {
      return configured;
    }
    String host = System.getenv("HOSTNAME");
    if (host == null || host.isBlank()) {
      try {
        host = InetAddress.getLocalHost().getHostName();
      } catch (UnknownHostException e) {
        host = "cmp-polling";
      }
    }
    String id = host.replaceAll("[^A-Za-z0-9._-]", "-");
    return id.length() > 150 ? id.substring(0, 150) : id;
  }

  /**
   * Gives the container's consumers their static ids: unique per listener container of this
   * instance (listener ids are unique in an app), so two containers of one group never clash.
   */
  public static void join(ConcurrentMessageListenerContainer<?, ?> container, String instanceId) {
    var containerProperties = container.getContainerProperties();
    Properties consumer = new Properties();
    Properties existing = containerProperties.getKafkaConsumerProperties();
    existing.stringPropertyNames().forEach(name -> consumer.put(name, existing.getProperty(name)));
    consumer.setProperty(
        ConsumerConfig.GROUP_INSTANCE_ID_CONFIG, memberId(instanceId, container.getListenerId()));
    containerProperties.setKafkaConsumerProperties(consumer);
  }

  /**
   * The static id of a listener's (or a Streams application's) consumers, before the container's
   * {@code -<n>} (Streams' {@code -<thread>}).
   */
  public static String memberId(String instanceId, String listenerId) {
    return instanceId + "-" + listenerId;
  }
}
