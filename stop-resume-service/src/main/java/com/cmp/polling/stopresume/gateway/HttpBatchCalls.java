package com.cmp.polling.stopresume.gateway;

import com.cmp.polling.stopresume.gateway.CardAnswers.Batch;
import com.cmp.polling.stopresume.gateway.CardAnswers.CardAnswer;
import com.cmp.polling.stopresume.gateway.CardAnswers.CardFailure;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JavaType;

/**
 * One batch call of the gateway API: {@code POST /api/v1/carriers/{carrierId}/batch/{operation}}
 * with the cards' ICCIDs, answered per card (docs/gateway-api.md, "Batch operations"). Each card
 * gets the outcome its single call would have had: its entry of {@code results}, or its entry of
 * {@code failures} (status and error body) classified as a single answer's status would be. A card
 * missing from both failed in a way that may pass. A failure of the call as a whole (unreachable,
 * too slow, an error status, an answer that is not the documented JSON) is every card's.
 *
 * <p>Records {@code polling.gateway.batch.size} (operation): the cards of each batch call.
 */
final class HttpBatchCalls {

  private final GatewayHttp http;
  private final BatchFormsMissing missingForms;
  private final Map<CarrierOperation, DistributionSummary> sizes =
      new EnumMap<>(CarrierOperation.class);

  HttpBatchCalls(GatewayHttp http, MeterRegistry meters, BatchFormsMissing missingForms) {
    this.http = http;
    this.missingForms = missingForms;
    for (CarrierOperation operation : CarrierOperation.values()) {
      sizes.put(
          operation,
          DistributionSummary.builder("polling.gateway.batch.size")
              .description("cards asked in one batch call of the carrier gateway")
              .tag("operation", operation.wireName())
              .register(meters));
    }
  }

  /**
   * Asks about {@code cards}, all of {@code carrierId}, in one call (a card listed twice is asked
   * once and gets the same outcome twice).
   *
   * @return each card's outcome, in the order of the cards
   */
  <A extends CardAnswer, T> List<CardOutcome<T>> call(
      long carrierId, List<CarrierCard> cards, AnswerReading<A, T> reading) {
    CarrierOperation operation = reading.operation();
    Set<String> iccids = new LinkedHashSet<>();
    cards.forEach(card -> iccids.add(card.iccid()));
    String subject =
        operation.wireName()
            + " of "
            + iccids.size()
            + " cards of carrier "
            + carrierId
            + " in one batch call";
    sizes.get(operation).record(iccids.size());
    Batch<A> answer;
    try {
      GatewayHttp.Answer received = http.exchange(request(carrierId, operation, iccids), subject);
      if (!received.ok()) {
        // Before "not offered": a package query's 404 means that too, and would hide the answer.
        if (isNoBatchForm(received)) {
          missingForms.found(carrierId, operation);
          return CardOutcome.allFailed(
              cards.size(),
              new GatewayUnavailableException(
                  subject
                      + " failed: the gateway has no batch form of it (HTTP 404 "
                      + BatchFormsMissing.ERROR_CODE
                      + "); asked again one card a call",
                  null));
        }
        if (reading.notOffered().test(received.status())) {
          return Collections.nCopies(cards.size(), CardOutcome.of(reading.notOfferedValue()));
        }
        throw GatewayHttp.failure(subject, received.status(), received.text());
      }
      answer = http.parse(subject, received, batchType(reading.type()));
    } catch (GatewayException wholeCall) {
      return CardOutcome.allFailed(cards.size(), wholeCall);
    }
    return outcomes(cards, answer, reading);
  }

  /**
   * Each card's outcome from a batch answer: its result, its failure as its single call's status
   * would be classified, or a retryable failure when the answer names it nowhere.
   */
  static <A extends CardAnswer, T> List<CardOutcome<T>> outcomes(
      List<CarrierCard> cards, Batch<A> answer, AnswerReading<A, T> reading) {
    Map<String, A> results = new HashMap<>();
    answer.results().stream()
        .filter(result -> result != null && result.iccid() != null)
        .forEach(result -> results.putIfAbsent(result.iccid(), result));
    Map<String, CardFailure> failures = new HashMap<>();
    answer.failures().stream()
        .filter(failure -> failure != null && failure.iccid() != null)
        .forEach(failure -> failures.putIfAbsent(failure.iccid(), failure));
    List<CardOutcome<T>> outcomes = new ArrayList<>(cards.size());
    for (CarrierCard card : cards) {
      String subject = reading.operation().wireName() + " of " + card + " (batch call)";
      outcomes.add(
          outcome(subject, results.get(card.iccid()), failures.get(card.iccid()), reading));
    }
    return outcomes;
  }

  private static <A extends CardAnswer, T> CardOutcome<T> outcome(
      String subject, A result, CardFailure failure, AnswerReading<A, T> reading) {
    try {
      if (result != null) {
        return CardOutcome.of(reading.value().apply(subject, result));
      }
      if (failure == null) {
        return CardOutcome.failed(
            GatewayHttp.malformed(subject, "the batch answer has no result for the card"));
      }
      Integer status = failure.status();
      if (status == null || status < 400 || status > 599) {
        return CardOutcome.failed(
            GatewayHttp.malformed(
                subject, "the batch answer's failure has no error status (" + status + ")"));
      }
      if (reading.notOffered().test(status)) {
        return CardOutcome.of(reading.notOfferedValue());
      }
      return CardOutcome.failed(
          GatewayHttp.failure(subject, status, failure.error() + ": " + failure.message()));
    } catch (GatewayException e) {
      return CardOutcome.failed(e);
    }
  }

  /** A 404 whose error body says the carrier has no batch form of the operation. */
  private boolean isNoBatchForm(GatewayHttp.Answer received) {
    if (received.status() != 404) {
      return false;
    }
    try {
      return BatchFormsMissing.ERROR_CODE.equals(
          http.json().readTree(received.body()).path("error").asString(null));
    } catch (JacksonException notJson) {
      return false;
    }
  }

  private HttpPost request(long carrierId, CarrierOperation operation, Set<String> iccids) {
    HttpPost post = new HttpPost(http.carrierUrl(carrierId, "batch/" + operation.wireName()));
    post.setEntity(
        new ByteArrayEntity(
            http.json().writeValueAsBytes(Map.of("iccids", iccids)), ContentType.APPLICATION_JSON));
    return post;
  }

  private JavaType batchType(Class<?> answerType) {
    return http.json().getTypeFactory().constructParametricType(Batch.class, answerType);
  }
}
