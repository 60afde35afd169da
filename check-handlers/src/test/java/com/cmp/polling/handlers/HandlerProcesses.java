package com.cmp.polling.handlers;

import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.json.PayloadCodec;
import com.cmp.polling.schemas.task.CheckTask;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.simulator.GatewaySimulator;
import com.cmp.polling.simulator.RunningSimulator;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.utils.Utils;

/**
 * For tests of check handlers running as processes of their own ({@code AppProcess}): servers of
 * the test class's own, a gateway simulator, the properties such a process starts with, and
 * realname tasks published straight to Kafka, with whether they were handled (a realname check asks
 * the simulator once per task). A JUnit extension, on a static field.
 */
public final class HandlerProcesses extends TestServers {

  private final PayloadCodec codec = new PayloadCodec();
  private RunningSimulator simulator;

  public HandlerProcesses() {
    // Migrated at once: tests insert cards before a process has started (and migrated it).
    super(PostgresExtension.migrated());
  }

  @Override
  void startOnServers() {
    simulator = GatewaySimulator.start();
  }

  @Override
  void stopOnServers() {
    if (simulator != null) {
      simulator.close();
    }
  }

  /**
   * What a handlers process needs to run on these servers against the simulator, with 8 check
   * workers; a new map, to add the test's own settings to.
   */
  public Map<String, Object> appProperties() {
    Map<String, Object> properties = serverProperties();
    properties.put("cmp.polling.gateway.base-url", simulator.baseUrl());
    properties.put("cmp.polling.handlers.worker-threads", 8);
    return properties;
  }

  public void publish(long cardId) {
    Instant now = Instant.now();
    var topic = Topics.checkTasks(TaskType.REALNAME);
    byte[] task = codec.encode(topic, new CheckTask(cardId, TaskType.REALNAME, now, now, false));
    try (var producer = kafka().producer()) {
      producer.send(new ProducerRecord<>(topic.name(), Long.toString(cardId), task)).get();
    } catch (Exception e) {
      throw new IllegalStateException("could not publish the task of card " + cardId, e);
    }
  }

  /** Real-name queries the carrier received for the card: one per task handled. */
  public int handled(long cardId) {
    String iccid =
        postgres()
            .jdbc()
            .sql("SELECT iccid FROM tb_iot_card WHERE id = ?")
            .param(cardId)
            .query(String.class)
            .single();
    return simulator.control().calls(iccid).getOrDefault("real-name", 0);
  }

  /** A new card whose tasks go to {@code partition} of a topic of {@code partitions}. */
  public long cardOnPartition(int partition, int partitions) {
    while (true) {
      long card = postgres().data().card().insert();
      byte[] key = Long.toString(card).getBytes(StandardCharsets.UTF_8);
      // The producer's default partitioner for a keyed record.
      if (Utils.toPositive(Utils.murmur2(key)) % partitions == partition) {
        return card;
      }
    }
  }
}
