package com.cmp.polling.stopresume.dryrun;

import java.util.List;

/**
 * One page of the cards a dry run selects, in id order.
 *
 * @param nextAfterId the cursor of the next page; null when the fleet has been read to its end
 */
public record DryRunCardPage(List<Long> cardIds, Long nextAfterId) {

  public DryRunCardPage {
    cardIds = List.copyOf(cardIds);
  }
}
