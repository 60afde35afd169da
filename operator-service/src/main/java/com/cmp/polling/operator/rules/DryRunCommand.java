package com.cmp.polling.operator.rules;

import com.cmp.polling.stopresume.dryrun.RuleDryRun;
import java.util.Arrays;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.Banner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * {@code java -jar operator-service.jar --dry-run [--carrier=N]}: prints what the rules would do
 * now and exits; with {@code --list=stop|resume|exempt [--reason=R] [--holding=R] [--after-id=ID]
 * [--limit=N]} it prints instead one page of the ids of those cards (as the admin API's {@code
 * /api/admin/rules/dry-run/cards} lists them) and the option that reads the next page. The command
 * ({@link #execute}) starts {@link DryRunContext}, which holds only what the dry run reads:
 * PostgreSQL, Redis (protection periods) and the configs; no web server, no Kafka client, no
 * carrier gateway. Without {@code --dry-run} this runner does nothing.
 */
public class DryRunCommand implements ApplicationRunner {

  private static final Logger log = LoggerFactory.getLogger(DryRunCommand.class);

  static final String OPTION = "dry-run";
  static final String CARRIER = "carrier";
  static final String LIST = "list";
  static final String REASON = "reason";
  static final String HOLDING = "holding";
  static final String AFTER_ID = "after-id";
  static final String LIMIT = "limit";

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
   * Runs the dry run and closes its context.
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
   * The command's application (without running it): {@link DryRunContext}, no web server. The
   * runner acts only if the arguments given to {@code run} hold {@code --dry-run}; without, the
   * context stays up for a caller (a benchmark) to use its {@link RuleDryRun}.
   */
  public static SpringApplication application() {
    SpringApplication app = new SpringApplication(DryRunContext.class);
    app.setWebApplicationType(WebApplicationType.NONE);
    app.setBannerMode(Banner.Mode.OFF);
    return app;
  }

  @Override
  public void run(ApplicationArguments args) {
    if (!args.containsOption(OPTION)) {
      return;
    }
    Long carrierId = carrier(single(args, CARRIER));
    String report;
    if (args.containsOption(LIST)) {
      DryRunCardQuery query = query(args, carrierId);
      report = DryRunText.of(query, query.run(dryRun));
    } else {
      for (String listing : List.of(REASON, HOLDING, AFTER_ID, LIMIT)) {
        if (args.containsOption(listing)) {
          throw new IllegalArgumentException("--" + listing + " goes with --" + LIST);
        }
      }
      report = DryRunText.of(DryRunView.of(dryRun.run(carrierId)));
    }
    // The command's product is its report: standard output, apart from the log.
    System.out.print(report);
    System.out.flush();
  }

  private static DryRunCardQuery query(ApplicationArguments args, Long carrierId) {
    String afterId = single(args, AFTER_ID);
    String limit = single(args, LIMIT);
    return new DryRunCardQuery(
        DryRunCardQuery.action("--" + LIST, single(args, LIST)),
        DryRunCardQuery.reason("--" + REASON, single(args, REASON)),
        DryRunCardQuery.reason("--" + HOLDING, single(args, HOLDING)),
        carrierId,
        DryRunCardQuery.afterId("--" + AFTER_ID, afterId == null ? 0 : number(AFTER_ID, afterId)),
        DryRunCardQuery.limit(
            "--" + LIMIT,
            limit == null ? DryRunCardQuery.DEFAULT_LIMIT : within(number(LIMIT, limit))));
  }

  /** A number beyond an int kept beyond it (not wrapped around), so that the check refuses it. */
  private static int within(long number) {
    return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, number));
  }

  /** The option's value, null when it is not given. */
  private static String single(ApplicationArguments args, String option) {
    List<String> values = args.getOptionValues(option);
    if (values == null || values.isEmpty()) {
      return null;
    }
    if (values.size() > 1) {
      throw new IllegalArgumentException("--" + option + " given " + values.size() + " times");
    }
    return values.get(0).strip();
  }

  private static long number(String option, String value) {
    try {
      return Long.parseLong(value);
    } catch (NumberFormatException notANumber) {
      throw new IllegalArgumentException(
          "--" + option + " must be a whole number, was '" + value + "'");
    }
  }

  private static Long carrier(String value) {
    if (value == null) {
      return null;
    }
    try {
      long carrierId = Long.parseLong(value);
      if (carrierId > 0) {
        return carrierId;
      }
    } catch (NumberFormatException notANumber) {
      // refused below
    }
    throw new IllegalArgumentException(
        "--carrier must be a carrier id above 0, was '" + value + "'");
  }
}
