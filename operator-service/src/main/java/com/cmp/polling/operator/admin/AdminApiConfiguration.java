package com.cmp.polling.operator.admin;

import com.cmp.polling.operator.config.OperatorProperties;
import com.cmp.polling.operator.web.RequestBodyLimitFilter;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * Wires the admin API's bearer token and puts its filters in front of {@code /api/*}: the token
 * first, then the body size limit (in front of the console's JSON calls too), both before Spring's
 * form filter (-9900), which would read a form-encoded PATCH body whatever its size.
 */
@Configuration(proxyBeanMethods = false)
class AdminApiConfiguration {

  private static final String API = "/api/*";

  @Bean
  AdminToken adminToken(OperatorProperties properties, Environment environment) {
    return AdminToken.resolve(properties.admin().token(), environment.matchesProfiles("dev"));
  }

  @Bean
  FilterRegistrationBean<BearerTokenFilter> adminTokenFilter(AdminToken token) {
    FilterRegistrationBean<BearerTokenFilter> registration =
        new FilterRegistrationBean<>(new BearerTokenFilter(token));
    registration.addUrlPatterns(API);
    registration.setName("adminBearerTokenFilter");
    registration.setOrder(-10_200);
    return registration;
  }

  @Bean
  FilterRegistrationBean<RequestBodyLimitFilter> adminBodyLimitFilter() {
    FilterRegistrationBean<RequestBodyLimitFilter> registration =
        new FilterRegistrationBean<>(new RequestBodyLimitFilter());
    registration.addUrlPatterns(API, "/console/api/*");
    registration.setName("adminRequestBodyLimitFilter");
    registration.setOrder(-10_100);
    return registration;
  }
}
