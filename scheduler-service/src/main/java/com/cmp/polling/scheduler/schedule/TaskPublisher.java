package com.cmp.polling.scheduler.schedule;

import com.cmp.polling.core.queue.CardEntry;
import com.cmp.polling.schemas.Topic;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.json.PayloadCodec;
import com.cmp.polling.schemas.task.CheckTask;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.support.SendResult;
import org.springframework.stereotype.Component;

/**
 * Publishes check tasks to {@code polling.task.<type>} (manual ones to {@code
 * polling.task.<type>.manual}; key = card id) and tells which cards certainly did not reach Kafka,
 * so that the caller puts them back at once. A send whose outcome is unknown when the wait ends is
 * not counted as failed: its card stays leased and comes due again when the lease ends if the task
 * was indeed lost. Every scheduled task carries the lease deadline of its card, so that a handler
 * can tell it from a later copy.
 */
@Component
public class TaskPublisher {

  private static final Logger log = LoggerFactory.getLogger(TaskPublisher.class);

  private final KafkaTemplate<String, byte[]> kafka;
  private final PayloadCodec codec;
  private final Clock clock;
  private final Duration ackTimeout;

  public TaskPublisher(
      KafkaTemplate<String, byte[]> kafka,
      PayloadCodec codec,
      Clock clock,
      com.cmp.polling.autoconfigure.PollingProperties properties) {
    this.kafka = kafka;
    this.codec = codec;
    this.clock = clock;
    this.ackTimeout = properties.kafka().ackTimeout();
  }

  /**
   * What became of one batch: the cards Kafka acknowledged, those it certainly refused (the others
   * are unknown yet).
   */
  public record Outcome(List<CardEntry> published, List<CardEntry> failed, Instant publishedAt) {

    public List<Long> failedCardIds() {
      return failed.stream().map(CardEntry::cardId).toList();
    }
  }

  /**
   * Hands the batch to the producer without waiting: the caller may send more batches before
   * calling {@link PendingBatch#await()}, which keeps the producer's pipeline full.
   */
  public PendingBatch send(TaskType type, List<CardEntry> entries, boolean manual) {
    Topic<CheckTask> topic = manual ? Topics.manualCheckTasks(type) : Topics.checkTasks(type);
    Instant now = clock.instant();
    List<CompletableFuture<SendResult<String, byte[]>>> sends = new ArrayList<>(entries.size());
    boolean refused = false;
    for (int i = 0; i < entries.size(); i++) {
      CardEntry entry = entries.get(i);
      // A manual trigger is not taken from the shard queue: its lease says nothing of the card's.
      CheckTask task =
          new CheckTask(
              entry.cardId(), type, entry.dueAt(), now, manual, manual ? null : entry.leaseUntil());
      try {
        sends.add(kafka.send(topic.name(), task.key(), codec.encode(topic, task)));
      } catch (RuntimeException e) {
        // The producer refused at once (no metadata within max.block.ms, buffer full): Kafka is
        // away, and every further send would wait as long. The rest of the batch goes back.
        log.warn(
            "Kafka refused {} tasks at once ({}): the batch goes back",
            type.code(),
            e.getMessage());
        for (int rest = i; rest < entries.size(); rest++) {
          sends.add(CompletableFuture.failedFuture(e));
        }
        refused = true;
        break;
      }
    }
    return new PendingBatch(type, entries, sends, now, refused);
  }

  /** A batch handed to the producer, acknowledgements pending. */
  public final class PendingBatch {

    private final TaskType type;
    private final List<CardEntry> entries;
    private final List<CompletableFuture<SendResult<String, byte[]>>> sends;
    private final Instant sentAt;
    private final boolean refused;
    private final List<Integer> unknown = new ArrayList<>();

    private PendingBatch(
        TaskType type,
        List<CardEntry> entries,
        List<CompletableFuture<SendResult<String, byte[]>>> sends,
        Instant sentAt,
        boolean refused) {
      this.type = type;
      this.entries = entries;
      this.sends = sends;
      this.sentAt = sentAt;
      this.refused = refused;
    }

    /** Whether the producer refused part of the batch outright (Kafka unreachable). */
    public boolean refused() {
      return refused;
    }

    public List<CardEntry> entries() {
      return entries;
    }

    /** Waits up to the acknowledgement timeout for every send of the batch. */
    public Outcome await() {
      long deadline = System.nanoTime() + ackTimeout.toNanos();
      List<CardEntry> published = new ArrayList<>(sends.size());
      List<CardEntry> failed = new ArrayList<>();
      for (int i = 0; i < sends.size(); i++) {
        try {
          sends.get(i).get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
          published.add(entries.get(i));
        } catch (ExecutionException e) {
          failed.add(entries.get(i));
        } catch (TimeoutException e) {
          // Unknown outcome: neither published nor failed; the lease covers it.
          unknown.add(i);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          for (int rest = i; rest < sends.size(); rest++) {
            unknown.add(rest);
          }
          break;
        }
      }
      if (!failed.isEmpty()) {
        log.warn(
            "{} of {} {} tasks not published (first card {}): putting them back",
            failed.size(),
            entries.size(),
            type.code(),
            failed.get(0).cardId());
      }
      return new Outcome(published, failed, sentAt);
    }

    /**
     * After {@link #await()}: the outcome of the sends still unknown then, once the producer has
     * settled each of them (acknowledged, or failed at its delivery timeout); at once and empty
     * when none was unknown.
     */
    public CompletableFuture<Outcome> lateOutcome() {
      List<Integer> pending = List.copyOf(unknown);
      CompletableFuture<?>[] futures =
          pending.stream().map(sends::get).toArray(CompletableFuture<?>[]::new);
      return CompletableFuture.allOf(futures)
          .handle(
              (ignored, failure) -> {
                List<CardEntry> published = new ArrayList<>();
                List<CardEntry> failed = new ArrayList<>();
                for (int i : pending) {
                  (sends.get(i).isCompletedExceptionally() ? failed : published)
                      .add(entries.get(i));
                }
                return new Outcome(published, failed, sentAt);
              });
    }
  }
}
