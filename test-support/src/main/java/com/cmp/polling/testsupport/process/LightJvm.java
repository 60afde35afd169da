package com.cmp.polling.testsupport.process;

import java.util.List;

/**
 * JVM options for the child processes tests start (apps, Kafka nodes): the C1 compiler alone and
 * the serial collector. A test run starts dozens of JVMs on two cores, each living for a minute or
 * two; C2's compiler threads and G1's concurrent threads spend the cores that the starts need (a
 * start about a third faster here). Tests measure correctness; benchmarks, which measure speed, run
 * their JVMs with the defaults.
 */
public final class LightJvm {

  public static final List<String> OPTIONS = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

  private LightJvm() {}
}
