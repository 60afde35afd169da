package com.cmp.polling.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.cmp.polling.architecture.fixtures.AsksThePlanner;
import com.cmp.polling.architecture.fixtures.DecidesPollingItself;
import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.card.DevicePlacement;
import com.cmp.polling.core.card.NetworkStatus;
import com.cmp.polling.core.config.CardCondition;
import com.cmp.polling.core.config.ConfigSnapshot;
import com.cmp.polling.core.config.GovernedCards;
import com.cmp.polling.core.device.DeviceStore;
import com.cmp.polling.core.protection.ProtectionPeriods;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.stopresume.gateway.CarrierCard;
import com.cmp.polling.stopresume.gateway.CarrierGateway;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The dependency rules of docs/architecture.md, "Modules", checked on the compiled main classes of
 * every module on this module's classpath. Later modules join by being added to this module's POM;
 * rules over packages that do not exist yet pass vacuously.
 */
class ModuleBoundariesTest {

  static final String SCHEMAS = "com.cmp.polling.schemas..";
  static final String CORE = "com.cmp.polling.core..";
  static final String STOP_RESUME = "com.cmp.polling.stopresume..";
  static final String STATUS = "com.cmp.polling.status..";
  static final String ENGINE = "com.cmp.polling.scheduler..";
  static final String OPERATOR = "com.cmp.polling.operator..";
  static final String AUTOCONFIGURE = "com.cmp.polling.autoconfigure..";
  static final String TEST_SUPPORT = "com.cmp.polling.testsupport..";
  static final String EMBEDDED = "com.cmp.polling.embedded..";
  static final String ENROLLMENT = "com.cmp.polling.core.enrollment..";
  static final String ENROLLMENT_RULE = "com.cmp.polling.core.enrollment.CardEnrollment";
  static final String USAGE_AWARE_RULE = "com.cmp.polling.core.enrollment.UsageAwareRule";
  static final String[] APPS = {
    "com.cmp.polling.scheduler..",
    "com.cmp.polling.operator..",
    "com.cmp.polling.handlers..",
    "com.cmp.polling.listener..",
    "com.cmp.polling.simulator..",
    "com.cmp.polling.demo.."
  };

  /** The apps that run in production (the demo is not one of them). */
  static final String[] DEPLOYED_APPS = {
    "com.cmp.polling.scheduler..",
    "com.cmp.polling.operator..",
    "com.cmp.polling.handlers..",
    "com.cmp.polling.listener..",
    "com.cmp.polling.simulator.."
  };

  private static JavaClasses production;

  @BeforeAll
  static void importClasses() {
    production =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("com.cmp.polling");
  }

  @Test
  void everyModule_isOnTheClasspath_soNoRulePassesForLackOfClasses() {
    for (String name :
        new String[] {
          "com.cmp.polling.schemas.Topics",
          "com.cmp.polling.core.card.CardStore",
          "com.cmp.polling.stopresume.StopResumeService",
          "com.cmp.polling.simulator.GatewaySimulator",
          "com.cmp.polling.scheduler.SchedulerApplication",
          "com.cmp.polling.operator.OperatorApplication",
          "com.cmp.polling.status.schedule.SchedulerStatsStore",
          "com.cmp.polling.handlers.HandlersApplication",
          "com.cmp.polling.listener.LifecycleListenerApplication",
          "com.cmp.polling.autoconfigure.PollingCoreAutoConfiguration",
          "com.cmp.polling.testsupport.data.TestData"
        }) {
      assertThat(production.contain(name)).as(name).isTrue();
    }
  }

  @Test
  void libraries_doNotDependOnApps() {
    check(
        noClasses()
            .that()
            .resideInAnyPackage(SCHEMAS, CORE, STOP_RESUME, STATUS, AUTOCONFIGURE)
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(APPS)
            .because("apps wire the libraries, never the other way round"));
  }

  @Test
  void theEngine_neverDependsOnTheOperatorPlane() {
    check(
        noClasses()
            .that()
            .resideInAPackage(ENGINE)
            .should()
            .dependOnClassesThat()
            .resideInAPackage(OPERATOR)
            .because(
                "restarting, scaling or overloading the operator app (console, API, gauges) must"
                    + " never touch dispatch: the scheduler hears of operators through Redis only"));
  }

  @Test
  void theEngine_neverCallsTheCarrier_norReadsTheRuleSwitches() {
    check(
        noClasses()
            .that()
            .resideInAPackage(ENGINE)
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(STOP_RESUME, "com.cmp.polling.core.switches..")
            .because(
                "the scheduler stops and resumes nothing: the gateway, its rate limiter and the"
                    + " rule switches belong to the handlers and the operator app"));
  }

  @Test
  void theEngine_servesNoWebController() {
    check(
        noClasses()
            .that()
            .resideInAPackage(ENGINE)
            .should()
            .beAnnotatedWith("org.springframework.web.bind.annotation.RestController")
            .orShould()
            .beAnnotatedWith("org.springframework.stereotype.Controller")
            .orShould()
            .beAnnotatedWith("org.springframework.web.bind.annotation.RestControllerAdvice")
            .because("the scheduler's one web server serves the actuator alone"));
  }

  @Test
  void theSchedulersStatus_buildsOnTheCoreOnly() {
    check(
        noClasses()
            .that()
            .resideInAPackage(STATUS)
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(STOP_RESUME, AUTOCONFIGURE, "org.springframework.web..")
            .because(
                "scheduler-status is what the engine and the operator share: both read it, the"
                    + " engine without stop-resume-service or a web stack"));
  }

  /**
   * Within each of these modules (between modules Maven forbids cycles anyway). The operator app's
   * monitoring and console dead-letter packages used to need each other; schemas, the handlers and
   * the listener still have cycles of their own, not checked here yet.
   */
  @ParameterizedTest
  @ValueSource(strings = {"operator", "scheduler", "status", "core", "stopresume", "autoconfigure"})
  void noPackageCycles(String module) {
    check(
        slices()
            .matching("com.cmp.polling." + module + ".(**)")
            .should()
            .beFreeOfCycles()
            .because(
                "a package that needs another's classes while that one needs its own cannot be"
                    + " understood, tested or moved alone"));
  }

  @Test
  void schemas_dependOnNoOtherModule() {
    check(
        noClasses()
            .that()
            .resideInAPackage(SCHEMAS)
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(CORE, STOP_RESUME, TEST_SUPPORT)
            .because("schemas is the bottom of the graph: schemas <- core <- stop-resume <- apps"));
  }

  @Test
  void core_doesNotDependOnStopResume() {
    check(
        noClasses()
            .that()
            .resideInAPackage(CORE)
            .should()
            .dependOnClassesThat()
            .resideInAPackage(STOP_RESUME)
            .because("stop-resume-service builds on the core, not the reverse"));
  }

  @Test
  void core_hasNoWebDependency() {
    check(
        noClasses()
            .that()
            .resideInAPackage(CORE)
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("org.springframework.web..", "jakarta.servlet..")
            .because("the core runs in every process, web or not"));
  }

  @Test
  void productionCode_neverUsesTestSupport() {
    check(
        noClasses()
            .that()
            .resideOutsideOfPackage(TEST_SUPPORT)
            .should()
            .dependOnClassesThat()
            .resideInAPackage(TEST_SUPPORT)
            .because("test-support is test infrastructure, on test classpaths only"));
  }

  @Test
  void deployedCode_neverStartsEmbeddedServers() {
    check(
        noClasses()
            .that()
            .resideInAnyPackage(SCHEMAS, CORE, STOP_RESUME, AUTOCONFIGURE)
            .or()
            .resideInAnyPackage(DEPLOYED_APPS)
            .should()
            .dependOnClassesThat()
            .resideInAPackage(EMBEDDED)
            .because(
                "embedded servers serve tests, the demo and the benchmarks; a deployed app is"
                    + " pointed at real ones"));
  }

  @Test
  void onlyTheQueuePackage_buildsQueueKeys() {
    check(
        noClasses()
            .that()
            .resideOutsideOfPackage("com.cmp.polling.core.queue..")
            .should()
            .callMethod(RedisKeys.class, "shardQueue", int.class, TaskType.class)
            .orShould()
            .callMethod(RedisKeys.class, "manualTriggers", TaskType.class)
            .orShould()
            .callMethod(RedisKeys.class, "legacyShardQueue", int.class, TaskType.class)
            .orShould()
            .callMethod(RedisKeys.class, "legacyManualList", TaskType.class)
            .orShould()
            .callMethod(RedisKeys.class, "legacyManualTriggers", TaskType.class)
            .because("nothing but PollingQueueManager touches the polling queues"));
  }

  @Test
  void onlyTheCardPlanner_decidesWhetherAndWhenCardsArePolled() {
    check(plannerOnly());
  }

  @Test
  void thePlannerOnlyRule_failsAClassThatDecidesItself_andPassesOneThatAsksThePlanner() {
    JavaClasses decidesItself = new ClassFileImporter().importClasses(DecidesPollingItself.class);
    JavaClasses asks = new ClassFileImporter().importClasses(AsksThePlanner.class);

    assertThatThrownBy(() -> plannerOnly().check(decidesItself))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("ConfigSnapshot.match(" + Card.class.getName() + ")")
        .hasMessageContaining("ConfigSnapshot.match(" + CardCondition.class.getName() + ", long)")
        .hasMessageContaining("DeviceStore.findPollingAllowed");
    plannerOnly().check(asks);
  }

  /**
   * Outside the enrollment package, nothing matches configs to cards or reads device flags for
   * polling. Two classes are exempt by name: {@link ConfigSnapshot}, the matcher itself, and {@link
   * GovernedCards}, which counts the fleet by config for the console and the metrics (reason in the
   * rule).
   */
  static ArchRule plannerOnly() {
    return noClasses()
        .that()
        .resideOutsideOfPackage(ENROLLMENT)
        .and()
        .doNotHaveFullyQualifiedName(ConfigSnapshot.class.getName())
        .and()
        .doNotHaveFullyQualifiedName(GovernedCards.class.getName())
        .should()
        .callMethod(ConfigSnapshot.class, "match", Card.class)
        .orShould()
        .callMethod(ConfigSnapshot.class, "match", CardCondition.class, long.class)
        .orShould()
        .callMethod(DeviceStore.class, "findPollingAllowed", Collection.class)
        .orShould()
        .dependOnClassesThat()
        .haveFullyQualifiedName(ENROLLMENT_RULE)
        .orShould()
        .dependOnClassesThat()
        .haveFullyQualifiedName(USAGE_AWARE_RULE)
        .because(
            "CardPlanner is the one place that decides whether a card is polled, under which"
                + " config and when (issue 18): it reads the configs, the device flags and the"
                + " protection periods once per batch. GovernedCards alone matches configs itself:"
                + " it counts the cards per config with one GROUP BY over the whole card table"
                + " (device flags from DevicePlacement in SQL), then matches each (carrier, status)"
                + " group once, where asking the planner would mean reading every card");
  }

  @Test
  void thePlanner_isWhereTheFactsAreRead_soTheRuleAboveGuardsRealCalls() {
    assertThat(
            production.get("com.cmp.polling.core.enrollment.CardPlanner").getMethodCallsFromSelf())
        .extracting(call -> call.getTarget().getOwner().getSimpleName() + "." + call.getName())
        .contains(
            "DeviceStore.findPollingAllowed",
            "ProtectionPeriods.protectedByKey",
            "ConfigSnapshot.match");
  }

  /**
   * ArchUnit sees no SQL, so this reads the compiled classes' constants: a statement naming {@code
   * tb_device} (followed by a space, as SQL has it; the CDC settings name the table otherwise)
   * stands only in these classes, which build their conditions from {@link DevicePlacement}.
   */
  @Test
  void whereACardsDeviceStands_isReadOnlyByStatementsBuiltOnDevicePlacement() throws IOException {
    Set<String> readers = new TreeSet<>();
    for (JavaClass type : production) {
      if (!type.getPackageName().startsWith("com.cmp.polling.testsupport")
          && constantsOf(type).contains("tb_device ")) {
        readers.add(type.getName().substring(type.getPackageName().length() + 1).split("\\$")[0]);
      }
    }
    assertThat(readers)
        .as(
            "classes with SQL on tb_device: where a card's device stands (live, deleted, allowing"
                + " polling) is written once, in DevicePlacement; read it through CardStore,"
                + " PlanningRows or DeviceStore, or build a new statement from its fragments")
        .containsExactlyInAnyOrder(
            "DevicePlacement",
            "PlanningRows",
            "CardStore",
            "DeviceStore",
            "GovernedCards",
            "FleetReader",
            // The reconciler reads when a card's device last changed, not where the card stands.
            "ChangeTimes",
            // The reconciler's change marker: devices by change number, the sweep's slice of
            // cards read as PlanningRows reads them.
            "PlanningChanges");
  }

  @Test
  void protectionPeriodsOfManyCards_areReadOnlyByThePlannerAndTheRules() {
    check(
        noClasses()
            .that()
            .resideOutsideOfPackages(ENROLLMENT, STOP_RESUME)
            .should()
            .callMethod(ProtectionPeriods.class, "protectedAmong", Collection.class)
            .orShould()
            .callMethod(ProtectionPeriods.class, "protectedByKey", List.class)
            .orShould()
            .callMethod(ProtectionPeriods.class, "desiredStates", List.class)
            .because(
                "a card's protect queue is planned by CardPlanner; only the stop/resume rules"
                    + " look at protection periods for their own decisions"));
  }

  @Test
  void onlyStopResumeActions_stopOrStartCards() {
    check(
        noClasses()
            .that()
            .resideOutsideOfPackages(
                "com.cmp.polling.stopresume.action..",
                // Gateway decorators (rate limiting) pass calls on; they decide nothing.
                "com.cmp.polling.stopresume.gateway..")
            .should()
            .callMethod(CarrierGateway.class, "stop", CarrierCard.class)
            .orShould()
            .callMethod(CarrierGateway.class, "start", CarrierCard.class)
            .orShould()
            .callMethod(CarrierGateway.class, "stopAll", List.class)
            .orShould()
            .callMethod(CarrierGateway.class, "startAll", List.class)
            .orShould()
            .callMethod(
                CardStore.class,
                "updateNetworkStatus",
                long.class,
                NetworkStatus.class,
                String.class)
            .because("StopResumeService decides every stop and resume; its actions perform them"));
  }

  @Test
  void handlers_collectData_andNeverDecideStopOrResume() {
    check(
        noClasses()
            .that()
            .resideInAPackage("com.cmp.polling.handlers..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                "com.cmp.polling.stopresume.rules..", "com.cmp.polling.stopresume.action..")
            .because(
                "handlers hand every decision to StopResumeService.evaluateAndAct (seed 004 decision"
                    + " 4)"));
  }

  @Test
  void lifecycleListener_neverStopsOrResumesCards() {
    check(
        noClasses()
            .that()
            .resideInAPackage("com.cmp.polling.listener..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(STOP_RESUME, ENGINE, OPERATOR)
            .because("the listener only keeps the queues in sync; it runs without stop-resume"));
  }

  @Test
  void gatewaySimulator_standsAlone() {
    check(
        noClasses()
            .that()
            .resideInAPackage("com.cmp.polling.simulator..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(SCHEMAS, CORE, STOP_RESUME)
            .because(
                "the simulator plays the carrier: it shares nothing with the system it fakes"));
  }

  /** The class file's bytes as text: its string constants stand in it as written (ASCII). */
  private static String constantsOf(JavaClass type) throws IOException {
    try (InputStream in = type.getSource().orElseThrow().getUri().toURL().openStream()) {
      return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
    }
  }

  private static void check(ArchRule rule) {
    rule.allowEmptyShould(true).check(production);
  }
}
