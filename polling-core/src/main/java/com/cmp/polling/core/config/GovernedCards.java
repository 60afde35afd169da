package com.cmp.polling.core.config;

import com.cmp.polling.core.card.DevicePlacement;
import com.cmp.polling.core.card.NetworkStatus;
import com.cmp.polling.core.card.PlanningRows;
import com.cmp.polling.core.card.RealNameStatus;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Which polling config governs which live cards, under the enabled configs in the database. The
 * database counts the cards by what a match looks at (carrier, network and real-name status) and by
 * whether their own and their device's flags let them be polled ({@link DevicePlacement}); {@link
 * ConfigSnapshot#match} then matches each group, so the rule is the planner's own. Every call reads
 * the whole card table: callers cache the answer.
 */
public class GovernedCards {

  private static final String COUNT_BY_MATCH =
      "SELECT c.carrier_id, c.network_status, c.real_name_status, "
          + DevicePlacement.POLLING_ALLOWED
          + ", count(*) FROM tb_iot_card c "
          + DevicePlacement.JOIN_LIVE_DEVICE
          + " WHERE c.deleted_at IS NULL GROUP BY 1, 2, 3, 4";

  private final JdbcClient jdbc;
  private final PollingConfigStore configs;

  public GovernedCards(JdbcClient jdbc) {
    this.jdbc = jdbc;
    this.configs = new PollingConfigStore(jdbc);
  }

  /**
   * How many cards each config governs now; the cards no config matches are counted under the key
   * {@link Counts#unmatched()}.
   */
  public Counts count() {
    ConfigSnapshot inForce = enabledConfigs();
    Map<Long, Long> byConfig = new HashMap<>();
    long[] unmatched = {0};
    long[] pollingOff = {0};
    jdbc.sql(COUNT_BY_MATCH)
        .query(
            (RowCallbackHandler)
                rs -> {
                  long cards = rs.getLong(5);
                  if (!rs.getBoolean(4)) {
                    pollingOff[0] += cards;
                    return;
                  }
                  Optional<PollingConfig> config =
                      inForce.match(
                          ConfigSnapshot.conditionOf(
                              NetworkStatus.fromCode(rs.getInt(2)),
                              RealNameStatus.fromCode(rs.getInt(3))),
                          rs.getLong(1));
                  if (config.isEmpty()) {
                    unmatched[0] += cards;
                  } else {
                    byConfig.merge(config.get().id(), cards, Long::sum);
                  }
                });
    return new Counts(byConfig, unmatched[0], pollingOff[0]);
  }

  /**
   * How many polled cards of each carrier each config governs now (cards no config matches are left
   * out): the checks each carrier's cards ask of it at the configs' intervals.
   */
  public Map<Long, Map<PollingConfig, Long>> countByCarrier() {
    ConfigSnapshot inForce = enabledConfigs();
    Map<Long, Map<PollingConfig, Long>> byCarrier = new HashMap<>();
    jdbc.sql(COUNT_BY_MATCH)
        .query(
            (RowCallbackHandler)
                rs -> {
                  if (!rs.getBoolean(4)) {
                    return;
                  }
                  long carrierId = rs.getLong(1);
                  long cards = rs.getLong(5);
                  inForce
                      .match(
                          ConfigSnapshot.conditionOf(
                              NetworkStatus.fromCode(rs.getInt(2)),
                              RealNameStatus.fromCode(rs.getInt(3))),
                          carrierId)
                      .ifPresent(
                          config ->
                              byCarrier
                                  .computeIfAbsent(carrierId, id -> new HashMap<>())
                                  .merge(config, cards, Long::sum));
                });
    return byCarrier;
  }

  /**
   * The config of every polled live card, card by card (id order): what {@link #count()} sums.
   * Reads and returns the whole fleet; for checks on small fleets.
   */
  public List<CardConfig> configOfEachCard() {
    ConfigSnapshot inForce = enabledConfigs();
    return jdbc
        .sql(
            PlanningRows.SELECT
                + " WHERE c.deleted_at IS NULL AND "
                + DevicePlacement.POLLING_ALLOWED
                + " ORDER BY c.id")
        .query(PlanningRows::card)
        .list()
        .stream()
        .map(
            card ->
                new CardConfig(card.id(), inForce.match(card).map(PollingConfig::id).orElse(null)))
        .toList();
  }

  /**
   * The enabled configs as the database has them now (a process's snapshot may lag behind it); when
   * they were loaded is not needed here.
   */
  private ConfigSnapshot enabledConfigs() {
    return new ConfigSnapshot(configs.findEnabled(), Instant.EPOCH);
  }

  /**
   * @param cardsByConfig polled cards per governing config id (configs governing none are absent)
   * @param unmatched polled cards (card and device allow polling) that no enabled config matches
   * @param pollingDisabled live cards whose own or whose device's polling is switched off
   */
  public record Counts(Map<Long, Long> cardsByConfig, long unmatched, long pollingDisabled) {

    public Counts {
      cardsByConfig = Map.copyOf(cardsByConfig);
    }
  }

  /**
   * @param configId the governing config, or null when none matches
   */
  public record CardConfig(long cardId, Long configId) {}
}
