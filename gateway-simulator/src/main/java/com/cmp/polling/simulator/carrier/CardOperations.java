package com.cmp.polling.simulator.carrier;

import com.cmp.polling.simulator.behaviour.BehaviourSettings;
import com.cmp.polling.simulator.calls.CardOperation;
import com.cmp.polling.simulator.state.CardState;
import com.cmp.polling.simulator.state.CardStates;
import com.cmp.polling.simulator.state.PackageStates;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What an operation does to one card and answers for it, once its call was let through: the same
 * for a single call and for each card of a batch call.
 */
final class CardOperations {

  private static final Logger log = LoggerFactory.getLogger(CardOperations.class);

  private final CardStates cards;
  private final PackageStates packages;
  private final BehaviourSettings settings;

  CardOperations(CardStates cards, PackageStates packages, BehaviourSettings settings) {
    this.cards = cards;
    this.packages = packages;
    this.settings = settings;
  }

  /** Performs the operation on the card; returns its answer (the JSON of its 200). */
  Object perform(long carrierId, String iccid, CardOperation operation) {
    return switch (operation) {
      case REAL_NAME -> new CardAnswers.RealName(iccid, cards.get(iccid).verified());
      case USAGE -> {
        // Simulated consumption: the month total grows before it is reported.
        CardState card = cards.addUsage(iccid, settings.current().usageGrowthMbPerQuery());
        yield new CardAnswers.Usage(iccid, card.monthStart(), card.totalMb());
      }
      case NETWORK_STATUS -> new CardAnswers.NetworkStatus(iccid, cards.get(iccid).online());
      case PACKAGE -> new CardAnswers.Package(iccid, packages.get(iccid));
      // Stopping a stopped card succeeds, as does starting an online one.
      case STOP -> changed(carrierId, iccid, false);
      case START -> changed(carrierId, iccid, true);
    };
  }

  private CardAnswers.NetworkStatus changed(long carrierId, String iccid, boolean online) {
    CardState card = cards.setOnline(iccid, online);
    log.debug("{} ICCID {} (carrier {})", online ? "started" : "stopped", iccid, carrierId);
    return new CardAnswers.NetworkStatus(iccid, card.online());
  }
}
