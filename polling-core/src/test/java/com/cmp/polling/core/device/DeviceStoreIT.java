package com.cmp.polling.core.device;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.testsupport.postgres.PostgresExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class DeviceStoreIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();

  private final DeviceStore store = new DeviceStore(postgres.jdbc());

  @Test
  void findById_mapsTheDevice_withItsPollingFlag() {
    long enabled = postgres.data().device().deviceNo("DEV-10").insert();
    long disabled = postgres.data().device().pollingDisabled().insert();

    Device device = store.findById(enabled).orElseThrow();

    assertThat(device.deviceNo()).isEqualTo("DEV-10");
    assertThat(device.pollingEnabled()).isTrue();
    assertThat(store.findById(disabled).orElseThrow().pollingEnabled()).isFalse();
  }

  @Test
  void softDeletedOrUnknownDevice_isInvisible() {
    long id = postgres.data().device().insert();
    postgres.data().softDeleteDevice(id);

    assertThat(store.findById(id)).isEmpty();
    assertThat(store.findById(31_337)).isEmpty();
  }
}
