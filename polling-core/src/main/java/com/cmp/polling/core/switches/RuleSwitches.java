package com.cmp.polling.core.switches;

import com.cmp.polling.schemas.action.StopReason;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every rule switch at one moment: the global default and the carriers' own rows, each of which
 * overrides the default whole. Immutable: the cache swaps whole snapshots.
 *
 * @param defaults the switch of carriers without a row of their own
 * @param carriers the carriers' rows, by carrier id
 * @param loadedAt when they were read from the database
 */
public record RuleSwitches(RuleSwitch defaults, Map<Long, RuleSwitch> carriers, Instant loadedAt) {

  /** Every rule enforced, no grace: how the rules behaved before switches existed. */
  public static final RuleSwitches ENFORCE_ALL =
      new RuleSwitches(
          new RuleSwitch(null, true, null, "built-in", Instant.EPOCH), Map.of(), Instant.EPOCH);

  public RuleSwitches {
    carriers = Map.copyOf(carriers);
  }

  /** The switch that governs the carrier's cards: its own row, else the default. */
  public RuleSwitch forCarrier(long carrierId) {
    return carriers.getOrDefault(carrierId, defaults);
  }

  /**
   * Why {@code reason} does not stop a card of {@code carrierId} at {@code now}; empty: it does.
   */
  public Optional<Exemption> exemption(StopReason reason, long carrierId, Instant now) {
    return forCarrier(carrierId).exemption(reason, carrierId, now);
  }

  /** The default first, then the carriers' rows by carrier id. */
  public List<RuleSwitch> all() {
    List<RuleSwitch> all = new ArrayList<>(carriers.size() + 1);
    all.add(defaults);
    carriers.values().stream()
        .sorted(Comparator.comparing(RuleSwitch::carrierId))
        .forEach(all::add);
    return all;
  }
}
