package com.cmp.polling.scheduler.reconcile;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.queue.QueueAudit;
import com.cmp.polling.core.queue.QueueEntry;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A full pass over the fleet, in two parts, neither of which holds more than a page in memory: on
 * demand, and when the queues may have missed what the change marker cannot show ({@link
 * FullPassReasons}).
 *
 * <p><b>Cards.</b> One keyset pass over the live cards ({@code id > last ORDER BY id}, the
 * initializer's reading, {@code findAfterForEnrollment}), a page at a time, compared by {@link
 * CardPages}; a card whose entries differ from its plan is looked at again ({@link CardRepairs}).
 * This finds missing entries, entries of cards that are not polled, entries under the wrong task
 * types and entries far in the future, shard after shard within each page: the shards are not read
 * apart, since {@code id % 16} has no index and one pass per shard would read the table sixteen
 * times. The ids read are kept in {@link LiveIds} (a bitmap, about 1.5 MiB at 10 M cards).
 *
 * <p><b>Entries.</b> Then every shard queue of every type is scanned (ZSCAN) in chunks; an entry
 * whose id was not read live — a deleted card, an id that never existed, a card created since — or
 * that sits in another shard than its card's is looked at again the same way. Live cards' entries
 * were compared in the first part and are not read from PostgreSQL again.
 *
 * <p>Cost: the table read once by primary key order, each queue entry read twice (ZMSCORE, ZSCAN),
 * PostgreSQL asked again only about the cards out of step. A pause after every full page and chunk
 * spreads the load over a large fleet; the caller's check between them stops the pass early.
 */
final class FullPass {

  private static final Logger log = LoggerFactory.getLogger(FullPass.class);

  private final CardStore cards;
  private final CardPages pages;
  private final QueueAudit queues;
  private final CardRepairs repairs;
  private final int pageSize;
  private final Duration pause;

  FullPass(
      CardStore cards,
      CardPages pages,
      QueueAudit queues,
      CardRepairs repairs,
      int pageSize,
      Duration pause) {
    this.cards = cards;
    this.pages = pages;
    this.queues = queues;
    this.repairs = repairs;
    this.pageSize = pageSize;
    this.pause = pause;
  }

  /**
   * Runs the pass.
   *
   * @param keepGoing asked after every page and chunk: null to go on, or why to stop
   * @return null when the whole fleet was looked at, else why it stopped
   */
  String run(PassTally tally, Supplier<String> keepGoing) {
    Pacing pacing = new Pacing(pause, keepGoing);
    LiveIds live = new LiveIds();
    try {
      compareCards(tally, live, pacing);
      if (live.gaveUp()) {
        log.warn(
            "card ids too sparse to keep in memory: every queue entry is looked up in PostgreSQL");
      }
      scanEntries(tally, live, pacing);
      return null;
    } catch (Pacing.Stop stop) {
      return stop.getMessage();
    }
  }

  private void compareCards(PassTally tally, LiveIds live, Pacing pacing) {
    long lastId = 0;
    while (true) {
      long afterId = lastId;
      List<Card> page = tally.postgres(() -> cards.findAfterForEnrollment(afterId, pageSize));
      if (page.isEmpty()) {
        return;
      }
      page.forEach(card -> live.add(card.id()));
      repairs.confirm(pages.differing(page, List.of(), tally), tally);
      tally.cardsRead(page.size());
      lastId = page.get(page.size() - 1).id();
      pacing.between(page.size() == pageSize, tally);
    }
  }

  private void scanEntries(PassTally tally, LiveIds live, Pacing pacing) {
    for (int shard = 0; shard < queues.shardCount(); shard++) {
      // A card without a live row sits in up to one queue per type: looked at once per shard.
      Set<Long> lookedAt = new HashSet<>();
      for (TaskType type : TaskType.values()) {
        int inShard = shard;
        // The scan reads lazily, between the chunks' own work: Redis's share is the rest.
        long[] chunkNanos = {0};
        long started = System.nanoTime();
        try {
          queues.scan(
              inShard,
              type,
              pageSize,
              chunk -> {
                long chunkStarted = System.nanoTime();
                try {
                  chunk(inShard, chunk, live, lookedAt, tally, pacing);
                } finally {
                  chunkNanos[0] += System.nanoTime() - chunkStarted;
                }
              });
        } finally {
          tally.redisNanos(System.nanoTime() - started - chunkNanos[0]);
        }
      }
    }
  }

  private void chunk(
      int shard,
      List<QueueEntry> chunk,
      LiveIds live,
      Set<Long> lookedAt,
      PassTally tally,
      Pacing pacing) {
    tally.entriesScanned(chunk.size());
    List<QueueEntry> misplaced = new ArrayList<>();
    List<Long> suspects = new ArrayList<>();
    for (QueueEntry entry : chunk) {
      if (queues.shardOf(entry.cardId()) != shard) {
        misplaced.add(entry);
      } else if (!live.contains(entry.cardId()) && lookedAt.add(entry.cardId())) {
        suspects.add(entry.cardId());
      }
    }
    repairs.removeMisplaced(misplaced, tally);
    repairs.confirm(suspects, tally);
    pacing.between(chunk.size() == pageSize, tally);
  }
}
