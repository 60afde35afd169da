package com.cmp.polling.handlers.base;

import com.cmp.polling.core.card.LoadedCard;
import com.cmp.polling.schemas.task.CheckTask;

/**
 * A decoded task whose card is loaded and polled: ready for its permit and its check.
 *
 * @param startedNanos when its handling began ({@link System#nanoTime}), for the duration metric
 */
record PendingCheck(CheckTask task, LoadedCard card, long startedNanos) {}
