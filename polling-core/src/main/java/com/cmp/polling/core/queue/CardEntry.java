package com.cmp.polling.core.queue;

import java.time.Instant;

/**
 * A card handed out by a dequeue.
 *
 * @param cardId the card
 * @param dueAt when its check was due (its score before the lease; a manual trigger's time)
 * @param leaseUntil the lease deadline the dequeue wrote as its score, exactly (milliseconds): a
 *     task carrying it is recognised as the card's current one until the score changes
 */
public record CardEntry(long cardId, Instant dueAt, Instant leaseUntil) {}
