package com.cmp.polling.demo;

import com.cmp.polling.demo.fleet.CheckIntervals;
import com.cmp.polling.demo.fleet.DemoFleet;
import com.cmp.polling.demo.fleet.FleetVerdict;
import com.cmp.polling.demo.fleet.OperatorActivity;
import com.cmp.polling.demo.infra.EmbeddedInfrastructure;
import com.cmp.polling.demo.progress.LifecycleEventCounter;
import com.cmp.polling.demo.progress.PipelineStatus;
import com.cmp.polling.demo.progress.ProgressReporter;
import com.cmp.polling.embedded.postgres.Migrations;
import com.cmp.polling.simulator.behaviour.Behaviour;
import java.math.BigDecimal;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The running demo: embedded servers, the demo fleet, the five apps, the progress report and the
 * operators' activity. {@link #close()} stops them in reverse order, once.
 */
public final class Demo implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(Demo.class);

  private final DemoOptions options;
  private final EmbeddedInfrastructure infrastructure;
  private PipelineApps apps;
  private LifecycleEventCounter events;
  private ProgressReporter progress;
  private ScheduledExecutorService activity;
  private boolean closed;

  /**
   * The usage-aware carddata intervals, on, on the demo's scale (its carddata interval is 2 min
   * where production's is 30): a card far from its limit is checked every 10 min at most, one
   * nearing it down to every 20 s. The console's card page says why, card by card.
   */
  static final Map<String, Object> USAGE_AWARE =
      Map.of(
          "cmp.polling.planning.usage-aware.enabled",
          true,
          "cmp.polling.planning.usage-aware.min-interval",
          "20s",
          "cmp.polling.planning.usage-aware.max-interval",
          "10m",
          "cmp.polling.planning.usage-aware.headroom-factor",
          2);

  private Demo(DemoOptions options, EmbeddedInfrastructure infrastructure) {
    this.options = options;
    this.infrastructure = infrastructure;
  }

  public static Demo start(DemoOptions options) throws Exception {
    log.info("starting embedded PostgreSQL, Redis and Kafka (first run unpacks PostgreSQL)");
    Demo demo = new Demo(options, EmbeddedInfrastructure.start());
    try {
      demo.startPipeline();
      return demo;
    } catch (Exception e) {
      demo.close();
      throw e;
    }
  }

  private void startPipeline() throws Exception {
    Migrations.apply(infrastructure.dataSource());
    DemoFleet fleet = new DemoFleet(infrastructure.dataSource(), options.cards());
    fleet.useIntervals(CheckIntervals.demo());
    fleet.seed();
    String token = HexFormat.of().formatHex(new SecureRandom().generateSeed(12));
    Map<String, Object> overrides = new LinkedHashMap<>(USAGE_AWARE);
    if (options.verbose()) {
      overrides.put("logging.level.com.cmp.polling", "INFO");
    }
    apps =
        PipelineApps.start(
            infrastructure.endpoints(),
            PipelineApps.Ports.DEFAULT,
            token,
            simulator -> {
              simulator
                  .control()
                  .configure(
                      Behaviour.none()
                          .withLatencyMs(10)
                          .withUsageGrowthMbPerQuery(
                              BigDecimal.valueOf(DemoFleet.USAGE_GROWTH_MB_PER_QUERY)));
              fleet.teach(simulator.control());
            },
            overrides);
    events = new LifecycleEventCounter(infrastructure.endpoints().kafkaBootstrapServers());
    progress = new ProgressReporter(apps, events);
    progress.start(options.progressEvery());
    if (!options.activityEvery().isZero()) {
      OperatorActivity operators =
          new OperatorActivity(infrastructure.dataSource(), options.cards());
      activity = Executors.newSingleThreadScheduledExecutor();
      long every = options.activityEvery().toMillis();
      activity.scheduleWithFixedDelay(
          () -> {
            try {
              operators.playRound();
            } catch (RuntimeException e) {
              log.warn("operator activity failed this round: {}", e.getMessage());
            }
          },
          every,
          every,
          TimeUnit.MILLISECONDS);
    }
    log.info(
        """

        cmp-polling is running on embedded servers with {} demo cards.
          operator console       http://localhost:{}/console/   (log in with token {})
          operator + admin API   http://localhost:{}   (token: {})
          operator health        http://localhost:{}/actuator/health
          scheduler health       http://localhost:{}/actuator/health
          check handlers         http://localhost:{}/actuator/health
          lifecycle listener     http://localhost:{}/actuator/health
          gateway simulator      http://localhost:{}/sim/calls
          PostgreSQL             {}
        Try:
          curl -s -H 'Authorization: Bearer {}' localhost:{}/api/monitoring/queues
          curl -s -X POST -H 'Authorization: Bearer {}' localhost:{}/api/admin/cards/11/checks/carddata
          curl -s -H 'Authorization: Bearer {}' localhost:{}/actuator/health   (with details)
        Progress every {} s; Ctrl-C stops everything.
        """,
        options.cards(),
        PipelineApps.port(apps.operator()),
        token,
        PipelineApps.port(apps.operator()),
        token,
        PipelineApps.managementPort(apps.operator()),
        PipelineApps.managementPort(apps.scheduler()),
        PipelineApps.managementPort(apps.handlers()),
        PipelineApps.managementPort(apps.listener()),
        apps.simulator().port(),
        infrastructure.endpoints().jdbcUrl(),
        token,
        PipelineApps.port(apps.operator()),
        token,
        PipelineApps.port(apps.operator()),
        token,
        PipelineApps.managementPort(apps.scheduler()),
        options.progressEvery().toSeconds());
  }

  /** Logs the closing summary: pipeline figures, card states, the rules' verdict, carrier calls. */
  public void summarize() {
    PipelineStatus status = PipelineStatus.read(apps, events);
    JdbcClient jdbc = JdbcClient.create(infrastructure.dataSource());
    var cardStates =
        jdbc.sql(
                "SELECT CASE network_status WHEN 1 THEN 'online' ELSE 'stopped: '"
                    + " || coalesce(stop_reason, '-') END AS state, count(*) AS cards"
                    + " FROM tb_iot_card WHERE deleted_at IS NULL GROUP BY 1 ORDER BY 1")
            .query((rs, row) -> rs.getString("state") + " " + rs.getLong("cards"))
            .list();
    var log_ =
        jdbc.sql(
                "SELECT action || ' ' || reason || ' (' || result || ')' AS what, count(*) AS n"
                    + " FROM tb_stop_resume_log GROUP BY 1 ORDER BY 1")
            .query((rs, row) -> rs.getString("what") + ": " + rs.getLong("n"))
            .list();
    FleetVerdict verdict = FleetVerdict.of(infrastructure.dataSource(), options.cards());
    log.info(
        """

        ── summary ──
          tasks published {}   handled {}
          stops {}   resumes {}
          CDC events {}
          cards now: {}
          stop/resume log: {}
          carrier calls: {}
          rules: {} of {} demo cards are where their kind says{}
        """,
        status.published(),
        status.handled(),
        status.stops(),
        status.resumes(),
        status.lifecycleEvents(),
        cardStates,
        log_,
        apps.simulator().control().totalCalls(),
        verdict.settled(),
        verdict.checked(),
        verdict.allSettled()
            ? ""
            : " (cards still waiting for their checks, or wrong: " + verdict.unsettled() + ")");
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    log.info("stopping: operator activity, progress, apps, then the embedded servers");
    if (activity != null) {
      activity.shutdownNow();
    }
    if (progress != null) {
      progress.close();
    }
    if (events != null) {
      try {
        events.close();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    if (apps != null) {
      apps.close();
    }
    infrastructure.close();
    log.info("stopped");
  }
}
