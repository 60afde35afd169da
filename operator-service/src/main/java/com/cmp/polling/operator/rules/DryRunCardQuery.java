package com.cmp.polling.operator.rules;

import com.cmp.polling.schemas.action.StopReason;
import com.cmp.polling.stopresume.RulePreview.Action;
import com.cmp.polling.stopresume.dryrun.DryRunCardPage;
import com.cmp.polling.stopresume.dryrun.RuleDryRun;
import java.util.Arrays;

/**
 * Which page of card ids a dry run lists, checked the same way for the admin API and the command
 * (each names its parameters its own way, so every check takes the name to show).
 *
 * @param reason the reason of the stop, or null for any
 * @param holding a reason among all those that would be recorded, or null for any
 * @param carrierId the carrier, or null for the whole fleet
 */
record DryRunCardQuery(
    Action action, StopReason reason, StopReason holding, Long carrierId, long afterId, int limit) {

  static final int MAX_LIMIT = 10_000;
  static final int DEFAULT_LIMIT = 1000;

  /** The page, read by the dry run's own listing. */
  DryRunCardPage run(RuleDryRun dryRun) {
    return dryRun.cards(action, reason, holding, carrierId, afterId, limit);
  }

  static Action action(String name, String code) {
    for (Action action : Action.values()) {
      if (DryRunView.code(action).equals(code)) {
        return action;
      }
    }
    throw new IllegalArgumentException(
        name
            + " must be one of "
            + Arrays.stream(Action.values()).map(DryRunView::code).toList()
            + ", was "
            + (code == null ? "missing" : "'" + code + "'"));
  }

  /** A reason the rules stop for, or null for any. */
  static StopReason reason(String name, String code) {
    if (code == null || code.isEmpty()) {
      return null;
    }
    StopReason reason = StopReason.fromCode(code);
    if (!reason.isPollingReason()) {
      throw new IllegalArgumentException(
          name
              + " must be a reason the rules stop for (no_package, traffic_exhausted,"
              + " not_realname), was '"
              + code
              + "'");
    }
    return reason;
  }

  static long afterId(String name, long afterId) {
    if (afterId < 0) {
      throw new IllegalArgumentException(name + " must be 0 or more, was " + afterId);
    }
    return afterId;
  }

  static int limit(String name, int limit) {
    if (limit < 1 || limit > MAX_LIMIT) {
      throw new IllegalArgumentException(
          name + " must be between 1 and " + MAX_LIMIT + ", was " + limit);
    }
    return limit;
  }
}
