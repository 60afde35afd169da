package com.cmp.polling.handlers.base;

import com.cmp.polling.core.card.LoadedCard;
import com.cmp.polling.handlers.base.TaskPreparation.Decoded;
import com.cmp.polling.handlers.config.HandlersProperties;
import com.cmp.polling.schemas.task.TaskType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * What every check has in common (seed: polling_base), one path for every task type: the tasks of a
 * poll prepared together ({@link TaskPreparation}: decoded, claimed, cards loaded), then checked
 * together ({@link PollBatch}: permits, the check, the cards put at their next time). A card alone
 * is a poll of one. Regular tasks run on the check workers under the shared permits and the
 * per-carrier cap; manual tasks on workers of their own, without either.
 */
@Component
public class CheckRunner {

  private static final Logger log = LoggerFactory.getLogger(CheckRunner.class);

  private final TaskPreparation preparation;
  private final PollBatch batch;
  private final PollBatch.Lane regular;
  private final PollBatch.Lane manual;

  CheckRunner(
      TaskPreparation preparation,
      PollBatch batch,
      ExecutorService checkWorkers,
      ManualWorkers manualWorkers,
      HandlersProperties settings) {
    this.preparation = preparation;
    this.batch = batch;
    this.regular =
        new PollBatch.Lane(new FanOut(checkWorkers), settings.workerThreads(), true, true);
    // Manual queries bypass the per-carrier cap rather than have a share of it reserved. The cap
    // keeps the many check workers from parking on a slow carrier's limiter; the manual lane has
    // only its few workers of its own, so a manual query waiting for its slot parks nobody else.
    // Under the cap, a manual check found the places of its carrier held by regular queries
    // whenever that carrier had a backlog, and was put off. A reserved share would cost the
    // regular checks their only place on a carrier allowing one call a second. The manual query
    // still takes its slot from the carrier's rate limiter, so the carrier's calls per second hold;
    // it waits at most behind the queries under way (the cap's rate x carrier-wait per instance),
    // and beyond rate-limit-max-wait it is refused and triggered again (ManualRetries).
    this.manual =
        new PollBatch.Lane(
            new FanOut(manualWorkers.executor()), settings.manualWorkerThreads(), false, false);
  }

  /**
   * Runs every task of one poll of a regular topic and returns once all are settled (offsets may
   * then commit). Tasks of different cards run together; tasks of the same card one after the
   * other, so that a card is never checked twice at once by one consumer.
   */
  public <R> void runAll(
      List<ConsumerRecord<String, byte[]>> records, TaskType type, BatchCheckBody<R> body) {
    run(records, type, body, regular);
  }

  /**
   * Runs every task of one poll of a manual topic, as {@link #runAll} does, but on the manual
   * workers, without permits and outside the per-carrier cap: an operator's check is not held up by
   * the regular ones. One that cannot run is triggered again ({@link ManualRetries}).
   */
  public <R> void runManual(
      List<ConsumerRecord<String, byte[]>> records, TaskType type, BatchCheckBody<R> body) {
    run(records, type, body, manual);
  }

  private <R> void run(
      List<ConsumerRecord<String, byte[]>> records,
      TaskType type,
      BatchCheckBody<R> body,
      PollBatch.Lane lane) {
    for (List<Decoded> round : rounds(preparation.decodeAndClaim(records, type))) {
      // Read after the rounds before: a card's later task sees what its earlier one did.
      Map<Long, Optional<LoadedCard>> cards =
          preparation.preload(round.stream().map(d -> d.task().cardId()).toList(), type);
      List<PendingCheck> pending = new ArrayList<>(round.size());
      for (Decoded decoded : round) {
        preparation.load(decoded, type, cards).ifPresent(pending::add);
      }
      batch.run(pending, type, body, lane);
    }
  }

  /**
   * The tasks of a poll in rounds, each card at most once a round: the first task of every card, in
   * record order, then the second of the cards with two, and so on. Most polls are one round.
   */
  static List<List<Decoded>> rounds(List<Decoded> tasks) {
    List<List<Decoded>> rounds = new ArrayList<>();
    Map<Long, Integer> seen = new HashMap<>(tasks.size() * 2);
    for (Decoded decoded : tasks) {
      int round = seen.merge(decoded.task().cardId(), 1, Integer::sum) - 1;
      if (round == rounds.size()) {
        rounds.add(new ArrayList<>());
      }
      rounds.get(round).add(decoded);
    }
    return rounds;
  }

  /**
   * Logs a check that failed for a reason other than the carrier's (Redis or PostgreSQL failed
   * under it): its card is not completed, stays leased, and comes due again when the lease ends.
   */
  static void leftLeased(TaskType type, long cardId, RuntimeException failure) {
    log.error(
        "{} check of card {} failed ({}); it comes due again when its lease ends",
        type.code(),
        cardId,
        failure.getMessage(),
        failure);
  }
}
