package com.cmp.polling.core.card;

/**
 * Where a card's device stands, in SQL: every statement that asks whether a card's device lets it
 * be polled, or whether that device is deleted, takes its condition from here (the card store, the
 * device flags the planner reads, the counts per config, the rule dry run). A card outside any
 * device answers to its own flag alone; a card in a live device to the device's {@code
 * enable_polling} as well; a card whose device is soft-deleted keeps the device's id and is not
 * polled until it moves ({@link Card#deviceDeleted()}).
 *
 * <p>The card is {@code c}. {@link #JOIN_LIVE_DEVICE} joins its device as {@code d}, whose columns
 * are null for a card outside any device and for one whose device is deleted; the conditions on
 * {@code c} need that join.
 */
public final class DevicePlacement {

  /** The device row {@code d} is not soft-deleted. */
  private static final String LIVE = "d.deleted_at IS NULL";

  /** Joins the card's device as {@code d} when that device is live. */
  public static final String JOIN_LIVE_DEVICE =
      "LEFT JOIN tb_device d ON d.id = c.device_id AND " + LIVE;

  /** The card sits in a device that is soft-deleted. */
  public static final String DEVICE_DELETED = "(c.device_id IS NOT NULL AND d.id IS NULL)";

  /** The card's device lets it be polled: it sits in none, or in a live one with polling on. */
  public static final String DEVICE_ALLOWS_POLLING =
      "(c.device_id IS NULL OR coalesce(d.enable_polling, false))";

  /** The card's own flag and its device let it be polled (a config must still match). */
  public static final String POLLING_ALLOWED =
      "(c.enable_polling AND " + DEVICE_ALLOWS_POLLING + ")";

  /** For a statement on {@code tb_device d} alone: the device is live and allows polling. */
  public static final String DEVICE_LIVE_AND_POLLING = "(" + LIVE + " AND d.enable_polling)";

  private DevicePlacement() {}
}
