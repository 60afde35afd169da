package com.cmp.polling.status.request;

import java.time.Instant;

/**
 * One request of the operator app to the scheduler instances, taken by one of them.
 *
 * @param id names the answer key the operator waits on
 * @param requestedBy who asked, for the schedulers' log and the pass's trigger
 * @param expiresAt a scheduler that takes it later drops it: its operator stopped waiting
 */
public record SchedulerRequest(
    String id, RequestKind kind, String requestedBy, Instant expiresAt) {}
