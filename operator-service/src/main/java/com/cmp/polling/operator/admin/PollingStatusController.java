package com.cmp.polling.operator.admin;

import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.device.DeviceStore;
import com.cmp.polling.operator.action.AssetNotFoundException;
import com.cmp.polling.operator.action.AssetType;
import com.cmp.polling.operator.web.DecimalId;
import com.cmp.polling.operator.web.JsonBodies;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

/**
 * {@code PATCH /api/admin/assets/{card|device}/{id}/polling-status}: sets {@code enable_polling} in
 * the database and nothing else; the change stream updates the queues, as it does for any other
 * writer of the database.
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
      @PathVariable String id,
      @RequestBody
          @io.swagger.v3.oas.annotations.parameters.RequestBody(
              content = @Content(schema = @Schema(implementation = PollingStatusChange.class)))
          JsonNode body) {
    AssetType type = AssetType.fromCode(assetType);
    long assetId = DecimalId.parse("id", id);
    boolean enable = PollingStatusChange.from(body).enablePolling();
    boolean updated =
        switch (type) {
          case CARD -> cards.updatePollingEnabled(assetId, enable);
          case DEVICE -> devices.updatePollingEnabled(assetId, enable);
        };
    if (!updated) {
      throw new AssetNotFoundException(type, assetId);
    }
    log.info("{} {}: enable_polling set to {} through the admin API", type.code(), assetId, enable);
    return new PollingStatus(type.code(), assetId, enable);
  }

  /**
   * The request body, {@code {"enablePolling": true}}: only a JSON boolean passes (Jackson would
   * otherwise turn {@code "yes"} or {@code 1} into a boolean), and no other field.
   */
  record PollingStatusChange(boolean enablePolling) {

    static final String FIELD = "enablePolling";

    /**
     * @throws IllegalArgumentException for a missing or non-boolean value, or another field
     */
    static PollingStatusChange from(JsonNode body) {
      JsonNode value = JsonBodies.field(JsonBodies.object(body, List.of(FIELD)), FIELD);
      if (value == null) {
        throw new IllegalArgumentException(FIELD + " is missing: send true or false");
      }
      if (!value.isBoolean()) {
        throw new IllegalArgumentException(
            FIELD + " must be true or false, was " + JsonBodies.shown(value));
      }
      return new PollingStatusChange(value.booleanValue());
    }
  }

  /** The answer: the asset and its flag as now stored. */
  record PollingStatus(String assetType, long id, boolean enablePolling) {}
}
