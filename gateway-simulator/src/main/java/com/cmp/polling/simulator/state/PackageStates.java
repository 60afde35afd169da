package com.cmp.polling.simulator.state;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.springframework.stereotype.Component;

/**
 * What the package query reports per ICCID: the state of the package the card uses now. A card
 * never set reports {@code active}, so a simulator nobody configured agrees with a healthy local
 * package and changes nothing.
 */
@Component
public class PackageStates {

  /** The states the gateway API knows. */
  public static final List<String> STATES =
      List.of("none", "pending", "active", "exhausted", "expired");

  private static final String DEFAULT = "active";

  private final ConcurrentMap<String, String> states = new ConcurrentHashMap<>();

  public String get(String iccid) {
    return states.getOrDefault(iccid, DEFAULT);
  }

  /**
   * @throws IllegalArgumentException for a state not in {@link #STATES}
   */
  public void set(String iccid, String state) {
    if (!STATES.contains(state)) {
      throw new IllegalArgumentException("state must be one of " + STATES + ", was " + state);
    }
    states.put(iccid, state);
  }

  public void reset() {
    states.clear();
  }
}
