package com.cmp.polling.demo.fleet;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * What the platform's users do while the demo runs, written straight to the database so that the
 * change stream has something to carry: new cards arrive, a card's polling is switched off, a card
 * is deleted, a device's polling is switched off and on again. Only {@link CardKind#STEADY} cards
 * and steady devices are touched, so the rules' outcomes for the rest of the fleet stay as the
 * kinds say.
 */
public final class OperatorActivity {

  private static final Logger log = LoggerFactory.getLogger(OperatorActivity.class);

  private final JdbcClient jdbc;
  private final int fleetSize;
  private final AtomicInteger round = new AtomicInteger();

  public OperatorActivity(DataSource dataSource, int fleetSize) {
    this.jdbc = JdbcClient.create(dataSource);
    this.fleetSize = fleetSize;
  }

  /** One round of changes; each round touches different cards. */
  public void playRound() {
    int n = round.incrementAndGet();
    List<Long> created =
        jdbc.sql(
                """
                INSERT INTO tb_iot_card (iccid, carrier_id, carrier_type, real_name_status)
                SELECT 'DEMO-NEW-' || ? || '-' || g, 1, 'CMCC', 1 FROM generate_series(1, 3) g
                RETURNING id
                """)
            .param(n)
            .query(Long.class)
            .list();
    for (long id : created) {
      jdbc.sql(
              "INSERT INTO tb_package_usage (iot_card_id, status, data_limit_mb) VALUES (?, 1, 10240)")
          .param(id)
          .update();
    }
    long disabled = steadyCard(n * 2);
    jdbc.sql("UPDATE tb_iot_card SET enable_polling = false WHERE id = ?").param(disabled).update();
    long deleted = steadyCard(n * 2 + 1);
    jdbc.sql("UPDATE tb_iot_card SET deleted_at = now() WHERE id = ?").param(deleted).update();
    long device = steadyDevice(n);
    boolean deviceOn = n % 2 == 0;
    jdbc.sql("UPDATE tb_device SET enable_polling = ? WHERE id = ?")
        .params(deviceOn, device)
        .update();
    log.info(
        "operators: new cards {}; polling off on card {}; card {} deleted; polling {} on device {}",
        created,
        disabled,
        deleted,
        deviceOn ? "back" : "off",
        device);
  }

  /** The k-th STEADY card of the fleet (ids 11, 12, 13, ... with id % 20 >= 11). */
  private long steadyCard(int k) {
    long id = 0;
    int seen = 0;
    while (seen < k && id < fleetSize) {
      id++;
      if (CardKind.of(id) == CardKind.STEADY) {
        seen++;
      }
    }
    return id;
  }

  /** A steady device; rounds 2k-1 and 2k switch the same one off and on. */
  private long steadyDevice(int n) {
    int k = (n + 1) / 2;
    long device = 0;
    int seen = 0;
    long devices = DemoFleet.deviceOf((fleetSize / 10) * 10L);
    while (seen < k && device < devices) {
      device++;
      if (device % 13 != 0 && device % 7 != 0) {
        seen++;
      }
    }
    return device;
  }
}
