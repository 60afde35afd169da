package com.cmp.polling.scheduler.admin;

import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.device.DeviceStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code PATCH /api/admin/assets/{card|device}/{id}/polling-status}: sets {@code enable_polling} in
 * the database and nothing else; the change stream updates the queues (seed 004 phase 6).
 */
@RestController
class PollingStatusController {

  private static final Logger log = LoggerFactory.getLogger(PollingStatusController.class);

  private final CardStore cards;
  private final DeviceStore devices;

  PollingStatusController(CardStore cards, DeviceStore devices) {
    this.cards = cards;
    this.devices = devices;
  }

  @PatchMapping("/api/admin/assets/{assetType}/{id}/polling-status")
  PollingStatus update(
      @PathVariable String assetType,
      @PathVariable long id,
      @RequestBody PollingStatusChange body) {
    AssetType type = AssetType.fromCode(assetType);
    boolean enable = body.value();
    boolean updated =
        switch (type) {
          case CARD -> cards.updatePollingEnabled(id, enable);
          case DEVICE -> devices.updatePollingEnabled(id, enable);
        };
    if (!updated) {
      throw new AssetNotFoundException(type, id);
    }
    log.info("{} {}: enable_polling set to {} through the admin API", type.code(), id, enable);
    return new PollingStatus(type.code(), id, enable);
  }

  /**
   * The request body. {@code enablePolling} is read untyped so that only a JSON boolean passes:
   * Jackson would otherwise turn {@code "yes"} or {@code 1} into a boolean.
   */
  record PollingStatusChange(Object enablePolling) {

    boolean value() {
      if (enablePolling instanceof Boolean flag) {
        return flag;
      }
      if (enablePolling == null) {
        throw new IllegalArgumentException("enablePolling is missing: send true or false");
      }
      throw new IllegalArgumentException(
          "enablePolling must be true or false, was " + describe(enablePolling));
    }

    private static String describe(Object value) {
      return value instanceof String text ? "'" + text + "'" : String.valueOf(value);
    }
  }

  /** The answer: the asset and its flag as now stored. */
  record PollingStatus(String assetType, long id, boolean enablePolling) {}
}
