package com.cmp.polling.listener.topology;

/** Debezium change events as the engine writes them (JSON envelope, no inline schema). */
final class ChangeEvents {

  private static long lsn = 1000;

  private ChangeEvents() {}

  /** A live, polled, online, verified card of carrier 1, outside any device. */
  static Card card(long id) {
    return new Card(id, null, true, 1, 1, 1, "normal", false);
  }

  record Card(
      long id,
      Long deviceId,
      boolean enablePolling,
      int networkStatus,
      int realNameStatus,
      long carrierId,
      String category,
      boolean deleted) {

    Card device(Long value) {
      return new Card(
          id, value, enablePolling, networkStatus, realNameStatus, carrierId, category, deleted);
    }

    Card polling(boolean value) {
      return new Card(
          id, deviceId, value, networkStatus, realNameStatus, carrierId, category, deleted);
    }

    Card network(int value) {
      return new Card(
          id, deviceId, enablePolling, value, realNameStatus, carrierId, category, deleted);
    }

    Card realName(int value) {
      return new Card(
          id, deviceId, enablePolling, networkStatus, value, carrierId, category, deleted);
    }

    Card softDeleted() {
      return new Card(
          id, deviceId, enablePolling, networkStatus, realNameStatus, carrierId, category, true);
    }

    String json() {
      return json("0.000");
    }

    /** The row with another month usage: a column that matters to nobody here. */
    String json(String usage) {
      return """
          {"id":%d,"iccid":"8986%016d","carrier_id":%d,"carrier_type":"CMCC",\
          "card_category":"%s","real_name_status":%d,"network_status":%d,"stop_reason":null,\
          "device_id":%s,"enable_polling":%b,"current_month_usage_mb":"%s",\
          "current_month_start_date":null,"last_month_total_mb":"0.000",\
          "created_at":"2026-11-29T12:00:00.000000Z","updated_at":"2026-11-29T12:00:00.000000Z",\
          "deleted_at":%s}"""
          .formatted(
              id,
              id,
              carrierId,
              category,
              realNameStatus,
              networkStatus,
              deviceId,
              enablePolling,
              usage,
              deleted ? "\"2026-11-29T12:05:00.000000Z\"" : "null");
    }
  }

  static String device(long id, boolean enablePolling, boolean deleted) {
    return """
        {"id":%d,"device_no":"DEV-%d","enable_polling":%b,\
        "created_at":"2026-11-29T12:00:00.000000Z","updated_at":"2026-11-29T12:00:00.000000Z",\
        "deleted_at":%s}"""
        .formatted(id, id, enablePolling, deleted ? "\"2026-11-29T12:05:00.000000Z\"" : "null");
  }

  static String config(long id, Integer carddataSeconds, String updatedAt) {
    return """
        {"id":%d,"config_name":"cfg-%d","card_condition":"activated","carrier_id":null,\
        "priority":100,"realname_check_interval":60,"carddata_check_interval":%s,\
        "package_check_interval":null,"protect_check_interval":null,"status":1,\
        "created_at":"2026-11-29T12:00:00.000000Z","updated_at":"%s"}"""
        .formatted(id, id, carddataSeconds, updatedAt);
  }

  /** An envelope; {@code before}/{@code after} are row JSON or null. */
  static String envelope(String op, String before, String after) {
    lsn += 8;
    return """
        {"before":%s,"after":%s,"source":{"version":"3.6.1.Final","connector":"postgresql",\
        "name":"cmp","ts_ms":1795953600000,"snapshot":"false","db":"cmp","schema":"public",\
        "table":"tb_iot_card","txId":777,"lsn":%d},"op":"%s","ts_ms":1795953600100}"""
        .formatted(before, after, lsn, op);
  }
}
