package com.cmp.polling.testsupport.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Gives a test class the shared {@link KafkaBroker}, plus names that no other test uses: topics and
 * consumer groups carry a random suffix, so tests never read each other's records.
 *
 * <pre>{@code
 * @RegisterExtension static final KafkaExtension kafka = new KafkaExtension();
 * }</pre>
 */
public final class KafkaExtension implements BeforeAllCallback, AfterAllCallback {

  private final boolean dedicated;
  private final int clusterSize;
  private final List<Runnable> onClose = new ArrayList<>();
  private String ownerId;
  private KafkaBroker broker;
  private KafkaCluster cluster;

  /** The JVM's shared broker; isolation comes from unique topic and group names. */
  public KafkaExtension() {
    this(false, 0);
  }

  /**
   * @param clusterSize nodes of a {@link KafkaCluster} of this class's own, or 0 for none
   */
  private KafkaExtension(boolean dedicated, int clusterSize) {
    this.dedicated = dedicated;
    this.clusterSize = clusterSize;
  }

  /**
   * A broker of this test class's own (about 4 s to start), for tests of apps whose topic and
   * consumer-group names are fixed.
   */
  public static KafkaExtension dedicated() {
    return new KafkaExtension(true, 0);
  }

  /**
   * A broker of this test class's own in a child JVM (about 5 s to start), which {@link
   * #stopBroker()} kills and {@link #startBroker()} brings back on the same address with its data:
   * for tests of Kafka going away while the app works, and coming back. Always a local process,
   * whatever the environment names.
   */
  public static KafkaExtension restartable() {
    return new KafkaExtension(true, 1);
  }

  /**
   * A {@link KafkaCluster} of this test class's own: {@code nodes} child JVMs on loopback, each a
   * broker and a member of the controller quorum, each of which {@link #stopBroker(int)} kills and
   * {@link #startBroker(int)} brings back (three nodes: 10–20 s to start). Always local processes,
   * whatever the environment names.
   */
  public static KafkaExtension cluster(int nodes) {
    if (nodes < 1) {
      throw new IllegalArgumentException("a cluster needs a node at least, was " + nodes);
    }
    return new KafkaExtension(true, nodes);
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    if (ownerId != null) {
      return; // a @Nested class shares the broker of its enclosing class
    }
    ownerId = context.getUniqueId();
    if (clusterSize > 0) {
      cluster = KafkaCluster.startNew(clusterSize);
      onClose.add(cluster::close);
      broker =
          KafkaBroker.of(
              cluster.bootstrapServers(),
              clusterSize == 1
                  ? "restartable broker process"
                  : "cluster of " + clusterSize + " broker processes");
      return;
    }
    broker = dedicated ? KafkaBroker.dedicated(onClose) : KafkaBroker.shared();
  }

  @Override
  public void afterAll(ExtensionContext context) {
    if (!context.getUniqueId().equals(ownerId)) {
      return;
    }
    ownerId = null;
    onClose.forEach(Runnable::run);
    onClose.clear();
    cluster = null;
  }

  /**
   * Stops this class's dedicated broker now, for tests of what happens when Kafka goes away.
   *
   * @throws IllegalStateException for the shared broker, which other test classes still use
   */
  public void stopDedicatedBroker() {
    if (!dedicated || onClose.isEmpty()) {
      throw new IllegalStateException("only a dedicated broker of this test class can be stopped");
    }
    onClose.forEach(Runnable::run);
    onClose.clear();
  }

  /**
   * Kills this class's {@link #restartable()} broker (no clean shutdown), as a crash would.
   *
   * @throws IllegalStateException for any other broker
   */
  public void stopBroker() {
    stopBroker(1);
  }

  /** Starts this class's {@link #restartable()} broker again and returns once it answers. */
  public void startBroker() {
    startBroker(1);
  }

  /** Kills one node of this class's {@link #cluster(int)} (ids 1..nodes), as a crash would. */
  public void stopBroker(int nodeId) {
    cluster().stop(nodeId);
  }

  /** Starts a node of this class's {@link #cluster(int)} again; returns once it is back. */
  public void startBroker(int nodeId) {
    cluster().start(nodeId);
  }

  /**
   * This class's own {@link #restartable()} broker or {@link #cluster(int)}.
   *
   * @throws IllegalStateException for the other kinds of broker
   */
  public KafkaCluster cluster() {
    if (cluster == null) {
      throw new IllegalStateException(
          "only a KafkaExtension.restartable() broker or a KafkaExtension.cluster(n) can be"
              + " stopped and restarted");
    }
    return cluster;
  }

  public String bootstrapServers() {
    return broker.bootstrapServers();
  }

  public KafkaBroker broker() {
    return broker;
  }

  /** {@code base} plus a random suffix: a topic or group name of this test alone. */
  public static String unique(String base) {
    return base + "-" + UUID.randomUUID().toString().substring(0, 8);
  }

  /** Creates a topic of this test with a unique name and returns that name. */
  public String createUniqueTopic(String base, int partitions) {
    String name = unique(base);
    broker.createTopics(partitions, name);
    return name;
  }

  /** An idempotent producer with {@code acks=all}, like the production ones. */
  public KafkaProducer<String, byte[]> producer() {
    Map<String, Object> props = new HashMap<>();
    props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
    props.put(ProducerConfig.ACKS_CONFIG, "all");
    props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
    props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
    props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
    return new KafkaProducer<>(props);
  }

  /** A consumer in a fresh group that reads topics from their beginning. */
  public KafkaConsumer<String, byte[]> consumer() {
    Map<String, Object> props = new HashMap<>();
    props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
    props.put(ConsumerConfig.GROUP_ID_CONFIG, unique("it-group"));
    props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
    props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
    return new KafkaConsumer<>(props);
  }

  /**
   * Remembers where every partition of {@code topic} ends now; {@link TopicCursor#read} then
   * returns only what was written after this call.
   */
  public TopicCursor cursorAtEnd(String topic) {
    try (KafkaConsumer<String, byte[]> consumer = consumer()) {
      return new TopicCursor(
          this, consumer.endOffsets(partitionsOf(consumer, topic), Duration.ofSeconds(30)));
    }
  }

  /** Where every partition of {@code topic} begins: {@link TopicCursor#read} reads it whole. */
  public TopicCursor cursorAtBeginning(String topic) {
    try (KafkaConsumer<String, byte[]> consumer = consumer()) {
      return new TopicCursor(
          this, consumer.beginningOffsets(partitionsOf(consumer, topic), Duration.ofSeconds(30)));
    }
  }

  private static List<TopicPartition> partitionsOf(
      KafkaConsumer<String, byte[]> consumer, String topic) {
    return consumer.partitionsFor(topic, Duration.ofSeconds(30)).stream()
        .map(info -> new TopicPartition(topic, info.partition()))
        .toList();
  }

  /**
   * Reads {@code topic} from the beginning until {@code count} records arrived or {@code timeout}
   * passed, and returns what arrived (the caller asserts on the count).
   */
  public List<ConsumerRecord<String, byte[]>> readFromBeginning(
      String topic, int count, Duration timeout) {
    List<ConsumerRecord<String, byte[]>> records = new ArrayList<>();
    try (KafkaConsumer<String, byte[]> consumer = consumer()) {
      consumer.subscribe(List.of(topic));
      long deadline = System.nanoTime() + timeout.toNanos();
      while (records.size() < count && System.nanoTime() < deadline) {
        consumer.poll(Duration.ofMillis(200)).forEach(records::add);
      }
    }
    return records;
  }
}
