package com.cmp.polling.operator;

import com.cmp.polling.autoconfigure.PollingCoreAutoConfiguration;
import com.cmp.polling.operator.rules.DryRunCommand;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * The operator plane, apart from the engine: the console, the admin and monitoring API, the rules
 * API, the fleet gauges and the dead-letter pages. It reads the schedulers' status from Redis, asks
 * them for rebuilds and reconcile passes through Redis, and performs operators' stops and resumes
 * at the carrier itself, so that restarting or scaling it never touches dispatch. With {@code
 * --dry-run} it prints what the stop/resume rules would do now and exits ({@link DryRunCommand}).
 */
@SpringBootApplication(excludeName = PollingCoreAutoConfiguration.LETTUCE_OBSERVATION)
@ConfigurationPropertiesScan
public class OperatorApplication {

  public static void main(String[] args) {
    if (DryRunCommand.requested(args)) {
      System.exit(DryRunCommand.execute(args));
    }
    SpringApplication.run(OperatorApplication.class, args);
  }
}
