package com.cmp.polling.scheduler.rules;

import com.cmp.polling.scheduler.SchedulerApplication;
import com.cmp.polling.stopresume.dryrun.RuleDryRun;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.Banner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.stereotype.Component;

/**
 * {@code java -jar scheduler-service.jar --dry-run [--carrier=N]}: prints what the rules would do
 * now and exits. In that mode ({@link #execute}) the app starts without its web server, scheduling
 * loop, card initializer, package triggers and queue reconciler, and creates no Kafka topic: it
 * only reads PostgreSQL, Redis (protection periods) and its configs. Without {@code --dry-run} this
 * runner does nothing.
 */
@Component
public class DryRunCommand implements ApplicationRunner {

  private static final Logger log = LoggerFactory.getLogger(DryRunCommand.class);

  static final String OPTION = "dry-run";
  static final String CARRIER = "carrier";

  private final RuleDryRun dryRun;

  DryRunCommand(RuleDryRun dryRun) {
    this.dryRun = dryRun;
  }

  /** Whether the command line asks for a dry run. */
  public static boolean requested(String... args) {
    return Arrays.stream(args)
        .anyMatch(arg -> arg.equals("--" + OPTION) || arg.startsWith("--" + OPTION + "="));
  }

  /**
   * Runs the app in dry-run mode and closes it.
   *
   * @return the exit code: 0 when the report was printed, 1 otherwise (the log says why)
   */
  public static int execute(String... args) {
    try (ConfigurableApplicationContext context = application().run(args)) {
      return SpringApplication.exit(context);
    } catch (RuntimeException e) {
      log.error("dry run failed: {}", e.getMessage(), e);
      return 1;
    }
  }

  /**
   * The app as dry-run mode starts it (without running it): no web server, no scheduling loop,
   * initializer, package triggers or topic creation. The runner acts only if the arguments given to
   * {@code run} hold {@code --dry-run}; without, the context stays up for a caller (a benchmark) to
   * use its {@link RuleDryRun}.
   */
  public static SpringApplication application() {
    SpringApplication app = new SpringApplication(SchedulerApplication.class);
    app.setWebApplicationType(WebApplicationType.NONE);
    app.setBannerMode(Banner.Mode.OFF);
    // First among the property sources, so that nothing (environment, files) turns the
    // background work back on in this mode.
    app.addInitializers(
        context ->
            context
                .getEnvironment()
                .getPropertySources()
                .addFirst(new MapPropertySource("dry-run mode", modeProperties())));
    return app;
  }

  static Map<String, Object> modeProperties() {
    byte[] random = new byte[16];
    new SecureRandom().nextBytes(random);
    return Map.of(
        "cmp.polling.scheduler.enabled", false,
        "cmp.polling.scheduler.initializer.enabled", false,
        "cmp.polling.scheduler.triggers.enabled", false,
        "cmp.polling.scheduler.reconciler.enabled", false,
        "cmp.polling.kafka.create-topics", false,
        // No API is served in this mode; its wiring still wants a token.
        "cmp.polling.scheduler.admin.token", HexFormat.of().formatHex(random));
  }

  @Override
  public void run(ApplicationArguments args) {
    if (!args.containsOption(OPTION)) {
      return;
    }
    Long carrierId = carrier(args.getOptionValues(CARRIER));
    String report = DryRunText.of(DryRunView.of(dryRun.run(carrierId)));
    // The command's product is its report: standard output, apart from the log.
    System.out.print(report);
    System.out.flush();
  }

  private static Long carrier(List<String> values) {
    if (values == null || values.isEmpty()) {
      return null;
    }
    if (values.size() > 1) {
      throw new IllegalArgumentException("--carrier given " + values.size() + " times");
    }
    try {
      long carrierId = Long.parseLong(values.get(0).strip());
      if (carrierId > 0) {
        return carrierId;
      }
    } catch (NumberFormatException notANumber) {
      // refused below
    }
    throw new IllegalArgumentException(
        "--carrier must be a carrier id above 0, was '" + values.get(0) + "'");
  }
}
