package com.cmp.polling.demo;

import com.cmp.polling.autoconfigure.StopResumeAutoConfiguration;
import com.cmp.polling.demo.infra.Endpoints;
import com.cmp.polling.demo.infra.StopTogether;
import com.cmp.polling.embedded.process.SpringArguments;
import com.cmp.polling.handlers.HandlersApplication;
import com.cmp.polling.listener.LifecycleListenerApplication;
import com.cmp.polling.operator.OperatorApplication;
import com.cmp.polling.scheduler.SchedulerApplication;
import com.cmp.polling.simulator.GatewaySimulator;
import com.cmp.polling.simulator.RunningSimulator;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.Banner;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The gateway simulator, the three services of the pipeline (lifecycle listener, scheduler, check
 * handlers) and the operator app, each its own Spring application context in this JVM, pointed at
 * the same servers. Each app gets every setting as an argument: with all apps on one classpath
 * their application.yml files would shadow one another, so none is read.
 */
public final class PipelineApps implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(PipelineApps.class);
  private static final String SLOT = "cmp_polling_demo";

  /** Past Spring's own 30 s for a graceful stop: an app that takes longer is stuck. */
  private static final Duration APP_STOP_DEADLINE = Duration.ofSeconds(40);

  private final RunningSimulator simulator;
  private final List<ConfigurableApplicationContext> apps;

  private PipelineApps(RunningSimulator simulator, List<ConfigurableApplicationContext> apps) {
    this.simulator = simulator;
    this.apps = apps;
  }

  /**
   * Ports of the HTTP servers: the simulator's, the operator app's (console and API), the
   * scheduler's (its actuator, its only server), and the handlers', listener's and operator's
   * management servers (actuator) beside their own; 0 picks free ones.
   */
  public record Ports(
      int simulator,
      int operator,
      int scheduler,
      int handlers,
      int listener,
      int operatorManagement,
      int handlersManagement,
      int listenerManagement) {
    public static final Ports DEFAULT = new Ports(8089, 8080, 9080, 8081, 8082, 9083, 9081, 9082);
    public static final Ports ANY = new Ports(0, 0, 0, 0, 0, 0, 0, 0);
  }

  /**
   * Starts the simulator, then the listener, the handlers, the scheduler, whose initializer enrolls
   * every card already in the database, and the operator app, each awaited until its readiness
   * probe says it can do its job (the listener's replication slot streams, the handlers' consumers
   * have partitions, ...).
   *
   * @param adminToken the operator app's API token, also the management token (health details)
   * @param prepareCarrier run once the simulator is up, before any app can call it
   * @param overrides Spring properties for every app, winning over the demo's settings
   */
  public static PipelineApps start(
      Endpoints endpoints,
      Ports ports,
      String adminToken,
      Consumer<RunningSimulator> prepareCarrier,
      Map<String, Object> overrides)
      throws IOException, InterruptedException {
    RunningSimulator simulator = GatewaySimulator.start(Map.of("server.port", ports.simulator()));
    List<ConfigurableApplicationContext> apps = new ArrayList<>();
    PipelineApps pipeline = new PipelineApps(simulator, apps);
    try {
      prepareCarrier.accept(simulator);
      Map<String, Object> common = common(endpoints, simulator.baseUrl(), adminToken);

      Map<String, Object> listener = new LinkedHashMap<>(common);
      listener.put("spring.application.name", "lifecycle-listener");
      listener.put("server.port", ports.listener());
      listener.put("management.server.port", ports.listenerManagement());
      listener.put("cmp.polling.listener.cdc.slot-name", SLOT);
      listener.put("cmp.polling.listener.cdc.publication-name", SLOT);
      // The embedded database goes away with the demo: leave no slot behind on a shared one.
      listener.put("cmp.polling.listener.cdc.drop-slot-on-stop", true);
      listener.put(
          "cmp.polling.listener.streams.state-dir",
          Files.createTempDirectory("cmp-demo-streams").toString());
      listener.putAll(overrides);
      apps.add(run(LifecycleListenerApplication.class, listener));
      awaitReady(apps.get(0));

      Map<String, Object> handlers = new LinkedHashMap<>(common);
      handlers.put("spring.application.name", "check-handlers");
      handlers.put("server.port", ports.handlers());
      handlers.put("management.server.port", ports.handlersManagement());
      handlers.putAll(overrides);
      apps.add(run(HandlersApplication.class, handlers));
      awaitReady(apps.get(1));

      Map<String, Object> scheduler = new LinkedHashMap<>(common);
      scheduler.put("spring.application.name", "scheduler-service");
      // Its one server is the actuator's: no management server of its own.
      scheduler.put("server.port", ports.scheduler());
      // The other apps' libraries are on this classpath, not on the scheduler's own: no
      // stop/resume wiring (gateway, rate limiter, rule switches) in it, as in production.
      scheduler.put("spring.autoconfigure.exclude", StopResumeAutoConfiguration.class.getName());
      scheduler.put("cmp.polling.scheduler.triggers.interval", "5s");
      scheduler.putAll(overrides);
      apps.add(run(SchedulerApplication.class, scheduler));
      awaitReady(apps.get(2));

      Map<String, Object> operator = new LinkedHashMap<>(common);
      operator.put("spring.application.name", "operator-service");
      operator.put("server.port", ports.operator());
      operator.put("management.server.port", ports.operatorManagement());
      operator.put("cmp.polling.operator.admin.token", adminToken);
      operator.putAll(overrides);
      apps.add(run(OperatorApplication.class, operator));
      awaitReady(apps.get(3));
      return pipeline;
    } catch (IOException | RuntimeException e) {
      pipeline.close();
      throw e;
    }
  }

  private static Map<String, Object> common(
      Endpoints endpoints, String gatewayUrl, String managementToken) {
    Map<String, Object> properties = new LinkedHashMap<>(endpoints.springProperties());
    properties.put("spring.config.name", "cmp-demo-no-file");
    properties.put("spring.main.banner-mode", "off");
    properties.put("cmp.polling.gateway.base-url", gatewayUrl);
    // As the apps' application.yml has it, on the management ports above.
    properties.put("management.endpoints.web.exposure.include", "health,info,prometheus,metrics");
    properties.put("management.endpoint.health.show-components", "always");
    properties.put("management.endpoint.health.show-details", "when-authorized");
    properties.put("cmp.polling.management.token", managementToken);
    return properties;
  }

  /**
   * Waits on the app's readiness probe, as Compose does: the listener's slot streams, the handlers'
   * consumers have partitions before the scheduler publishes, and so on.
   */
  private static void awaitReady(ConfigurableApplicationContext app) throws InterruptedException {
    ReadinessWait.await(
        app.getEnvironment().getProperty("spring.application.name"),
        managementPort(app),
        Duration.ofSeconds(90));
  }

  private static ConfigurableApplicationContext run(Class<?> app, Map<String, Object> properties) {
    String[] args = SpringArguments.of(properties);
    ConfigurableApplicationContext context =
        new SpringApplicationBuilder(app)
            .bannerMode(Banner.Mode.OFF)
            .logStartupInfo(false)
            .run(args);
    log.info("{} up on port {}", properties.get("spring.application.name"), port(context));
    return context;
  }

  public RunningSimulator simulator() {
    return simulator;
  }

  public ConfigurableApplicationContext listener() {
    return apps.get(0);
  }

  public ConfigurableApplicationContext handlers() {
    return apps.get(1);
  }

  public ConfigurableApplicationContext scheduler() {
    return apps.get(2);
  }

  public ConfigurableApplicationContext operator() {
    return apps.get(3);
  }

  public static int port(ConfigurableApplicationContext app) {
    return ((WebServerApplicationContext) app).getWebServer().getPort();
  }

  /**
   * The port of the app's actuator: its management server's, or its one server's where it has no
   * management server of its own (the scheduler).
   */
  public static int managementPort(ConfigurableApplicationContext app) {
    Integer management = app.getEnvironment().getProperty("local.management.port", Integer.class);
    return management != null ? management : port(app);
  }

  /**
   * Stops the operator app and the scheduler first (no new tasks), together, then the handlers and
   * the listener, together, then the simulator. Each app stops as it would alone (in-flight checks
   * finish); the log gives each one's time.
   */
  @Override
  public void close() {
    Map<String, AutoCloseable> producers = new LinkedHashMap<>();
    Map<String, AutoCloseable> consumers = new LinkedHashMap<>();
    for (int i = apps.size() - 1; i >= 0; i--) {
      ConfigurableApplicationContext app = apps.get(i);
      String name = app.getEnvironment().getProperty("spring.application.name", app.getId());
      // Started in order listener, handlers, scheduler, operator (a failed start may stop sooner).
      (i >= 2 ? producers : consumers).put(name, app);
    }
    StopTogether.close("operator and scheduler apps", producers, APP_STOP_DEADLINE);
    StopTogether.close("handlers and listener apps", consumers, APP_STOP_DEADLINE);
    apps.clear();
    simulator.close();
  }
}
