package com.cmp.polling.autoconfigure.membership;

import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.admin.MemberToRemove;
import org.apache.kafka.clients.admin.RemoveMembersFromConsumerGroupOptions;
import org.apache.kafka.common.errors.GroupIdNotFoundException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.listener.MessageListenerContainer;

/**
 * On a clean stop, takes this instance's static members out of their groups once the consumers are
 * closed, as Kafka Streams does for its own: a static member stays in its group when its consumer
 * closes (it is expected back), so without this the partitions of an instance scaled away, or
 * replaced by one with another id, would wait the whole session timeout. A stop that runs nothing
 * (kill -9, a crash) leaves the members in place, and the instance's return under the same id takes
 * their partitions back at once.
 */
public final class LeaveGroupsOnStop implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(LeaveGroupsOnStop.class);
  private static final Duration TIMEOUT = Duration.ofSeconds(5);

  private final Map<String, Object> adminConfig;
  private final KafkaListenerEndpointRegistry listeners;
  private final String instanceId;
  private volatile boolean running;

  /**
   * @param adminConfig how to reach Kafka ({@code KafkaAdmin#getConfigurationProperties()})
   * @param listeners the app's listener containers, whose groups are left
   * @param instanceId the instance id the containers' static ids were made of
   */
  public LeaveGroupsOnStop(
      Map<String, Object> adminConfig, KafkaListenerEndpointRegistry listeners, String instanceId) {
    this.adminConfig = adminConfig;
    this.listeners = listeners;
    this.instanceId = instanceId;
  }

  @Override
  public void start() {
    running = true;
  }

  @Override
  public void stop() {
    running = false;
    try (Admin admin = Admin.create(adminConfig)) {
      for (MessageListenerContainer container : listeners.getListenerContainers()) {
        leave(admin, container.getGroupId(), container.getListenerId());
      }
    } catch (RuntimeException e) {
      log.warn(
          "static members of instance {} not taken out of their groups ({}): their partitions"
              + " wait for the session timeout",
          instanceId,
          e.getMessage());
    }
  }

  private void leave(Admin admin, String group, String listenerId) {
    // Spring Kafka's concurrent container names its child consumers <id>-0, <id>-1, ...
    Pattern ours =
        Pattern.compile(Pattern.quote(StaticMembership.memberId(instanceId, listenerId)) + "-\\d+");
    try {
      Set<MemberToRemove> members = new HashSet<>();
      for (MemberDescription member :
          admin
              .describeConsumerGroups(Set.of(group))
              .describedGroups()
              .get(group)
              .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
              .members()) {
        member
            .groupInstanceId()
            .filter(id -> ours.matcher(id).matches())
            .ifPresent(id -> members.add(new MemberToRemove(id)));
      }
      if (members.isEmpty()) {
        return;
      }
      var options = new RemoveMembersFromConsumerGroupOptions(members);
      options.reason("instance " + instanceId + " stopped");
      admin
          .removeMembersFromConsumerGroup(group, options)
          .all()
          .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
      log.info("{} static members of instance {} left group {}", members.size(), instanceId, group);
    } catch (ExecutionException e) {
      if (!(e.getCause() instanceof GroupIdNotFoundException)) {
        log.warn(
            "static members of instance {} did not leave group {} ({}): its partitions wait for"
                + " the session timeout",
            instanceId,
            group,
            e.getCause().getMessage());
      }
    } catch (TimeoutException e) {
      log.warn(
          "static members of instance {} did not leave group {} within {}: its partitions wait for"
              + " the session timeout",
          instanceId,
          group,
          TIMEOUT);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public boolean isRunning() {
    return running;
  }

  /** Below the listener containers' phase: stopped after them, once the consumers are closed. */
  @Override
  public int getPhase() {
    return SmartLifecycle.DEFAULT_PHASE - 200;
  }
}
