package com.cmp.polling.handlers;

import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.json.PayloadCodec;
import com.cmp.polling.schemas.task.CheckTask;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.simulator.RunningSimulator;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.utils.Utils;

/**
 * Realname tasks published straight to Kafka, for tests of handlers running in other processes, and
 * whether they were handled: a realname check asks the gateway simulator once per task.
 */
public final class RealnameTasks {

  private final PostgresExtension postgres;
  private final KafkaExtension kafka;
  private final RunningSimulator simulator;
  private final PayloadCodec codec = new PayloadCodec();

  public RealnameTasks(
      PostgresExtension postgres, KafkaExtension kafka, RunningSimulator simulator) {
    this.postgres = postgres;
    this.kafka = kafka;
    this.simulator = simulator;
  }

  public void publish(long cardId) {
    Instant now = Instant.now();
    var topic = Topics.checkTasks(TaskType.REALNAME);
    byte[] task = codec.encode(topic, new CheckTask(cardId, TaskType.REALNAME, now, now, false));
    try (var producer = kafka.producer()) {
      producer.send(new ProducerRecord<>(topic.name(), Long.toString(cardId), task)).get();
    } catch (Exception e) {
      throw new IllegalStateException("could not publish the task of card " + cardId, e);
    }
  }

  /** Real-name queries the carrier received for the card: one per task handled. */
  public int handled(long cardId) {
    String iccid =
        postgres
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
      long card = postgres.data().card().insert();
      byte[] key = Long.toString(card).getBytes(StandardCharsets.UTF_8);
      // The producer's default partitioner for a keyed record.
      if (Utils.toPositive(Utils.murmur2(key)) % partitions == partition) {
        return card;
      }
    }
  }
}
