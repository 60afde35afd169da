package com.cmp.polling.embedded.kafka;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;

/**
 * A single-node KRaft Kafka broker (broker and controller in one) inside this JVM, from
 * spring-kafka-test, on a free loopback port: about 4 s to start. Set up for the pipeline's
 * clients: fresh consumer groups start at once, and transactions (the lifecycle listener's Kafka
 * Streams, exactly_once_v2) work on one broker.
 */
public final class InJvmKafkaBroker implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(InJvmKafkaBroker.class);

  private final EmbeddedKafkaKraftBroker broker;

  private InJvmKafkaBroker(EmbeddedKafkaKraftBroker broker) {
    this.broker = broker;
  }

  public static InJvmKafkaBroker start() {
    long started = System.nanoTime();
    EmbeddedKafkaKraftBroker broker = new EmbeddedKafkaKraftBroker(1, 1);
    // Consumers of a fresh group start at once instead of waiting 3 s for more members.
    broker.brokerProperty("group.initial.rebalance.delay.ms", "0");
    // The transaction log wants 3 replicas by default; there is one broker.
    broker.brokerProperty("transaction.state.log.replication.factor", "1");
    broker.brokerProperty("transaction.state.log.min.isr", "1");
    // Five partitions for the group offsets and the transaction log instead of 50 each: a broker
    // that serves a handful of consumer groups and transactional producers needs no more, and
    // creating a hundred partitions costs about a third of a second of CPU per broker (the tests
    // start one per test class).
    broker.brokerProperty("offsets.topic.num.partitions", "5");
    broker.brokerProperty("transaction.state.log.num.partitions", "5");
    broker.afterPropertiesSet();
    log.info(
        "in-JVM Kafka broker at {} in {} ms",
        broker.getBrokersAsString(),
        (System.nanoTime() - started) / 1_000_000);
    return new InJvmKafkaBroker(broker);
  }

  public String bootstrapServers() {
    return broker.getBrokersAsString();
  }

  /** Stops the broker and deletes its data. */
  @Override
  public void close() {
    broker.destroy();
  }
}
