package com.cmp.polling.operator.monitoring;

import com.cmp.polling.status.lag.HandlerLag;
import com.cmp.polling.status.schedule.DispatchState;
import java.util.List;

/**
 * The figures of one task type in a {@link Snapshot}. Sums leave out the shards that failed (the
 * snapshot names them).
 *
 * @param queued cards in the queues (ZCARD summed over the shards)
 * @param due cards whose check time has come
 * @param overdue cards due for longer than the overdue grace
 * @param oldestDueAgeSeconds how long the card waiting longest has been due; 0 when none is due
 * @param lag the handlers' lag: tasks published and not yet consumed (end offsets minus committed
 *     offsets) and how long the oldest of them has waited; not known when Kafka did not answer. The
 *     tasks waiting are what "leased" means here: a leased card is one whose task is on its way or
 *     being checked. Cards whose publication was lost are leased too, but are not counted: they
 *     come due again when their lease ends.
 * @param checking checks of this type running right now in all handler instances (permits held)
 * @param manual manual triggers waiting for the next scheduler round
 * @param dueByShard due cards per shard, shard 0 first; null for a shard that failed
 * @param dispatch back-pressure as the last scheduling round recorded it; null before any round
 *     recorded it, or when Redis did not answer
 */
public record TaskFigures(
    long queued,
    long due,
    long overdue,
    long oldestDueAgeSeconds,
    HandlerLag lag,
    long checking,
    long manual,
    List<Long> dueByShard,
    DispatchState dispatch) {}
