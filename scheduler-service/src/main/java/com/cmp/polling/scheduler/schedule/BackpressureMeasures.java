package com.cmp.polling.scheduler.schedule;

import com.cmp.polling.core.queue.Backlog;
import com.cmp.polling.status.lag.HandlerLag;
import java.time.Instant;

/**
 * What back-pressure looked at for one task type: measured together, reused for {@code
 * lag-check-interval}.
 *
 * @param at when they were measured
 * @param lag the handlers' consumer lag
 * @param backlog cards due and not leased in Redis, measured only when the lag holds the type back
 *     (null otherwise, and when Redis did not answer)
 */
public record BackpressureMeasures(Instant at, HandlerLag lag, Backlog backlog) {}
