package com.cmp.polling.listener.cdc;

import io.debezium.engine.ChangeEvent;
import io.debezium.engine.DebeziumEngine;
import io.debezium.engine.format.Json;
import java.io.IOException;
import java.time.Duration;
import java.util.OptionalInt;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.dao.DataAccessException;
import org.springframework.kafka.core.KafkaTemplate;

/**
 * Runs the Debezium embedded engine on a thread of its own while the app runs. When the engine
 * fails (database or Kafka away, a send not acknowledged), it is started again after a pause and
 * goes on from its last committed offset; the replication slot kept the WAL meanwhile. Starts last
 * and stops first, so that the topology and the consumer see every change the engine sent.
 *
 * <p>Several listeners may run: one slot streams to one process at a time, so before each start the
 * engine looks whether another process streams the slot, and while one does this listener is a
 * standby (logged once, with the holder), looking again every restart back-off. Its topology and
 * consumer work meanwhile; when the holder dies, PostgreSQL frees the slot and the standby's engine
 * starts from the offsets the holder committed (Kafka), so nothing the holder had not sent is lost.
 * Without that look Debezium would find the slot busy, retry every 10 s and fail after six tries.
 *
 * <p>When the slot does not exist before a start, Debezium creates it, and what was committed
 * before it never goes through the change stream: the engine records that ({@link SlotCreations})
 * for the queue reconciler, which then compares the whole fleet.
 */
public class CdcEngine implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(CdcEngine.class);

  private final Properties settings;
  private final KafkaChangeConsumer consumer;
  private final Duration restartBackoff;
  private final ReplicationSlotHolder slot;
  private final SlotCreations slotCreations;
  private volatile boolean running;
  private volatile DebeziumEngine<ChangeEvent<String, String>> engine;
  private Thread thread;
  private CountDownLatch stopped = new CountDownLatch(0);

  public CdcEngine(
      Properties settings,
      KafkaTemplate<String, byte[]> kafka,
      Duration ackTimeout,
      Duration restartBackoff,
      ReplicationSlotHolder slot,
      SlotCreations slotCreations) {
    this.settings = settings;
    this.consumer = new KafkaChangeConsumer(kafka, ackTimeout);
    this.restartBackoff = restartBackoff;
    this.slot = slot;
    this.slotCreations = slotCreations;
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
        "CDC engine starting: slot {}, publication {}, offsets in topic {}",
        settings.getProperty("slot.name"),
        settings.getProperty("publication.name"),
        settings.getProperty("offset.storage.topic"));
  }

  private void runUntilStopped() {
    try {
      while (running) {
        if (!waitWhileAnotherProcessStreams()) {
          return;
        }
        recordIfTheSlotIsNew();
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

  /**
   * The standby: returns when nobody streams the slot (true) or when the app stops (false). When
   * the slot cannot be looked at (the database away), the engine is started anyway: it fails and
   * backs off as for any other failure.
   */
  private boolean waitWhileAnotherProcessStreams() {
    long standbySince = 0;
    while (running) {
      OptionalInt holder;
      try {
        holder = slot.activePid();
      } catch (DataAccessException e) {
        log.debug("cannot see who streams slot {}: {}", slot.slot(), e.toString());
        return true;
      }
      if (holder.isEmpty()) {
        if (standbySince != 0) {
          log.info(
              "CDC standby over: slot {} released after {} ms; this listener's engine takes over",
              slot.slot(),
              (System.nanoTime() - standbySince) / 1_000_000);
        }
        return true;
      }
      if (standbySince == 0) {
        standbySince = System.nanoTime();
        log.info(
            "CDC standby: slot {} is streamed by another connection (PostgreSQL backend pid {}:"
                + " another listener, or this one's engine before a restart, not yet gone); this"
                + " listener takes over when it is released, looking every {}",
            slot.slot(),
            holder.getAsInt(),
            restartBackoff);
      }
      if (!pause()) {
        return false;
      }
    }
    return false;
  }

  /**
   * Best effort: when the slot cannot be looked at or the record cannot be written, the engine
   * starts all the same (the reconciler also notices a slot that is back after it was gone).
   */
  private void recordIfTheSlotIsNew() {
    try {
      if (!slot.exists()) {
        slotCreations.record();
        log.info(
            "replication slot {} does not exist: Debezium creates it, and changes committed"
                + " before it never reach the queues through the change stream; recorded for the"
                + " queue reconciler, whose next pass compares the whole fleet",
            slot.slot());
      }
    } catch (RuntimeException e) {
      log.warn("could not record whether slot {} is new: {}", slot.slot(), e.toString());
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
