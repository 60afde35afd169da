package com.cmp.polling.benchmarks.steady;

import com.cmp.polling.benchmarks.infra.BenchmarkPostgres;
import com.cmp.polling.benchmarks.infra.BenchmarkRedis;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.status.initializer.InitProgress;
import com.cmp.polling.status.initializer.InitProgressStore;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Waits until the pipeline is in its steady state, sampling it meanwhile: the scheduler's
 * initializer has enrolled the fleet, the listener's replication slot streams (Debezium has taken
 * its first snapshot, which reads every card once to learn the devices' cards), every snapshot
 * record is on the raw card topic, and the listener has read the change stream to its end.
 */
final class PipelineReady {

  private static final Logger log = LoggerFactory.getLogger(PipelineReady.class);

  /**
   * The state once ready.
   *
   * @param init the initializer's progress once done
   * @param appsUp a snapshot taken when every app answered health UP
   * @param samples over-time lines from {@code appsUp} on
   * @param slotStreaming from apps up until the replication slot streamed
   * @param caughtUp from apps up until everything was ready
   */
  record Ready(
      InitProgress init,
      Snapshot appsUp,
      List<Sample> samples,
      Duration slotStreaming,
      Duration caughtUp) {}

  private final SteadyProbes probes;
  private final PipelineApps apps;
  private final BenchmarkRedis redis;
  private final BenchmarkPostgres postgres;
  private final ChangeStream changeStream;
  private final int cards;

  PipelineReady(
      SteadyProbes probes,
      PipelineApps apps,
      BenchmarkRedis redis,
      BenchmarkPostgres postgres,
      ChangeStream changeStream,
      int cards) {
    this.probes = probes;
    this.apps = apps;
    this.redis = redis;
    this.postgres = postgres;
    this.changeStream = changeStream;
    this.cards = cards;
  }

  Ready await(Duration sampleEvery, Duration atMost) throws Exception {
    InitProgressStore progress = new InitProgressStore(redis.template());
    Snapshot appsUp = probes.snapshot();
    Instant origin = appsUp.at();
    Instant deadline = origin.plus(atMost);
    List<Sample> samples = new ArrayList<>();
    Snapshot previous = appsUp;
    Duration streaming = null;
    while (Instant.now().isBefore(deadline)) {
      apps.requireAlive();
      if (streaming == null && slotStreams()) {
        streaming = Duration.between(origin, Instant.now());
        log.info(
            "the listener's replication slot streams, {} s after the apps were up",
            streaming.toSeconds());
      }
      Optional<InitProgress> init = progress.read();
      if (streaming != null
          && init.isPresent()
          && init.get().completed()
          && changeStream.ends().get(Topics.CDC_CARD_NAME) >= cards
          && changeStream.listenerLag() == 0) {
        return new Ready(
            init.get(), appsUp, samples, streaming, Duration.between(origin, Instant.now()));
      }
      TimeUnit.MILLISECONDS.sleep(sampleEvery.toMillis());
      Snapshot now = probes.snapshot();
      samples.add(probes.sample(origin, previous, now));
      previous = now;
      log.info(
          "waiting for the pipeline: initializer {}, slot {}, listener lag {}",
          init.map(p -> p.processed() + " of " + p.total()).orElse("not started"),
          streaming == null ? "not streaming" : "streaming",
          changeStream.listenerLag());
    }
    throw new IllegalStateException("the pipeline was not ready within " + atMost);
  }

  private boolean slotStreams() {
    return postgres
            .jdbc()
            .sql("SELECT count(*) FROM pg_replication_slots WHERE active")
            .query(Long.class)
            .single()
        > 0;
  }
}
