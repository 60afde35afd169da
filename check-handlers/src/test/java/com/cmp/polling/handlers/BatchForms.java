package com.cmp.polling.handlers;

import com.cmp.polling.simulator.behaviour.Behaviour;
import com.cmp.polling.simulator.calls.CardOperation;
import java.util.HashMap;
import java.util.Map;

/**
 * A carrier with a batch form of every operation, on both sides: the handlers' configuration and
 * the simulator's behaviour. Queries take {@link #QUERIES} cards a call, stops and starts {@link
 * #ACTIONS}.
 */
public final class BatchForms {

  public static final int QUERIES = 10;
  public static final int ACTIONS = 100;

  private BatchForms() {}

  /** The handlers' properties that give {@code carrierId} its batch forms. */
  public static Map<String, Object> settings(long carrierId) {
    Map<String, Object> settings = new HashMap<>();
    for (CardOperation operation : CardOperation.values()) {
      settings.put(
          "cmp.polling.gateway.carriers." + carrierId + ".batch." + operation.wireName(),
          size(operation));
    }
    return settings;
  }

  /** {@code behaviour} with the carrier's batch forms at the simulator. */
  public static Behaviour atTheCarrier(Behaviour behaviour, long carrierId) {
    Behaviour sized = behaviour;
    for (CardOperation operation : CardOperation.values()) {
      sized = sized.withBatchSize(carrierId, operation, size(operation));
    }
    return sized;
  }

  /** The settings of both carriers together. */
  public static Map<String, Object> settings(long carrierId, Map<String, Object> more) {
    Map<String, Object> all = new HashMap<>(settings(carrierId));
    all.putAll(more);
    return all;
  }

  private static int size(CardOperation operation) {
    return operation.changesState() ? ACTIONS : QUERIES;
  }
}
