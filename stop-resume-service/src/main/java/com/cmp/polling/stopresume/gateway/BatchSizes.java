package com.cmp.polling.stopresume.gateway;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;

/**
 * Which carriers have a batch form of which operation, and the most cards one of its calls takes. A
 * carrier or operation not listed has none: its cards are asked one call each (a size of 1).
 *
 * @param perCarrier the maximum batch size by carrier id, then by operation
 */
public record BatchSizes(Map<Long, Map<CarrierOperation, Integer>> perCarrier) {

  /** No batch form anywhere. */
  public static final BatchSizes NONE = new BatchSizes(Map.of());

  public BatchSizes {
    Map<Long, Map<CarrierOperation, Integer>> copy = new HashMap<>();
    perCarrier.forEach(
        (carrierId, sizes) -> {
          sizes.forEach(
              (operation, size) -> {
                if (size == null || size < 1) {
                  throw new IllegalArgumentException(
                      "batch size of "
                          + operation.wireName()
                          + " at carrier "
                          + carrierId
                          + " must be at least 1, was "
                          + size);
                }
              });
          if (!sizes.isEmpty()) {
            copy.put(carrierId, Map.copyOf(sizes));
          }
        });
    perCarrier = Map.copyOf(copy);
  }

  /** The most cards one call of {@code operation} takes at the carrier: 1 without a batch form. */
  public int of(long carrierId, CarrierOperation operation) {
    Map<CarrierOperation, Integer> sizes = perCarrier.get(carrierId);
    return sizes == null ? 1 : sizes.getOrDefault(operation, 1);
  }

  /** These sizes with the carrier's size of {@code operation} set. */
  public BatchSizes with(long carrierId, CarrierOperation operation, int size) {
    Map<Long, Map<CarrierOperation, Integer>> changed = new HashMap<>(perCarrier);
    Map<CarrierOperation, Integer> sizes = new EnumMap<>(CarrierOperation.class);
    sizes.putAll(perCarrier.getOrDefault(carrierId, Map.of()));
    sizes.put(operation, size);
    changed.put(carrierId, sizes);
    return new BatchSizes(changed);
  }
}
