package com.cmp.polling.core.packageusage;

import com.cmp.polling.core.jdbc.IntCoded;

/**
 * {@code tb_package_usage.status}: the only place the codes are written; {@link PackageRule} builds
 * the SQL of the package rule from them.
 */
public enum PackageStatus implements IntCoded {
  PENDING_ACTIVATION(0),
  ACTIVE(1),
  EXHAUSTED(2),
  EXPIRED(3);

  private final int code;

  PackageStatus(int code) {
    this.code = code;
  }

  @Override
  public int code() {
    return code;
  }

  public static PackageStatus fromCode(int code) {
    return IntCoded.parse(PackageStatus.class, code);
  }
}
