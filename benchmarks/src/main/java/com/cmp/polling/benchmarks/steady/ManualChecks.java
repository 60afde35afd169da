package com.cmp.polling.benchmarks.steady;

import com.cmp.polling.benchmarks.infra.AppProcess;
import com.cmp.polling.benchmarks.infra.BenchmarkKafka;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.simulator.SimulatorControl;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Manual checks under load, as an operator asks for them: about every {@code every}, one card
 * picked at random (never twice in a run) gets a manual check through the admin API of the app that
 * serves it. Each is timed from the request to its task on the manual topic ({@link
 * ManualTopicWatch}) and to the carrier call (the simulator's per-card count of the operation
 * rising, looked at every 25 ms).
 */
final class ManualChecks implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(ManualChecks.class);
  private static final Duration GIVE_UP = Duration.ofSeconds(60);
  private static final Map<TaskType, String> CARRIER_OPERATION =
      Map.of(
          TaskType.CARDDATA, "usage", TaskType.REALNAME, "real-name", TaskType.PACKAGE, "package");

  /**
   * One manual check; a duration is null when its stage was not seen within a minute.
   *
   * @param status the admin API's answer to the request
   */
  record Check(long cardId, String iccid, int status, Duration toPublished, Duration toCarrier) {}

  private record Pending(
      long cardId, String iccid, int callsBefore, Instant triggered, int status) {}

  private final AppProcess app;
  private final String path;
  private final TaskType type;
  private final String operation;
  private final JdbcClient jdbc;
  private final SimulatorControl simulator;
  private final ManualTopicWatch published;
  private final int cards;
  private final Set<Long> used = new HashSet<>();
  private final List<Pending> pending = new ArrayList<>();
  private final List<Check> done = new ArrayList<>();
  private final ScheduledExecutorService threads =
      Executors.newScheduledThreadPool(2, ManualChecks::daemon);
  private ScheduledFuture<?> triggering;
  private Duration every;
  private boolean active;

  ManualChecks(
      AppProcess app,
      String pathTemplate,
      TaskType type,
      JdbcClient jdbc,
      SimulatorControl simulator,
      BenchmarkKafka kafka,
      int cards) {
    this.app = app;
    this.path = pathTemplate.replace("{taskType}", type.code());
    this.type = type;
    this.operation = carrierOperation(type);
    this.jdbc = jdbc;
    this.simulator = simulator;
    this.published = new ManualTopicWatch(kafka, Topics.manualCheckTasks(type).name());
    this.cards = cards;
    threads.scheduleWithFixedDelay(this::watch, 25, 25, TimeUnit.MILLISECONDS);
  }

  /**
   * Triggers checks until {@link #stop}, {@code every} apart on average. Each pause is drawn
   * between half and one and a half times {@code every}: at a fixed period that is a whole number
   * of the scheduler's ticks, every request would land at the same moment of a tick and the timings
   * would show that one moment instead of their spread.
   */
  synchronized void start(Duration every) {
    done.clear();
    active = true;
    this.every = every;
    scheduleNext();
  }

  private synchronized void scheduleNext() {
    if (active) {
      long pause = Math.round(every.toMillis() * (0.5 + ThreadLocalRandom.current().nextDouble()));
      triggering = threads.schedule(this::triggerAndGoOn, pause, TimeUnit.MILLISECONDS);
    }
  }

  private void triggerAndGoOn() {
    trigger();
    scheduleNext();
  }

  /** The ICCIDs of the cards triggered since {@link #start}, those still under way included. */
  synchronized List<String> triggered() {
    List<String> iccids = new ArrayList<>();
    done.forEach(check -> iccids.add(check.iccid()));
    pending.forEach(check -> iccids.add(check.iccid()));
    return iccids;
  }

  /** The simulator's name of the carrier operation these checks make. */
  String operation() {
    return operation;
  }

  /** Stops triggering, waits (up to a minute) for the checks under way; returns the window's. */
  List<Check> stop() throws InterruptedException {
    synchronized (this) {
      active = false;
      triggering.cancel(false);
    }
    long deadline = System.nanoTime() + GIVE_UP.toNanos();
    while (System.nanoTime() < deadline) {
      synchronized (this) {
        if (pending.isEmpty()) {
          break;
        }
      }
      TimeUnit.MILLISECONDS.sleep(100);
    }
    synchronized (this) {
      pending.forEach(check -> finish(check, null));
      pending.clear();
      return List.copyOf(done);
    }
  }

  private void trigger() {
    try {
      long cardId;
      synchronized (this) {
        do {
          cardId = 1 + ThreadLocalRandom.current().nextLong(cards);
        } while (!used.add(cardId));
      }
      String iccid =
          jdbc.sql("SELECT iccid FROM tb_iot_card WHERE id = ?")
              .param(cardId)
              .query(String.class)
              .single();
      int before = simulator.calls(iccid).getOrDefault(operation, 0);
      Instant triggered = Instant.now();
      int status = app.postApi(path.replace("{cardId}", Long.toString(cardId)), PipelineApps.TOKEN);
      synchronized (this) {
        // A request that was under way when the window ended belongs to no window.
        if (active) {
          pending.add(new Pending(cardId, iccid, before, triggered, status));
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (Exception e) {
      log.warn("manual {} check not triggered: {}", type.code(), e.toString());
    }
  }

  private void watch() {
    List<Pending> snapshot;
    synchronized (this) {
      snapshot = List.copyOf(pending);
    }
    for (Pending check : snapshot) {
      try {
        boolean called =
            simulator.calls(check.iccid()).getOrDefault(operation, 0) > check.callsBefore();
        Duration age = Duration.between(check.triggered(), Instant.now());
        Long publishedAt = published.publishedAt(check.cardId());
        if ((publishedAt != null && called)
            || age.compareTo(GIVE_UP) > 0
            || check.status() != 202) {
          synchronized (this) {
            pending.remove(check);
            finish(check, called ? age : null);
          }
        }
      } catch (RuntimeException e) {
        // The next look, 25 ms later, tries again; a failure here must not end the watch.
        log.warn("manual check of card {} not looked at: {}", check.cardId(), e.toString());
      }
    }
  }

  private void finish(Pending check, Duration toCarrier) {
    Long publishedAt = published.publishedAt(check.cardId());
    done.add(
        new Check(
            check.cardId(),
            check.iccid(),
            check.status(),
            publishedAt == null
                ? null
                : Duration.between(check.triggered(), Instant.ofEpochMilli(publishedAt)),
            toCarrier));
  }

  /** The simulator's name of the carrier operation a check of {@code type} makes. */
  private static String carrierOperation(TaskType type) {
    String operation = CARRIER_OPERATION.get(type);
    if (operation == null) {
      throw new IllegalArgumentException("manual checks of " + type.code() + " are not timed");
    }
    return operation;
  }

  private static Thread daemon(Runnable task) {
    Thread thread = new Thread(task, "manual-checks");
    thread.setDaemon(true);
    return thread;
  }

  @Override
  public void close() throws InterruptedException {
    threads.shutdownNow();
    published.close();
  }
}
