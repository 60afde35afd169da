package com.cmp.polling.testsupport.data;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import org.springframework.jdbc.core.simple.JdbcClient;

/** A card row; {@link #insert()} returns its id. */
public final class CardBuilder {

  private final JdbcClient jdbc;
  private String iccid = "8986" + String.format("%016d", Inserts.next());
  private long carrierId = 1;
  private String carrierType = "CMCC";
  private String category = "normal";
  private int realNameStatus = 1;
  private int networkStatus = 1;
  private String stopReason;
  private Long deviceId;
  private boolean enablePolling = true;
  private BigDecimal currentMonthUsageMb = BigDecimal.ZERO;
  private LocalDate currentMonthStartDate;
  private BigDecimal lastMonthTotalMb = BigDecimal.ZERO;
  private boolean counted;
  private Instant changedAt;
  private BigDecimal lastChangeMb;
  private Instant lastChangeSince;

  CardBuilder(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  public CardBuilder iccid(String value) {
    iccid = value;
    return this;
  }

  public CardBuilder carrier(long id, String type) {
    carrierId = id;
    carrierType = type;
    return this;
  }

  public CardBuilder industry() {
    category = "industry";
    return this;
  }

  public CardBuilder unverified() {
    realNameStatus = 0;
    return this;
  }

  public CardBuilder verified() {
    realNameStatus = 1;
    return this;
  }

  public CardBuilder online() {
    networkStatus = 1;
    stopReason = null;
    return this;
  }

  /** Stopped with the given stop reason code (null for none). */
  public CardBuilder stopped(String reason) {
    networkStatus = 0;
    stopReason = reason;
    return this;
  }

  public CardBuilder device(long id) {
    deviceId = id;
    return this;
  }

  public CardBuilder pollingDisabled() {
    enablePolling = false;
    return this;
  }

  /** The card's month usage counters, as a carddata check of its would have left them. */
  public CardBuilder monthUsage(LocalDate monthStart, String usageMb, String lastMonthTotal) {
    counted = true;
    currentMonthStartDate = monthStart;
    currentMonthUsageMb = new BigDecimal(usageMb);
    lastMonthTotalMb = new BigDecimal(lastMonthTotal);
    return this;
  }

  /**
   * When its month total last moved, by how much, since when ({@code since} may be null): what the
   * usage-aware carddata intervals estimate its recent rate from. Needs {@link #monthUsage}.
   */
  public CardBuilder lastUsageChange(Instant at, String mb, Instant since) {
    changedAt = at;
    lastChangeMb = new BigDecimal(mb);
    lastChangeSince = since;
    return this;
  }

  /**
   * Inserts the card, and its month usage counters (in {@code tb_card_month_usage}) when {@link
   * #monthUsage} was given.
   */
  public long insert() {
    long id =
        Inserts.returningId(
            jdbc.sql(
                    """
                    INSERT INTO tb_iot_card (iccid, carrier_id, carrier_type, card_category,
                        real_name_status, network_status, stop_reason, device_id, enable_polling)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """)
                .params(
                    iccid,
                    carrierId,
                    carrierType,
                    category,
                    realNameStatus,
                    networkStatus,
                    stopReason,
                    deviceId,
                    enablePolling));
    if (counted) {
      jdbc.sql(
              """
              INSERT INTO tb_card_month_usage (iot_card_id, month_start, current_month_usage_mb,
                  last_month_total_mb, changed_at, last_change_mb, last_change_since)
              VALUES (?, ?, ?, ?, ?, ?, ?)
              """)
          .params(
              id,
              currentMonthStartDate,
              currentMonthUsageMb,
              lastMonthTotalMb,
              Inserts.utc(changedAt),
              lastChangeMb,
              Inserts.utc(lastChangeSince))
          .update();
    }
    return id;
  }
}
