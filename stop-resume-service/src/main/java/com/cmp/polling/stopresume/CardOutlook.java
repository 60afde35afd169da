package com.cmp.polling.stopresume;

import com.cmp.polling.core.switches.Exemption;
import com.cmp.polling.schemas.action.StopReason;
import java.util.List;

/**
 * What the rules say about a card now, and what {@link StopResumeService#evaluateAndAct} would do
 * with it, found without acting.
 *
 * @param deviceId the card's (live) device, or null
 * @param protectedCard an operator's protection period runs: evaluateAndAct leaves the card alone
 * @param holding the stop reasons that count, highest priority first
 * @param exempted the reasons that hold but that a rule switch sets aside
 * @param action what evaluateAndAct would do
 * @param reason the reason it would stop for, or lift; null for {@link Action#NONE}
 * @param reasons what the action would record for this card in tb_stop_resume_log: for a stop every
 *     reason that holds, {@code reason} first; for a resume the reason lifted; empty for none
 * @param explanation why, as the decision's log line would say it
 * @param affectedCardIds the cards it would stop or resume (several for a device), empty for none
 */
public record CardOutlook(
    long cardId,
    long carrierId,
    Long deviceId,
    boolean protectedCard,
    List<StopReason> holding,
    List<Exemption> exempted,
    Action action,
    StopReason reason,
    List<StopReason> reasons,
    String explanation,
    List<Long> affectedCardIds) {

  /** What evaluateAndAct would do. */
  public enum Action {
    NONE,
    STOP,
    RESUME
  }

  public CardOutlook {
    holding = List.copyOf(holding);
    exempted = List.copyOf(exempted);
    reasons = List.copyOf(reasons);
    affectedCardIds = List.copyOf(affectedCardIds);
  }
}
