package com.cmp.polling.operator.rules;

import com.cmp.polling.stopresume.dryrun.DryRunCardPage;
import com.cmp.polling.stopresume.dryrun.RuleDryRun;
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
      @RequestParam(defaultValue = "" + DryRunCardQuery.DEFAULT_LIMIT) int limit) {
    return new DryRunCardQuery(
            DryRunCardQuery.action("action", action),
            DryRunCardQuery.reason("reason", reason),
            DryRunCardQuery.reason("holding", holding),
            carrier(carrierId),
            DryRunCardQuery.afterId("afterId", afterId),
            DryRunCardQuery.limit("limit", limit))
        .run(dryRun);
  }

  private static Long carrier(Long carrierId) {
    if (carrierId != null && carrierId <= 0) {
      throw new IllegalArgumentException("carrierId must be above 0, was " + carrierId);
    }
    return carrierId;
  }
}
