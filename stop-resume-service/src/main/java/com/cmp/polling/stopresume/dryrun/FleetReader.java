package com.cmp.polling.stopresume.dryrun;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.DevicePlacement;
import com.cmp.polling.core.card.PlanningRows;
import com.cmp.polling.core.packageusage.PackageFacts;
import com.cmp.polling.core.packageusage.PackageOwner;
import com.cmp.polling.core.packageusage.PackageUsageStore;
import com.cmp.polling.stopresume.dryrun.FleetCard.Placement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.core.simple.JdbcClient.StatementSpec;
import org.springframework.jdbc.support.SqlArrayValue;

/**
 * The read-only statements of a dry run: pages of cards by id cursor and the cards of a page of
 * devices, each card read as planning reads it ({@link PlanningRows}, its device's place from
 * {@link DevicePlacement}), and the package facts of their owners from {@link PackageUsageStore}
 * (the statements the pipeline reads them with, by a list of owners or a range of owner ids). Each
 * statement reads one page: short, no lock, no long snapshot.
 */
final class FleetReader {

  private final JdbcClient jdbc;
  private final PackageUsageStore packages;

  FleetReader(JdbcClient jdbc) {
    this.jdbc = jdbc;
    this.packages = new PackageUsageStore(jdbc);
  }

  /** The next live cards outside any device after {@code afterId}, of one carrier or all. */
  List<Card> cardsAlone(long afterId, int limit, Long carrierId) {
    return pageAfter("c.device_id IS NULL AND ", afterId, limit, carrierId)
        .query(PlanningRows::card)
        .list();
  }

  /** The next live cards after {@code afterId}, wherever they sit, of one carrier or all. */
  List<FleetCard> cards(long afterId, int limit, Long carrierId) {
    return pageAfter("", afterId, limit, carrierId).query(FleetReader::fleetCard).list();
  }

  /**
   * The next live devices after {@code afterId} that allow polling (the others' cards are not
   * evaluated); with a carrier, only devices holding a live card of it.
   */
  List<Long> pollingDevices(long afterId, int limit, Long carrierId) {
    String sql =
        "SELECT d.id FROM tb_device d WHERE d.id > ? AND "
            + DevicePlacement.DEVICE_LIVE_AND_POLLING
            + (carrierId == null
                ? ""
                : " AND EXISTS (SELECT 1 FROM tb_iot_card c WHERE c.device_id = d.id"
                    + " AND c.deleted_at IS NULL AND c.carrier_id = ?)")
            + " ORDER BY d.id LIMIT ?";
    return withCarrier(jdbc.sql(sql).param(afterId), carrierId)
        .param(limit)
        .query(Long.class)
        .list();
  }

  /** The live cards of the given devices, by device, each device's in id order. */
  Map<Long, List<Card>> cardsOfDevices(Collection<Long> deviceIds) {
    Map<Long, List<Card>> byDevice = new LinkedHashMap<>();
    if (deviceIds.isEmpty()) {
      return byDevice;
    }
    jdbc.sql(
            PlanningRows.SELECT
                + " WHERE c.device_id = ANY(?) AND c.deleted_at IS NULL"
                + " ORDER BY c.device_id, c.id")
        .param(ids(deviceIds))
        .query(
            (RowCallbackHandler)
                rs -> {
                  Card card = PlanningRows.card(rs, 0);
                  byDevice.computeIfAbsent(card.deviceId(), d -> new ArrayList<>()).add(card);
                });
    return byDevice;
  }

  /** A page of live cards read as planning reads them, by id cursor, of one carrier or all. */
  private StatementSpec pageAfter(String condition, long afterId, int limit, Long carrierId) {
    String sql =
        PlanningRows.SELECT
            + " WHERE "
            + condition
            + "c.id > ? AND c.deleted_at IS NULL"
            + (carrierId == null ? "" : " AND c.carrier_id = ?")
            + " ORDER BY c.id LIMIT ?";
    return withCarrier(jdbc.sql(sql).param(afterId), carrierId).param(limit);
  }

  private static StatementSpec withCarrier(StatementSpec statement, Long carrierId) {
    return carrierId == null ? statement : statement.param(carrierId);
  }

  /** The facts of the card owners with an id in {@code (afterId, lastId]}. */
  Map<PackageOwner, PackageFacts> factsOfCardRange(long afterId, long lastId) {
    return packages.factsOfRange(PackageOwner.Kind.CARD, afterId, lastId);
  }

  /** The facts of the given owners of one kind. */
  Map<PackageOwner, PackageFacts> factsOf(PackageOwner.Kind kind, Collection<Long> ownerIds) {
    List<PackageOwner> owners = new ArrayList<>(ownerIds.size());
    ownerIds.forEach(id -> owners.add(new PackageOwner(kind, id)));
    return packages.factsOf(owners);
  }

  private static FleetCard fleetCard(ResultSet rs, int row) throws SQLException {
    Card card = PlanningRows.card(rs, row);
    Placement placement;
    if (!card.inDevice()) {
      placement = Placement.ALONE;
    } else if (card.deviceDeleted()) {
      placement = Placement.DELETED_DEVICE;
    } else {
      placement =
          PlanningRows.deviceAllowsPolling(rs)
              ? Placement.POLLED_DEVICE
              : Placement.UNPOLLED_DEVICE;
    }
    return new FleetCard(card, placement);
  }

  private static SqlArrayValue ids(Collection<Long> ids) {
    return new SqlArrayValue("bigint", ids.toArray());
  }
}
