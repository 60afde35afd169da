package com.cmp.polling.listener.topology;

import com.cmp.polling.autoconfigure.PollingProperties;
import com.cmp.polling.autoconfigure.membership.StaticMembership;
import com.cmp.polling.listener.config.ListenerProperties;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.errors.LogAndContinueExceptionHandler;

/** The Kafka Streams configuration of the lifecycle topology. */
public final class StreamsSettings {

  private StreamsSettings() {}

  /**
   * @param topics the pipeline's topic settings: the internal topics (changelogs, repartition
   *     topics) get the same replicas and min ISR
   * @param staticInstanceId the instance id its stream threads join the group under as static
   *     members ({@code <id>-<application id>-<thread>}), or null for dynamic members
   */
  public static Properties of(
      ListenerProperties.Streams streams,
      String bootstrapServers,
      PollingProperties.Kafka topics,
      String staticInstanceId) {
    Properties p = new Properties();
    p.put(StreamsConfig.APPLICATION_ID_CONFIG, streams.applicationId());
    p.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    p.put(StreamsConfig.DEFAULT_KEY_SERDE_CLASS_CONFIG, Serdes.StringSerde.class);
    p.put(StreamsConfig.DEFAULT_VALUE_SERDE_CLASS_CONFIG, Serdes.StringSerde.class);
    p.put(StreamsConfig.NUM_STREAM_THREADS_CONFIG, streams.threads());
    p.put(StreamsConfig.REPLICATION_FACTOR_CONFIG, (int) topics.replicationFactor());
    topics
        .internalTopicConfigs()
        .forEach((name, value) -> p.put(StreamsConfig.topicPrefix(name), value));
    p.put(StreamsConfig.STATE_DIR_CONFIG, stateDir(streams));
    // Latency: Streams forwards an event when it commits (or its record cache fills), and the
    // default commit interval is 30 s. Caches off and a short interval send events on at once.
    p.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, streams.commitInterval().toMillis());
    p.put(StreamsConfig.STATESTORE_CACHE_MAX_BYTES_CONFIG, 0);
    // Streams' producers wait 100 ms for a batch to fill by default.
    p.put(StreamsConfig.producerPrefix(ProducerConfig.LINGER_MS_CONFIG), 5);
    p.put(StreamsConfig.producerPrefix(ProducerConfig.COMPRESSION_TYPE_CONFIG), "lz4");
    // A bulk import's events in 64 KiB batches, like the other producers: a quarter of the
    // requests (and lz4 frames) of the 16 KiB default.
    p.put(StreamsConfig.producerPrefix(ProducerConfig.BATCH_SIZE_CONFIG), 65536);
    p.put(StreamsConfig.consumerPrefix(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG), "earliest");
    // Values are read as strings and parsed by the topology, which dead-letters what it cannot
    // read; this only covers keys or values that are not even strings.
    p.put(
        StreamsConfig.DESERIALIZATION_EXCEPTION_HANDLER_CLASS_CONFIG,
        LogAndContinueExceptionHandler.class);
    if (staticInstanceId != null) {
      // Kafka Streams appends -<thread> itself; its close with leaveGroup removes the members.
      p.put(
          StreamsConfig.mainConsumerPrefix(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG),
          StaticMembership.memberId(staticInstanceId, streams.applicationId()));
    }
    p.putAll(streams.kafka());
    return p;
  }

  private static String stateDir(ListenerProperties.Streams streams) {
    if (streams.stateDir() != null) {
      return streams.stateDir().toString();
    }
    try {
      return Files.createTempDirectory("cmp-lifecycle-streams").toString();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create a Kafka Streams state folder", e);
    }
  }
}
