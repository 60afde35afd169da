package com.cmp.polling.stopresume.action;

import com.cmp.polling.core.stopresumelog.AttemptResult;
import com.cmp.polling.schemas.action.ActionTrigger;
import com.cmp.polling.schemas.action.CardActionType;
import com.cmp.polling.schemas.action.StopReason;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * Micrometer counters of stop/resume. Tags are small fixed sets (never a card id):
 *
 * <ul>
 *   <li>{@code polling.stopresume.actions} — action, reason, trigger, result (success, failed)
 *   <li>{@code polling.stopresume.attempts} — action, result (success, error, failed)
 *   <li>{@code polling.stopresume.evaluations} — outcome
 * </ul>
 */
public class StopResumeMetrics {

  private final MeterRegistry registry;

  public StopResumeMetrics(MeterRegistry registry) {
    this.registry = registry;
  }

  void action(CardActionType action, StopReason reason, ActionTrigger trigger, boolean success) {
    registry
        .counter(
            "polling.stopresume.actions",
            "action",
            action.code(),
            "reason",
            reason.code(),
            "trigger",
            trigger.code(),
            "result",
            success ? "success" : "failed")
        .increment();
  }

  void attempt(CardActionType action, AttemptResult result) {
    registry
        .counter("polling.stopresume.attempts", "action", action.code(), "result", result.code())
        .increment();
  }

  public void evaluation(String outcome) {
    registry.counter("polling.stopresume.evaluations", "outcome", outcome).increment();
  }
}
