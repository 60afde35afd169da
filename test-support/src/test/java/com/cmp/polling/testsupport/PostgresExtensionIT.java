package com.cmp.polling.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.testsupport.postgres.PostgresExtension;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class PostgresExtensionIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.empty();

  @Test
  void server_isConfiguredForLogicalDecodingWithSynchronousCommit() {
    assertThat(setting("wal_level")).isEqualTo("logical");
    assertThat(setting("synchronous_commit")).isEqualTo("on");
  }

  @Test
  void eachTestClass_getsADatabaseOfItsOwn() {
    String current = postgres.jdbc().sql("SELECT current_database()").query(String.class).single();
    assertThat(current).isEqualTo(postgres.databaseName()).startsWith("it_postgresextensionit_");
  }

  @Test
  void pgoutputSlot_canBeCreated_andSeesCommittedChanges() {
    var jdbc = postgres.jdbc();
    jdbc.sql("CREATE TABLE slot_probe (id BIGSERIAL PRIMARY KEY, note TEXT)").update();
    jdbc.sql("CREATE PUBLICATION slot_probe_pub FOR TABLE slot_probe").update();
    jdbc.sql("SELECT pg_create_logical_replication_slot('slot_probe', 'pgoutput')")
        .query()
        .singleRow();
    try {
      jdbc.sql("INSERT INTO slot_probe (note) VALUES ('first'), ('second')").update();

      Integer messages =
          jdbc.sql(
                  """
                  SELECT count(*) FROM pg_logical_slot_peek_binary_changes('slot_probe', NULL, NULL,
                      'proto_version', '1', 'publication_names', 'slot_probe_pub')
                  """)
              .query(Integer.class)
              .single();
      // BEGIN, RELATION, two INSERTs and COMMIT.
      assertThat(messages).isGreaterThanOrEqualTo(4);
    } finally {
      jdbc.sql("SELECT pg_drop_replication_slot('slot_probe')").query().singleRow();
    }
  }

  @Nested
  class NestedTests {

    @Test
    void nestedClass_sharesTheDatabaseOfItsEnclosingClass() {
      String current =
          postgres.jdbc().sql("SELECT current_database()").query(String.class).single();
      assertThat(current).isEqualTo(postgres.databaseName()).startsWith("it_postgresextensionit_");
    }
  }

  private String setting(String name) {
    return postgres
        .jdbc()
        .sql("SELECT current_setting(?)")
        .param(name)
        .query(String.class)
        .single();
  }
}
