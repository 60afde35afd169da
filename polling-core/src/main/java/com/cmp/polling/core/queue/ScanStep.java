package com.cmp.polling.core.queue;

import java.util.List;

/**
 * One step of a scan of a shard queue kept across calls ({@link QueueAudit#scanStep}).
 *
 * @param nextCursor where the next step starts; 0 when the scan reached the queue's end
 * @param entries the card entries this step returned (members that are not card ids left out)
 * @param membersSeen every member this step returned, card ids or not
 */
public record ScanStep(long nextCursor, List<QueueEntry> entries, int membersSeen) {

  public ScanStep {
    entries = List.copyOf(entries);
  }

  /** Whether this step reached the end of its queue. */
  public boolean finished() {
    return nextCursor == 0;
  }
}
