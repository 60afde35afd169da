package com.cmp.polling.operator.rules;

import com.cmp.polling.core.switches.RuleSwitch;
import com.cmp.polling.core.switches.RuleSwitches;
import com.cmp.polling.core.switches.SwitchChange;
import com.cmp.polling.core.switches.SwitchSetting;
import java.time.Instant;
import java.util.List;

/** The JSON shapes of the switches API. */
final class SwitchViews {

  private SwitchViews() {}

  /**
   * One switch.
   *
   * @param scope {@code default} or {@code carrier}
   * @param carrierId null for the default
   */
  record SwitchView(
      String scope,
      Long carrierId,
      boolean enforceNotRealname,
      Instant notRealnameGraceUntil,
      String updatedBy,
      Instant updatedAt) {

    static SwitchView of(RuleSwitch rule) {
      return new SwitchView(
          rule.isDefault() ? "default" : "carrier",
          rule.carrierId(),
          rule.enforceNotRealname(),
          rule.notRealnameGraceUntil(),
          rule.updatedBy(),
          rule.updatedAt());
    }
  }

  /**
   * Every switch: the default, then each carrier with one of its own (which overrides the default
   * whole).
   */
  record AllSwitches(SwitchView defaults, List<SwitchView> carriers) {

    static AllSwitches of(RuleSwitches switches) {
      return new AllSwitches(
          SwitchView.of(switches.defaults()),
          switches.all().stream().filter(s -> !s.isDefault()).map(SwitchView::of).toList());
    }
  }

  /** A setting before or after a change; null in a change when there was none. */
  record SettingView(boolean enforceNotRealname, Instant notRealnameGraceUntil) {

    static SettingView of(SwitchSetting setting) {
      return setting == null
          ? null
          : new SettingView(setting.enforceNotRealname(), setting.notRealnameGraceUntil());
    }
  }

  /** One audited change. */
  record ChangeView(
      long id,
      String scope,
      Long carrierId,
      String actor,
      Instant changedAt,
      SettingView before,
      SettingView after) {

    static ChangeView of(SwitchChange change) {
      return new ChangeView(
          change.id(),
          change.carrierId() == null ? "default" : "carrier",
          change.carrierId(),
          change.actor(),
          change.changedAt(),
          SettingView.of(change.before()),
          SettingView.of(change.after()));
    }
  }

  /**
   * A page of the audit, newest first.
   *
   * @param nextBeforeId the cursor of the next (older) page; null when this is the last
   */
  record AuditPage(List<ChangeView> changes, Long nextBeforeId) {}
}
