package com.cmp.polling.listener.topology;

import java.time.Duration;
import java.util.Properties;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Runs a topology of the listener (the lifecycle topology, the card actions) while the app runs. A
 * stream thread that dies of an unexpected error is replaced (it goes on from its last commit), so
 * one bad moment never stops the stream for good.
 */
public class TopologyRunner implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(TopologyRunner.class);

  private final String name;
  private final Topology topology;
  private final Properties settings;
  private KafkaStreams streams;

  /**
   * @param name what the logs call it
   */
  public TopologyRunner(String name, Topology topology, Properties settings) {
    this.name = name;
    this.topology = topology;
    this.settings = settings;
  }

  @Override
  public synchronized void start() {
    if (streams != null) {
      return;
    }
    streams = new KafkaStreams(topology, settings);
    streams.setUncaughtExceptionHandler(
        error -> {
          log.error("{} topology thread failed; replacing it", name, error);
          return StreamThreadExceptionResponse.REPLACE_THREAD;
        });
    streams.setStateListener((now, before) -> log.info("{} topology {} -> {}", name, before, now));
    streams.start();
  }

  @Override
  public synchronized void stop() {
    if (streams != null) {
      // Leaving the group lets a restarted instance take the partitions over at once instead of
      // after the session timeout.
      streams.close(
          new KafkaStreams.CloseOptions().timeout(Duration.ofSeconds(30)).leaveGroup(true));
      streams = null;
    }
  }

  /**
   * Closes on a thread of its own: Spring stops the members of one phase through this form and
   * waits for all of them, so the listener's two topologies close side by side (each close takes
   * 2–3 s on a busy box; one after the other they kept the demo's stop past 10 s).
   */
  @Override
  public void stop(Runnable callback) {
    Thread closer =
        new Thread(
            () -> {
              try {
                stop();
              } finally {
                callback.run();
              }
            },
            name + "-topology-stop");
    closer.setDaemon(true);
    closer.start();
  }

  @Override
  public synchronized boolean isRunning() {
    return streams != null;
  }

  /** The state of the streams, or null when stopped. */
  public synchronized KafkaStreams.State state() {
    return streams == null ? null : streams.state();
  }

  /** Between the listener containers and the CDC engine. */
  @Override
  public int getPhase() {
    return Integer.MAX_VALUE - 75;
  }
}
