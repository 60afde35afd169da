package com.cmp.polling.handlers.usagesamples;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.core.usage.DataUsageSample;
import com.cmp.polling.core.usage.DataUsageStore;
import com.cmp.polling.core.usage.UsageSamplePartitions;
import com.cmp.polling.core.usage.UsageSamplePartitions.Partition;
import com.cmp.polling.handlers.config.HandlersProperties;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.time.SettableClock;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The retention of the usage samples on a database migrated as in production, its clock set a month
 * ahead so that the days it keeps and drops are days of their own (the partition of the rows from
 * before partitioning covers everything up to the day after the migration).
 */
class SampleRetentionIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();

  private final UsageSamplePartitions partitions =
      new UsageSamplePartitions(
          postgres.dataSource(),
          postgres.jdbc(),
          new TransactionTemplate(new DataSourceTransactionManager(postgres.dataSource())));
  private final DataUsageStore samples = new DataUsageStore(postgres.jdbc());
  private final SimpleMeterRegistry meters = new SimpleMeterRegistry();

  @Test
  void aPass_dropsOnlyTheDaysOlderThanTheRetention_createsTheDaysAhead_andCountsIt() {
    LocalDate today = LocalDate.now(ZoneOffset.UTC).plusDays(40);
    SettableClock clock = new SettableClock(at(today).plus(Duration.ofHours(12)));
    for (int back = 9; back >= 1; back--) {
      partitions.create(today.minusDays(back));
    }
    long card = postgres.data().card().insert();
    // One sample on each side of the line: 7 days ago is kept (its day ended 6.5 days ago).
    sample(card, today.minusDays(8), "8");
    sample(card, today.minusDays(7), "7");
    sample(card, today.minusDays(1), "1");
    SampleRetention retention = retention(clock, "7d");
    Instant cutoff = clock.instant().minus(Duration.ofDays(7));
    long old = partitions.list().stream().filter(p -> p.endsBefore(cutoff)).count();

    assertThat(retention.maintain()).isTrue();

    List<LocalDate> days = partitions.list().stream().map(Partition::firstDay).toList();
    assertThat(days).doesNotContain(today.minusDays(9), today.minusDays(8));
    assertThat(days)
        .containsSubsequence(
            today.minusDays(7), today.minusDays(1), today, today.plusDays(1), today.plusDays(2));
    assertThat(samples.findByCard(card))
        .extracting(s -> s.monthTotalMb().stripTrailingZeros().toPlainString())
        .containsExactly("7", "1");
    // At least the two old days; besides them, the older partitions the migration made.
    assertThat(old).isGreaterThanOrEqualTo(2);
    assertThat(meters.counter("polling.handlers.usage_partitions_dropped").count()).isEqualTo(old);
    assertThat(partitions.list()).noneMatch(p -> p.endsBefore(cutoff));
    assertThat(meters.counter("polling.handlers.usage_partitions_created").count()).isEqualTo(3);

    // A second pass has nothing left to do.
    assertThat(retention.maintain()).isTrue();
    assertThat(meters.counter("polling.handlers.usage_partitions_created").count()).isEqualTo(3);
  }

  @Test
  void withTheShortestRetention_yesterdayStaysUntilItsLastSampleIsADayOld_andTodayAlways() {
    LocalDate today = LocalDate.now(ZoneOffset.UTC).plusDays(80);
    partitions.create(today.minusDays(2));
    partitions.create(today.minusDays(1));
    partitions.create(today);
    // Half an hour into the day: the day before yesterday ended more than a day ago, yesterday
    // did not (its last samples are half an hour old), today is under way.
    SettableClock clock = new SettableClock(at(today).plus(Duration.ofMinutes(30)));

    retention(clock, "1d").maintain();

    List<LocalDate> days = partitions.list().stream().map(Partition::firstDay).toList();
    assertThat(days).contains(today.minusDays(1), today).doesNotContain(today.minusDays(2));

    clock.set(at(today).plus(Duration.ofHours(23)).plus(Duration.ofMinutes(59)));
    retention(clock, "1d").maintain();

    assertThat(partitions.list()).extracting(Partition::firstDay).contains(today);
  }

  @Test
  void aPass_leavesTheWorkToTheInstanceWhosePassIsUnderWay() throws Exception {
    LocalDate today = LocalDate.now(ZoneOffset.UTC).plusDays(120);
    SettableClock clock = new SettableClock(at(today));
    try (Connection other = postgres.dataSource().getConnection();
        Statement statement = other.createStatement()) {
      statement.execute("SELECT pg_advisory_lock(" + UsageSamplePartitions.ADVISORY_LOCK + ")");

      assertThat(retention(clock, "7d").maintain()).isFalse();
      assertThat(partitions.list()).extracting(Partition::firstDay).doesNotContain(today);

      statement.execute("SELECT pg_advisory_unlock_all()");
    }
  }

  private SampleRetention retention(SettableClock clock, String retention) {
    HandlersProperties properties =
        new Binder(
                new MapConfigurationPropertySource(
                    Map.of(
                        "cmp.polling.handlers.usage-samples.retention",
                        retention,
                        "cmp.polling.handlers.usage-samples.days-ahead",
                        "2")))
            .bindOrCreate("cmp.polling.handlers", Bindable.of(HandlersProperties.class));
    return new SampleRetention(partitions, properties, clock, meters);
  }

  private void sample(long card, LocalDate day, String total) {
    samples.insertAll(
        List.of(
            new DataUsageSample(
                card,
                day.withDayOfMonth(1),
                new BigDecimal(total),
                BigDecimal.ONE,
                at(day).plusSeconds(3600))));
  }

  private static Instant at(LocalDate day) {
    return day.atStartOfDay(ZoneOffset.UTC).toInstant();
  }
}
