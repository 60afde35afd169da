package com.cmp.polling.stopresume.dryrun;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardCategory;
import com.cmp.polling.core.card.NetworkStatus;
import com.cmp.polling.core.card.RealNameStatus;
import com.cmp.polling.core.packageusage.PackageFacts;
import com.cmp.polling.core.packageusage.PackageOwner;
import com.cmp.polling.core.packageusage.PackageRule;
import com.cmp.polling.stopresume.dryrun.FleetCard.Placement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;

/**
 * The read-only statements of a dry run: pages of cards by id cursor, the cards of a page of
 * devices, and the package facts of their owners through {@link PackageRule#factsPerOwner} (the
 * rule the pipeline applies, narrowed by an id range or a list). Each statement reads one page:
 * short, no lock, no long snapshot.
 */
final class FleetReader {

  private static final String CARD_COLUMNS =
      "c.id, c.carrier_id, c.card_category, c.real_name_status, c.network_status, c.stop_reason,"
          + " c.device_id, c.enable_polling";

  private static final String FACTS = "SELECT * FROM (%s) f WHERE ";

  private final JdbcClient jdbc;

  FleetReader(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** The next live cards outside any device after {@code afterId}, of one carrier or all. */
  List<Card> cardsAlone(long afterId, int limit, Long carrierId) {
    String sql =
        "SELECT "
            + CARD_COLUMNS
            + " FROM tb_iot_card c WHERE c.id > ? AND c.deleted_at IS NULL AND c.device_id IS NULL"
            + (carrierId == null ? "" : " AND c.carrier_id = ?")
            + " ORDER BY c.id LIMIT ?";
    var statement = jdbc.sql(sql).param(afterId);
    if (carrierId != null) {
      statement = statement.param(carrierId);
    }
    return statement.param(limit).query((rs, row) -> card(rs, readDevice(rs))).list();
  }

  /** The next live cards after {@code afterId}, wherever they sit, of one carrier or all. */
  List<FleetCard> cards(long afterId, int limit, Long carrierId) {
    String sql =
        "SELECT "
            + CARD_COLUMNS
            + ", d.id IS NOT NULL AS device_live, d.enable_polling AS device_polling"
            + " FROM tb_iot_card c LEFT JOIN tb_device d ON d.id = c.device_id"
            + " AND d.deleted_at IS NULL"
            + " WHERE c.id > ? AND c.deleted_at IS NULL"
            + (carrierId == null ? "" : " AND c.carrier_id = ?")
            + " ORDER BY c.id LIMIT ?";
    var statement = jdbc.sql(sql).param(afterId);
    if (carrierId != null) {
      statement = statement.param(carrierId);
    }
    return statement.param(limit).query(FleetReader::fleetCard).list();
  }

  /**
   * The next live devices after {@code afterId} that allow polling (the others' cards are not
   * evaluated); with a carrier, only devices holding a live card of it.
   */
  List<Long> pollingDevices(long afterId, int limit, Long carrierId) {
    String sql =
        "SELECT d.id FROM tb_device d WHERE d.id > ? AND d.deleted_at IS NULL AND d.enable_polling"
            + (carrierId == null
                ? ""
                : " AND EXISTS (SELECT 1 FROM tb_iot_card c WHERE c.device_id = d.id"
                    + " AND c.deleted_at IS NULL AND c.carrier_id = ?)")
            + " ORDER BY d.id LIMIT ?";
    var statement = jdbc.sql(sql).param(afterId);
    if (carrierId != null) {
      statement = statement.param(carrierId);
    }
    return statement.param(limit).query(Long.class).list();
  }

  /** The live cards of live devices, by device, each device's in id order. */
  Map<Long, List<Card>> cardsOfDevices(Collection<Long> deviceIds) {
    Map<Long, List<Card>> byDevice = new LinkedHashMap<>();
    if (deviceIds.isEmpty()) {
      return byDevice;
    }
    jdbc.sql(
            "SELECT "
                + CARD_COLUMNS
                + " FROM tb_iot_card c WHERE c.device_id = ANY(?) AND c.deleted_at IS NULL"
                + " ORDER BY c.device_id, c.id")
        .param(ids(deviceIds))
        .query(
            (RowCallbackHandler)
                rs -> {
                  Card card = card(rs, readDevice(rs));
                  byDevice.computeIfAbsent(card.deviceId(), d -> new ArrayList<>()).add(card);
                });
    return byDevice;
  }

  /** The facts of the card owners with an id in {@code (afterId, lastId]}. */
  Map<PackageOwner, PackageFacts> factsOfCardRange(long afterId, long lastId) {
    return facts(
        PackageOwner.Kind.CARD,
        "f.owner_id > ? AND f.owner_id <= ?",
        new Object[] {afterId, lastId});
  }

  /** The facts of the given owners of one kind. */
  Map<PackageOwner, PackageFacts> factsOf(PackageOwner.Kind kind, Collection<Long> ownerIds) {
    if (ownerIds.isEmpty()) {
      return Map.of();
    }
    return facts(kind, "f.owner_id = ANY(?)", new Object[] {ids(ownerIds)});
  }

  private Map<PackageOwner, PackageFacts> facts(
      PackageOwner.Kind kind, String condition, Object[] params) {
    Map<PackageOwner, PackageFacts> facts = new HashMap<>();
    jdbc.sql(FACTS.formatted(PackageRule.factsPerOwner(kind)) + condition)
        .params(params)
        .query(
            (RowCallbackHandler)
                rs -> {
                  long decider = rs.getLong("deciding_package_id");
                  OptionalLong deciding =
                      rs.wasNull() ? OptionalLong.empty() : OptionalLong.of(decider);
                  facts.put(
                      new PackageOwner(kind, rs.getLong("owner_id")),
                      new PackageFacts(
                          rs.getBoolean("has_valid_package"),
                          rs.getBoolean("traffic_exhausted"),
                          deciding));
                });
    return facts;
  }

  private static FleetCard fleetCard(ResultSet rs, int row) throws SQLException {
    Long device = readDevice(rs);
    if (device == null) {
      return new FleetCard(card(rs, null), Placement.ALONE);
    }
    if (!rs.getBoolean("device_live")) {
      // Read as CardStore reads it: a deleted device is no device.
      return new FleetCard(card(rs, null), Placement.DELETED_DEVICE);
    }
    Placement placement =
        rs.getBoolean("device_polling") ? Placement.POLLED_DEVICE : Placement.UNPOLLED_DEVICE;
    return new FleetCard(card(rs, device), placement);
  }

  private static Long readDevice(ResultSet rs) throws SQLException {
    long device = rs.getLong("device_id");
    return rs.wasNull() ? null : device;
  }

  /** Only what the rules and the config matching look at; the rest stays null. */
  private static Card card(ResultSet rs, Long deviceId) throws SQLException {
    return new Card(
        rs.getLong("id"),
        null,
        rs.getLong("carrier_id"),
        null,
        CardCategory.fromCode(rs.getString("card_category")),
        RealNameStatus.fromCode(rs.getInt("real_name_status")),
        NetworkStatus.fromCode(rs.getInt("network_status")),
        rs.getString("stop_reason"),
        deviceId,
        rs.getBoolean("enable_polling"),
        null,
        null,
        null,
        // A card of a deleted device is read with no device (see fleetCard), never as deleted.
        false);
  }

  private static SqlArrayValue ids(Collection<Long> ids) {
    return new SqlArrayValue("bigint", ids.toArray());
  }
}
