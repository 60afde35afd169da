package com.cmp.polling.stopresume.gateway;

import com.cmp.polling.core.budget.CallBudget;
import com.cmp.polling.core.budget.CallBudget.Share;
import com.cmp.polling.core.budget.CallBudget.Spent;
import org.springframework.dao.DataAccessException;

/**
 * What a stop or start call spends from its carrier account's budget: the whole account is open to
 * it, reserved share included. The check handlers spend for their queries themselves (regular ones
 * only the unreserved share), so only the actions spend here.
 */
public class ActionBudget {

  /** No budget: nothing spent, every action goes. */
  public static final ActionBudget NONE = new ActionBudget(null);

  private final CallBudget budget;

  public ActionBudget(CallBudget budget) {
    this.budget = budget;
  }

  /**
   * Spends one call of the carrier's account.
   *
   * @throws GatewayUnavailableException (retryable) when the account is spent for this second or
   *     this day, or Redis cannot tell: the action is retried as after any passing failure
   */
  void spend(long carrierId, String operation) {
    if (budget == null) {
      return;
    }
    Spent spent;
    try {
      spent = budget.trySpend(carrierId, Share.WHOLE);
    } catch (DataAccessException e) {
      throw new GatewayUnavailableException(
          operation + ": the call budget of carrier " + carrierId + " is unavailable in Redis", e);
    }
    if (!spent.allowed()) {
      throw new GatewayUnavailableException(
          operation
              + ": the account of carrier "
              + carrierId
              + " has spent its calls "
              + (spent == Spent.DAY_SPENT ? "of today" : "of this second"),
          null);
    }
  }
}
