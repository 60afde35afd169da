package com.cmp.polling.benchmarks.steady;

import com.cmp.polling.benchmarks.infra.AppProcess;
import com.cmp.polling.benchmarks.infra.BenchmarkPostgres;
import com.cmp.polling.benchmarks.infra.BenchmarkRedis;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.simulator.SimulatorControl;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * What "back at work" means for each app of the restart run, seen from outside as an operator
 * would: the carrier's calls (handlers), the scheduler's own published-tasks counter, a card
 * inserted while the listener is down reaching its queue, the admin API answering (operator).
 */
final class RestartWork {

  /** The default shard count the run's queues are built with. */
  private static final int SHARDS = 16;

  /** One app's sign of work after its restart. */
  interface Probe {

    /** Called once the killed JVM is gone, before the new one starts. */
    void afterKill();

    boolean working(AppProcess fresh) throws IOException, InterruptedException;
  }

  private final SimulatorControl carrier;
  private final BenchmarkPostgres postgres;
  private final BenchmarkRedis redis;
  private int inserted;

  RestartWork(SimulatorControl carrier, BenchmarkPostgres postgres, BenchmarkRedis redis) {
    this.carrier = carrier;
    this.postgres = postgres;
    this.redis = redis;
  }

  /** Returns once the carrier is being called: the pipeline checks cards. */
  void awaitChecking(Duration within) throws InterruptedException {
    long deadline = System.nanoTime() + within.toNanos();
    long before = carrier.totalCalls();
    while (carrier.totalCalls() == before) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("no carrier call within " + within);
      }
      TimeUnit.MILLISECONDS.sleep(200);
    }
  }

  Probe probeFor(String label) {
    return switch (label) {
      case "handlers" -> new CarrierCalls();
      case "scheduler" -> new FirstPublished();
      case "listener" -> new ChangeApplied();
      case "operator" -> new ApiAnswers();
      default -> throw new IllegalArgumentException("no app labelled " + label);
    };
  }

  /** The handlers are the only ones calling the carrier here: its calls resume. */
  private final class CarrierCalls implements Probe {
    private long calls;

    @Override
    public void afterKill() {
      calls = carrier.totalCalls();
    }

    @Override
    public boolean working(AppProcess fresh) {
      return carrier.totalCalls() > calls;
    }
  }

  /** The new scheduler's own counter of published tasks moves. */
  private static final class FirstPublished implements Probe {
    @Override
    public void afterKill() {}

    @Override
    public boolean working(AppProcess fresh) throws IOException, InterruptedException {
      return fresh.ready() && fresh.scrape().sum("polling_scheduler_dispatched_total") > 0;
    }
  }

  /**
   * Returns once a card inserted now has reached its carddata queue: the change stream has caught
   * up. Before the first round it is still working through the listener's initial snapshot (a
   * record per card), and a card inserted behind that backlog would time the backlog, not the
   * restart.
   *
   * @return how long that took
   */
  Duration awaitChangeStreamCaughtUp(Duration within) throws InterruptedException {
    long started = System.nanoTime();
    long card = insertCard();
    while (!queued(card)) {
      if (System.nanoTime() - started > within.toNanos()) {
        throw new IllegalStateException("card " + card + " not queued within " + within);
      }
      TimeUnit.MILLISECONDS.sleep(200);
    }
    return Duration.ofNanos(System.nanoTime() - started);
  }

  private long insertCard() {
    inserted++;
    return postgres
        .jdbc()
        .sql(
            "INSERT INTO tb_iot_card (iccid, carrier_id, carrier_type, real_name_status,"
                + " enable_polling) VALUES (?, 1, 'CMCC', 1, true) RETURNING id")
        .param(String.format("8987%016d", inserted))
        .query(Long.class)
        .single();
  }

  private boolean queued(long card) {
    String queue = RedisKeys.shardQueue((int) (card % SHARDS), TaskType.CARDDATA);
    return redis.template().opsForZSet().score(queue, Long.toString(card)) != null;
  }

  /** A card inserted while the listener is down is enrolled in its carddata queue. */
  private final class ChangeApplied implements Probe {
    private long card;

    @Override
    public void afterKill() {
      card = insertCard();
    }

    @Override
    public boolean working(AppProcess fresh) {
      return queued(card);
    }
  }

  /** The admin API answers a queue figures request. */
  private static final class ApiAnswers implements Probe {
    @Override
    public void afterKill() {}

    @Override
    public boolean working(AppProcess fresh) {
      try {
        fresh.getApi("/api/monitoring/queues", PipelineApps.TOKEN);
        return true;
      } catch (IOException e) {
        return false;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }
  }
}
