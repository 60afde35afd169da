package com.cmp.polling.core.switches;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.schemas.action.StopReason;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RuleSwitchesTest {

  private static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");
  private static final Instant CHANGED = Instant.parse("2026-11-01T00:00:00Z");

  private static RuleSwitch defaults(boolean enforce, Instant grace) {
    return new RuleSwitch(null, enforce, grace, "ops", CHANGED);
  }

  private static RuleSwitch carrier(long id, boolean enforce, Instant grace) {
    return new RuleSwitch(id, enforce, grace, "ops", CHANGED);
  }

  @Test
  void aCarrierWithoutASwitch_followsTheDefault_andOneWithItsOwn_isGovernedByItWhole() {
    RuleSwitches switches =
        new RuleSwitches(
            defaults(true, NOW.plusSeconds(3600)), Map.of(3L, carrier(3, true, null)), NOW);

    assertThat(switches.forCarrier(1)).isEqualTo(switches.defaults());
    assertThat(switches.forCarrier(3).carrierId()).isEqualTo(3L);
    // The default's grace does not reach carrier 3: its own row has none.
    assertThat(switches.exemption(StopReason.NOT_REALNAME, 3, NOW)).isEmpty();
    assertThat(switches.exemption(StopReason.NOT_REALNAME, 1, NOW)).isPresent();
  }

  @Test
  void switchedOff_exemptsNotRealname_andSaysForWhichCarrier() {
    RuleSwitches switches =
        new RuleSwitches(defaults(true, null), Map.of(2L, carrier(2, false, null)), NOW);

    Exemption exemption = switches.exemption(StopReason.NOT_REALNAME, 2, NOW).orElseThrow();

    assertThat(exemption.kind()).isEqualTo(Exemption.Kind.NOT_ENFORCED);
    assertThat(exemption.byDefault()).isFalse();
    assertThat(exemption.describe()).isEqualTo("not enforced for carrier 2");
  }

  @Test
  void theDefaultSwitchedOff_exemptsEveryCarrierWithoutItsOwn_andSaysItIsTheDefault() {
    RuleSwitches switches = new RuleSwitches(defaults(false, null), Map.of(), NOW);

    assertThat(switches.exemption(StopReason.NOT_REALNAME, 7, NOW).orElseThrow().describe())
        .isEqualTo("not enforced for carrier 7 (default switch)");
  }

  @Test
  void graceDate_exemptsBeforeIt_andNoLongerFromItOn() {
    Instant grace = Instant.parse("2027-01-01T00:00:00Z");
    RuleSwitches switches =
        new RuleSwitches(defaults(true, null), Map.of(4L, carrier(4, true, grace)), NOW);

    Exemption before =
        switches.exemption(StopReason.NOT_REALNAME, 4, grace.minusMillis(1)).orElseThrow();
    assertThat(before.kind()).isEqualTo(Exemption.Kind.GRACE);
    assertThat(before.graceUntil()).isEqualTo(grace);
    assertThat(before.describe()).isEqualTo("grace until 2027-01-01T00:00:00Z for carrier 4");
    assertThat(switches.exemption(StopReason.NOT_REALNAME, 4, grace)).isEmpty();
    assertThat(switches.exemption(StopReason.NOT_REALNAME, 4, grace.plusSeconds(1))).isEmpty();
  }

  @Test
  void switchedOff_winsOverAGraceDate() {
    RuleSwitch off = carrier(5, false, NOW.plusSeconds(60));

    assertThat(off.exemption(StopReason.NOT_REALNAME, 5, NOW).orElseThrow().kind())
        .isEqualTo(Exemption.Kind.NOT_ENFORCED);
  }

  @Test
  void packageReasons_areNeverExempted() {
    RuleSwitches switches = new RuleSwitches(defaults(false, NOW.plusSeconds(60)), Map.of(), NOW);

    assertThat(switches.exemption(StopReason.NO_PACKAGE, 1, NOW)).isEmpty();
    assertThat(switches.exemption(StopReason.TRAFFIC_EXHAUSTED, 1, NOW)).isEmpty();
  }

  @Test
  void enforceAll_isHowTheRulesBehavedBeforeSwitches() {
    assertThat(RuleSwitches.ENFORCE_ALL.exemption(StopReason.NOT_REALNAME, 1, NOW)).isEmpty();
  }

  @Test
  void all_listsTheDefaultFirst_thenCarriersById() {
    RuleSwitches switches =
        new RuleSwitches(
            defaults(true, null),
            Map.of(9L, carrier(9, true, null), 2L, carrier(2, false, null)),
            NOW);

    assertThat(switches.all()).extracting(RuleSwitch::carrierId).containsExactly(null, 2L, 9L);
  }
}
