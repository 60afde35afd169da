package com.cmp.polling.scheduler.rules;

import com.cmp.polling.schemas.action.StopReason;
import com.cmp.polling.stopresume.RulePreview.Action;
import com.cmp.polling.stopresume.dryrun.DryRunCardPage;
import com.cmp.polling.stopresume.dryrun.RuleDryRun;
import java.util.Arrays;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The rule dry run (issue 19): {@code GET /api/admin/rules/dry-run?carrierId=} counts what the
 * rules would do now, and {@code GET
 * /api/admin/rules/dry-run/cards?action=&reason=&holding=&carrierId=&afterId= &limit=} lists which
 * cards, by id ({@code reason}: the reason of the stop; {@code holding}: a reason among all those
 * that would be recorded). Nothing is acted on: the fleet is only read.
 */
@RestController
class DryRunController {

  static final int MAX_LIMIT = 10_000;

  private final RuleDryRun dryRun;

  DryRunController(RuleDryRun dryRun) {
    this.dryRun = dryRun;
  }

  @GetMapping("/api/admin/rules/dry-run")
  DryRunView counts(@RequestParam(required = false) Long carrierId) {
    return DryRunView.of(dryRun.run(carrier(carrierId)));
  }

  @GetMapping("/api/admin/rules/dry-run/cards")
  DryRunCardPage cards(
      @RequestParam(required = false) String action,
      @RequestParam(required = false) String reason,
      @RequestParam(required = false) String holding,
      @RequestParam(required = false) Long carrierId,
      @RequestParam(defaultValue = "0") long afterId,
      @RequestParam(defaultValue = "1000") int limit) {
    if (afterId < 0) {
      throw new IllegalArgumentException("afterId must be 0 or more, was " + afterId);
    }
    if (limit < 1 || limit > MAX_LIMIT) {
      throw new IllegalArgumentException(
          "limit must be between 1 and " + MAX_LIMIT + ", was " + limit);
    }
    return dryRun.cards(
        action(action),
        reason("reason", reason),
        reason("holding", holding),
        carrier(carrierId),
        afterId,
        limit);
  }

  private static Long carrier(Long carrierId) {
    if (carrierId != null && carrierId <= 0) {
      throw new IllegalArgumentException("carrierId must be above 0, was " + carrierId);
    }
    return carrierId;
  }

  static Action action(String code) {
    for (Action action : Action.values()) {
      if (DryRunView.code(action).equals(code)) {
        return action;
      }
    }
    throw new IllegalArgumentException(
        "action must be one of "
            + Arrays.stream(Action.values()).map(DryRunView::code).toList()
            + ", was "
            + (code == null ? "missing" : "'" + code + "'"));
  }

  /** A polling reason, or null for any. */
  private static StopReason reason(String parameter, String code) {
    if (code == null || code.isEmpty()) {
      return null;
    }
    StopReason reason = StopReason.fromCode(code);
    if (!reason.isPollingReason()) {
      throw new IllegalArgumentException(
          parameter
              + " must be a reason the rules stop for (no_package, traffic_exhausted,"
              + " not_realname), was '"
              + code
              + "'");
    }
    return reason;
  }
}
