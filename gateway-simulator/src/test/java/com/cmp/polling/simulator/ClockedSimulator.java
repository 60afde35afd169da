package com.cmp.polling.simulator;

import com.cmp.polling.testsupport.time.SettableClock;
import java.time.Instant;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A simulator for a test class whose time is a settable clock (months, rate refills and days are
 * what the tests make them): started before the class, stopped after it, reset and its clock set
 * back to {@code start} before each test. Register it on a static field.
 */
final class ClockedSimulator implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback {

  private final Instant start;
  private final SettableClock clock;
  private RunningSimulator simulator;
  private RawHttp http;

  ClockedSimulator(Instant start) {
    this.start = start;
    this.clock = new SettableClock(start);
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    simulator = GatewaySimulator.start(clock);
    http = new RawHttp(simulator.baseUrl());
  }

  @Override
  public void afterAll(ExtensionContext context) {
    simulator.close();
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    simulator.control().reset();
    clock.set(start);
  }

  SettableClock clock() {
    return clock;
  }

  RawHttp http() {
    return http;
  }

  SimulatorControl control() {
    return simulator.control();
  }
}
