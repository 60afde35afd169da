package com.cmp.polling.operator.web;

import org.apache.catalina.Container;
import org.apache.catalina.Valve;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

/**
 * The errors the servlet container raises itself get the API's body too: Tomcat's error report
 * valve (HTML) is replaced by {@link JsonErrorReportValve} on the app's server, after Spring Boot's
 * own settings of it. The management server keeps Tomcat's.
 */
@Configuration(proxyBeanMethods = false)
class ContainerErrorsConfiguration {

  @Bean
  JsonErrorReports jsonErrorReports() {
    return new JsonErrorReports();
  }

  /** Ordered after Spring Boot's customizer, which adds a valve of Tomcat's own class. */
  static final class JsonErrorReports
      implements WebServerFactoryCustomizer<TomcatServletWebServerFactory>, Ordered {
    @Override
    public void customize(TomcatServletWebServerFactory factory) {
      factory.addContextCustomizers(
          context -> {
            Container parent = context.getParent();
            if (parent instanceof StandardHost host) {
              for (Valve valve : host.getPipeline().getValves()) {
                if (valve instanceof ErrorReportValve) {
                  host.getPipeline().removeValve(valve);
                }
              }
              host.setErrorReportValveClass(JsonErrorReportValve.class.getName());
            }
          });
    }

    @Override
    public int getOrder() {
      return Ordered.LOWEST_PRECEDENCE;
    }
  }
}
