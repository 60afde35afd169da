package com.cmp.polling.autoconfigure;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The operations a carrier may have batch forms of, by the names of the gateway API (the same as
 * stop-resume-service's {@code CarrierOperation}, which this library may not have on its path), and
 * the check of the sizes configured for them.
 */
final class BatchOperationNames {

  /** Every operation with a batch form in the gateway API. */
  static final List<String> NAMES =
      List.of("real-name", "usage", "network-status", "package", "stop", "start");

  private BatchOperationNames() {}

  /**
   * The sizes by the API's operation names. A name may come without its dash (an environment
   * variable loses it: {@code ..._BATCH_REALNAME}).
   *
   * @throws IllegalArgumentException for an unknown operation or a size below 1
   */
  static Map<String, Integer> checked(long carrierId, Map<String, Integer> sizes) {
    if (sizes == null) {
      return Map.of();
    }
    Map<String, Integer> named = new HashMap<>();
    sizes.forEach(
        (given, size) -> {
          String name = canonical(carrierId, given);
          if (size == null || size < 1) {
            throw new IllegalArgumentException(
                "cmp.polling.gateway.carriers."
                    + carrierId
                    + ".batch."
                    + name
                    + " must be at least 1 (cards per call), was "
                    + size);
          }
          named.put(name, size);
        });
    return Map.copyOf(named);
  }

  private static String canonical(long carrierId, String given) {
    String bare = given.replace("-", "").toLowerCase(Locale.ROOT);
    for (String name : NAMES) {
      if (name.replace("-", "").equals(bare)) {
        return name;
      }
    }
    throw new IllegalArgumentException(
        "cmp.polling.gateway.carriers."
            + carrierId
            + ".batch."
            + given
            + ": unknown operation, not one of "
            + NAMES);
  }
}
