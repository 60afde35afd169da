package com.cmp.polling.core.config;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Which polling config governs which live cards, computed in PostgreSQL by the rules of {@link
 * ConfigSnapshot#match} (card condition from network and real-name status, carrier, enabled configs
 * by priority then id, card AND device polling flags, a soft-deleted device allowing none, live
 * rows only). Every call reads the whole card table: callers cache the answer.
 */
public class GovernedCards {

  /** Polled live cards with the condition the matcher gives them. */
  private static final String POLLED_CARDS =
      """
      WITH polled AS (
          SELECT c.id AS card_id, c.carrier_id,
                 CASE WHEN c.network_status = 0 THEN 'suspended'
                      WHEN c.real_name_status <> 1 THEN 'not_real_name'
                      ELSE 'activated' END AS condition
          FROM tb_iot_card c
          LEFT JOIN tb_device d ON d.id = c.device_id AND d.deleted_at IS NULL
          WHERE c.deleted_at IS NULL AND c.enable_polling
            AND (c.device_id IS NULL OR d.enable_polling))
      """;

  /** The first enabled config matching the condition and carrier of the {@code polled} row. */
  private static final String MATCH =
      """
      (SELECT p.id FROM tb_polling_config p
       WHERE p.status = 1
         AND (p.card_condition IS NULL OR p.card_condition = polled.condition)
         AND (p.carrier_id IS NULL OR p.carrier_id = polled.carrier_id)
       ORDER BY p.priority, p.id LIMIT 1)
      """;

  private final JdbcClient jdbc;

  public GovernedCards(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /**
   * How many cards each config governs now; the cards no config matches are counted under the key
   * {@link Counts#unmatched()}.
   */
  public Counts count() {
    Map<Long, Long> byConfig = new HashMap<>();
    long[] unmatched = {0};
    jdbc.sql(
            POLLED_CARDS
                + " SELECT config_id, sum(cards) AS cards FROM ("
                + " SELECT count(*) AS cards, "
                + MATCH
                + " AS config_id FROM polled GROUP BY polled.condition, polled.carrier_id) AS g"
                + " GROUP BY config_id")
        .query(
            rs -> {
              long configId = rs.getLong("config_id");
              if (rs.wasNull()) {
                unmatched[0] += rs.getLong("cards");
              } else {
                byConfig.put(configId, rs.getLong("cards"));
              }
            });
    long notPolled =
        jdbc.sql(
                """
                SELECT count(*) FROM tb_iot_card c
                LEFT JOIN tb_device d ON d.id = c.device_id AND d.deleted_at IS NULL
                WHERE c.deleted_at IS NULL
                  AND NOT (c.enable_polling AND (c.device_id IS NULL OR coalesce(d.enable_polling, false)))
                """)
            .query(Long.class)
            .single();
    return new Counts(byConfig, unmatched[0], notPolled);
  }

  /**
   * The config of every polled live card, card by card (id order): what {@link #count()} sums.
   * Reads and returns the whole fleet; for checks on small fleets.
   */
  public List<CardConfig> configOfEachCard() {
    return jdbc.sql(
            POLLED_CARDS
                + " SELECT card_id, "
                + MATCH
                + " AS config_id FROM polled ORDER BY card_id")
        .query(
            (rs, row) -> {
              long configId = rs.getLong("config_id");
              Long config = rs.wasNull() ? null : configId;
              return new CardConfig(rs.getLong("card_id"), config);
            })
        .list();
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
