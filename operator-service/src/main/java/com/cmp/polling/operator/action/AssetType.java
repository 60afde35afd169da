package com.cmp.polling.operator.action;

import com.cmp.polling.schemas.WireCoded;

/** What {@code /api/admin/assets/{assetType}/...} addresses. */
public enum AssetType implements WireCoded {
  CARD("card"),
  DEVICE("device");

  private final String code;

  AssetType(String code) {
    this.code = code;
  }

  @Override
  public String code() {
    return code;
  }

  /**
   * @throws IllegalArgumentException for an unknown code, naming it and the accepted ones
   */
  public static AssetType fromCode(String code) {
    return WireCoded.parse(AssetType.class, code, "asset type");
  }
}
