package com.cmp.polling.autoconfigure.management;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.actuate.autoconfigure.web.ManagementContextConfiguration;
import org.springframework.boot.actuate.autoconfigure.web.ManagementContextType;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication.Type;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;

/**
 * Runs in the management server's own context (set {@code management.server.port} to a port of its
 * own): puts {@link ManagementTokenFilter} in front of every actuator endpoint, so that {@code
 * show-details: when-authorized} shows the health details to the holder of {@code
 * cmp.polling.management.token} and to nobody else. When the actuator shares the API's port there
 * is no such context and no principal: details are never shown.
 */
@ManagementContextConfiguration(value = ManagementContextType.CHILD, proxyBeanMethods = false)
@ConditionalOnWebApplication(type = Type.SERVLET)
@EnableConfigurationProperties(ManagementAccessProperties.class)
class ManagementAccessConfiguration {

  private static final Logger log = LoggerFactory.getLogger(ManagementAccessConfiguration.class);

  @Bean
  FilterRegistrationBean<ManagementTokenFilter> managementTokenFilter(
      ManagementAccessProperties properties) {
    if (properties.hasToken()) {
      log.info("management port: health details shown to cmp.polling.management.token only");
    } else {
      log.info("management port: cmp.polling.management.token unset, health details never shown");
    }
    FilterRegistrationBean<ManagementTokenFilter> registration =
        new FilterRegistrationBean<>(new ManagementTokenFilter(properties.token()));
    registration.setName("managementTokenFilter");
    return registration;
  }
}
