package com.cmp.polling.operator.console.device;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.device.Device;
import com.cmp.polling.core.device.DeviceStore;
import com.cmp.polling.core.packageusage.PackageOwner;
import com.cmp.polling.core.packageusage.PackageUsage;
import com.cmp.polling.core.packageusage.PackageUsageStore;
import com.cmp.polling.operator.web.DecimalId;
import com.cmp.polling.operator.web.NotFoundException;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /console/api/devices/{deviceId}}: the device, its cards and their states, its
 * packages.
 */
@RestController
class DeviceController {

  private final DeviceStore devices;
  private final CardStore cards;
  private final PackageUsageStore packages;

  DeviceController(DeviceStore devices, CardStore cards, PackageUsageStore packages) {
    this.devices = devices;
    this.cards = cards;
    this.packages = packages;
  }

  @GetMapping("/console/api/devices/{deviceId}")
  DeviceView device(@PathVariable String deviceId) {
    long id = DecimalId.parse("device id", deviceId);
    Device device =
        devices
            .findById(id)
            .orElseThrow(
                () -> new NotFoundException("device " + id + " does not exist (or is deleted)"));
    return new DeviceView(
        device.id(),
        device.deviceNo(),
        device.pollingEnabled(),
        device.createdAt(),
        cards.findByDevice(id).stream().map(CardState::of).toList(),
        packages.findAll(PackageOwner.device(id)).stream().map(PackageRow::of).toList());
  }

  /** The device's row, its live cards, its packages (shared by its cards). */
  record DeviceView(
      long id,
      String deviceNo,
      boolean pollingEnabled,
      Instant createdAt,
      List<CardState> cards,
      List<PackageRow> packages) {}

  record CardState(
      long id,
      String iccid,
      boolean online,
      String stopReason,
      boolean realNameVerified,
      String category,
      boolean pollingEnabled) {

    static CardState of(Card c) {
      return new CardState(
          c.id(),
          c.iccid(),
          c.isOnline(),
          c.stopReason(),
          c.isRealNameVerified(),
          c.category().code(),
          c.pollingEnabled());
    }
  }

  record PackageRow(
      long id, String status, BigDecimal limitMb, BigDecimal usageMb, Instant expiresAt) {

    static PackageRow of(PackageUsage p) {
      return new PackageRow(
          p.id(),
          p.status().name().toLowerCase(Locale.ROOT),
          p.dataLimitMb(),
          p.dataUsageMb(),
          p.expiresAt());
    }
  }
}
