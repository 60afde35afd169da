package com.cmp.polling.listener.cdc;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.listener.config.ListenerProperties;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * connect/cmp-postgres-connector.json and the embedded engine's settings write the same topics: a
 * table or column captured by one and not the other would make a switch to Kafka Connect lose
 * changes (the card actions among them).
 */
class ConnectorConfigTest {

  @Test
  void connectorConfig_capturesWhatTheEmbeddedEngineCaptures_settingForSetting() {
    JsonNode connector =
        JsonMapper.builder()
            .build()
            .readTree(Path.of("connect/cmp-postgres-connector.json").toFile())
            .get("config");
    Properties embedded =
        DebeziumSettings.of(
            defaults(), "jdbc:postgresql://postgres:5432/cmp", "cmp", "secret", "kafka:9092");

    Map<String, String> differences = new HashMap<>();
    connector
        .properties()
        .forEach(
            entry -> {
              String key = entry.getKey();
              String expected = embedded.getProperty(key);
              if (expected != null
                  && !key.startsWith("database.")
                  && !expected.equals(entry.getValue().asString())) {
                differences.put(key, entry.getValue().asString() + " vs " + expected);
              }
            });

    assertThat(differences).isEmpty();
    assertThat(connector.get("table.include.list").asString())
        .isEqualTo(DebeziumSettings.TABLES)
        .contains("public.tb_stop_resume_log");
    assertThat(connector.get("column.include.list").asString()).isEqualTo(DebeziumSettings.COLUMNS);
    assertThat(connector.get("snapshot.include.collection.list").asString())
        .isEqualTo(DebeziumSettings.SNAPSHOT_TABLES);
  }

  private static ListenerProperties.Cdc defaults() {
    return new ListenerProperties.Cdc(
        true,
        "cmp_polling_lifecycle",
        false,
        "cmp_polling_lifecycle",
        "initial",
        "cmp.lifecycle.cdc-offsets",
        (short) 1,
        Duration.ofSeconds(1),
        Duration.ofMillis(10),
        Duration.ofSeconds(10),
        Duration.ofSeconds(5),
        Map.of());
  }
}
