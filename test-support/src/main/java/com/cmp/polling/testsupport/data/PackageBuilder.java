package com.cmp.polling.testsupport.data;

import java.math.BigDecimal;
import java.time.Instant;
import org.springframework.jdbc.core.simple.JdbcClient;

/** A package usage row of a card or a device; active and unlimited unless told otherwise. */
public final class PackageBuilder {

  private final JdbcClient jdbc;
  private final String ownerColumn;
  private final long ownerId;
  private int status = 1;
  private BigDecimal limitMb = BigDecimal.ZERO;
  private BigDecimal usageMb = BigDecimal.ZERO;
  private Instant activatedAt = Instant.now();
  private Instant expiresAt;
  private Instant nextResetAt;

  PackageBuilder(JdbcClient jdbc, String ownerColumn, long ownerId) {
    this.jdbc = jdbc;
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

  /** When it was activated (now by default; none for a pending package). */
  public PackageBuilder activatedAt(Instant value) {
    activatedAt = value;
    return this;
  }

  public PackageBuilder expiresAt(Instant value) {
    expiresAt = value;
    return this;
  }

  /** The monthly data reset time (column added by migration V3). */
  public PackageBuilder resetsAt(Instant value) {
    nextResetAt = value;
    return this;
  }

  public long insert() {
    long id =
        Inserts.returningId(
            jdbc.sql(
                    "INSERT INTO tb_package_usage ("
                        + ownerColumn
                        + ", status, data_limit_mb, data_usage_mb, activated_at, expires_at)"
                        + " VALUES (?, ?, ?, ?, ?, ?)")
                .params(
                    ownerId,
                    status,
                    limitMb,
                    usageMb,
                    Inserts.utc(activatedAt),
                    Inserts.utc(expiresAt)));
    if (nextResetAt != null) {
      jdbc.sql("UPDATE tb_package_usage SET next_reset_at = ? WHERE id = ?")
          .params(Inserts.utc(nextResetAt), id)
          .update();
    }
    return id;
  }
}
