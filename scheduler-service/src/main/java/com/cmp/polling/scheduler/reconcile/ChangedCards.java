package com.cmp.polling.scheduler.reconcile;

import com.cmp.polling.core.card.PlanningChanges;
import com.cmp.polling.core.card.PlanningChanges.ChangedRow;
import java.util.ArrayList;
import java.util.List;

/**
 * The change part of a periodic pass: every card whose planning columns changed after the marker
 * (deleted ones included), and every live card of a device whose own changed, looked at again
 * ({@link CardRepairs}: queues, then PostgreSQL, then the plan). Read by change number through the
 * marker's index, a page at a time: its cost follows the changes, not the fleet. A row changed
 * again while the part reads comes back with a higher number and is simply compared twice.
 */
final class ChangedCards {

  private final PlanningChanges changes;
  private final CardRepairs repairs;
  private final int pageSize;

  ChangedCards(PlanningChanges changes, CardRepairs repairs, int pageSize) {
    this.changes = changes;
    this.repairs = repairs;
    this.pageSize = pageSize;
  }

  void run(long marker, PassTally tally, Pacing pacing) {
    long after = marker;
    while (true) {
      long from = after;
      List<ChangedRow> rows = tally.postgres(() -> changes.cardsChangedAfter(from, pageSize));
      if (rows.isEmpty()) {
        break;
      }
      List<Long> ids = new ArrayList<>(rows.size());
      rows.forEach(row -> ids.add(row.id()));
      repairs.confirm(ids, tally);
      tally.changedCards(ids.size());
      after = rows.get(rows.size() - 1).change();
      pacing.between(rows.size() == pageSize, tally);
    }
    after = marker;
    while (true) {
      long from = after;
      List<ChangedRow> devices = tally.postgres(() -> changes.devicesChangedAfter(from, pageSize));
      if (devices.isEmpty()) {
        return;
      }
      List<Long> deviceIds = new ArrayList<>(devices.size());
      devices.forEach(row -> deviceIds.add(row.id()));
      List<Long> cardIds = tally.postgres(() -> changes.liveCardIdsOfDevices(deviceIds));
      for (int i = 0; i < cardIds.size(); i += pageSize) {
        List<Long> page = cardIds.subList(i, Math.min(cardIds.size(), i + pageSize));
        repairs.confirm(page, tally);
        tally.changedCards(page.size());
        pacing.between(page.size() == pageSize, tally);
      }
      after = devices.get(devices.size() - 1).change();
      pacing.between(devices.size() == pageSize, tally);
    }
  }
}
