package com.cmp.polling.simulator;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.context.PropertyPlaceholderAutoConfiguration;
import org.springframework.boot.http.converter.autoconfigure.HttpMessageConvertersAutoConfiguration;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.tomcat.autoconfigure.servlet.TomcatServletWebServerAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.DispatcherServletAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.WebMvcAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.error.ErrorMvcAutoConfiguration;
import org.springframework.context.annotation.ComponentScan;

/**
 * The carrier-gateway simulator (docs/gateway-api.md).
 *
 * <p>It imports the web-layer auto-configurations by name instead of enabling auto-configuration
 * wholesale: other modules start it inside test JVMs whose classpath also carries JDBC, Redis,
 * Kafka and Flyway starters without any configuration for them, and those must stay inert here.
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@ComponentScan
@ImportAutoConfiguration({
  PropertyPlaceholderAutoConfiguration.class,
  TomcatServletWebServerAutoConfiguration.class,
  DispatcherServletAutoConfiguration.class,
  JacksonAutoConfiguration.class,
  HttpMessageConvertersAutoConfiguration.class,
  WebMvcAutoConfiguration.class,
  ErrorMvcAutoConfiguration.class
})
public class SimulatorApplication {

  public static void main(String[] args) {
    SpringApplication.run(SimulatorApplication.class, args);
  }
}
