package com.cmp.polling.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.Environment;
import org.springframework.core.env.PropertySource;

/** The standalone app (what {@code java -jar} runs) with its application.yml. */
class SimulatorApplicationIT {

  @Test
  void standaloneApp_readsItsApplicationYml_andServesTheApi() {
    try (ConfigurableApplicationContext context =
        SpringApplication.run(
            SimulatorApplication.class, "--server.port=0", "--server.address=127.0.0.1")) {
      Environment environment = context.getEnvironment();
      int port = ((WebServerApplicationContext) context).getWebServer().getPort();

      assertThat(context.getEnvironment().getPropertySources().stream())
          .map(PropertySource::getName)
          .anyMatch(name -> name.contains("application.yml"));
      assertThat(environment.getProperty("spring.application.name")).isEqualTo("gateway-simulator");
      assertThat(environment.getProperty("server.tomcat.threads.max")).isEqualTo("400");
      assertThat(new RawHttp("http://127.0.0.1:" + port).get("/sim/health").json())
          .containsEntry("status", "UP");
    }
  }
}
