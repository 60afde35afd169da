package com.cmp.polling.stopresume.gateway;

import com.cmp.polling.stopresume.gateway.CardAnswers.CardAnswer;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.classic.methods.HttpUriRequestBase;
import org.springframework.web.util.UriUtils;
import tools.jackson.databind.JavaType;

/**
 * {@link CarrierGateway} over the HTTP API of docs/gateway-api.md, with connect and read timeouts
 * and a deadline for each call as a whole ({@link GatewayHttp}). Failures are sorted into {@link
 * CarrierRejectedException} (do not retry), {@link GatewayUnavailableException} and {@link
 * GatewayResponseException} (retry later).
 *
 * <p>The forms for many cards use a carrier's batch endpoint where {@link
 * GatewaySettings#batchSizes} lists the operation for it, in calls of at most its size ({@link
 * HttpBatchCalls}); elsewhere, and for a lone card, each card is asked with the single call. A
 * batch form the gateway turns out not to have is switched off at its first refusal ({@link
 * BatchFormsMissing}). Close the gateway to close its pool.
 */
public class HttpCarrierGateway implements CarrierGateway, AutoCloseable {

  private final GatewayHttp http;
  private final BatchSizes batchSizes;
  private final BatchFormsMissing missingForms = new BatchFormsMissing();
  private final HttpBatchCalls batches;

  public HttpCarrierGateway(GatewaySettings settings) {
    this(settings, new SimpleMeterRegistry());
  }

  /**
   * @param meters where the batch calls' sizes are recorded
   */
  public HttpCarrierGateway(GatewaySettings settings, MeterRegistry meters) {
    this.http = new GatewayHttp(settings);
    this.batchSizes = settings.batchSizes();
    this.batches = new HttpBatchCalls(http, meters, missingForms);
  }

  @Override
  public void close() {
    http.close();
  }

  @Override
  public boolean isRealNameVerified(CarrierCard card) {
    return single(card, AnswerReading.REAL_NAME);
  }

  @Override
  public MonthToDateUsage monthToDateUsage(CarrierCard card) {
    return single(card, AnswerReading.USAGE);
  }

  /**
   * {@inheritDoc} A 404 (no such operation, or a card the carrier's package service does not know)
   * and a 501 mean the gateway cannot answer this query: empty, not an error.
   */
  @Override
  public Optional<CarrierPackageState> packageState(CarrierCard card) {
    return single(card, AnswerReading.PACKAGE);
  }

  @Override
  public boolean isOnline(CarrierCard card) {
    return single(card, AnswerReading.NETWORK_STATUS);
  }

  @Override
  public void stop(CarrierCard card) {
    single(card, AnswerReading.STOP);
  }

  @Override
  public void start(CarrierCard card) {
    single(card, AnswerReading.START);
  }

  /**
   * {@inheritDoc} A form the configuration lists but the gateway answered {@code no_batch_form} for
   * is 1 from then on ({@link BatchFormsMissing}).
   */
  @Override
  public int batchSize(long carrierId, CarrierOperation operation) {
    return missingForms.isMissing(carrierId, operation) ? 1 : batchSizes.of(carrierId, operation);
  }

  @Override
  public List<CardOutcome<Boolean>> isRealNameVerifiedAll(List<CarrierCard> cards) {
    return all(cards, AnswerReading.REAL_NAME);
  }

  @Override
  public List<CardOutcome<MonthToDateUsage>> monthToDateUsageAll(List<CarrierCard> cards) {
    return all(cards, AnswerReading.USAGE);
  }

  @Override
  public List<CardOutcome<Optional<CarrierPackageState>>> packageStateAll(List<CarrierCard> cards) {
    return all(cards, AnswerReading.PACKAGE);
  }

  @Override
  public List<CardOutcome<Boolean>> isOnlineAll(List<CarrierCard> cards) {
    return all(cards, AnswerReading.NETWORK_STATUS);
  }

  @Override
  public List<CardOutcome<Void>> stopAll(List<CarrierCard> cards) {
    return all(cards, AnswerReading.STOP);
  }

  @Override
  public List<CardOutcome<Void>> startAll(List<CarrierCard> cards) {
    return all(cards, AnswerReading.START);
  }

  /** The cards in calls per carrier: batch calls where it has them, else one call per card. */
  private <A extends CardAnswer, T> List<CardOutcome<T>> all(
      List<CarrierCard> cards, AnswerReading<A, T> reading) {
    CarrierOperation operation = reading.operation();
    return CallPlan.of(cards, CarrierCard::carrierId, carrier -> batchSize(carrier, operation))
        .runInTurn(
            call ->
                call.size() == 1
                    ? CardOutcome.cardByCard(call, card -> single(card, reading))
                    : batches.call(call.get(0).carrierId(), call, reading));
  }

  /** One card's call: its answer's value, or its failure thrown. */
  private <A extends CardAnswer, T> T single(CarrierCard card, AnswerReading<A, T> reading) {
    CarrierOperation operation = reading.operation();
    String subject = operation.wireName() + " of " + card;
    String url =
        http.carrierUrl(
            card.carrierId(),
            "cards/"
                + UriUtils.encodePathSegment(card.iccid(), StandardCharsets.UTF_8)
                + "/"
                + operation.wireName());
    HttpUriRequestBase request = operation.isQuery() ? new HttpGet(url) : new HttpPost(url);
    GatewayHttp.Answer answer = http.exchange(request, subject);
    if (!answer.ok()) {
      if (reading.notOffered().test(answer.status())) {
        return reading.notOfferedValue();
      }
      throw GatewayHttp.failure(subject, answer.status(), answer.text());
    }
    JavaType type = http.json().constructType(reading.type());
    return reading.value().apply(subject, http.<A>parse(subject, answer, type));
  }
}
