package com.cmp.polling.stopresume;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.lock.HeldLock;
import com.cmp.polling.core.lock.OperationLocks;
import com.cmp.polling.core.packageusage.PackageFacts;
import com.cmp.polling.core.packageusage.PackageOwner;
import com.cmp.polling.core.protection.ProtectionPeriods;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.core.switches.Exemption;
import com.cmp.polling.stopresume.Evaluation.Outcome;
import com.cmp.polling.stopresume.action.CarrierActions;
import com.cmp.polling.stopresume.action.StopResumeMetrics;
import com.cmp.polling.stopresume.rules.RuleVerdict;
import com.cmp.polling.stopresume.rules.StopRules;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one place that decides and performs automatic stop and resume (docs/architecture.md, "The
 * rules", seed 004 decision 3). Handlers collect data and call {@link #evaluateAndAct}; nothing
 * else stops or resumes a card by the rules. Operator actions live in {@link OperatorActions}.
 *
 * <p>Concurrency: every action on a card runs under the lock of its device (or of the card when it
 * has none), and the card is read again once the lock is held. Whoever finds the lock taken leaves
 * the work to its holder. So one change of state gives each card one gateway call, however many
 * handlers evaluate it at once.
 */
public class StopResumeService {

  private static final Logger log = LoggerFactory.getLogger(StopResumeService.class);

  private final CardStore cards;
  private final StopRules rules;
  private final ProtectionPeriods protection;
  private final OperationLocks locks;
  private final StopResumeSettings settings;
  private final StopResumeMetrics metrics;
  private final DecisionActions decisionActions;

  public StopResumeService(
      CardStore cards,
      StopRules rules,
      CarrierActions actions,
      ProtectionPeriods protection,
      OperationLocks locks,
      StopResumeSettings settings,
      StopResumeMetrics metrics) {
    this.cards = cards;
    this.rules = rules;
    this.protection = protection;
    this.locks = locks;
    this.settings = settings;
    this.metrics = metrics;
    this.decisionActions = new DecisionActions(cards, actions, protection);
  }

  /**
   * Stops an online card for which a stop reason holds (the whole device when the reason is its
   * packages), or resumes a card stopped for a polling reason once none holds (with the other cards
   * of its device that qualify). Manual and other stops are never lifted; a card under a protection
   * period is never touched.
   *
   * @throws CardNotFoundException when the card does not exist
   * @throws CarrierActionFailedException when the carrier did not carry out an action (after the
   *     other cards of the decision were handled)
   */
  public Evaluation evaluateAndAct(long cardId) {
    return evaluateAndAct(load(cards, cardId));
  }

  /**
   * {@link #evaluateAndAct(long)} for a card the caller has just read, after its own changes were
   * committed: saves reading the card once more. Before any action the card is read again under the
   * operation lock, as always.
   */
  public Evaluation evaluateAndAct(Card card) {
    long cardId = card.id();
    if (card.deviceDeleted()) {
      return done(leftInDeletedDevice(card));
    }
    if (protection.isProtected(cardId)) {
      log.info("card {} left alone: an operator's protection period is running", cardId);
      return done(Evaluation.leaving(card, Outcome.PROTECTED));
    }
    Decision first = Decision.of(card, rules);
    if (first.isNone()) {
      logExemptions(card, first);
      return done(Evaluation.leaving(card, Outcome.NO_ACTION, first.exempted()));
    }
    String lockKey = lockKey(card);
    Optional<HeldLock> lock = locks.tryAcquire(lockKey, settings.lockTtl());
    if (lock.isEmpty()) {
      log.info(
          "card {}: {} is held by another stop/resume, evaluation left to it", cardId, lockKey);
      return done(Evaluation.without(cardId, Outcome.BUSY));
    }
    try (HeldLock held = lock.get()) {
      // Read again: whoever held the lock before us may have acted already.
      Card current = load(cards, cardId);
      if (current.deviceDeleted()) {
        return done(leftInDeletedDevice(current));
      }
      // One read of the packages serves the decision and the reasons of every card it stops: the
      // cards of a device share the device's packages.
      PackageFacts facts = rules.facts(current);
      Function<Card, RuleVerdict> verdicts = c -> rules.verdict(c, facts);
      Decision decision = Decision.of(current, verdicts);
      if (decision.isNone()) {
        logExemptions(current, decision);
        return done(Evaluation.leaving(current, Outcome.NO_ACTION, decision.exempted()));
      }
      Evaluation evaluation = decisionActions.act(current, decision, held, verdicts);
      if (evaluation.hasFailures()) {
        metrics.evaluation("failed");
        throw new CarrierActionFailedException(evaluation.actions());
      }
      return done(evaluation);
    }
  }

  /**
   * The first step of {@link #evaluateAndAct(Card)} for many cards just written, with their
   * protection keys read in one round trip and their packages in one query per kind of owner: most
   * cards need nothing, and those are settled here. The rest are returned for {@link
   * #evaluateAndAct(Card)} one by one ({@link BatchEvaluation#needingActionByLock}), which takes
   * the lock, looks at the card's protection key and decides again.
   */
  public BatchEvaluation evaluateAll(Collection<Card> written) {
    // The keys of these cards only: the index of every protected card is not theirs to read.
    Set<Long> protectedIds = protection.protectedByKey(idsOf(written));
    List<Card> unprotected = new ArrayList<>(written.size());
    for (Card card : written) {
      if (!protectedIds.contains(card.id()) && !card.deviceDeleted()) {
        unprotected.add(card);
      }
    }
    // Read before anything is counted: if it fails, the caller evaluates each card alone.
    Map<PackageOwner, PackageFacts> facts = rules.factsOf(unprotected);
    Map<Long, Evaluation> settled = new HashMap<>(written.size() * 2);
    for (Card card : written) {
      if (card.deviceDeleted()) {
        settled.put(card.id(), done(leftInDeletedDevice(card)));
      } else if (protectedIds.contains(card.id())) {
        log.info("card {} left alone: an operator's protection period is running", card.id());
        settled.put(card.id(), done(Evaluation.leaving(card, Outcome.PROTECTED)));
      }
    }
    List<Card> needingAction = new ArrayList<>();
    for (Card card : unprotected) {
      Decision decision = Decision.of(card, c -> rules.verdict(c, facts.get(c.packageOwner())));
      if (decision.isNone()) {
        logExemptions(card, decision);
        settled.put(
            card.id(), done(Evaluation.leaving(card, Outcome.NO_ACTION, decision.exempted())));
      } else {
        needingAction.add(card);
      }
    }
    return new BatchEvaluation(settled, needingAction);
  }

  /**
   * Defence in depth: the polling pipeline drops the cards of a deleted device, but a check already
   * under way (or any other caller) may still ask. Such a card has no packages of its own and would
   * be stopped for {@code no_package}; deleting a device must not stop its cards at the carrier.
   */
  private static Evaluation leftInDeletedDevice(Card card) {
    log.info(
        "card {} left alone: its device {} is deleted (not polled, no stop or resume until it moves"
            + " to a live device or out of it)",
        card.id(),
        card.deviceId());
    return Evaluation.leaving(card, Outcome.DEVICE_DELETED);
  }

  /**
   * An online card that a switch alone keeps from a stop says so: "card 7 not stopped for
   * not_realname: not enforced for carrier 3".
   */
  private static void logExemptions(Card card, Decision decision) {
    if (!card.isOnline()) {
      return;
    }
    for (Exemption exemption : decision.exempted()) {
      log.info(
          "card {} not stopped for {}: {}",
          card.id(),
          exemption.reason().code(),
          exemption.describe());
    }
  }

  private static List<Long> idsOf(Collection<Card> cards) {
    List<Long> ids = new ArrayList<>(cards.size());
    cards.forEach(card -> ids.add(card.id()));
    return ids;
  }

  static Card load(CardStore cards, long cardId) {
    return cards.findById(cardId).orElseThrow(() -> new CardNotFoundException(cardId));
  }

  /** Cards of a device share their device's lock: device-wide work must exclude them all. */
  static String lockKey(Card card) {
    return card.inDevice()
        ? RedisKeys.deviceOperationLock(card.deviceId())
        : RedisKeys.cardOperationLock(card.id());
  }

  private Evaluation done(Evaluation evaluation) {
    metrics.evaluation(evaluation.outcome().name().toLowerCase(java.util.Locale.ROOT));
    return evaluation;
  }
}
