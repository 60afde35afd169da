package com.cmp.polling.scheduler;

import com.cmp.polling.autoconfigure.PollingCoreAutoConfiguration;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * The scheduler, the engine of the pipeline: every tick it leases due cards from the Redis shard
 * queues and publishes them to the task topics; in the background it fills the queues from
 * PostgreSQL, fires the package expiry and data-reset triggers, reconciles the queues with the
 * database and carries out the rebuilds and reconcile passes operators ask for through the operator
 * app. Its only web server serves the actuator; it calls no carrier.
 */
@SpringBootApplication(excludeName = PollingCoreAutoConfiguration.LETTUCE_OBSERVATION)
@ConfigurationPropertiesScan
public class SchedulerApplication {

  public static void main(String[] args) {
    SpringApplication.run(SchedulerApplication.class, args);
  }
}
