package com.cmp.polling.listener;

import com.cmp.polling.autoconfigure.PollingCoreAutoConfiguration;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * The lifecycle listener: the Debezium embedded engine copies the changes of {@code tb_iot_card},
 * {@code tb_device} and {@code tb_polling_config} to the raw CDC topics, a Kafka Streams topology
 * turns them into typed events on {@code polling.lifecycle}, and a batch consumer applies those to
 * the Redis polling queues through {@code PollingLifecycleService}.
 */
@SpringBootApplication(excludeName = PollingCoreAutoConfiguration.LETTUCE_OBSERVATION)
@ConfigurationPropertiesScan
public class LifecycleListenerApplication {

  public static void main(String[] args) {
    SpringApplication.run(LifecycleListenerApplication.class, args);
  }
}
