package com.cmp.polling.scaleout.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.scaleout.apps.AppLauncher;
import com.cmp.polling.scaleout.apps.ListenerReadiness;
import com.cmp.polling.scaleout.apps.RunningApp;
import com.cmp.polling.testsupport.kafka.ConnectWorker;
import io.debezium.connector.postgresql.Module;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.common.utils.AppInfoParser;
import org.junit.jupiter.api.Test;

/**
 * The lifecycle contract with the listener's engine off ({@code cmp.polling.listener.cdc.enabled=
 * false}, as the Compose {@code connect} profile runs it) and Debezium's PostgreSQL connector on a
 * real Kafka Connect worker (a child JVM on Kafka's own jars), registered through Connect's REST
 * API with the Compose stack's connector file. Worker start and connector snapshot take 20–30 s.
 */
class KafkaConnectLifecycleIT extends LifecycleContract {

  ConnectWorker worker;
  ConnectorFile connector;
  long slotsBeforeTheConnector;
  long publicationsBeforeTheConnector;

  @Override
  RunningApp startListenerAndCapture(AppLauncher apps) {
    RunningApp listener =
        apps.listener(
            "lifecycle-listener-connect", Map.of("cmp.polling.listener.cdc.enabled", false));
    slotsBeforeTheConnector =
        count("SELECT count(*) FROM pg_replication_slots WHERE database = current_database()");
    publicationsBeforeTheConnector = count("SELECT count(*) FROM pg_publication");

    worker = ConnectWorker.start(jars(), kafka.bootstrapServers(), Map.of());
    connector = ConnectorFile.fromBuild();
    worker.rest().register(connector.forDatabase(postgres, slot, secretsFile()));
    worker.rest().awaitRunning(connector.name(), Duration.ofSeconds(90));
    return listener;
  }

  @Override
  void stopCapture() {
    if (worker == null) {
      return;
    }
    try {
      worker.rest().delete(connector.name());
    } finally {
      worker.close();
    }
    // The connector keeps its slot (slot.drop.on.stop=false, as in production); the test
    // database can only be dropped without it.
    ListenerReadiness.awaitSlotActive(postgres, slot, false);
    postgres.jdbc().sql("SELECT pg_drop_replication_slot(?)").param(slot).query().singleRow();
  }

  @Test
  void theListenerWithItsEngineOff_createsNoSlotNorPublication_theConnectorDoes() {
    assertThat(slotsBeforeTheConnector).isZero();
    assertThat(publicationsBeforeTheConnector).isZero();
    assertThat(
            count(
                "SELECT count(*) FROM pg_publication_tables WHERE pubname ="
                    + " 'cmp_polling_lifecycle'"))
        .isEqualTo(4);
  }

  @Test
  void theWorkerRunsTheKafkaAndDebeziumReleasesOfTheApps() {
    assertThat(worker.rest().version()).isEqualTo(AppInfoParser.getVersion());
    assertThat(worker.rest().pluginVersion(connector.config().get("connector.class").asString()))
        .isEqualTo(Module.version());
  }

  private long count(String sql) {
    return postgres.jdbc().sql(sql).query(Long.class).single();
  }

  private static Path jars() {
    String jars = System.getProperty("cmp.test.connect.jars");
    if (jars == null) {
      throw new IllegalStateException(
          "system property cmp.test.connect.jars is not set; run the test through Maven");
    }
    return Path.of(jars);
  }

  private static Path secretsFile() {
    try {
      Path file = Files.createTempFile("cmp-postgres", ".properties");
      file.toFile().deleteOnExit();
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
