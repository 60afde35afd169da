package com.cmp.polling.operator.rules;

import com.cmp.polling.core.switches.RuleSwitchCache;
import com.cmp.polling.core.switches.RuleSwitchStore;
import com.cmp.polling.core.switches.SwitchChange;
import com.cmp.polling.core.switches.SwitchSetting;
import com.cmp.polling.operator.rules.SwitchViews.AllSwitches;
import com.cmp.polling.operator.rules.SwitchViews.AuditPage;
import com.cmp.polling.operator.rules.SwitchViews.ChangeView;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;
import tools.jackson.databind.JsonNode;

/**
 * The rule switches (issue 19): {@code GET /api/admin/rules/switches}, {@code PUT
 * /api/admin/rules/switches/{carrierId|default}}, {@code DELETE
 * /api/admin/rules/switches/{carrierId}?actor=} (the carrier follows the default again) and {@code
 * GET /api/admin/rules/switches/audit}. A change is written with its audit row in one transaction,
 * then loaded here and announced to every other process, which reloads at once.
 */
@RestController
class RuleSwitchController {

  private static final Logger log = LoggerFactory.getLogger(RuleSwitchController.class);
  static final int MAX_AUDIT_PAGE = 500;

  private final RuleSwitchStore store;
  private final RuleSwitchCache cache;

  RuleSwitchController(RuleSwitchStore store, RuleSwitchCache cache) {
    this.store = store;
    this.cache = cache;
  }

  @GetMapping("/api/admin/rules/switches")
  AllSwitches switches() {
    return AllSwitches.of(store.load());
  }

  @PutMapping("/api/admin/rules/switches/{scope}")
  ChangeView put(
      @PathVariable String scope,
      @RequestBody
          @io.swagger.v3.oas.annotations.parameters.RequestBody(
              content = @Content(schema = @Schema(implementation = SwitchRequest.class)))
          JsonNode body) {
    Long carrierId = scope(scope);
    SwitchRequest request = SwitchRequest.parse(body);
    SwitchChange change = store.put(carrierId, request.setting(), request.actor());
    log.info(
        "rule switch of {} set by {}: {} (was {})",
        describe(carrierId),
        request.actor(),
        describe(change.after()),
        describe(change.before()));
    spread();
    return ChangeView.of(change);
  }

  @DeleteMapping("/api/admin/rules/switches/{scope}")
  ChangeView remove(@PathVariable String scope, @RequestParam(required = false) String actor) {
    Long carrierId = scope(scope);
    if (carrierId == null) {
      throw new IllegalArgumentException(
          "the default switch cannot be removed; set it with PUT /api/admin/rules/switches/default");
    }
    if (actor == null
        || actor.isBlank()
        || actor.strip().length() > SwitchRequest.MAX_ACTOR_LENGTH) {
      throw new IllegalArgumentException(
          "actor must name who makes the change (1 to "
              + SwitchRequest.MAX_ACTOR_LENGTH
              + " characters), e.g. ?actor=alice");
    }
    return store
        .remove(carrierId, actor.strip())
        .map(
            change -> {
              log.info(
                  "rule switch of {} removed by {} (was {}): the default applies again",
                  describe(carrierId),
                  change.actor(),
                  describe(change.before()));
              spread();
              return ChangeView.of(change);
            })
        .orElseThrow(
            () ->
                new ResponseStatusException(
                    HttpStatus.NOT_FOUND,
                    describe(carrierId) + " has no switch of its own: the default applies"));
  }

  @GetMapping("/api/admin/rules/switches/audit")
  AuditPage audit(
      @RequestParam(required = false) Long beforeId,
      @RequestParam(defaultValue = "100") int limit) {
    if (limit < 1 || limit > MAX_AUDIT_PAGE) {
      throw new IllegalArgumentException(
          "limit must be between 1 and " + MAX_AUDIT_PAGE + ", was " + limit);
    }
    List<SwitchChange> changes = store.changes(beforeId == null ? Long.MAX_VALUE : beforeId, limit);
    Long next = changes.size() == limit ? changes.get(changes.size() - 1).id() : null;
    return new AuditPage(changes.stream().map(ChangeView::of).toList(), next);
  }

  /** This process uses the change at once; the others when they hear of it. */
  private void spread() {
    cache.refreshNow();
    cache.announceChange();
  }

  /** {@code default} or a carrier id above 0. */
  static Long scope(String scope) {
    if ("default".equals(scope)) {
      return null;
    }
    try {
      long carrierId = Long.parseLong(scope);
      if (carrierId > 0) {
        return carrierId;
      }
    } catch (NumberFormatException notANumber) {
      // refused below
    }
    throw new IllegalArgumentException(
        "the switch must be 'default' or a carrier id above 0, was '" + scope + "'");
  }

  private static String describe(Long carrierId) {
    return carrierId == null ? "the default" : "carrier " + carrierId;
  }

  private static String describe(SwitchSetting setting) {
    if (setting == null) {
      return "none";
    }
    String text = "not_realname " + (setting.enforceNotRealname() ? "enforced" : "not enforced");
    return setting.notRealnameGraceUntil() == null
        ? text
        : text + ", grace until " + setting.notRealnameGraceUntil();
  }
}
