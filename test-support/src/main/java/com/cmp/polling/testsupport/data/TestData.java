package com.cmp.polling.testsupport.data;

import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Builders that insert cards, devices, packages and polling configs with plain SQL (this module
 * must not depend on the production code it helps to test). Defaults describe an ordinary healthy
 * card: online, verified, {@code normal}, carrier 1, polling enabled.
 */
public final class TestData {

  private final JdbcClient jdbc;

  public TestData(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  public CardBuilder card() {
    return new CardBuilder(jdbc);
  }

  public DeviceBuilder device() {
    return new DeviceBuilder(jdbc);
  }

  public PackageBuilder packageOfCard(long cardId) {
    return new PackageBuilder(jdbc, "iot_card_id", cardId);
  }

  public PackageBuilder packageOfDevice(long deviceId) {
    return new PackageBuilder(jdbc, "device_id", deviceId);
  }

  public ConfigBuilder config(String name) {
    return new ConfigBuilder(jdbc, name);
  }

  public void softDeleteCard(long cardId) {
    jdbc.sql("UPDATE tb_iot_card SET deleted_at = now() WHERE id = ?").param(cardId).update();
  }

  public void softDeleteDevice(long deviceId) {
    jdbc.sql("UPDATE tb_device SET deleted_at = now() WHERE id = ?").param(deviceId).update();
  }

  public void softDeletePackage(long packageId) {
    jdbc.sql("UPDATE tb_package_usage SET deleted_at = now() WHERE id = ?")
        .param(packageId)
        .update();
  }
}
