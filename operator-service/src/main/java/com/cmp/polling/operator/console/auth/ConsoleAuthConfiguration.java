package com.cmp.polling.operator.console.auth;

import jakarta.servlet.SessionCookieConfig;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.boot.web.servlet.ServletContextInitializer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The console's guard and its session cookie. */
@Configuration(proxyBeanMethods = false)
class ConsoleAuthConfiguration {

  /** The session cookie: only the console uses sessions, so it is named and scoped to it. */
  static final String SESSION_COOKIE = "CMP_CONSOLE_SESSION";

  @Bean
  FilterRegistrationBean<ConsoleAuthFilter> consoleAuthFilter() {
    FilterRegistrationBean<ConsoleAuthFilter> registration =
        new FilterRegistrationBean<>(new ConsoleAuthFilter());
    registration.addUrlPatterns("/console", "/console/*");
    registration.setName("consoleAuthFilter");
    return registration;
  }

  /** HttpOnly (no script reads it) and SameSite=Strict (no other site's page sends it). */
  @Bean
  ServletContextInitializer consoleSessionCookie() {
    return servletContext -> {
      SessionCookieConfig cookie = servletContext.getSessionCookieConfig();
      cookie.setName(SESSION_COOKIE);
      cookie.setHttpOnly(true);
      cookie.setPath("/console");
      cookie.setAttribute("SameSite", "Strict");
    };
  }
}
