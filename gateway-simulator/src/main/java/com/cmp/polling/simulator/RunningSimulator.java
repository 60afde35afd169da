package com.cmp.polling.simulator;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ConfigurableApplicationContext;

/** A simulator started by {@link GatewaySimulator}; {@link #close()} stops it. */
public final class RunningSimulator implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(RunningSimulator.class);

  private final ConfigurableApplicationContext context;
  private final String baseUrl;
  private final int port;
  private final SimulatorControl control;

  RunningSimulator(ConfigurableApplicationContext context, String host, int port) {
    this.context = context;
    this.port = port;
    this.baseUrl = "http://" + host + ":" + port;
    this.control = new SimulatorControl(baseUrl);
    log.info("gateway simulator listening on {}", baseUrl);
  }

  /** Where the simulator listens, such as {@code http://127.0.0.1:41234} (no trailing slash). */
  public String baseUrl() {
    return baseUrl;
  }

  public int port() {
    return port;
  }

  /** A client of this simulator's control API. */
  public SimulatorControl control() {
    return control;
  }

  /** Stops the server; its state is gone. Closing twice does nothing more. */
  @Override
  public void close() {
    if (context.isActive()) {
      context.close();
      log.info("gateway simulator on {} stopped", baseUrl);
    }
  }

  /** For this module's tests: what the simulator's context holds. */
  ConfigurableApplicationContext context() {
    return context;
  }
}
