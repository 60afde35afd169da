package com.cmp.polling.core.queue;

import java.time.Instant;

/**
 * A card handed out by a dequeue.
 *
 * @param cardId the card
 * @param dueAt when its check was due (its score before the lease)
 */
public record CardEntry(long cardId, Instant dueAt) {}
