package com.cmp.polling.scheduler.admin;

import com.cmp.polling.scheduler.config.SchedulerProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/** Wires the admin API's bearer token and puts its filter in front of {@code /api/*}. */
@Configuration(proxyBeanMethods = false)
class AdminApiConfiguration {

  @Bean
  AdminToken adminToken(SchedulerProperties properties, Environment environment) {
    return AdminToken.resolve(properties.admin().token(), environment.matchesProfiles("dev"));
  }

  @Bean
  FilterRegistrationBean<BearerTokenFilter> adminTokenFilter(AdminToken token) {
    FilterRegistrationBean<BearerTokenFilter> registration =
        new FilterRegistrationBean<>(new BearerTokenFilter(token));
    registration.addUrlPatterns("/api/*");
    registration.setName("adminBearerTokenFilter");
    return registration;
  }
}
