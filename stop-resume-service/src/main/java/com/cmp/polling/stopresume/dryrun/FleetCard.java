package com.cmp.polling.stopresume.dryrun;

import com.cmp.polling.core.card.Card;

/**
 * A card as a dry run reads it, with where it sits: a device's polling flag and deletion decide
 * whether the pipeline evaluates it.
 */
record FleetCard(Card card, Placement placement) {

  /** Where a card sits. */
  enum Placement {
    /** Outside any device: judged alone, on its own packages. */
    ALONE,
    /** In a live device that allows polling: judged with the device's other cards. */
    POLLED_DEVICE,
    /** In a live device with polling off: the pipeline does not evaluate it. */
    UNPOLLED_DEVICE,
    /**
     * In a soft-deleted device: not evaluated until it is moved (deleting a device must not stop
     * its cards at the carrier for lacking packages of their own).
     */
    DELETED_DEVICE
  }
}
