package com.cmp.polling.demo.fleet;

import com.cmp.polling.simulator.SimulatorControl;
import com.cmp.polling.simulator.state.CardState;
import java.util.EnumMap;
import java.util.Map;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The demo's cards, devices and packages, written straight into PostgreSQL (as a bulk import
 * would), and the matching card states at the simulated carrier. Card {@code id} has the kind
 * {@link CardKind#of(long)}; ids run from 1 to {@code size}.
 */
public final class DemoFleet {

  private static final Logger log = LoggerFactory.getLogger(DemoFleet.class);

  /** The carrier reports this much more usage at every query. */
  public static final int USAGE_GROWTH_MB_PER_QUERY = 5;

  private final JdbcClient jdbc;
  private final int size;

  public DemoFleet(DataSource dataSource, int size) {
    if (size < 100) {
      throw new IllegalArgumentException("a demo fleet has at least 100 cards, asked " + size);
    }
    this.jdbc = JdbcClient.create(dataSource);
    this.size = size;
  }

  /** Device of card {@code id} (a multiple of 10): ten cards per device. */
  static long deviceOf(long id) {
    return (id / 10 - 1) / 10 + 1;
  }

  public static String iccidOf(long id) {
    return "8986" + String.format("%016d", id);
  }

  public int size() {
    return size;
  }

  /** Sets the check intervals of the three default configs (seconds). */
  public void useIntervals(CheckIntervals intervals) {
    update("default-activated", intervals.activated());
    update("default-not-real-name", intervals.notRealName());
    update("default-suspended", intervals.suspended());
  }

  private void update(String config, CheckIntervals.Of seconds) {
    jdbc.sql(
            """
            UPDATE tb_polling_config SET realname_check_interval = ?, carddata_check_interval = ?,
                package_check_interval = ?, protect_check_interval = ?, updated_at = now()
            WHERE config_name = ?
            """)
        .params(
            seconds.realname(), seconds.carddata(), seconds.packages(), seconds.protect(), config)
        .update();
  }

  /** Writes the devices, cards and packages; returns how many cards of each kind. */
  public Map<CardKind, Integer> seed() {
    long devices = deviceOf((size / 10) * 10L);
    jdbc.sql(
            """
            INSERT INTO tb_device (id, device_no, enable_polling)
            SELECT d, 'DEMO-DEV-' || d, d % 13 <> 0 FROM generate_series(1, ?) d
            """)
        .param(devices)
        .update();
    // Kinds by id % 20 (see CardKind.of); every tenth card in a device, verified and online.
    jdbc.sql(
            """
            INSERT INTO tb_iot_card (id, iccid, carrier_id, carrier_type, card_category,
                real_name_status, network_status, stop_reason, device_id, enable_polling)
            SELECT g, '8986' || lpad(g::text, 16, '0'), 1 + g % 3, 'CMCC',
                   CASE WHEN g % 20 = 7 THEN 'industry' ELSE 'normal' END,
                   CASE WHEN g % 20 IN (5, 6, 7) THEN 0 ELSE 1 END,
                   CASE WHEN g % 20 IN (4, 5, 9) THEN 0 ELSE 1 END,
                   CASE g % 20 WHEN 4 THEN 'no_package' WHEN 5 THEN 'not_realname'
                               WHEN 9 THEN 'manual' END,
                   CASE WHEN g % 10 = 0 THEN (g / 10 - 1) / 10 + 1 END,
                   g % 20 <> 8
            FROM generate_series(1, ?) g
            """)
        .param(size)
        .update();
    jdbc.sql(
            """
            INSERT INTO tb_package_usage (iot_card_id, status, data_limit_mb, data_usage_mb,
                activated_at, expires_at)
            SELECT id,
                   1,
                   CASE WHEN id % 20 = 2 THEN 100 ELSE 10240 END,
                   CASE WHEN id % 20 = 2 THEN 97 ELSE 0 END,
                   now() - interval '10 days',
                   CASE WHEN id % 20 = 3 THEN now() - interval '1 day'
                        ELSE now() + interval '30 days' END
            FROM tb_iot_card WHERE device_id IS NULL AND id % 20 <> 1
            """)
        .update();
    // Next month's package, waiting: once the current one is exhausted the card still has a valid
    // package, so the reason to stop it is traffic_exhausted rather than no_package.
    jdbc.sql(
            """
            INSERT INTO tb_package_usage (iot_card_id, status, data_limit_mb)
            SELECT id, 0, 100 FROM tb_iot_card WHERE device_id IS NULL AND id % 20 = 2
            """)
        .update();
    jdbc.sql(
            """
            INSERT INTO tb_package_usage (device_id, status, data_limit_mb, data_usage_mb,
                activated_at, expires_at)
            SELECT id, 1, 102400, 0, now() - interval '10 days',
                   CASE WHEN id % 7 = 0 THEN now() - interval '1 day'
                        ELSE now() + interval '30 days' END
            FROM tb_device
            """)
        .update();
    for (String table : new String[] {"tb_device", "tb_iot_card", "tb_package_usage"}) {
      jdbc.sql(
              "SELECT setval(pg_get_serial_sequence(?, 'id'), (SELECT max(id) FROM " + table + "))")
          .param(table)
          .query(Long.class)
          .single();
    }
    jdbc.sql("ANALYZE").update();
    Map<CardKind, Integer> counts = new EnumMap<>(CardKind.class);
    for (long id = 1; id <= size; id++) {
      counts.merge(CardKind.of(id), 1, Integer::sum);
    }
    log.info("demo fleet written: {} cards in {} devices; {}", size, devices, counts);
    return counts;
  }

  /**
   * Tells the simulated carrier how the cards stand there (a card it does not know reads as
   * verified and online): stopped cards offline, unverified cards unverified.
   */
  public void teach(SimulatorControl carrier) {
    int taught = 0;
    for (long id = 1; id <= size; id++) {
      CardState state =
          switch (CardKind.of(id)) {
            case STOPPED_BUT_PAID, STOPPED_MANUALLY -> CardState.online(false);
            case STOPPED_BUT_VERIFIED -> new CardState(true, false, null, null);
            case UNVERIFIED, INDUSTRY_UNVERIFIED -> CardState.verified(false);
            default -> null;
          };
      if (state != null) {
        carrier.setCard(iccidOf(id), state);
        taught++;
      }
    }
    log.info("simulated carrier told the state of {} cards", taught);
  }
}
