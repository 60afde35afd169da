package com.cmp.polling.core.usage;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.testsupport.postgres.PostgresExtension;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class DataUsageStoreIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();

  private final DataUsageStore store = new DataUsageStore(postgres.jdbc());

  @Test
  void insert_thenFindByCard_returnsTheSamplesOldestFirst_negativeDeltasIncluded() {
    long card = postgres.data().card().insert();
    long other = postgres.data().card().insert();
    LocalDate month = LocalDate.of(2026, 11, 1);
    var first =
        new DataUsageSample(
            card,
            month,
            new BigDecimal("100.000"),
            new BigDecimal("100.000"),
            Instant.parse("2026-11-29T08:00:00Z"));
    var correction =
        new DataUsageSample(
            card,
            month,
            new BigDecimal("90.000"),
            new BigDecimal("-10.000"),
            Instant.parse("2026-11-29T09:00:00Z"));
    store.insert(correction);
    store.insert(first);
    store.insert(new DataUsageSample(other, month, BigDecimal.ONE, BigDecimal.ONE, Instant.now()));

    assertThat(store.findByCard(card)).containsExactly(first, correction);
  }

  @Test
  void insertAll_storesEverySample_asInsertWould() {
    long card = postgres.data().card().insert();
    long other = postgres.data().card().insert();
    LocalDate month = LocalDate.of(2026, 12, 1);
    var firstOfCard =
        new DataUsageSample(
            card,
            month,
            new BigDecimal("12.345"),
            new BigDecimal("12.345"),
            Instant.parse("2026-12-01T00:00:01.123456Z"));
    var correction =
        new DataUsageSample(
            card,
            month,
            new BigDecimal("10.000"),
            new BigDecimal("-2.345"),
            Instant.parse("2026-12-01T00:05:00Z"));
    var ofOther =
        new DataUsageSample(
            other,
            month,
            new BigDecimal("0.000"),
            new BigDecimal("0.000"),
            Instant.parse("2026-12-01T00:00:00Z"));

    store.insertAll(List.of(firstOfCard, correction, ofOther));
    store.insertAll(List.of());

    assertThat(store.findByCard(card)).containsExactly(firstOfCard, correction);
    assertThat(store.findByCard(other)).containsExactly(ofOther);
  }
}
