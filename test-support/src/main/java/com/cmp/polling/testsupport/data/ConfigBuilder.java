package com.cmp.polling.testsupport.data;

import org.springframework.jdbc.core.simple.JdbcClient;

/** A polling config row: enabled, any condition and carrier, all intervals off by default. */
public final class ConfigBuilder {

  private final JdbcClient jdbc;
  private final String name;
  private String condition;
  private Long carrierId;
  private int priority = 50;
  private Integer realname;
  private Integer carddata;
  private Integer packageCheck;
  private Integer protect;
  private int status = 1;

  ConfigBuilder(JdbcClient jdbc, String name) {
    this.jdbc = jdbc;
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
    return Inserts.returningId(
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
