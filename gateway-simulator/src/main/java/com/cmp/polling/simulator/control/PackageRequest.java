package com.cmp.polling.simulator.control;

import com.cmp.polling.simulator.state.PackageStates;

/**
 * The body and answer of {@code /sim/cards/{iccid}/package}.
 *
 * @param state what the package query reports for the card: one of {@link PackageStates#STATES}
 */
record PackageRequest(String state) {

  PackageRequest {
    if (!PackageStates.STATES.contains(state)) {
      throw new IllegalArgumentException(
          "state must be one of " + PackageStates.STATES + ", was " + state);
    }
  }
}
