package com.cmp.polling.core.usage;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.core.usage.UsageSamplePartitions.Partition;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/** The day partitions of the usage samples, on a database migrated as in production. */
class UsageSamplePartitionsIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();

  private final UsageSamplePartitions partitions =
      new UsageSamplePartitions(
          postgres.dataSource(),
          postgres.jdbc(),
          new TransactionTemplate(new DataSourceTransactionManager(postgres.dataSource())));
  private final DataUsageStore samples = new DataUsageStore(postgres.jdbc());

  @Test
  void theMigration_keepsTheOldRowsInOnePartition_andCreatesAWeekOfDaysAhead() {
    LocalDate tomorrow = LocalDate.now(ZoneOffset.UTC).plusDays(1);

    List<Partition> all = partitions.list();

    assertThat(all.get(0).name()).isEqualTo("data_usage_records_before_" + compact(tomorrow));
    assertThat(all.get(0).firstDay()).isNull();
    assertThat(all.get(0).end()).isEqualTo(tomorrow);
    assertThat(all.subList(1, all.size()))
        .extracting(Partition::firstDay)
        .startsWith(tomorrow, tomorrow.plusDays(1))
        .contains(tomorrow.plusDays(6));
    assertThat(partitions.coveredUntil())
        .hasValueSatisfying(end -> assertThat(end).isAfter(tomorrow));
  }

  @Test
  void aSampleOfADayWithoutPartition_findsOneCreated_andIsReadBack() {
    Instant farAhead = Instant.now().truncatedTo(ChronoUnit.MILLIS).plusSeconds(40L * 86_400);
    LocalDate day = farAhead.atZone(ZoneOffset.UTC).toLocalDate();
    long card = postgres.data().card().insert();

    partitions.ensureCovers(farAhead);
    partitions.ensureCovers(farAhead); // known now: nothing read, nothing created
    var sample =
        new DataUsageSample(
            card,
            day.withDayOfMonth(1),
            new BigDecimal("1.000"),
            new BigDecimal("1.000"),
            farAhead);
    samples.insertAll(List.of(sample));

    assertThat(partitions.list())
        .filteredOn(p -> day.equals(p.firstDay()))
        .singleElement()
        .satisfies(p -> assertThat(p.name()).isEqualTo("data_usage_records_" + compact(day)));
    assertThat(partitionOfSample(card)).isEqualTo("data_usage_records_" + compact(day));
    assertThat(samples.findLatestByCard(card, 1)).singleElement().isEqualTo(sample);
    assertThat(partitions.create(day)).as("already there").isFalse();
  }

  @Test
  void drop_takesThePartitionAndItsSamples_andLeavesTheOthers() {
    LocalDate day = LocalDate.now(ZoneOffset.UTC).plusDays(60);
    LocalDate next = day.plusDays(1);
    partitions.create(day);
    partitions.create(next);
    long card = postgres.data().card().insert();
    samples.insertAll(
        List.of(
            new DataUsageSample(card, day, BigDecimal.ONE, BigDecimal.ONE, start(day)),
            new DataUsageSample(card, day, BigDecimal.TEN, BigDecimal.ONE, start(next))));

    boolean ran =
        partitions.maintainExclusively(
            maintenance ->
                maintenance.list().stream()
                    .filter(p -> day.equals(p.firstDay()))
                    .forEach(maintenance::drop));

    assertThat(ran).isTrue();
    assertThat(partitions.list())
        .extracting(Partition::firstDay)
        .doesNotContain(day)
        .contains(next);
    assertThat(samples.findByCard(card))
        .extracting(DataUsageSample::monthTotalMb)
        .containsExactly(new BigDecimal("10.000"));
  }

  @Test
  void maintainExclusively_runsNothing_whileAnotherProcessHoldsTheLock() throws Exception {
    List<String> ran = new ArrayList<>();
    try (Connection other = postgres.dataSource().getConnection();
        Statement statement = other.createStatement()) {
      statement.execute("SELECT pg_advisory_lock(" + UsageSamplePartitions.ADVISORY_LOCK + ")");

      assertThat(partitions.maintainExclusively(maintenance -> ran.add("pass"))).isFalse();

      statement.execute("SELECT pg_advisory_unlock(" + UsageSamplePartitions.ADVISORY_LOCK + ")");
    }
    assertThat(partitions.maintainExclusively(maintenance -> ran.add("pass"))).isTrue();
    assertThat(ran).containsExactly("pass");
  }

  private static String partitionOfSample(long card) {
    return postgres
        .jdbc()
        .sql("SELECT tableoid::regclass::text FROM data_usage_records WHERE iot_card_id = ?")
        .param(card)
        .query(String.class)
        .single();
  }

  private static Instant start(LocalDate day) {
    return day.atStartOfDay(ZoneOffset.UTC).toInstant();
  }

  private static String compact(LocalDate day) {
    return day.toString().replace("-", "");
  }
}
