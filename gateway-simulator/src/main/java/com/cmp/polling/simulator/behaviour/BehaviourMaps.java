package com.cmp.polling.simulator.behaviour;

import com.cmp.polling.simulator.calls.CardOperation;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The checks and sorted copies of {@link Behaviour}'s batch sizes and accounts: every size positive
 * and of a known operation, every account with its own carriers.
 */
final class BehaviourMaps {

  private BehaviourMaps() {}

  static Map<Long, Map<String, Integer>> batchSizes(Map<Long, Map<String, Integer>> given) {
    if (given == null) {
      return Map.of();
    }
    Map<Long, Map<String, Integer>> sorted = new TreeMap<>();
    given.forEach(
        (carrierId, sizes) -> {
          if (carrierId == null || sizes == null) {
            throw new IllegalArgumentException("batchSizes need a carrier id and its sizes");
          }
          sizes.forEach(
              (operation, size) -> {
                if (CardOperation.fromWireName(operation) == null) {
                  throw new IllegalArgumentException(
                      "batch size of carrier " + carrierId + ": unknown operation " + operation);
                }
                if (size == null || size < 1) {
                  throw new IllegalArgumentException(
                      "batch size of "
                          + operation
                          + " at carrier "
                          + carrierId
                          + " must be 1 or more, was "
                          + size);
                }
              });
          sorted.put(carrierId, Collections.unmodifiableMap(new TreeMap<>(sizes)));
        });
    return Collections.unmodifiableMap(sorted);
  }

  static Map<String, Account> accounts(Map<String, Account> given) {
    if (given == null) {
      return Map.of();
    }
    Map<Long, String> payer = new HashMap<>();
    given.forEach(
        (name, account) -> {
          if (name == null || name.isBlank() || account == null) {
            throw new IllegalArgumentException("every account needs a name and its settings");
          }
          for (Long carrierId : account.carriers()) {
            String other = payer.putIfAbsent(carrierId, name);
            if (other != null) {
              throw new IllegalArgumentException(
                  "carrier " + carrierId + " is in two accounts: " + other + " and " + name);
            }
          }
        });
    return Collections.unmodifiableMap(new TreeMap<>(given));
  }
}
