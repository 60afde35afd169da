package com.cmp.polling.stopresume.action;

import com.cmp.polling.schemas.action.CardActionType;
import com.cmp.polling.stopresume.gateway.CardOutcome;
import com.cmp.polling.stopresume.gateway.CarrierCard;
import com.cmp.polling.stopresume.gateway.CarrierGateway;
import com.cmp.polling.stopresume.gateway.GatewayException;
import java.util.ArrayList;
import java.util.List;
import org.springframework.core.retry.Retryable;

/**
 * One call's stops or starts at the carrier (a batch call where the carrier has one, else a lone
 * card), run by the retry template once per attempt. Each attempt asks only for the cards still
 * pending: a card the carrier confirmed is handed on at once and never asked again, a card it
 * refused is handed on as refused, and a card whose failure may pass stays for the next attempt.
 * While cards are pending the attempt throws the first one's failure, so that the template's policy
 * (retryable failures only, back-off) decides whether there is a next one.
 */
final class CarrierCall implements Retryable<Void> {

  /**
   * One card of the call.
   *
   * @param index its position among the actions asked for
   */
  record Target(int index, RequestedAction action, CarrierCard card) {}

  /** Where the cards go once the carrier has answered for them. */
  interface Answered {
    /** The carrier carried out the card's action at attempt {@code attempts}. */
    void done(Target target, int attempts);

    /** The carrier refused the card's action at attempt {@code attempts}: never tried again. */
    void refused(Target target, GatewayException failure, int attempts);
  }

  private final CarrierGateway gateway;
  private final CardActionType type;
  private final Answered answered;
  private List<Target> pending;
  private List<GatewayException> failures = List.of();
  private int attempts;

  CarrierCall(
      CarrierGateway gateway, CardActionType type, List<Target> targets, Answered answered) {
    this.gateway = gateway;
    this.type = type;
    this.pending = List.copyOf(targets);
    this.answered = answered;
  }

  @Override
  public Void execute() {
    attempts++;
    List<CarrierCard> cards = new ArrayList<>(pending.size());
    pending.forEach(target -> cards.add(target.card()));
    List<CardOutcome<Void>> outcomes =
        type == CardActionType.STOP ? gateway.stopAll(cards) : gateway.startAll(cards);
    List<Target> still = new ArrayList<>();
    List<GatewayException> stillFailing = new ArrayList<>();
    for (int i = 0; i < pending.size(); i++) {
      Target target = pending.get(i);
      CardOutcome<Void> outcome = outcomes.get(i);
      if (outcome.succeeded()) {
        answered.done(target, attempts);
      } else if (!outcome.failure().isRetryable()) {
        answered.refused(target, outcome.failure(), attempts);
      } else {
        still.add(target);
        stillFailing.add(outcome.failure());
      }
    }
    pending = still;
    failures = stillFailing;
    if (!pending.isEmpty()) {
      throw failures.get(0);
    }
    return null;
  }

  /** The cards the carrier has not answered for yet, after the last attempt. */
  List<Target> pending() {
    return pending;
  }

  /** The last failure of each pending card, in the order of {@link #pending()}. */
  List<GatewayException> failures() {
    return failures;
  }

  int attempts() {
    return attempts;
  }

  @Override
  public String getName() {
    return type.code()
        + " "
        + (pending.size() == 1 ? pending.get(0).card() : pending.size() + " cards");
  }
}
