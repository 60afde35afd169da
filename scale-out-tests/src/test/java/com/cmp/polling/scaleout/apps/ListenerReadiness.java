package com.cmp.polling.scaleout.apps;

import static org.awaitility.Awaitility.await;

import com.cmp.polling.listener.topology.TopologyRunner;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.streams.KafkaStreams;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;

/** When a lifecycle listener instance is ready, and who holds a replication slot. */
public final class ListenerReadiness {

  private static final Duration WITHIN = Duration.ofSeconds(60);

  private ListenerReadiness() {}

  /** Waits until both topologies of the listener run and its lifecycle consumer has its topic. */
  public static void awaitProcessing(RunningApp listener) {
    for (String topology : List.of("topologyRunner", "cardActionsRunner")) {
      await(listener + " " + topology + " running")
          .atMost(WITHIN)
          .until(
              () ->
                  listener.bean(topology, TopologyRunner.class).state()
                      == KafkaStreams.State.RUNNING);
    }
    await(listener + " lifecycle consumer assigned")
        .atMost(WITHIN)
        .until(
            () -> {
              var container =
                  listener
                      .bean(KafkaListenerEndpointRegistry.class)
                      .getListenerContainer("lifecycle-events");
              var assigned = container == null ? null : container.getAssignedPartitions();
              return assigned != null && !assigned.isEmpty();
            });
  }

  /** Waits until the replication slot is (or is no longer) in use by a change reader. */
  public static void awaitSlotActive(PostgresExtension postgres, String slot, boolean active) {
    await("slot " + slot + (active ? " streaming" : " released"))
        .atMost(WITHIN)
        .until(
            () ->
                postgres
                        .jdbc()
                        .sql(
                            "SELECT count(*) FROM pg_replication_slots WHERE slot_name = ? AND"
                                + " active")
                        .param(slot)
                        .query(Long.class)
                        .single()
                    == (active ? 1 : 0));
  }
}
