package com.cmp.polling.scheduler;

import com.cmp.polling.autoconfigure.PollingCoreAutoConfiguration;
import com.cmp.polling.scheduler.rules.DryRunCommand;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * The scheduler: every tick it leases due cards from the Redis shard queues and publishes them to
 * the task topics; in the background it fills the queues from PostgreSQL, fires the package expiry
 * and data-reset triggers, and serves the admin and monitoring API. With {@code --dry-run} it
 * prints what the stop/resume rules would do now and exits ({@link DryRunCommand}).
 */
@SpringBootApplication(excludeName = PollingCoreAutoConfiguration.LETTUCE_OBSERVATION)
@ConfigurationPropertiesScan
public class SchedulerApplication {

  public static void main(String[] args) {
    if (DryRunCommand.requested(args)) {
      System.exit(DryRunCommand.execute(args));
    }
    SpringApplication.run(SchedulerApplication.class, args);
  }
}
