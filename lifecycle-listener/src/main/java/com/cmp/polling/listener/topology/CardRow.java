package com.cmp.polling.listener.topology;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import tools.jackson.databind.JsonNode;

/** The columns of a {@code tb_iot_card} row that matter to the polling queues. */
record CardRow(
    long id,
    Long deviceId,
    boolean pollingEnabled,
    long networkStatus,
    long realNameStatus,
    long carrierId,
    String category,
    boolean deleted) {

  /** Columns whose change may move the card to another config (or another device's flag). */
  static final List<String> STATUS_COLUMNS =
      List.of("network_status", "real_name_status", "carrier_id", "card_category", "device_id");

  static CardRow of(JsonNode row) {
    if (row == null) {
      return null;
    }
    long id = Fields.requireLong(row, "id");
    String category = Fields.optionalString(row, "card_category");
    if (category == null) {
      throw new MalformedChangeException("$.card_category: missing");
    }
    return new CardRow(
        id,
        Fields.optionalLong(row, "device_id"),
        Fields.requireBoolean(row, "enable_polling"),
        Fields.requireLong(row, "network_status"),
        Fields.requireLong(row, "real_name_status"),
        Fields.requireLong(row, "carrier_id"),
        category,
        Fields.deleted(row));
  }

  boolean live() {
    return !deleted;
  }

  /** The status columns that differ from {@code before}, in {@link #STATUS_COLUMNS} order. */
  List<String> changedStatusColumns(CardRow before) {
    List<String> changed = new ArrayList<>(STATUS_COLUMNS.size());
    if (networkStatus != before.networkStatus) {
      changed.add("network_status");
    }
    if (realNameStatus != before.realNameStatus) {
      changed.add("real_name_status");
    }
    if (carrierId != before.carrierId) {
      changed.add("carrier_id");
    }
    if (!category.equals(before.category)) {
      changed.add("card_category");
    }
    if (!Objects.equals(deviceId, before.deviceId)) {
      changed.add("device_id");
    }
    return changed;
  }
}
