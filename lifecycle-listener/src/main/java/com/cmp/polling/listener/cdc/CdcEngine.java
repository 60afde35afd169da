package com.cmp.polling.listener.cdc;

import io.debezium.engine.ChangeEvent;
import io.debezium.engine.DebeziumEngine;
import io.debezium.engine.format.Json;
import java.io.IOException;
import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.kafka.core.KafkaTemplate;

/**
 * Runs the Debezium embedded engine on a thread of its own while the app runs. When the engine
 * fails (database or Kafka away, a send not acknowledged), it is started again after a pause and
 * goes on from its last committed offset; the replication slot kept the WAL meanwhile. Starts last
 * and stops first, so that the topology and the consumer see every change the engine sent.
 */
public class CdcEngine implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(CdcEngine.class);

  private final Properties settings;
  private final KafkaChangeConsumer consumer;
  private final Duration restartBackoff;
  private volatile boolean running;
  private volatile DebeziumEngine<ChangeEvent<String, String>> engine;
  private Thread thread;
  private CountDownLatch stopped = new CountDownLatch(0);

  public CdcEngine(
      Properties settings,
      KafkaTemplate<String, byte[]> kafka,
      Duration ackTimeout,
      Duration restartBackoff) {
    this.settings = settings;
    this.consumer = new KafkaChangeConsumer(kafka, ackTimeout);
    this.restartBackoff = restartBackoff;
  }

  @Override
  public synchronized void start() {
    if (running) {
      return;
    }
    running = true;
    stopped = new CountDownLatch(1);
    thread = new Thread(this::runUntilStopped, "cdc-engine");
    thread.setDaemon(true);
    thread.start();
    log.info(
        "CDC engine started: slot {}, publication {}, offsets in topic {}",
        settings.getProperty("slot.name"),
        settings.getProperty("publication.name"),
        settings.getProperty("offset.storage.topic"));
  }

  private void runUntilStopped() {
    try {
      while (running) {
        engine =
            DebeziumEngine.create(Json.class)
                .using(settings)
                .notifying(consumer)
                .using(
                    (success, message, error) -> {
                      if (!success && running) {
                        log.error(
                            "CDC engine failed: {}; restarting in {}",
                            message,
                            restartBackoff,
                            error);
                      }
                    })
                .build();
        engine.run();
        if (!running) {
          return; // stop() closed it
        }
        closeEngine(); // it failed: close what is left before a new one starts
        if (!pause()) {
          return;
        }
      }
    } finally {
      stopped.countDown();
    }
  }

  private boolean pause() {
    try {
      TimeUnit.MILLISECONDS.sleep(restartBackoff.toMillis());
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private void closeEngine() {
    DebeziumEngine<ChangeEvent<String, String>> current = engine;
    if (current == null) {
      return;
    }
    try {
      current.close();
    } catch (IOException | IllegalStateException e) {
      // IllegalStateException: it had already shut itself down.
      log.debug("CDC engine close: {}", e.toString());
    }
  }

  @Override
  public void stop() {
    synchronized (this) {
      if (!running) {
        return;
      }
      running = false;
    }
    closeEngine();
    try {
      if (!stopped.await(60, TimeUnit.SECONDS)) {
        log.warn("CDC engine still running 60 s after the stop request; interrupting it");
        thread.interrupt();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    log.info("CDC engine stopped");
  }

  @Override
  public boolean isRunning() {
    return running;
  }

  /** Above the listener containers' and the topology's: started last, stopped first. */
  @Override
  public int getPhase() {
    return Integer.MAX_VALUE - 50;
  }
}
