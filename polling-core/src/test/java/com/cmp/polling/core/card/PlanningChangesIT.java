package com.cmp.polling.core.card;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.core.card.PlanningChanges.ChangedRow;
import com.cmp.polling.core.card.PlanningChanges.MarkerReading;
import com.cmp.polling.testsupport.data.TestData;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The planning change marker on a real PostgreSQL: which writes move it (the trigger, whoever
 * writes), and the readings the reconciler builds on.
 */
class PlanningChangesIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();

  private final PlanningChanges changes = new PlanningChanges(postgres.jdbc());
  private TestData data;

  @BeforeEach
  void emptyTables() {
    postgres.truncateBusinessTables();
    data = postgres.data();
  }

  @Test
  void everyPlanningColumn_anInsertAndASoftDelete_moveTheMarker_otherColumnsDoNot() {
    long card = data.card().insert();
    long inserted = changeOf("tb_iot_card", card);
    assertThat(inserted).isPositive();

    update("UPDATE tb_iot_card SET updated_at = now() + interval '1 hour' WHERE id = ?", card);
    update("UPDATE tb_iot_card SET iccid = iccid || '9', carrier_type = 'X' WHERE id = ?", card);
    // A writer setting the number itself changes nothing.
    update("UPDATE tb_iot_card SET planning_change_seq = 1 WHERE id = ?", card);
    assertThat(changeOf("tb_iot_card", card)).isEqualTo(inserted);

    long last = inserted;
    for (String change :
        List.of(
            "carrier_id = carrier_id + 1",
            "card_category = 'industry'",
            "real_name_status = 1 - real_name_status",
            "network_status = 0, stop_reason = 'manual'",
            "device_id = " + data.device().insert(),
            "enable_polling = NOT enable_polling",
            "deleted_at = now()")) {
      update("UPDATE tb_iot_card SET " + change + " WHERE id = ?", card);
      long now = changeOf("tb_iot_card", card);
      assertThat(now).as(change).isGreaterThan(last);
      last = now;
    }
  }

  @Test
  void aDevicesPollingFlagOrDeletion_moveItsMarker_andItsLiveCardsAreFound() {
    long device = data.device().insert();
    long inDevice = data.card().device(device).insert();
    long deleted = data.card().device(device).insert();
    data.card().insert();
    data.softDeleteCard(deleted);
    long before = changeOf("tb_device", device);

    update("UPDATE tb_device SET device_no = device_no || 'x' WHERE id = ?", device);
    assertThat(changeOf("tb_device", device)).isEqualTo(before);
    update("UPDATE tb_device SET enable_polling = false WHERE id = ?", device);
    long disabled = changeOf("tb_device", device);

    assertThat(disabled).isGreaterThan(before);
    assertThat(changes.devicesChangedAfter(before, 10))
        .containsExactly(new ChangedRow(device, disabled));
    assertThat(changes.liveCardIdsOfDevices(List.of(device))).containsExactly(inDevice);
    data.softDeleteDevice(device);
    assertThat(changeOf("tb_device", device)).isGreaterThan(disabled);
  }

  @Test
  void cardsChangedAfter_givesTheRowsChangedSinceANumber_inNumberOrder_deletedOnesToo() {
    long first = data.card().insert();
    long second = data.card().insert();
    long third = data.card().insert();
    long mark = changeOf("tb_iot_card", third);
    update("UPDATE tb_iot_card SET enable_polling = false WHERE id = ?", first);
    data.softDeleteCard(second);

    List<ChangedRow> changed = changes.cardsChangedAfter(mark, 10);

    assertThat(changed).extracting(ChangedRow::id).containsExactly(first, second);
    assertThat(changes.cardsChangedAfter(mark, 1))
        .extracting(ChangedRow::id)
        .containsExactly(first);
    assertThat(changes.cardsChangedAfter(changed.get(1).change(), 10)).isEmpty();
  }

  @Test
  void liveCardsBetween_andTheIdRange_readTheSweepsSlice() {
    long a = data.card().insert();
    long b = data.card().insert();
    long c = data.card().insert();
    long d = data.card().insert();
    data.softDeleteCard(b);

    assertThat(changes.liveCardsBetween(a - 1, c, 10)).extracting(Card::id).containsExactly(a, c);
    assertThat(changes.liveCardsBetween(a, d, 1)).extracting(Card::id).containsExactly(c);
    assertThat(changes.idRange()).contains(new PlanningChanges.IdRange(a, d));
    postgres.truncateBusinessTables();
    assertThat(changes.idRange()).isEmpty();
  }

  /**
   * The reconciler's reading of the marker: a writer whose transaction is still open holds the
   * oldest running transaction below the reading's id until it ends, so the change it numbered is
   * not passed before it is visible.
   */
  @Test
  void aReading_staysAheadOfTheOldestRunningTransaction_untilEveryWriterOfItsNumbersEnded()
      throws Exception {
    long card = data.card().insert();
    try (Connection open = postgres.dataSource().getConnection()) {
      open.setAutoCommit(false);
      try (PreparedStatement update =
          open.prepareStatement("UPDATE tb_iot_card SET enable_polling = false WHERE id = ?")) {
        update.setLong(1, card);
        update.executeUpdate();
      }

      MarkerReading reading = changes.readMarker();

      assertThat(reading.lastChange()).isGreaterThan(changeOf("tb_iot_card", card));
      assertThat(changes.oldestRunningTransaction()).isLessThan(reading.nextTransaction());
      open.commit();
      assertThat(changes.oldestRunningTransaction())
          .isGreaterThanOrEqualTo(reading.nextTransaction());
      assertThat(changeOf("tb_iot_card", card)).isEqualTo(reading.lastChange());
    }
  }

  private static long changeOf(String table, long id) {
    return postgres
        .jdbc()
        .sql("SELECT planning_change_seq FROM " + table + " WHERE id = ?")
        .param(id)
        .query(Long.class)
        .single();
  }

  private static void update(String sql, long id) {
    assertThat(postgres.jdbc().sql(sql).param(id).update()).isEqualTo(1);
  }
}
