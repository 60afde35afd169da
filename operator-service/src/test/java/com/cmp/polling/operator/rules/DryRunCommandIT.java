package com.cmp.polling.operator.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.cmp.polling.stopresume.dryrun.RuleDryRun;
import com.cmp.polling.testsupport.app.InfrastructureProperties;
import com.cmp.polling.testsupport.data.TestData;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.management.MBeanServer;
import javax.management.MBeanServerDelegate;
import javax.management.MBeanServerNotification;
import javax.management.NotificationListener;
import javax.management.ObjectName;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * {@code --dry-run}: the operator app's command, run in-process as the command line would run it,
 * prints the report (or a page of card ids) and ends, having started only what the dry run reads:
 * no web server, no Kafka client, no carrier gateway, no background work. No Kafka broker runs
 * here: the bootstrap servers point at a closed port, as the command needs PostgreSQL and Redis
 * only.
 */
@ExtendWith(OutputCaptureExtension.class)
class DryRunCommandIT {

  /** Nothing listens there (the discard port, closed on a test machine). */
  private static final String NO_BROKER = "127.0.0.1:9";

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();

  static long noPackage;
  static long usedUp;
  static long unverified;
  static long stopped;

  @BeforeAll
  static void fleet() {
    TestData data = postgres.data();
    noPackage = data.card().insert();
    usedUp = data.card().insert();
    data.packageOfCard(usedUp).status(2).usage("10", "10").insert();
    unverified = data.card().carrier(2, "CUCC").unverified().insert();
    data.packageOfCard(unverified).status(1).insert();
    stopped = data.card().carrier(2, "CUCC").stopped("no_package").insert();
    data.packageOfCard(stopped).status(1).insert();
  }

  @Test
  void dryRun_printsTheCountsOfTheFleet_andOfOneCarrier_thenEnds_havingChangedNothing(
      CapturedOutput output) {
    int fleet = DryRunCommand.execute(arguments("--dry-run"));
    int carrier = DryRunCommand.execute(arguments("--dry-run", "--carrier=2"));

    assertThat(fleet).isZero();
    assertThat(carrier).isZero();
    String out = output.getOut();
    assertThat(out)
        .contains("Rule dry run of the whole fleet")
        .contains("Rule dry run of carrier 2")
        .contains("  default      not_realname enforced")
        .contains("Would stop:    3 (no_package 2, not_realname 1)")
        .contains("Would stop:    1 (not_realname 1)")
        .contains("Would resume:  1 (no_package 1)")
        .contains(
            lines(
                "Stops by every reason that would be recorded:",
                "  1        no_package",
                "  1        no_package, traffic_exhausted",
                "  1        not_realname"))
        .contains("  carrier 2      stop 1 (not_realname 1); resume 1 (no_package 1); exempt 0")
        .contains("resumed at its next check");
    assertThat(out).doesNotContain("Tomcat started");
    assertThat(
            postgres
                .jdbc()
                .sql("SELECT count(*) FROM tb_iot_card WHERE network_status = 0")
                .query(Long.class)
                .single())
        .isEqualTo(1);
    assertThat(redis.template().hasKey("polling:init:marker")).isFalse();
  }

  @Test
  void withNoBrokerReachable_theDryRunEndsPromptly_havingCreatedNoKafkaClient(CapturedOutput output)
      throws Exception {
    // Every Kafka client (admin, consumer, producer) registers its MBeans in a "kafka.*" domain
    // when it is created, whatever the log level: watch the registrations during the run.
    List<ObjectName> kafkaMBeans = new CopyOnWriteArrayList<>();
    NotificationListener registrations =
        (notification, handback) -> {
          if (notification instanceof MBeanServerNotification registered
              && MBeanServerNotification.REGISTRATION_NOTIFICATION.equals(registered.getType())
              && registered.getMBeanName().getDomain().startsWith("kafka.")) {
            kafkaMBeans.add(registered.getMBeanName());
          }
        };
    MBeanServer mbeans = ManagementFactory.getPlatformMBeanServer();
    mbeans.addNotificationListener(MBeanServerDelegate.DELEGATE_NAME, registrations, null, null);
    int exit;
    try {
      // A Kafka client asking a broker that is away waits out Kafka's timeouts (a minute) at its
      // calls and at its close; the bound is far below that and far above a run's few seconds.
      exit =
          assertTimeoutPreemptively(
              Duration.ofSeconds(40), () -> DryRunCommand.execute(arguments("--dry-run")));
    } finally {
      mbeans.removeNotificationListener(MBeanServerDelegate.DELEGATE_NAME, registrations);
    }

    assertThat(exit).isZero();
    assertThat(output.getOut()).contains("Would stop:    3 (no_package 2, not_realname 1)");
    assertThat(kafkaMBeans).isEmpty();
  }

  @Test
  void list_printsOnePageOfTheCardIds_withTheOptionOfTheNextPage(CapturedOutput output) {
    int first = DryRunCommand.execute(arguments("--dry-run", "--list=stop", "--limit=2"));
    int second =
        DryRunCommand.execute(
            arguments("--dry-run", "--list=stop", "--limit=2", "--after-id=" + usedUp));
    int byReasons =
        DryRunCommand.execute(
            arguments(
                "--dry-run", "--list=stop", "--reason=no_package", "--holding=traffic_exhausted"));
    int ofCarrier = DryRunCommand.execute(arguments("--dry-run", "--list=resume", "--carrier=2"));

    assertThat(List.of(first, second, byReasons, ofCarrier)).containsOnly(0);
    assertThat(output.getOut())
        .contains(
            lines(
                "# Cards the rules would stop in the whole fleet, after id 0, at most 2 (nothing"
                    + " was changed):",
                Long.toString(noPackage),
                Long.toString(usedUp),
                "# 2 cards; next page: --after-id=" + usedUp))
        .contains(
            lines(
                "# Cards the rules would stop in the whole fleet, after id "
                    + usedUp
                    + ", at most 2 (nothing was changed):",
                Long.toString(unverified),
                "# 1 card; last page."))
        .contains(
            lines(
                "# Cards the rules would stop for no_package, with traffic_exhausted among the"
                    + " reasons, in the whole fleet, after id 0, at most 1000 (nothing was"
                    + " changed):",
                Long.toString(usedUp),
                "# 1 card; last page."))
        .contains(
            lines(
                "# Cards the rules would resume in carrier 2, after id 0, at most 1000 (nothing"
                    + " was changed):",
                Long.toString(stopped),
                "# 1 card; last page."))
        .doesNotContain("Rule dry run of");
  }

  @Test
  void badArguments_endWithExitCode1_andSayWhy(CapturedOutput output) {
    int badCarrier = DryRunCommand.execute(arguments("--dry-run", "--carrier=abc"));
    int badAction = DryRunCommand.execute(arguments("--dry-run", "--list=suspend"));
    int reasonWithoutList = DryRunCommand.execute(arguments("--dry-run", "--reason=no_package"));

    assertThat(List.of(badCarrier, badAction, reasonWithoutList)).containsOnly(1);
    assertThat(output.getAll())
        .contains("--carrier must be a carrier id above 0, was 'abc'")
        .contains("--list must be one of [stop, resume, exempt], was 'suspend'")
        .contains("--reason goes with --list");
  }

  @Test
  void theCommandsContext_holdsTheDryRunAndWhatItReads_andNothingOfTheApp() {
    // Without --dry-run the runner does nothing and the context stays up to be looked at.
    try (ConfigurableApplicationContext context = DryRunCommand.application().run(arguments())) {
      assertThat(context).isNotInstanceOf(WebServerApplicationContext.class);
      assertThat(context.getBeanNamesForType(RuleDryRun.class)).hasSize(1);
      List<String> ours =
          Arrays.stream(context.getBeanDefinitionNames())
              .map(context::getType)
              .filter(type -> type != null && type.getName().startsWith("com.cmp.polling."))
              .map(Class::getSimpleName)
              .sorted()
              .toList();
      assertThat(ours)
          .containsExactlyInAnyOrder(
              "CardPlanner",
              "DryRunCommand",
              "DryRunContext",
              "PollingConfigManager",
              "PollingProperties",
              "ProtectionPeriods",
              "RuleDryRun");
      for (String none :
          new String[] {
            "org.springframework.kafka.core.KafkaTemplate",
            "org.springframework.data.redis.listener.RedisMessageListenerContainer",
            "org.flywaydb.core.Flyway"
          }) {
        assertThat(beansOf(context, none)).as(none).isZero();
      }
    }
  }

  private static int beansOf(ConfigurableApplicationContext context, String className) {
    try {
      return context.getBeanNamesForType(Class.forName(className)).length;
    } catch (ClassNotFoundException e) {
      return 0;
    }
  }

  @Test
  void withoutTheOption_theRunnerDoesNothing() {
    assertThat(DryRunCommand.requested("--carrier=2")).isFalse();
    assertThat(DryRunCommand.requested("--dry-run", "--carrier=2")).isTrue();
    assertThat(DryRunCommand.requested("--dry-run=true")).isTrue();
  }

  private static String lines(String... lines) {
    return String.join(System.lineSeparator(), lines);
  }

  private static String[] arguments(String... command) {
    Map<String, Object> properties = new HashMap<>();
    properties.put("spring.datasource.url", postgres.jdbcUrl());
    properties.put("spring.datasource.username", postgres.server().user());
    properties.put("spring.datasource.password", postgres.server().password());
    properties.putAll(redis.springProperties());
    properties.put("spring.kafka.bootstrap-servers", NO_BROKER);
    properties.put("cmp.polling.gateway.base-url", "http://127.0.0.1:9");
    List<String> all = new ArrayList<>(List.of(InfrastructureProperties.asArguments(properties)));
    all.addAll(List.of(command));
    return all.toArray(String[]::new);
  }
}
