package com.cmp.polling.schemas;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.testsupport.postgres.PostgresExtension;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

/**
 * The databases {@link PostgresExtension#migrated()} hands out are copies of one template migrated
 * once per JVM: each copy carries the whole schema and the default rows, and each is a database of
 * its own, so what one test class writes no other sees.
 */
class MigratedDatabaseIT {

  @RegisterExtension static final PostgresExtension first = PostgresExtension.migrated();
  @RegisterExtension static final PostgresExtension second = PostgresExtension.migrated();

  @Test
  void aCopy_hasEveryMigrationApplied_soFlywayFindsNothingLeftToDo() throws IOException {
    int scripts =
        new PathMatchingResourcePatternResolver()
            .getResources("classpath*:db/migration/V*.sql")
            .length;

    assertThat(first.migrate()).isZero();
    assertThat(count(first, "flyway_schema_history WHERE success")).isEqualTo(scripts);
    assertThat(count(second, "flyway_schema_history WHERE success")).isEqualTo(scripts);
    assertThat(count(first, "tb_polling_config")).as("the default configs").isPositive();
    assertThat(count(first, "tb_rule_switch")).as("the default rule switch").isEqualTo(1);
  }

  @Test
  void twoCopies_areDatabasesOfTheirOwn() {
    assertThat(first.databaseName()).isNotEqualTo(second.databaseName());
    long before = count(second, "tb_iot_card");

    first.data().card().insert();

    assertThat(count(first, "tb_iot_card")).isEqualTo(1);
    assertThat(count(second, "tb_iot_card")).isEqualTo(before).isZero();
  }

  private static long count(PostgresExtension postgres, String from) {
    return postgres.jdbc().sql("SELECT count(*) FROM " + from).query(Long.class).single();
  }
}
