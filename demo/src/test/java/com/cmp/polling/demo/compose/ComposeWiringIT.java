package com.cmp.polling.demo.compose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.embedded.postgres.ReplicationSlots;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.simulator.GatewaySimulator;
import com.cmp.polling.simulator.RunningSimulator;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The Compose wiring, tested without a Docker engine: each app service of {@code
 * docker-compose.yml} (profile {@code pipeline}) gets the environment Compose would give it — the
 * file's defaults applied, the required variables supplied — and its module's executable jar runs
 * as a child process with exactly that environment, the service names pointing at this class's
 * PostgreSQL, Redis, Kafka and gateway simulator (see {@link ComposeNetwork}). A property renamed
 * in the apps but not in the file leaves an app unhealthy or idle here, not at a user's first
 * {@code docker compose up}.
 *
 * <p>Besides the network, the test adds only what a host needs that a container does not — free
 * ports instead of the container's fixed ones, a Redis database, a replication slot of its own —
 * and checks that no compose variable is among them.
 */
class ComposeWiringIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.empty();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  static final Path COMPOSE_FILE =
      Path.of(System.getProperty("cmp.compose.file", "../docker-compose.yml"));
  static final Path ROOT = Path.of(System.getProperty("cmp.compose.root", ".."));
  static final String VERSION = System.getProperty("cmp.compose.version", "0.1.0-SNAPSHOT");
  static final List<String> APPS =
      List.of("lifecycle-listener", "check-handlers", "scheduler-service", "operator-service");

  private static final HttpClient HTTP = HttpClient.newHttpClient();

  static final Map<String, AppProcess> processes = new LinkedHashMap<>();
  static final Map<String, URI> health = new HashMap<>();
  static final Map<String, Map<String, String>> environments = new HashMap<>();
  static RunningSimulator gateway;
  static DatabaseRole role;
  static String slot;
  static int schedulerPort;
  static int operatorPort;

  @BeforeAll
  static void startTheAppsAsComposeWould() throws IOException {
    gateway = GatewaySimulator.start();
    role = DatabaseRole.ofComposePostgres(postgres, composeFile(Map.of()));
    Map<String, String> shell =
        Map.of(
            "CMP_ADMIN_TOKEN", "compose-" + UUID.randomUUID(), "CMP_DB_PASSWORD", role.password());
    ComposeFile compose = composeFile(shell);
    Path work = Files.createTempDirectory("cmp-compose-wiring");
    ComposeNetwork network =
        new ComposeNetwork()
            .service("postgres", 5432, postgres.server().host(), postgres.server().port())
            .database("postgres", role.composeDatabase(), postgres.databaseName())
            .service("redis", 6379, redis.host(), redis.port())
            .service("kafka", 19092, kafkaHost(), kafkaPort())
            .service("gateway-simulator", 8089, "127.0.0.1", gateway.port());
    slot = "cmp_compose_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    Path logs = Files.createDirectories(Path.of("target", "compose-wiring"));
    for (String service : APPS) {
      Path jar = executableJar(compose.module(service));
      AppYaml defaults = AppYaml.of(jar);
      URI check = compose.healthCheckUrl(service);
      assertThat(check.getPort())
          .as(service + ": health check port = the actuator's port in application.yml")
          .isEqualTo(defaults.actuatorPort());
      assertThat(compose.containerPorts(service))
          .as(service + ": published container ports are the app's own")
          .isSubsetOf(defaults.serverPort(), defaults.actuatorPort());

      Path home = Files.createDirectories(work.resolve(service));
      for (String volume : compose.volumePaths(service)) {
        network.volume(volume, Files.createDirectories(home.resolve("volume" + volume)));
      }
      Map<String, String> environment = network.map(compose.environment(service));
      int apiPort = freePort();
      Map<String, String> hostOnly = new LinkedHashMap<>();
      hostOnly.put("SERVER_PORT", Integer.toString(apiPort));
      hostOnly.put("SERVER_ADDRESS", "127.0.0.1");
      int managementPort = apiPort;
      if (defaults.managementPort() != null) {
        managementPort = freePort();
        hostOnly.put("MANAGEMENT_SERVER_PORT", Integer.toString(managementPort));
        hostOnly.put("MANAGEMENT_SERVER_ADDRESS", "127.0.0.1");
      }
      hostOnly.put("SPRING_DATA_REDIS_DATABASE", Integer.toString(redis.database()));
      if (service.equals("lifecycle-listener")) {
        hostOnly.put("CMP_POLLING_LISTENER_CDC_SLOT_NAME", slot);
        hostOnly.put("CMP_POLLING_LISTENER_CDC_PUBLICATION_NAME", slot);
        hostOnly.put("CMP_POLLING_LISTENER_CDC_DROP_SLOT_ON_STOP", "true");
      }
      assertThat(environment)
          .as(service)
          .doesNotContainKeys(hostOnly.keySet().toArray(String[]::new));
      environment.putAll(hostOnly);
      environments.put(service, environment);
      health.put(service, URI.create("http://127.0.0.1:" + managementPort + check.getPath()));
      if (service.equals("scheduler-service")) {
        schedulerPort = apiPort;
      }
      if (service.equals("operator-service")) {
        operatorPort = apiPort;
      }
      processes.put(
          service,
          AppProcess.start(service, jar, environment, home, logs.resolve(service + ".log")));
    }
    await("every app healthy on its management port")
        .atMost(Duration.ofMinutes(3))
        .pollInterval(Duration.ofMillis(250))
        .until(() -> processes.values().stream().allMatch(p -> p.healthy(health.get(p.name()))));
    // Healthy is not yet streaming: the listener's engine creates its slot after start-up, and a
    // card written before that is seen only by the reconciler's next pass (minutes away).
    ReplicationSlots.awaitStreaming(postgres.dataSource(), slot, Duration.ofMinutes(2));
  }

  @AfterAll
  static void stopTheApps() {
    AppProcess.closeAll(new ArrayList<>(processes.values()));
    if (gateway != null) {
      gateway.close();
    }
    if (slot != null) {
      postgres
          .jdbc()
          .sql(
              "SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots"
                  + " WHERE slot_name = ? AND NOT active")
          .param(slot)
          .query()
          .listOfRows();
    }
    if (role != null) {
      role.dropIfCreated(postgres);
    }
  }

  @Test
  void everyApp_isUp_withItsDatabaseRedisAndKafka_showingNoDetailsWithoutToken() throws Exception {
    for (String service : APPS) {
      // The compose file's check is the readiness probe, which shows the status alone; the
      // components are on the health endpoint it belongs to.
      URI readiness = health.get(service);
      assertThat(readiness.getPath()).as(service).isEqualTo("/actuator/health/readiness");
      assertThat(get(readiness).statusCode()).as(service + " ready").isEqualTo(200);
      HttpResponse<String> response = get(readiness.resolve("/actuator/health"));

      assertThat(response.statusCode()).as(service).isEqualTo(200);
      for (String component : List.of("db", "redis", "kafka")) {
        // The status alone: the compose file sets no management token, so no details.
        assertThat(response.body())
            .as(service + " " + component)
            .contains("\"" + component + "\":{\"status\":\"UP\"}");
      }
    }
  }

  @Test
  void
      aCardInsertedAfterStart_isEnrolledByTheListener_publishedByTheScheduler_checkedByTheHandlers()
          throws Exception {
    String iccid = "89860000000000099001";
    long card = postgres.data().card().iccid(iccid).insert();
    String queue = RedisKeys.shardQueue((int) (card % 16), TaskType.CARDDATA);

    await("card " + card + " in its carddata queue, put there by the listener")
        .atMost(Duration.ofSeconds(60))
        .until(() -> redis.template().opsForZSet().score(queue, Long.toString(card)) != null);

    HttpResponse<String> trigger =
        HTTP.send(
            HttpRequest.newBuilder(
                    URI.create(
                        "http://127.0.0.1:"
                            + operatorPort
                            + "/api/admin/cards/"
                            + card
                            + "/checks/carddata"))
                .header(
                    "Authorization",
                    "Bearer "
                        + environments
                            .get("operator-service")
                            .get("CMP_POLLING_OPERATOR_ADMIN_TOKEN"))
                .POST(HttpRequest.BodyPublishers.noBody())
                .build(),
            BodyHandlers.ofString());
    assertThat(trigger.statusCode()).as(trigger.body()).isEqualTo(202);
    assertThat(trigger.body()).contains("\"enrolledNow\":false");

    await("the carrier asked about card " + card + " by the handlers")
        .atMost(Duration.ofSeconds(60))
        .until(() -> !gateway.control().calls(iccid).isEmpty());
  }

  @Test
  void theOperatorsApiPort_servesNoActuator_andTheScheduler_servesNoApi() throws Exception {
    assertThat(
            get(URI.create("http://127.0.0.1:" + operatorPort + "/actuator/health")).statusCode())
        .isEqualTo(404);
    assertThat(
            get(URI.create("http://127.0.0.1:" + schedulerPort + "/api/monitoring/queues"))
                .statusCode())
        .isEqualTo(404);
  }

  @Test
  void withoutAnAdminToken_composeRefusesTheFile() {
    for (Map<String, String> shell :
        List.of(Map.<String, String>of(), Map.of("CMP_ADMIN_TOKEN", ""))) {
      assertThatThrownBy(() -> composeFile(shell).environment("operator-service"))
          .isInstanceOf(ComposeInterpolation.MissingVariableException.class)
          .hasMessageStartingWith("required variable CMP_ADMIN_TOKEN is missing a value: ");
    }
  }

  private static ComposeFile composeFile(Map<String, String> shell) {
    return ComposeFile.read(COMPOSE_FILE, shell);
  }

  private static HttpResponse<String> get(URI url) throws IOException, InterruptedException {
    return HTTP.send(HttpRequest.newBuilder(url).GET().build(), BodyHandlers.ofString());
  }

  private static String kafkaHost() {
    String first = kafka.bootstrapServers().split(",")[0];
    return first.substring(0, first.lastIndexOf(':'));
  }

  private static int kafkaPort() {
    String first = kafka.bootstrapServers().split(",")[0];
    return Integer.parseInt(first.substring(first.lastIndexOf(':') + 1));
  }

  /** What the Dockerfile unpacks into the image: the module's Spring Boot jar (classifier exec). */
  private static Path executableJar(String module) {
    Path jar = ROOT.resolve(module).resolve("target").resolve(module + "-" + VERSION + "-exec.jar");
    assertThat(jar).as("build it first: mvn package -pl " + module + " -am").exists();
    return jar;
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
