package com.cmp.polling.simulator.state;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.UnaryOperator;
import org.springframework.stereotype.Component;

/**
 * Every card's state, by ICCID. A card never seen reads as {@link CardState#fresh fresh} in the
 * current month (UTC) and is stored from its first change. Each change is atomic per card, so
 * concurrent usage queries never lose growth.
 */
@Component
public class CardStates {

  private final Clock clock;
  private final ConcurrentMap<String, CardState> cards = new ConcurrentHashMap<>();

  public CardStates(Clock clock) {
    this.clock = clock;
  }

  public CardState get(String iccid) {
    CardState state = cards.get(iccid);
    return state != null ? state : fresh();
  }

  /** Applies the non-null fields of {@code change}; returns the card's state afterwards. */
  public CardState change(String iccid, CardState change) {
    return update(iccid, state -> state.with(change));
  }

  /** Stops or starts the card; returns its state afterwards. */
  public CardState setOnline(String iccid, boolean online) {
    return update(iccid, state -> state.with(CardState.online(online)));
  }

  /** Adds {@code mb} to the card's month total; returns its state afterwards. */
  public CardState addUsage(String iccid, BigDecimal mb) {
    if (mb.signum() == 0) {
      return get(iccid);
    }
    return update(iccid, state -> state.with(CardState.usage(null, state.totalMb().add(mb))));
  }

  public void reset() {
    cards.clear();
  }

  private CardState update(String iccid, UnaryOperator<CardState> change) {
    return cards.compute(iccid, (card, state) -> change.apply(state != null ? state : fresh()));
  }

  private CardState fresh() {
    return CardState.fresh(LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC).withDayOfMonth(1));
  }
}
