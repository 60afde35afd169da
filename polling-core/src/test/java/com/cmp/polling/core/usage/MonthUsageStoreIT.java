package com.cmp.polling.core.usage;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.core.card.LastUsageChange;
import com.cmp.polling.core.card.MonthUsage;
import com.cmp.polling.core.usage.MonthUsageStore.CounterChange;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The month counters in their own table, written only where they still hold what was read. */
class MonthUsageStoreIT {

  private static final LocalDate NOVEMBER = LocalDate.of(2026, 11, 1);
  private static final LocalDate DECEMBER = LocalDate.of(2026, 12, 1);

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();

  private final MonthUsageStore store = new MonthUsageStore(postgres.jdbc());

  @Test
  void replaceAll_writesCountersStillAsRead_insertsTheFirstOnes_andRefusesThoseChangedMeanwhile() {
    long counted = postgres.data().card().monthUsage(NOVEMBER, "100", "50").insert();
    long changedMeanwhile = postgres.data().card().monthUsage(NOVEMBER, "10", "0").insert();
    long firstSample = postgres.data().card().insert();
    long firstSampleTakenMeanwhile = postgres.data().card().insert();
    MonthUsage countedBefore = store.findByCard(counted);
    MonthUsage readBefore = store.findByCard(changedMeanwhile);
    // Another check writes these two after they were read.
    store.replaceAll(
        List.of(
            new CounterChange(changedMeanwhile, readBefore, usage(NOVEMBER, "12", "0")),
            new CounterChange(firstSampleTakenMeanwhile, null, usage(NOVEMBER, "3", "0"))));

    var written =
        store.replaceAll(
            List.of(
                new CounterChange(counted, countedBefore, usage(NOVEMBER, "120", "50")),
                new CounterChange(changedMeanwhile, readBefore, usage(NOVEMBER, "11", "0")),
                new CounterChange(firstSample, null, usage(DECEMBER, "1", "0")),
                new CounterChange(firstSampleTakenMeanwhile, null, usage(NOVEMBER, "2", "0"))));

    assertThat(written).containsExactlyInAnyOrder(counted, firstSample);
    assertThat(store.findByCard(counted)).isEqualTo(usage(NOVEMBER, "120.000", "50.000"));
    assertThat(store.findByCard(changedMeanwhile)).isEqualTo(usage(NOVEMBER, "12.000", "0.000"));
    assertThat(store.findByCard(firstSample)).isEqualTo(usage(DECEMBER, "1.000", "0.000"));
    assertThat(store.findByCard(firstSampleTakenMeanwhile))
        .isEqualTo(usage(NOVEMBER, "3.000", "0.000"));
    assertThat(store.replaceAll(List.of())).isEmpty();
  }

  @Test
  void theLastChange_isWrittenWithTheCounters_andReadBack_firstSampleAndLaterOnes() {
    Instant earlier = Instant.parse("2026-11-20T10:00:00Z");
    Instant now = Instant.parse("2026-11-20T11:00:00Z");
    long counted =
        postgres
            .data()
            .card()
            .monthUsage(NOVEMBER, "100", "0")
            .lastUsageChange(earlier, "4", null)
            .insert();
    long firstSample = postgres.data().card().insert();
    LastUsageChange sinceEarlier = new LastUsageChange(now, new BigDecimal("20.000"), earlier);
    LastUsageChange first = new LastUsageChange(now, new BigDecimal("5.000"), null);
    assertThat(store.findByCard(counted).lastChange())
        .isEqualTo(new LastUsageChange(earlier, new BigDecimal("4.000"), null));

    store.replaceAll(
        List.of(
            new CounterChange(
                counted,
                store.findByCard(counted),
                usage(NOVEMBER, "120", "0").changedAt(sinceEarlier)),
            new CounterChange(firstSample, null, usage(NOVEMBER, "5", "0").changedAt(first))));

    assertThat(store.findByCard(counted).lastChange()).isEqualTo(sinceEarlier);
    assertThat(store.findByCard(firstSample).lastChange()).isEqualTo(first);
    assertThat(store.findByCard(firstSample).sameCounters(usage(NOVEMBER, "5", "0"))).isTrue();
  }

  @Test
  void findByCards_givesTheCountersOfCardsThatHaveAny_andACardWithoutSamplesHasNone() {
    long counted = postgres.data().card().monthUsage(NOVEMBER, "7.25", "1").insert();
    long never = postgres.data().card().insert();

    assertThat(store.findByCards(List.of(counted, never)))
        .containsOnlyKeys(counted)
        .containsValue(usage(NOVEMBER, "7.250", "1.000"));
    assertThat(store.findByCard(never)).isEqualTo(MonthUsage.NONE);
    assertThat(store.findByCards(List.of())).isEmpty();
  }

  @Test
  void writingCounters_leavesTheCapturedCardRowUntouched() {
    long card = postgres.data().card().monthUsage(NOVEMBER, "1", "0").insert();
    long versionBefore = cardRowVersion(card);

    store.replaceAll(
        List.of(new CounterChange(card, store.findByCard(card), usage(NOVEMBER, "2", "0"))));

    // The card row is the same row version: no WAL record of it, no change event.
    assertThat(cardRowVersion(card)).isEqualTo(versionBefore);
    assertThat(store.findByCard(card).currentMonthUsageMb()).isEqualByComparingTo("2");
  }

  private static long cardRowVersion(long card) {
    return postgres
        .jdbc()
        .sql("SELECT xmin::text::bigint FROM tb_iot_card WHERE id = ?")
        .param(card)
        .query(Long.class)
        .single();
  }

  private static MonthUsage usage(LocalDate month, String current, String last) {
    return new MonthUsage(month, new BigDecimal(current), new BigDecimal(last));
  }
}
