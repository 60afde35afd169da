package com.cmp.polling.autoconfigure.management;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.actuate.autoconfigure.endpoint.web.WebEndpointProperties;
import org.springframework.boot.actuate.autoconfigure.web.ManagementContextConfiguration;
import org.springframework.boot.actuate.autoconfigure.web.ManagementContextType;
import org.springframework.boot.actuate.autoconfigure.web.server.ManagementPortType;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication.Type;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * Puts {@link ManagementTokenFilter} in front of every actuator endpoint, so that {@code
 * show-details: when-authorized} shows the health details to the holder of {@code
 * cmp.polling.management.token} and to nobody else. Runs wherever the actuator is: in the
 * management server's own context (a {@code management.server.port} of its own, as the operator app
 * and the handlers have), where it filters everything; or, where the actuator is on the app's one
 * server (the scheduler, which serves nothing else), in the app's context, where it filters the
 * actuator's paths only.
 */
@ManagementContextConfiguration(value = ManagementContextType.ANY, proxyBeanMethods = false)
@ConditionalOnWebApplication(type = Type.SERVLET)
@EnableConfigurationProperties(ManagementAccessProperties.class)
class ManagementAccessConfiguration {

  private static final Logger log = LoggerFactory.getLogger(ManagementAccessConfiguration.class);

  @Bean
  FilterRegistrationBean<ManagementTokenFilter> managementTokenFilter(
      ManagementAccessProperties properties,
      WebEndpointProperties endpoints,
      Environment environment) {
    if (properties.hasToken()) {
      log.info("management port: health details shown to cmp.polling.management.token only");
    } else {
      log.info("management port: cmp.polling.management.token unset, health details never shown");
    }
    FilterRegistrationBean<ManagementTokenFilter> registration =
        new FilterRegistrationBean<>(new ManagementTokenFilter(properties.token()));
    registration.setName("managementTokenFilter");
    if (ManagementPortType.get(environment) == ManagementPortType.SAME) {
      String base = endpoints.getBasePath();
      registration.addUrlPatterns(base, base + "/*");
    }
    return registration;
  }
}
