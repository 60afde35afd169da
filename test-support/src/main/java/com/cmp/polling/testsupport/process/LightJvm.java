package com.cmp.polling.testsupport.process;

import java.util.List;

/**
 * JVM options for the child processes tests start (apps, Kafka nodes): the C1 compiler alone, the
 * serial collector and no bytecode verification of the class path's jars. A test run starts dozens
 * of JVMs on two cores, each living for a minute or two; C2's compiler threads and G1's concurrent
 * threads spend the cores that the starts need (a start about a third faster here). Verifying the
 * classes of Spring, Kafka and Debezium at every start checks what javac and Maven Central gave the
 * build, the same bytes every time; skipping it took about a tenth off the test modules (the JDK's
 * own classes come verified from its class-data sharing archive either way). Tests measure
 * correctness; benchmarks, which measure speed, and production run their JVMs with the defaults.
 */
public final class LightJvm {

  public static final List<String> OPTIONS =
      List.of(
          "-XX:TieredStopAtLevel=1",
          "-XX:+UseSerialGC",
          "-XX:+UnlockDiagnosticVMOptions",
          "-XX:-BytecodeVerificationRemote");

  private LightJvm() {}
}
