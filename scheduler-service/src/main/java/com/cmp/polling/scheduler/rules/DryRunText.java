package com.cmp.polling.scheduler.rules;

import com.cmp.polling.scheduler.rules.SwitchViews.SwitchView;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The dry run as the command prints it: a short report for a person at a terminal. */
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
