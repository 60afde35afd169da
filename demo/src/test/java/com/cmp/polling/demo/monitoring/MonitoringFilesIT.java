package com.cmp.polling.demo.monitoring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.demo.PipelineApps;
import com.cmp.polling.demo.TestEndpoints;
import com.cmp.polling.demo.infra.Endpoints;
import com.cmp.polling.operator.action.ManualTriggers;
import com.cmp.polling.operator.monitoring.FleetSnapshot;
import com.cmp.polling.stopresume.OperatorActions;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.yaml.snakeyaml.Yaml;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The alert rules and the Grafana dashboard name only metrics the apps really export: every {@code
 * polling_*} name in an expression is found in the Prometheus output of the scheduler, the check
 * handlers or the operator app after the pipeline did some work. The files parse as YAML and JSON.
 */
class MonitoringFilesIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  static final Path MONITORING = Path.of("..", "monitoring");
  static final Pattern METRIC = Pattern.compile("\\bpolling_[a-z_]+\\b");
  static PipelineApps apps;

  @BeforeAll
  static void start() throws Exception {
    Endpoints endpoints = TestEndpoints.of(postgres, redis, kafka);
    apps =
        PipelineApps.start(
            endpoints,
            PipelineApps.Ports.ANY,
            "monitoring-token",
            simulator -> {},
            Map.of(
                "server.address",
                "127.0.0.1",
                "cmp.polling.scheduler.tick",
                "200ms",
                // An account, so that the budget's gauges the alert rules read are exported.
                "cmp.polling.gateway.accounts.monitored.carriers",
                "99",
                "cmp.polling.gateway.accounts.monitored.calls-per-second",
                "100"));
  }

  @AfterAll
  static void stop() {
    if (apps != null) {
      apps.close();
    }
  }

  @Test
  void everyMetricOfTheRulesAndTheDashboard_isExportedByTheApps() throws Exception {
    long stopped = postgres.data().card().insert();
    long checked = postgres.data().card().insert();
    apps.operator().getBean(OperatorActions.class).stopManually(stopped, Duration.ZERO);
    apps.operator().getBean(ManualTriggers.class).trigger(checked, "carddata");
    // The scheduler counts a published task once Kafka has acknowledged it, which can come after
    // the handlers have already checked it: wait for both counters.
    await("the manual check published and handled")
        .atMost(Duration.ofSeconds(60))
        .until(
            () ->
                scrape(apps.handlers()).contains("polling_handlers_checks_total{")
                    && scrape(apps.scheduler()).contains("polling_scheduler_dispatched_total{")
                    && scrape(apps.scheduler()).contains("polling_budget_stretch{"));
    apps.operator().getBean(FleetSnapshot.class).refreshNow();
    String exported = scrape(apps.scheduler()) + scrape(apps.handlers()) + scrape(apps.operator());

    Set<String> used = new TreeSet<>();
    rulesExpressions().forEach(expr -> used.addAll(metrics(expr)));
    dashboardExpressions().forEach(expr -> used.addAll(metrics(expr)));

    assertThat(used)
        .contains(
            "polling_queue_overdue",
            "polling_handlers_lag",
            "polling_handlers_lag_seconds",
            "polling_scheduler_held_back",
            "polling_stopresume_actions_total",
            "polling_budget_stretch");
    // One name per measure: the lag and the backlog are not exported twice.
    assertThat(exported)
        .doesNotContainPattern("(?m)^polling_scheduler_(consumer_lag|due_backlog|oldest_due_age)")
        .doesNotContainPattern("(?m)^polling_queue_leased");
    for (String metric : used) {
      assertThat(exported)
          .as(metric + " is used by the rules or the dashboard")
          .containsPattern("(?m)^" + Pattern.quote(metric) + "[{ ]");
    }
  }

  private static List<String> rulesExpressions() throws IOException {
    Map<String, Object> rules =
        new Yaml().load(Files.readString(MONITORING.resolve("prometheus/rules.yml")));
    List<String> expressions = new ArrayList<>();
    for (Object group : (List<?>) rules.get("groups")) {
      for (Object rule : (List<?>) ((Map<?, ?>) group).get("rules")) {
        expressions.add(((Map<?, ?>) rule).get("expr").toString());
      }
    }
    assertThat(expressions).hasSizeGreaterThanOrEqualTo(6);
    return expressions;
  }

  private static List<String> dashboardExpressions() throws IOException {
    JsonNode dashboard =
        JsonMapper.builder()
            .build()
            .readTree(Files.readString(MONITORING.resolve("grafana/dashboards/cmp-polling.json")));
    List<String> expressions = new ArrayList<>();
    dashboard
        .path("panels")
        .forEach(
            panel ->
                panel.path("targets").forEach(t -> expressions.add(t.path("expr").asString())));
    assertThat(expressions).isNotEmpty();
    return expressions;
  }

  private static Set<String> metrics(String expression) {
    Set<String> names = new TreeSet<>();
    Matcher matcher = METRIC.matcher(expression);
    while (matcher.find()) {
      names.add(matcher.group());
    }
    return names;
  }

  /** The one place naming where an app's Prometheus output answers. */
  private static String scrape(org.springframework.context.ConfigurableApplicationContext app)
      throws IOException, InterruptedException {
    String url = "http://127.0.0.1:" + PipelineApps.managementPort(app) + "/actuator/prometheus";
    return HttpClient.newHttpClient()
        .send(HttpRequest.newBuilder(URI.create(url)).build(), BodyHandlers.ofString())
        .body();
  }
}
