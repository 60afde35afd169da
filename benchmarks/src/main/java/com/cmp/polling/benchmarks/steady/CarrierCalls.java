package com.cmp.polling.benchmarks.steady;

import static com.cmp.polling.benchmarks.Report.number;

import com.cmp.polling.benchmarks.Report;
import java.util.ArrayList;
import java.util.List;

/**
 * The carrier calls of a window as the gateway simulator counted them (reset when the window
 * began), per operation: a card called more than once for one operation is a duplicate when every
 * interval is longer than the window, unless a manual check of it made the second call.
 */
final class CarrierCalls {

  private final Report report;

  CarrierCalls(Report report) {
    this.report = report;
  }

  void write(Window window) {
    List<List<String>> rows = new ArrayList<>();
    window
        .calls()
        .byOperation()
        .forEach(
            (operation, calls) ->
                rows.add(
                    List.of(
                        operation,
                        number(calls.calls()),
                        number(calls.cards()),
                        number(calls.cardsCalledMoreThanOnce()),
                        number(calls.repeatCalls()))));
    Window.RepeatCalls manual = window.manualRepeats();
    report.paragraph(
        "Carrier calls during the window, at the simulator (counts reset when the window began; "
            + (window.repeatsAreDuplicates()
                ? "every interval is longer than the window, so a card has one due check of each"
                    + " type in it at most"
                : "**the shortest interval is shorter than the window**, so a card may be due"
                    + " twice in it and repeats are not all duplicates")
            + "): "
            + number(window.calls().total())
            + " calls, "
            + number(window.calls().rateLimited())
            + " answered 429. "
            + (manual.cards() == 0
                ? "No repeat is on a manually checked card."
                : "Of the repeats, "
                    + number(manual.calls())
                    + " calls on "
                    + number(manual.cards())
                    + " cards are the manual checks' own (the "
                    + manual.operation()
                    + " of a card checked both by hand and by the schedule in the window)."));
    report.table(
        List.of("operation", "calls", "cards", "cards called more than once", "repeat calls"),
        rows);
  }
}
