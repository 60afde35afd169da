package com.cmp.polling.core.budget;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The configured carrier accounts, found by carrier. A carrier outside every account has no budget:
 * its calls are limited, if at all, by its own per-carrier rate limit, as before accounts existed.
 */
public final class CarrierAccounts {

  /** No accounts: no carrier has a budget. */
  public static final CarrierAccounts NONE = new CarrierAccounts(List.of());

  private final List<CarrierAccount> accounts;
  private final Map<Long, CarrierAccount> byCarrier = new HashMap<>();

  /**
   * @throws IllegalArgumentException when a carrier is in two accounts
   */
  public CarrierAccounts(Collection<CarrierAccount> accounts) {
    this.accounts = List.copyOf(accounts);
    for (CarrierAccount account : accounts) {
      for (Long carrierId : account.carriers()) {
        CarrierAccount other = byCarrier.put(carrierId, account);
        if (other != null) {
          throw new IllegalArgumentException(
              "carrier "
                  + carrierId
                  + " is in two carrier accounts, "
                  + other.name()
                  + " and "
                  + account.name()
                  + " (cmp.polling.gateway.accounts.*.carriers): a carrier's calls are paid by one");
        }
      }
    }
  }

  public Optional<CarrierAccount> of(long carrierId) {
    return Optional.ofNullable(byCarrier.get(carrierId));
  }

  /** The carriers of every account. */
  public Set<Long> carriers() {
    return Set.copyOf(byCarrier.keySet());
  }

  public List<CarrierAccount> all() {
    return accounts;
  }

  public boolean isEmpty() {
    return accounts.isEmpty();
  }
}
