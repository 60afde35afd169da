package com.cmp.polling.simulator.carrier;

import com.cmp.polling.simulator.behaviour.BehaviourSettings;
import com.cmp.polling.simulator.behaviour.CardOperationGate;
import com.cmp.polling.simulator.calls.CardOperation;
import com.cmp.polling.simulator.state.CardState;
import com.cmp.polling.simulator.state.CardStates;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The carrier's card operations. Each goes through the {@link CardOperationGate} (counting, rate
 * limit, failures, latency) before it reads or changes the card.
 */
@RestController
@RequestMapping("/api/v1/carriers/{carrierId}/cards/{iccid}")
class CarrierCardController {

  private static final Logger log = LoggerFactory.getLogger(CarrierCardController.class);

  private final CardOperationGate gate;
  private final CardStates cards;
  private final BehaviourSettings settings;

  CarrierCardController(CardOperationGate gate, CardStates cards, BehaviourSettings settings) {
    this.gate = gate;
    this.cards = cards;
    this.settings = settings;
  }

  @GetMapping("/real-name")
  CardAnswers.RealName realName(@PathVariable long carrierId, @PathVariable String iccid) {
    gate.admit(carrierId, iccid, CardOperation.REAL_NAME);
    return new CardAnswers.RealName(iccid, cards.get(iccid).verified());
  }

  /** Simulated consumption: the month total grows before it is reported. */
  @GetMapping("/usage")
  CardAnswers.Usage usage(@PathVariable long carrierId, @PathVariable String iccid) {
    gate.admit(carrierId, iccid, CardOperation.USAGE);
    CardState card = cards.addUsage(iccid, settings.current().usageGrowthMbPerQuery());
    return new CardAnswers.Usage(iccid, card.monthStart(), card.totalMb());
  }

  @GetMapping("/network-status")
  CardAnswers.NetworkStatus networkStatus(
      @PathVariable long carrierId, @PathVariable String iccid) {
    gate.admit(carrierId, iccid, CardOperation.NETWORK_STATUS);
    return new CardAnswers.NetworkStatus(iccid, cards.get(iccid).online());
  }

  /** Stopping a stopped card succeeds. */
  @PostMapping("/stop")
  CardAnswers.NetworkStatus stop(@PathVariable long carrierId, @PathVariable String iccid) {
    gate.admit(carrierId, iccid, CardOperation.STOP);
    CardState card = cards.setOnline(iccid, false);
    log.debug("stopped ICCID {} (carrier {})", iccid, carrierId);
    return new CardAnswers.NetworkStatus(iccid, card.online());
  }

  /** Starting an online card succeeds. */
  @PostMapping("/start")
  CardAnswers.NetworkStatus start(@PathVariable long carrierId, @PathVariable String iccid) {
    gate.admit(carrierId, iccid, CardOperation.START);
    CardState card = cards.setOnline(iccid, true);
    log.debug("started ICCID {} (carrier {})", iccid, carrierId);
    return new CardAnswers.NetworkStatus(iccid, card.online());
  }
}
