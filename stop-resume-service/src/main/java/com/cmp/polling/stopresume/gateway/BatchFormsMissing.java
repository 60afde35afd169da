package com.cmp.polling.stopresume.gateway;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The batch forms the configuration promised and the gateway turned out not to have: it answered a
 * batch call {@code 404 no_batch_form}. Such a form is switched off in this process until it
 * restarts, so the carrier's cards go back to single calls instead of every call of that kind
 * failing for all its cards until someone edits the configuration. Said once, as an ERROR naming
 * the setting to remove.
 */
final class BatchFormsMissing {

  /** The error code of the gateway API's answer to a batch call of a form it does not have. */
  static final String ERROR_CODE = "no_batch_form";

  private static final Logger log = LoggerFactory.getLogger(BatchFormsMissing.class);

  private final Map<Long, Set<CarrierOperation>> missing = new ConcurrentHashMap<>();

  /** Whether the gateway has said it has no batch form of the operation for the carrier. */
  boolean isMissing(long carrierId, CarrierOperation operation) {
    Set<CarrierOperation> forms = missing.get(carrierId);
    return forms != null && forms.contains(operation);
  }

  /** Records the gateway's answer; the first time for a form, says what to change. */
  void found(long carrierId, CarrierOperation operation) {
    boolean first =
        missing.computeIfAbsent(carrierId, id -> ConcurrentHashMap.newKeySet()).add(operation);
    if (first) {
      log.error(
          "the gateway has no batch form of {} for carrier {}, though"
              + " cmp.polling.gateway.carriers.{}.batch.{} is set: its cards are asked one call each"
              + " from now on, until this process restarts; remove that setting",
          operation.wireName(),
          carrierId,
          carrierId,
          operation.wireName());
    }
  }
}
