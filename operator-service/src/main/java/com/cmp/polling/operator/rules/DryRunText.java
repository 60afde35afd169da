package com.cmp.polling.operator.rules;

import com.cmp.polling.operator.rules.SwitchViews.SwitchView;
import com.cmp.polling.stopresume.dryrun.DryRunCardPage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The dry run as the command prints it: a short report for a person at a terminal, or a page of
 * card ids, one a line, for a script (the other lines begin with {@code #}).
 */
final class DryRunText {

  private DryRunText() {}

  static String of(DryRunView view) {
    StringBuilder text = new StringBuilder();
    line(
        text,
        "Rule dry run of "
            + (view.carrierId() == null ? "the whole fleet" : "carrier " + view.carrierId())
            + " at "
            + view.startedAt()
            + " (took "
            + view.tookMillis()
            + " ms; nothing was changed)");
    line(text, "Switches in force:");
    List<SwitchView> switches = new ArrayList<>();
    switches.add(view.switches().defaults());
    switches.addAll(view.switches().carriers());
    for (SwitchView each : switches) {
      line(
          text,
          String.format(
              "  %-12s not_realname %s%s",
              each.carrierId() == null ? "default" : "carrier " + each.carrierId(),
              each.enforceNotRealname() ? "enforced" : "not enforced",
              each.notRealnameGraceUntil() == null
                  ? ""
                  : ", grace until " + each.notRealnameGraceUntil()));
    }
    line(
        text,
        "Cards evaluated: "
            + view.cardsEvaluated()
            + " (and "
            + view.cardsProtected()
            + " under a protection period, left alone)");
    line(text, "Would stop:    " + counts(view, "stop"));
    line(text, "Would resume:  " + counts(view, "resume"));
    line(text, "Exempted:      " + counts(view, "exempt") + "  (online only because of a switch)");
    line(text, "Stops by every reason that would be recorded:");
    if (view.stopsByReasonsHeld().isEmpty()) {
      line(text, "  none");
    }
    view.stopsByReasonsHeld()
        .forEach(
            (reasons, cards) ->
                line(text, String.format("  %-8d %s", cards, reasons.replace(",", ", "))));
    line(text, "By carrier:");
    if (view.byCarrier().isEmpty()) {
      line(text, "  none");
    }
    for (DryRunView.CarrierCounts carrier : view.byCarrier()) {
      line(
          text,
          String.format(
              "  carrier %-6d stop %s; resume %s; exempt %s",
              carrier.carrierId(),
              reasons(carrier.counts().get("stop")),
              reasons(carrier.counts().get("resume")),
              reasons(carrier.counts().get("exempt"))));
    }
    line(text, "Note: " + view.switchedOffNotRealname() + ".");
    return text.toString();
  }

  static String of(DryRunCardQuery query, DryRunCardPage page) {
    StringBuilder text = new StringBuilder();
    line(
        text,
        "# Cards the rules would "
            + DryRunView.code(query.action())
            + (query.reason() == null ? "" : " for " + query.reason().code())
            + (query.holding() == null
                ? ""
                : ", with " + query.holding().code() + " among the reasons,")
            + " in "
            + (query.carrierId() == null ? "the whole fleet" : "carrier " + query.carrierId())
            + ", after id "
            + query.afterId()
            + ", at most "
            + query.limit()
            + " (nothing was changed):");
    page.cardIds().forEach(id -> line(text, Long.toString(id)));
    line(
        text,
        "# "
            + page.cardIds().size()
            + (page.cardIds().size() == 1 ? " card" : " cards")
            + (page.nextAfterId() == null
                ? "; last page."
                : "; next page: --" + DryRunCommand.AFTER_ID + "=" + page.nextAfterId()));
    return text.toString();
  }

  private static String counts(DryRunView view, String action) {
    return view.totals().get(action) + reasons(view.byReason().get(action), " ");
  }

  private static String reasons(Map<String, Long> reasons) {
    long total = reasons.values().stream().mapToLong(n -> n).sum();
    return total + reasons(reasons, " ");
  }

  private static String reasons(Map<String, Long> reasons, String gap) {
    if (reasons.isEmpty()) {
      return "";
    }
    return reasons.entrySet().stream()
        .map(e -> e.getKey() + " " + e.getValue())
        .collect(Collectors.joining(", ", gap + "(", ")"));
  }

  private static void line(StringBuilder text, String line) {
    text.append(line).append(System.lineSeparator());
  }
}
