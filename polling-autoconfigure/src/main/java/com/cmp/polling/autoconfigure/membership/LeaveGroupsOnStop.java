package com.cmp.polling.autoconfigure.membership;

import static java.util.concurrent.TimeUnit.NANOSECONDS;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.admin.MemberToRemove;
import org.apache.kafka.clients.admin.RemoveMembersFromConsumerGroupOptions;
import org.apache.kafka.common.KafkaFuture;
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

  /** The most a stop may spend on this, whatever the number of groups (Kafka may be away). */
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
    Map<String, List<Pattern>> ours = new HashMap<>();
    for (MessageListenerContainer container : listeners.getListenerContainers()) {
      // Spring Kafka's concurrent container names its child consumers <id>-0, <id>-1, ...
      String prefix = StaticMembership.memberId(instanceId, container.getListenerId());
      ours.computeIfAbsent(container.getGroupId(), group -> new ArrayList<>())
          .add(Pattern.compile(Pattern.quote(prefix) + "-\\d+"));
    }
    if (ours.isEmpty()) {
      return;
    }
    long deadline = System.nanoTime() + TIMEOUT.toNanos();
    Admin admin = Admin.create(adminConfig);
    try {
      Map<String, KafkaFuture<Void>> removals = new HashMap<>();
      var described = admin.describeConsumerGroups(ours.keySet()).describedGroups();
      for (var group : described.entrySet()) {
        Set<MemberToRemove> members =
            membersOf(described(group.getValue(), deadline), ours.get(group.getKey()));
        if (!members.isEmpty()) {
          var options = new RemoveMembersFromConsumerGroupOptions(members);
          options.reason("instance " + instanceId + " stopped");
          removals.put(
              group.getKey(), admin.removeMembersFromConsumerGroup(group.getKey(), options).all());
        }
      }
      for (var removal : removals.entrySet()) {
        removal.getValue().get(left(deadline), NANOSECONDS);
        log.info("static members of instance {} left group {}", instanceId, removal.getKey());
      }
    } catch (ExecutionException | TimeoutException | RuntimeException e) {
      log.warn(
          "static members of instance {} not all taken out of their groups ({}): their partitions"
              + " wait for the session timeout",
          instanceId,
          e instanceof ExecutionException ? e.getCause().getMessage() : e.toString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      // Pending requests (Kafka away) must not hold the shutdown beyond the deadline.
      admin.close(Duration.ofMillis(Math.max(0, left(deadline) / 1_000_000)));
    }
  }

  /** The group as described, or one without members if it never existed (a listener not run). */
  private static ConsumerGroupDescription described(
      KafkaFuture<ConsumerGroupDescription> description, long deadline)
      throws ExecutionException, TimeoutException, InterruptedException {
    try {
      return description.get(left(deadline), NANOSECONDS);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof GroupIdNotFoundException) {
        return null;
      }
      throw e;
    }
  }

  private static Set<MemberToRemove> membersOf(ConsumerGroupDescription group, List<Pattern> ours) {
    Set<MemberToRemove> members = new HashSet<>();
    if (group == null) {
      return members;
    }
    for (MemberDescription member : group.members()) {
      member
          .groupInstanceId()
          .filter(id -> ours.stream().anyMatch(pattern -> pattern.matcher(id).matches()))
          .ifPresent(id -> members.add(new MemberToRemove(id)));
    }
    return members;
  }

  private static long left(long deadline) {
    return Math.max(0, deadline - System.nanoTime());
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
