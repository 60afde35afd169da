package com.cmp.polling.testsupport.data;

import org.springframework.jdbc.core.simple.JdbcClient;

/** A device row; {@link #insert()} returns its id. */
public final class DeviceBuilder {

  private final JdbcClient jdbc;
  private String deviceNo = "DEV-" + Inserts.next();
  private boolean enablePolling = true;

  DeviceBuilder(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  public DeviceBuilder deviceNo(String value) {
    deviceNo = value;
    return this;
  }

  public DeviceBuilder pollingDisabled() {
    enablePolling = false;
    return this;
  }

  public long insert() {
    return Inserts.returningId(
        jdbc.sql("INSERT INTO tb_device (device_no, enable_polling) VALUES (?, ?)")
            .params(deviceNo, enablePolling));
  }
}
