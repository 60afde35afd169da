package com.cmp.polling.handlers;

import static org.awaitility.Awaitility.await;

import com.cmp.polling.testsupport.app.AppProcess;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.MemberDescription;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A static member stays in its group when its consumer closes; an instance stopped cleanly must
 * still hand its partitions over at once. Two instances share a topic of two partitions; the one
 * stopped with SIGTERM takes its members out of the groups, and the other handles the next task of
 * its partition within seconds (measured: 2.4 s; 48 s without the leave, the session timeout).
 */
class CleanStopIT {

  private static final String GROUP = "cmp-check-handlers-realname";
  private static final Duration HANDED_OVER = Duration.ofSeconds(15);

  @RegisterExtension static final HandlerProcesses handlers = new HandlerProcesses();

  @Test
  void anInstanceStoppedCleanly_handsItsPartitionsToTheOther_withinSeconds() throws Exception {
    Map<String, Object> properties = handlers.appProperties();
    properties.put("cmp.polling.handlers.consumers-per-type", 1);
    properties.put("cmp.polling.kafka.partitions", 2);
    // A member learns of a rebalance at its next heartbeat: every 3 s by default, which a member
    // joining and the one leaving would each add to the test. The session timeout, which a
    // stopped instance that did not leave would cost, stays Kafka's 45 s.
    properties.put("spring.kafka.consumer.properties.heartbeat.interval.ms", 500);
    try (Admin admin =
            Admin.create(
                Map.of(
                    AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                    handlers.kafka().bootstrapServers()));
        // Started together: neither needs the other to be up, and the group settles the same way.
        AppProcess stopped = AppProcess.start(with(properties, "it-a"), "clean-stop-a");
        AppProcess staying = AppProcess.start(with(properties, "it-b"), "clean-stop-b")) {
      stopped.awaitUp(Duration.ofSeconds(120));
      staying.awaitUp(Duration.ofSeconds(120));
      // Both in the group, one partition each: the Range assignor orders static members by id.
      await()
          .atMost(Duration.ofSeconds(60))
          .until(
              () ->
                  members(admin).stream()
                          .filter(m -> m.assignment().topicPartitions().size() == 1)
                          .count()
                      == 2);
      int partitionOfA =
          members(admin).stream()
              .filter(m -> m.groupInstanceId().orElse("").startsWith("it-a-"))
              .findFirst()
              .orElseThrow()
              .assignment()
              .topicPartitions()
              .iterator()
              .next()
              .partition();
      long card = handlers.cardOnPartition(partitionOfA, 2);

      stopped.stop();
      handlers.publish(card);

      await("the staying instance handles the stopped one's partition")
          .atMost(HANDED_OVER)
          .until(() -> handlers.handled(card) > 0);
      // Done with it: how the staying instance stops is not what this test is about.
      staying.kill();
    }
  }

  private static Map<String, Object> with(Map<String, Object> properties, String instanceId) {
    Map<String, Object> instance = new HashMap<>(properties);
    instance.put("cmp.polling.handlers.instance-id", instanceId);
    return instance;
  }

  private static List<MemberDescription> members(Admin admin)
      throws ExecutionException, InterruptedException {
    return List.copyOf(
        admin.describeConsumerGroups(List.of(GROUP)).all().get().get(GROUP).members());
  }
}
