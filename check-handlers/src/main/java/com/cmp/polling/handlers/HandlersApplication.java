package com.cmp.polling.handlers;

import com.cmp.polling.autoconfigure.PollingCoreAutoConfiguration;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * The check handlers: one consumer per task topic; each check asks the carrier gateway, writes
 * PostgreSQL, and leaves every stop/resume decision to StopResumeService.
 */
@SpringBootApplication(excludeName = PollingCoreAutoConfiguration.LETTUCE_OBSERVATION)
@ConfigurationPropertiesScan
public class HandlersApplication {

  public static void main(String[] args) {
    SpringApplication.run(HandlersApplication.class, args);
  }
}
