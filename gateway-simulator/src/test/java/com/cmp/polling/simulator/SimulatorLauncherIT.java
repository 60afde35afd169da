package com.cmp.polling.simulator;

import static com.cmp.polling.simulator.calls.CardOperation.NETWORK_STATUS;
import static com.cmp.polling.simulator.calls.CardOperation.STOP;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import javax.sql.DataSource;
import org.apache.coyote.AbstractProtocol;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.PropertySource;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.util.ClassUtils;
import org.springframework.web.client.ResourceAccessException;
import org.springframework.web.servlet.DispatcherServlet;

/**
 * {@link GatewaySimulator} as other modules use it: inside a test JVM whose classpath carries the
 * JDBC, Redis, Kafka and Flyway starters (this module's test dependencies) without configuration.
 */
class SimulatorLauncherIT {

  @Test
  void start_besideUnconfiguredJdbcRedisKafkaAndFlywayStarters_runsTheWebLayerOnly() {
    assertThat(
            Map.of(
                "jdbc", "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration",
                "redis",
                    "org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration",
                "kafka", "org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration",
                "flyway", "org.springframework.boot.flyway.autoconfigure.FlywayAutoConfiguration"))
        .allSatisfy(
            (starter, autoConfiguration) ->
                assertThat(ClassUtils.isPresent(autoConfiguration, null)).as(starter).isTrue());

    try (RunningSimulator simulator = GatewaySimulator.start()) {
      assertThat(new RawHttp(simulator.baseUrl()).get("/sim/health").json())
          .containsEntry("status", "UP");
      ConfigurableApplicationContext context = simulator.context();
      assertThat(context.getBeanNamesForType(DispatcherServlet.class)).hasSize(1);
      for (Class<?> foreign :
          new Class<?>[] {
            DataSource.class,
            JdbcTemplate.class,
            RedisConnectionFactory.class,
            KafkaTemplate.class,
            Flyway.class
          }) {
        assertThat(context.getBeanNamesForType(foreign)).as(foreign.getName()).isEmpty();
      }
    }
  }

  @Test
  void start_listensOnAFreePortOfTheLoopback_andSaysWhere() {
    try (RunningSimulator simulator = GatewaySimulator.start()) {
      assertThat(simulator.port()).isPositive().isNotEqualTo(8089);
      assertThat(simulator.baseUrl()).isEqualTo("http://127.0.0.1:" + simulator.port());
      assertThat(simulator.control().totalCalls()).isZero();
    }
  }

  @Test
  void start_doesNotReadTheApplicationYmlOnTheClasspath() {
    try (RunningSimulator simulator = GatewaySimulator.start()) {
      assertThat(simulator.context().getEnvironment().getPropertySources().stream())
          .map(PropertySource::getName)
          .noneMatch(name -> name.contains("application.yml"));
    }
  }

  @Test
  void start_runs400RequestThreads_unlessToldOtherwise() {
    try (RunningSimulator byDefault = GatewaySimulator.start();
        RunningSimulator told = GatewaySimulator.start(Map.of("server.tomcat.threads.max", 123))) {
      assertThat(maxThreads(byDefault)).isEqualTo(400);
      assertThat(maxThreads(told)).isEqualTo(123);
    }
  }

  @Test
  void twoSimulators_runSideBySide_withTheirOwnState() {
    try (RunningSimulator one = GatewaySimulator.start();
        RunningSimulator two = GatewaySimulator.start()) {
      new RawHttp(one.baseUrl()).card(1, "8986001", STOP);

      assertThat(one.port()).isNotEqualTo(two.port());
      assertThat(new RawHttp(one.baseUrl()).card(1, "8986001", NETWORK_STATUS).json())
          .containsEntry("online", false);
      assertThat(new RawHttp(two.baseUrl()).card(1, "8986001", NETWORK_STATUS).json())
          .containsEntry("online", true);
    }
  }

  @Test
  void close_stopsTheServer_andMayBeRepeated() {
    RunningSimulator simulator = GatewaySimulator.start();
    RawHttp http = new RawHttp(simulator.baseUrl());

    simulator.close();

    assertThatThrownBy(() -> http.get("/sim/health")).isInstanceOf(ResourceAccessException.class);
    assertThatCode(simulator::close).doesNotThrowAnyException();
  }

  private static int maxThreads(RunningSimulator simulator) {
    TomcatWebServer server =
        (TomcatWebServer) ((WebServerApplicationContext) simulator.context()).getWebServer();
    return ((AbstractProtocol<?>) server.getTomcat().getConnector().getProtocolHandler())
        .getMaxThreads();
  }
}
