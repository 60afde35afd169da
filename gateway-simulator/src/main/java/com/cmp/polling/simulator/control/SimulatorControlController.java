package com.cmp.polling.simulator.control;

import com.cmp.polling.simulator.behaviour.AccountLimits;
import com.cmp.polling.simulator.behaviour.Behaviour;
import com.cmp.polling.simulator.behaviour.BehaviourSettings;
import com.cmp.polling.simulator.behaviour.PendingFailures;
import com.cmp.polling.simulator.behaviour.RateLimiter;
import com.cmp.polling.simulator.calls.CallCounter;
import com.cmp.polling.simulator.calls.CallReport;
import com.cmp.polling.simulator.calls.CallSummary;
import com.cmp.polling.simulator.state.CardState;
import com.cmp.polling.simulator.state.CardStates;
import com.cmp.polling.simulator.state.PackageStates;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The simulator's own control API ({@code /sim}): behaviour, card states, armed failures, call
 * counts, health and reset. Never delayed, limited or failed like card operations.
 */
@RestController
@RequestMapping("/sim")
class SimulatorControlController {

  private static final Logger log = LoggerFactory.getLogger(SimulatorControlController.class);

  private final BehaviourSettings settings;
  private final CardStates cards;
  private final PackageStates packages;
  private final PendingFailures failures;
  private final CallCounter calls;
  private final RateLimiter limiter;
  private final AccountLimits accounts;

  SimulatorControlController(
      BehaviourSettings settings,
      CardStates cards,
      PackageStates packages,
      PendingFailures failures,
      CallCounter calls,
      RateLimiter limiter,
      AccountLimits accounts) {
    this.settings = settings;
    this.cards = cards;
    this.packages = packages;
    this.failures = failures;
    this.calls = calls;
    this.limiter = limiter;
    this.accounts = accounts;
  }

  @GetMapping("/config")
  Behaviour behaviour() {
    return settings.current();
  }

  @PutMapping("/config")
  Behaviour configure(@RequestBody BehaviourRequest request) {
    Behaviour behaviour = request.toBehaviour();
    settings.replace(behaviour);
    return behaviour;
  }

  @GetMapping("/cards/{iccid}")
  CardState card(@PathVariable String iccid) {
    return cards.get(iccid);
  }

  @PutMapping("/cards/{iccid}")
  CardState setCard(@PathVariable String iccid, @RequestBody CardState change) {
    CardState card = cards.change(iccid, change);
    log.info("ICCID {} is now {}", iccid, card);
    return card;
  }

  @GetMapping("/cards/{iccid}/package")
  PackageRequest packageOf(@PathVariable String iccid) {
    return new PackageRequest(packages.get(iccid));
  }

  @PutMapping("/cards/{iccid}/package")
  PackageRequest setPackage(@PathVariable String iccid, @RequestBody PackageRequest request) {
    packages.set(iccid, request.state());
    log.info("ICCID {}: its package is now reported {}", iccid, request.state());
    return request;
  }

  @PostMapping("/cards/{iccid}/fail-next")
  ArmedFailure failNext(@PathVariable String iccid, @RequestBody FailNextRequest request) {
    failures.arm(iccid, request.count(), request.status());
    return new ArmedFailure(iccid, request.count(), request.status());
  }

  @GetMapping("/calls")
  CallReport calls() {
    return calls.report();
  }

  @GetMapping("/calls/summary")
  CallSummary callSummary() {
    return calls.summary();
  }

  @GetMapping("/calls/{iccid}")
  Map<String, Integer> calls(@PathVariable String iccid) {
    return calls.forCard(iccid);
  }

  @GetMapping("/health")
  Map<String, String> health() {
    return Map.of("status", "UP");
  }

  @PostMapping("/reset")
  ResponseEntity<Void> reset() {
    settings.reset();
    cards.reset();
    packages.reset();
    failures.reset();
    calls.reset();
    limiter.reset();
    accounts.reset();
    log.info("simulator reset: no cards, counts, pending failures or misbehaviour");
    return ResponseEntity.noContent().build();
  }

  /** The answer of fail-next: what is now armed for the ICCID. */
  record ArmedFailure(String iccid, int count, int status) {}
}
