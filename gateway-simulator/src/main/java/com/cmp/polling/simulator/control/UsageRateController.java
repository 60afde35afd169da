package com.cmp.polling.simulator.control;

import com.cmp.polling.simulator.state.CardStates;
import java.math.BigDecimal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code /sim/cards/{iccid}/usage-rate}: a card that uses data steadily, in MB per hour of the
 * simulator's clock, while it is online — how a test drives a card towards its package limit at a
 * known pace, independent of how often it is queried.
 */
@RestController
@RequestMapping("/sim/cards/{iccid}/usage-rate")
class UsageRateController {

  private static final Logger log = LoggerFactory.getLogger(UsageRateController.class);

  private final CardStates cards;

  UsageRateController(CardStates cards) {
    this.cards = cards;
  }

  @GetMapping
  UsageRate rate(@PathVariable String iccid) {
    return new UsageRate(cards.usageRate(iccid));
  }

  @PutMapping
  UsageRate setRate(@PathVariable String iccid, @RequestBody UsageRate rate) {
    cards.setUsageRate(iccid, rate.mbPerHour());
    log.info("ICCID {} now uses {} MB per hour while online", iccid, rate.mbPerHour());
    return rate;
  }

  /**
   * The body and answer.
   *
   * @param mbPerHour MB added to the card's month total per hour online; 0 for none
   */
  record UsageRate(BigDecimal mbPerHour) {

    UsageRate {
      if (mbPerHour == null || mbPerHour.signum() < 0) {
        throw new IllegalArgumentException("mbPerHour must be 0 or more, was " + mbPerHour);
      }
    }
  }
}
