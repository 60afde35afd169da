package com.cmp.polling.core.packageusage;

/**
 * Whose packages are looked at: a single card's, or a device's (shared by every card in it).
 *
 * @param kind card or device
 * @param id the card id or the device id
 */
public record PackageOwner(Kind kind, long id) {

  /** The two owners a package usage row can have; exactly one column is set. */
  public enum Kind {
    CARD("iot_card_id"),
    DEVICE("device_id");

    private final String column;

    Kind(String column) {
      this.column = column;
    }

    /** The owning column of tb_package_usage. */
    String column() {
      return column;
    }
  }

  public static PackageOwner card(long cardId) {
    return new PackageOwner(Kind.CARD, cardId);
  }

  public static PackageOwner device(long deviceId) {
    return new PackageOwner(Kind.DEVICE, deviceId);
  }

  @Override
  public String toString() {
    return kind.name().toLowerCase(java.util.Locale.ROOT) + " " + id;
  }
}
