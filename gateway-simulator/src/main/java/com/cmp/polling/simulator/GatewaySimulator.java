package com.cmp.polling.simulator;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import org.springframework.boot.Banner;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.support.GenericApplicationContext;

/**
 * Starts gateway simulators inside the current JVM, for other modules' tests. Each one listens on
 * its own free port of 127.0.0.1 and has its own state; close it when done.
 *
 * <pre>{@code
 * try (RunningSimulator gateway = GatewaySimulator.start()) {
 *   gateway.control().failNext("8986001", 2, 503);
 *   // point the code under test at gateway.baseUrl()
 * }
 * }</pre>
 */
public final class GatewaySimulator {

  /**
   * Everything the simulator needs, passed as command-line arguments because those outrank the
   * host's system properties and environment. The config name matches no file, so that the host
   * module's own application.yml (a worker app may switch the web server off) is not read.
   */
  private static final Map<String, Object> DEFAULTS =
      Map.of(
          "spring.config.name", "gateway-simulator-embedded",
          "spring.application.name", "gateway-simulator",
          "spring.main.web-application-type", "servlet",
          "server.address", "127.0.0.1",
          "server.port", 0,
          "server.tomcat.threads.max", 400,
          // A test that closes the simulator should not wait for requests sleeping on latency.
          "server.shutdown", "immediate");

  private GatewaySimulator() {}

  /** Starts a simulator on a free port of 127.0.0.1 and returns once it accepts requests. */
  public static RunningSimulator start() {
    return start(Map.of());
  }

  /**
   * Starts a simulator with Spring properties of its own (for example {@code
   * server.tomcat.threads.max}), which win over the defaults: a free port of 127.0.0.1, 400 request
   * threads, immediate shutdown. Returns once it accepts requests.
   */
  public static RunningSimulator start(Map<String, Object> properties) {
    return launch(properties, builder -> {});
  }

  /**
   * Starts a simulator, like {@link #start()}, whose time is {@code clock} instead of the system's:
   * the current month of every card and the refill of rate limits follow it. Tests pass a settable
   * clock to control month rollovers and to keep rate limits from refilling. Latency is still slept
   * for real.
   */
  public static RunningSimulator start(Clock clock) {
    return launch(
        Map.of(),
        builder ->
            builder.initializers(
                (GenericApplicationContext context) ->
                    context.registerBean(
                        "givenClock", Clock.class, () -> clock, bean -> bean.setPrimary(true))));
  }

  private static RunningSimulator launch(
      Map<String, Object> properties, Consumer<SpringApplicationBuilder> customizer) {
    Map<String, Object> settings = new LinkedHashMap<>(DEFAULTS);
    settings.putAll(properties);
    String[] args =
        settings.entrySet().stream()
            .map(setting -> "--" + setting.getKey() + "=" + setting.getValue())
            .toArray(String[]::new);
    SpringApplicationBuilder builder =
        new SpringApplicationBuilder(SimulatorApplication.class)
            .bannerMode(Banner.Mode.OFF)
            .logStartupInfo(false);
    customizer.accept(builder);
    ConfigurableApplicationContext context = builder.run(args);
    int port = ((WebServerApplicationContext) context).getWebServer().getPort();
    String host = context.getEnvironment().getProperty("server.address", "127.0.0.1");
    return new RunningSimulator(context, host, port);
  }
}
