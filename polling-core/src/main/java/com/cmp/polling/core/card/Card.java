package com.cmp.polling.core.card;

import com.cmp.polling.core.packageusage.PackageOwner;
import com.cmp.polling.schemas.action.StopReason;
import java.time.Instant;

/**
 * A live row of {@code tb_iot_card}.
 *
 * @param stopReason stop reason code as stored: one of {@link StopReason}, another platform reason,
 *     or null
 * @param deviceId the device the card sits in (its {@code device_id}, even when that device is
 *     soft-deleted), or null
 * @param pollingEnabled the card's own {@code enable_polling}; its device's flag is separate
 * @param monthUsage the month usage counters ({@code tb_card_month_usage}), read only where one
 *     card is looked at ({@link CardStore#findById}, {@link CardStore#findByIccid}); null in cards
 *     read many at a time, which the pipeline reads without them
 * @param deviceDeleted the card still sits in a device that was soft-deleted: such a card is not
 *     polled (as if its device disabled polling) and never stopped or resumed by the rules, until
 *     it is moved to a live device or out of any device. Deleting a device must not stop its cards
 *     at the carrier for lack of packages of their own.
 */
public record Card(
    long id,
    String iccid,
    long carrierId,
    String carrierType,
    CardCategory category,
    RealNameStatus realNameStatus,
    NetworkStatus networkStatus,
    String stopReason,
    Long deviceId,
    boolean pollingEnabled,
    MonthUsage monthUsage,
    Instant createdAt,
    Instant updatedAt,
    boolean deviceDeleted) {

  public boolean isOnline() {
    return networkStatus == NetworkStatus.ONLINE;
  }

  public boolean isRealNameVerified() {
    return realNameStatus == RealNameStatus.VERIFIED;
  }

  public boolean isIndustry() {
    return category == CardCategory.INDUSTRY;
  }

  public boolean inDevice() {
    return deviceId != null;
  }

  /** Stopped for one of the reasons the polling rules may lift. */
  public boolean isStoppedForPollingReason() {
    return !isOnline() && StopReason.isPollingReason(stopReason);
  }

  /** This card with other month-to-date counters (as a usage check just wrote them). */
  public Card withMonthUsage(MonthUsage usage) {
    return new Card(
        id,
        iccid,
        carrierId,
        carrierType,
        category,
        realNameStatus,
        networkStatus,
        stopReason,
        deviceId,
        pollingEnabled,
        usage,
        createdAt,
        updatedAt,
        deviceDeleted);
  }

  /** This card with another real-name status (as a realname check just wrote it). */
  public Card withRealNameStatus(RealNameStatus status) {
    return new Card(
        id,
        iccid,
        carrierId,
        carrierType,
        category,
        status,
        networkStatus,
        stopReason,
        deviceId,
        pollingEnabled,
        monthUsage,
        createdAt,
        updatedAt,
        deviceDeleted);
  }

  /**
   * Whose packages count for this card: its device's when it sits in one (seed bug 1), else its
   * own.
   */
  public PackageOwner packageOwner() {
    return inDevice() ? PackageOwner.device(deviceId) : PackageOwner.card(id);
  }
}
