package com.cmp.polling.operator.console.card;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.device.Device;
import com.cmp.polling.core.packageusage.PackageUsage;
import com.cmp.polling.core.stopresumelog.StopResumeLogEntry;
import com.cmp.polling.core.usage.DataUsageSample;
import com.cmp.polling.operator.rules.ExemptionView;
import com.cmp.polling.schemas.action.StopReason;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;

/**
 * {@code GET /console/api/cards/{cardId}}: everything an operator asks about one card.
 *
 * @param exemptions the stop reasons that hold for the card now but that a rule switch sets aside
 *     (why an unverified card stays online, or is resumed); empty when no switch spares it
 * @param carddataPlan why its next carddata check is when it is; null when it gets none
 */
record CardView(
    CardRow card,
    DeviceRow device,
    Polling polling,
    List<ExemptionView> exemptions,
    String protection,
    Long protectionSecondsLeft,
    String packagesOf,
    List<PackageRow> packages,
    List<QueuePlace> queues,
    CarddataPlan carddataPlan,
    List<UsageRow> usage,
    List<HistoryRow> history) {

  /** The row of {@code tb_iot_card}. */
  record CardRow(
      long id,
      String iccid,
      long carrierId,
      String carrierType,
      String category,
      boolean realNameVerified,
      boolean online,
      String stopReason,
      Long deviceId,
      boolean pollingEnabled,
      LocalDate monthStart,
      BigDecimal monthUsageMb,
      BigDecimal lastMonthTotalMb,
      Instant createdAt,
      Instant updatedAt) {

    static CardRow of(Card c) {
      return new CardRow(
          c.id(),
          c.iccid(),
          c.carrierId(),
          c.carrierType(),
          c.category().code(),
          c.isRealNameVerified(),
          c.isOnline(),
          c.stopReason(),
          c.deviceId(),
          c.pollingEnabled(),
          c.monthUsage().monthStart(),
          c.monthUsage().currentMonthUsageMb(),
          c.monthUsage().lastMonthTotalMb(),
          c.createdAt(),
          c.updatedAt());
    }
  }

  record DeviceRow(long id, String deviceNo, boolean pollingEnabled) {

    static DeviceRow of(Device d) {
      return new DeviceRow(d.id(), d.deviceNo(), d.pollingEnabled());
    }
  }

  /**
   * @param polled whether the card is polled now (card and device flags, a matching config)
   * @param notPolledBecause why not, when it is not
   * @param configId the config governing it, or null
   */
  record Polling(
      boolean polled,
      String notPolledBecause,
      String condition,
      Long configId,
      String configName,
      List<String> taskTypes) {}

  record PackageRow(
      long id,
      String status,
      BigDecimal limitMb,
      BigDecimal usageMb,
      Instant activatedAt,
      Instant expiresAt) {

    static PackageRow of(PackageUsage p) {
      return new PackageRow(
          p.id(),
          p.status().name().toLowerCase(Locale.ROOT),
          p.dataLimitMb(),
          p.dataUsageMb(),
          p.activatedAt(),
          p.expiresAt());
    }
  }

  /**
   * Where the card stands in one task type's queue.
   *
   * @param nextCheckAt its score, or null when it is not in that queue
   * @param state {@code due}, {@code in flight} (leased: its score is a lease deadline and no check
   *     is known to have ended since the lease began; a card requeued within one lease of now also
   *     reads so, hence "likely"), {@code scheduled}, or {@code not queued}
   * @param intervalSeconds the interval of its config for this type; null where the config turns
   *     the check off, or no config governs the card
   * @param lastCheckAt when its last check of that type ended, or null when nothing kept says
   * @param lastCheckFrom what says so: {@code usage sample} (carddata: its newest sample) or {@code
   *     next check less the interval} (a completion writes the next check one interval on)
   */
  record QueuePlace(
      String taskType,
      Instant nextCheckAt,
      String state,
      boolean manualPending,
      Long intervalSeconds,
      Instant lastCheckAt,
      String lastCheckFrom) {}

  /**
   * The usage-aware carddata intervals applied to the card as stored now, as if it were checked now
   * and found unchanged ({@link CarddataPlans}).
   *
   * @param usageAware whether the option is on (off: every carddata check one config interval on)
   * @param reason {@code predicted}, {@code idle}, {@code at-limit} or {@code config}
   * @param explanation the reason in words, to follow "next carddata check 14:05: "
   * @param waitSeconds the wait the rule gives now
   * @param limitAt when the packages run out at the estimated rate (predicted), or ran out
   *     (at-limit); null otherwise
   * @param mbPerHour the estimated rate; null while none is known
   * @param rateBasis which estimate gave it, in words
   * @param limit {@code limited}, {@code unlimited} or {@code none}
   * @param remainingMb what the packages still allow, for a limited card
   */
  record CarddataPlan(
      boolean usageAware,
      String reason,
      String explanation,
      long waitSeconds,
      Instant limitAt,
      Double mbPerHour,
      String rateBasis,
      String limit,
      BigDecimal remainingMb) {}

  record UsageRow(LocalDate monthStart, BigDecimal monthTotalMb, BigDecimal deltaMb, Instant at) {

    static UsageRow of(DataUsageSample s) {
      return new UsageRow(s.monthStart(), s.monthTotalMb(), s.deltaMb(), s.sampledAt());
    }
  }

  record HistoryRow(
      Instant at,
      String action,
      String reason,
      List<String> reasons,
      String trigger,
      String result,
      int attempt,
      String error,
      Long deviceId) {

    static HistoryRow of(StopResumeLogEntry e) {
      return new HistoryRow(
          e.createdAt(),
          e.action().code(),
          e.reason().code(),
          e.reasons().stream().map(StopReason::code).toList(),
          e.trigger().code(),
          e.result().code(),
          e.attempt(),
          e.error(),
          e.deviceId());
    }
  }
}
