package com.cmp.polling.simulator.config;

import java.time.Clock;
import java.util.concurrent.ThreadLocalRandom;
import java.util.random.RandomGenerator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The simulator's time and chance, as beans so that unit tests can hand in fixed ones. */
@Configuration(proxyBeanMethods = false)
class SimulatorConfiguration {

  @Bean
  Clock clock() {
    return Clock.systemUTC();
  }

  /** Draws from the calling thread's own generator: request threads never contend for one. */
  @Bean
  RandomGenerator random() {
    return () -> ThreadLocalRandom.current().nextLong();
  }
}
