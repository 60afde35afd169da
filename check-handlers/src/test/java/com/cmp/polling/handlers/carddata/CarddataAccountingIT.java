package com.cmp.polling.handlers.carddata;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.card.LastUsageChange;
import com.cmp.polling.core.card.MonthUsage;
import com.cmp.polling.core.packageusage.PackageUsageStore;
import com.cmp.polling.core.usage.DataUsageStore;
import com.cmp.polling.core.usage.MonthUsageStore;
import com.cmp.polling.core.usage.UsageSamplePartitions;
import com.cmp.polling.stopresume.gateway.MonthToDateUsage;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.time.SettableClock;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The accounting of carddata checks on a real database: what a check writes, and that a check
 * changing nothing writes nothing.
 */
class CarddataAccountingIT {

  private static final LocalDate NOVEMBER = LocalDate.of(2026, 11, 1);

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();

  private final SettableClock clock = SettableClock.atNow();
  private final TransactionTemplate transaction =
      new TransactionTemplate(new DataSourceTransactionManager(postgres.dataSource()));
  private final UsageSamplePartitions partitions =
      new UsageSamplePartitions(postgres.dataSource(), postgres.jdbc(), transaction);
  private final MonthUsageStore counters = new MonthUsageStore(postgres.jdbc());
  private final DataUsageStore samples = new DataUsageStore(postgres.jdbc());
  private final CarddataAccounting accounting =
      new CarddataAccounting(
          counters,
          samples,
          partitions,
          new OwnerDeductions(new PackageUsageStore(postgres.jdbc())),
          transaction,
          clock);

  @Test
  void aCheckWritingIntoADayWithoutPartition_createsIt_andItsSampleIsThere() {
    Instant later = Instant.now().truncatedTo(ChronoUnit.MILLIS).plus(Duration.ofDays(50));
    LocalDate day = later.atZone(ZoneOffset.UTC).toLocalDate();
    clock.set(later);
    long card = postgres.data().card().monthUsage(NOVEMBER, "10", "0").insert();
    postgres.data().packageOfCard(card).status(1).usage("10", "1000").insert();

    assertThat(accounting.recordAll(cards(card), report(card, NOVEMBER, "12")).failed()).isEmpty();

    assertThat(partitions.list()).anyMatch(p -> day.equals(p.firstDay()));
    assertThat(samples.findByCard(card))
        .singleElement()
        .satisfies(
            s -> {
              assertThat(s.sampledAt())
                  .isEqualTo(later.truncatedTo(java.time.temporal.ChronoUnit.MICROS));
              assertThat(s.deltaMb()).isEqualByComparingTo("2");
            });
    assertThat(packageUsage(card)).isEqualByComparingTo("12");
  }

  @Test
  void aTotalThatDidNotMove_writesNothing_andARedeliveredTaskAccountsNothingMore() {
    long card = postgres.data().card().monthUsage(NOVEMBER, "100", "5").insert();
    postgres.data().packageOfCard(card).status(1).usage("100", "1000").insert();
    long countersVersion = countersRowVersion(card);
    long cardVersion = cardRowVersion(card);

    accounting.recordAll(cards(card), report(card, NOVEMBER, "100"));

    assertThat(samples.findByCard(card)).isEmpty();
    assertThat(countersRowVersion(card))
        .as("counters row not rewritten")
        .isEqualTo(countersVersion);
    assertThat(cardRowVersion(card)).as("card row untouched").isEqualTo(cardVersion);

    // A report that moves, then the same task delivered again: counted once.
    accounting.recordAll(cards(card), report(card, NOVEMBER, "130"));
    accounting.recordAll(cards(card), report(card, NOVEMBER, "130"));

    assertThat(samples.findByCard(card))
        .singleElement()
        .satisfies(s -> assertThat(s.deltaMb()).isEqualByComparingTo("30"));
    assertThat(counters.findByCard(card).sameCounters(usage(NOVEMBER, "130", "5"))).isTrue();
    assertThat(packageUsage(card)).isEqualByComparingTo("130");
    assertThat(cardRowVersion(card)).as("card row still untouched").isEqualTo(cardVersion);
  }

  @Test
  void theFirstSampleOfACard_startsItsCounters_andANewMonthClosesTheOldOne() {
    long card = postgres.data().card().insert();
    postgres.data().packageOfCard(card).status(1).usage("0", "1000").insert();
    LocalDate december = NOVEMBER.plusMonths(1);

    accounting.recordAll(cards(card), report(card, NOVEMBER, "40"));
    accounting.recordAll(cards(card), report(card, december, "3"));
    // The carrier reporting the old month again once the new one has begun: ignored.
    accounting.recordAll(cards(card), report(card, NOVEMBER, "45"));

    assertThat(counters.findByCard(card).sameCounters(usage(december, "3", "40"))).isTrue();
    assertThat(samples.findByCard(card))
        .extracting(s -> s.deltaMb().stripTrailingZeros().toPlainString())
        .containsExactly("40", "3");
    assertThat(packageUsage(card)).isEqualByComparingTo("43");
  }

  @Test
  void aMove_stampsTheCountersWithItsTimeAndAmount_andTheAccountingGivesEveryCardsCounters() {
    Instant changedBefore = clock.instant().minus(Duration.ofHours(2));
    long moving =
        postgres
            .data()
            .card()
            .monthUsage(NOVEMBER, "100", "0")
            .lastUsageChange(changedBefore, "10", null)
            .insert();
    long still = postgres.data().card().monthUsage(NOVEMBER, "7", "0").insert();
    Map<Long, Card> cards = new HashMap<>(cards(moving));
    cards.putAll(cards(still));
    Map<Long, MonthToDateUsage> reports = new HashMap<>(report(moving, NOVEMBER, "160"));
    reports.putAll(report(still, NOVEMBER, "7"));

    CarddataAccounting.Accounted accounted = accounting.recordAll(cards, reports);

    // 60 MB since the change two hours before: what the card's recent rate is made of.
    LastUsageChange move = accounted.counters().get(moving).lastChange();
    assertThat(move.at()).isEqualTo(clock.instant());
    assertThat(move.mb()).isEqualByComparingTo("60");
    assertThat(move.since()).isEqualTo(changedBefore);
    assertThat(accounted.at()).isEqualTo(clock.instant());
    assertThat(accounted.failed()).isEmpty();
    assertThat(accounted.counters().get(moving).sameCounters(usage(NOVEMBER, "160", "0"))).isTrue();
    assertThat(counters.findByCard(moving).lastChange().mb()).isEqualByComparingTo("60");
    assertThat(counters.findByCard(moving).lastChange().since())
        .isEqualTo(changedBefore.truncatedTo(ChronoUnit.MICROS));
    // Unchanged: the counters as read, nothing written.
    assertThat(accounted.counters().get(still)).isEqualTo(counters.findByCard(still));
    assertThat(samples.findByCard(still)).isEmpty();
  }

  private static MonthUsage usage(LocalDate month, String current, String last) {
    return new MonthUsage(month, new BigDecimal(current), new BigDecimal(last));
  }

  private static Map<Long, Card> cards(long card) {
    return Map.of(card, new CardStore(postgres.jdbc()).findById(card).orElseThrow());
  }

  private static Map<Long, MonthToDateUsage> report(long card, LocalDate month, String total) {
    return Map.of(card, new MonthToDateUsage(month, new BigDecimal(total)));
  }

  private static BigDecimal packageUsage(long card) {
    return postgres
        .jdbc()
        .sql("SELECT data_usage_mb FROM tb_package_usage WHERE iot_card_id = ?")
        .param(card)
        .query(BigDecimal.class)
        .single();
  }

  private static long countersRowVersion(long card) {
    return rowVersion("tb_card_month_usage WHERE iot_card_id = ?", card);
  }

  private static long cardRowVersion(long card) {
    return rowVersion("tb_iot_card WHERE id = ?", card);
  }

  private static long rowVersion(String where, long card) {
    return postgres
        .jdbc()
        .sql("SELECT xmin::text::bigint FROM " + where)
        .param(card)
        .query(Long.class)
        .single();
  }
}
