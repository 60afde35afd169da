package com.cmp.polling.simulator.carrier;

import com.cmp.polling.simulator.behaviour.BehaviourSettings;
import com.cmp.polling.simulator.behaviour.CardOperationGate;
import com.cmp.polling.simulator.behaviour.PendingFailures;
import com.cmp.polling.simulator.behaviour.Rejection;
import com.cmp.polling.simulator.calls.CardOperation;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * A batch call, {@code POST /api/v1/carriers/{carrierId}/batch/{operation}} with {@code {"iccids":
 * [...]}}: refused whole when the carrier has no batch form of the operation (404 {@code
 * no_batch_form}) or when it carries more cards than the carrier's batch size (400 {@code
 * batch_too_large}); otherwise let through the {@link CardOperationGate} as one call, then answered
 * card by card: a card with a pending fail-next fails inside the answer with that status, the
 * others are performed as alone. An ICCID listed twice is answered once.
 */
final class BatchCalls {

  private final CardOperationGate gate;
  private final PendingFailures failures;
  private final CardOperations operations;
  private final BehaviourSettings settings;
  private final JsonMapper json;

  BatchCalls(
      CardOperationGate gate,
      PendingFailures failures,
      CardOperations operations,
      BehaviourSettings settings,
      JsonMapper json) {
    this.gate = gate;
    this.failures = failures;
    this.operations = operations;
    this.settings = settings;
    this.json = json;
  }

  /**
   * @throws Rejection when the whole call is answered with an error
   */
  CardAnswers.Batch answer(long carrierId, CardOperation operation, InputStream body) {
    Set<String> iccids = iccids(body);
    OptionalInt most = settings.current().batchSizeFor(carrierId, operation);
    if (most.isEmpty()) {
      throw Rejection.noBatchForm(carrierId, operation.wireName());
    }
    if (iccids.size() > most.getAsInt()) {
      throw Rejection.batchTooLarge(
          carrierId, operation.wireName(), iccids.size(), most.getAsInt());
    }
    gate.admitBatch(carrierId, iccids, operation);
    List<Object> results = new ArrayList<>(iccids.size());
    List<CardAnswers.CardFailure> failed = new ArrayList<>();
    for (String iccid : iccids) {
      OptionalInt failure = failures.take(iccid);
      if (failure.isPresent()) {
        Rejection rejection = Rejection.pendingFailure(iccid, failure.getAsInt());
        failed.add(
            new CardAnswers.CardFailure(
                iccid, rejection.status(), rejection.error(), rejection.getMessage()));
      } else {
        results.add(operations.perform(carrierId, iccid, operation));
      }
    }
    return new CardAnswers.Batch(results, failed);
  }

  /** The ICCIDs of the body, each once, in the order given. */
  private Set<String> iccids(InputStream body) {
    CardAnswers.BatchRequest request;
    try {
      request = json.readValue(body, CardAnswers.BatchRequest.class);
    } catch (JacksonException e) {
      throw Rejection.badRequest("the body is not {\"iccids\": [...]}: " + e.getOriginalMessage());
    }
    if (request == null || request.iccids() == null || request.iccids().isEmpty()) {
      throw Rejection.badRequest("a batch call needs at least one ICCID in \"iccids\"");
    }
    Set<String> iccids = new LinkedHashSet<>();
    for (String iccid : request.iccids()) {
      if (iccid == null || iccid.isBlank()) {
        throw Rejection.badRequest("an ICCID of the batch is empty");
      }
      iccids.add(iccid);
    }
    return iccids;
  }
}
