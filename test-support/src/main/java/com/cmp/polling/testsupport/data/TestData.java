package com.cmp.polling.testsupport.data;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;

/**
 * Builders that insert cards, devices, packages and polling configs with plain SQL (this module
 * must not depend on the production code it helps to test). Defaults describe an ordinary healthy
 * card: online, verified, {@code normal}, carrier 1, polling enabled.
 */
public final class TestData {

  private static final AtomicLong SEQUENCE = new AtomicLong(System.nanoTime() % 1_000_000);

  private final JdbcClient jdbc;

  public TestData(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  public CardBuilder card() {
    return new CardBuilder();
  }

  public DeviceBuilder device() {
    return new DeviceBuilder();
  }

  public PackageBuilder packageOfCard(long cardId) {
    return new PackageBuilder("iot_card_id", cardId);
  }

  public PackageBuilder packageOfDevice(long deviceId) {
    return new PackageBuilder("device_id", deviceId);
  }

  public ConfigBuilder config(String name) {
    return new ConfigBuilder(name);
  }

  public void softDeleteCard(long cardId) {
    jdbc.sql("UPDATE tb_iot_card SET deleted_at = now() WHERE id = ?").param(cardId).update();
  }

  public void softDeleteDevice(long deviceId) {
    jdbc.sql("UPDATE tb_device SET deleted_at = now() WHERE id = ?").param(deviceId).update();
  }

  public void softDeletePackage(long packageId) {
    jdbc.sql("UPDATE tb_package_usage SET deleted_at = now() WHERE id = ?")
        .param(packageId)
        .update();
  }

  private long insert(JdbcClient.StatementSpec statement) {
    KeyHolder keys = new GeneratedKeyHolder();
    statement.update(keys, "id");
    return keys.getKeyAs(Long.class);
  }

  private static long next() {
    return SEQUENCE.incrementAndGet();
  }

  /** A card row; {@link #insert()} returns its id. */
  public final class CardBuilder {
    private String iccid = "8986" + String.format("%016d", next());
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

    public CardBuilder monthUsage(LocalDate monthStart, String usageMb, String lastMonthTotal) {
      currentMonthStartDate = monthStart;
      currentMonthUsageMb = new BigDecimal(usageMb);
      lastMonthTotalMb = new BigDecimal(lastMonthTotal);
      return this;
    }

    public long insert() {
      return TestData.this.insert(
          jdbc.sql(
                  """
                  INSERT INTO tb_iot_card (iccid, carrier_id, carrier_type, card_category,
                      real_name_status, network_status, stop_reason, device_id, enable_polling,
                      current_month_usage_mb, current_month_start_date, last_month_total_mb)
                  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
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
                  enablePolling,
                  currentMonthUsageMb,
                  currentMonthStartDate,
                  lastMonthTotalMb));
    }
  }

  /** A device row; {@link #insert()} returns its id. */
  public final class DeviceBuilder {
    private String deviceNo = "DEV-" + next();
    private boolean enablePolling = true;

    public DeviceBuilder deviceNo(String value) {
      deviceNo = value;
      return this;
    }

    public DeviceBuilder pollingDisabled() {
      enablePolling = false;
      return this;
    }

    public long insert() {
      return TestData.this.insert(
          jdbc.sql("INSERT INTO tb_device (device_no, enable_polling) VALUES (?, ?)")
              .params(deviceNo, enablePolling));
    }
  }

  /** A package usage row of a card or a device; active and unlimited unless told otherwise. */
  public final class PackageBuilder {
    private final String ownerColumn;
    private final long ownerId;
    private int status = 1;
    private BigDecimal limitMb = BigDecimal.ZERO;
    private BigDecimal usageMb = BigDecimal.ZERO;
    private Instant activatedAt = Instant.now();
    private Instant expiresAt;

    private PackageBuilder(String ownerColumn, long ownerId) {
      this.ownerColumn = ownerColumn;
      this.ownerId = ownerId;
    }

    /** 0 pending activation, 1 active, 2 exhausted, 3 expired. */
    public PackageBuilder status(int value) {
      status = value;
      if (value == 0) {
        activatedAt = null;
      }
      return this;
    }

    public PackageBuilder usage(String used, String limit) {
      usageMb = new BigDecimal(used);
      limitMb = new BigDecimal(limit);
      return this;
    }

    public PackageBuilder expiresAt(Instant value) {
      expiresAt = value;
      return this;
    }

    public long insert() {
      return TestData.this.insert(
          jdbc.sql(
                  "INSERT INTO tb_package_usage ("
                      + ownerColumn
                      + ", status, data_limit_mb, data_usage_mb, activated_at, expires_at)"
                      + " VALUES (?, ?, ?, ?, ?, ?)")
              .params(ownerId, status, limitMb, usageMb, utc(activatedAt), utc(expiresAt)));
    }
  }

  /** A polling config row: enabled, any condition and carrier, all intervals off by default. */
  public final class ConfigBuilder {
    private final String name;
    private String condition;
    private Long carrierId;
    private int priority = 50;
    private Integer realname;
    private Integer carddata;
    private Integer packageCheck;
    private Integer protect;
    private int status = 1;

    private ConfigBuilder(String name) {
      this.name = name;
    }

    /** {@code not_real_name}, {@code activated}, {@code suspended}, or null for any. */
    public ConfigBuilder condition(String value) {
      condition = value;
      return this;
    }

    public ConfigBuilder carrier(Long value) {
      carrierId = value;
      return this;
    }

    public ConfigBuilder priority(int value) {
      priority = value;
      return this;
    }

    /** Intervals in seconds; null switches that task type off. */
    public ConfigBuilder intervals(
        Integer realnameSeconds,
        Integer carddataSeconds,
        Integer packageSeconds,
        Integer protectSeconds) {
      realname = realnameSeconds;
      carddata = carddataSeconds;
      packageCheck = packageSeconds;
      protect = protectSeconds;
      return this;
    }

    public ConfigBuilder disabled() {
      status = 0;
      return this;
    }

    public long insert() {
      return TestData.this.insert(
          jdbc.sql(
                  """
                  INSERT INTO tb_polling_config (config_name, card_condition, carrier_id, priority,
                      realname_check_interval, carddata_check_interval, package_check_interval,
                      protect_check_interval, status)
                  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                  """)
              .params(
                  name,
                  condition,
                  carrierId,
                  priority,
                  realname,
                  carddata,
                  packageCheck,
                  protect,
                  status));
    }
  }

  private static OffsetDateTime utc(Instant instant) {
    return instant == null ? null : instant.atOffset(ZoneOffset.UTC);
  }
}
