package com.cmp.polling.simulator.state;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.UnaryOperator;
import org.springframework.stereotype.Component;

/**
 * Every card's state, by ICCID. A card never seen reads as {@link CardState#fresh fresh} in the
 * current month (UTC) and is stored from its first change. Every read and change sees the card
 * {@link CardState#inMonth in the current month}: once the clock is past the month of its total,
 * the card starts the new month with 0 MB. A card given a steady usage rate ({@link #setUsageRate})
 * has what it used on the clock added before each read and change. Each change is atomic per card,
 * so concurrent usage queries never lose growth.
 */
@Component
public class CardStates {

  private final Clock clock;
  private final ConcurrentMap<String, CardState> cards = new ConcurrentHashMap<>();
  private final UsageGrowth growth = new UsageGrowth();

  public CardStates(Clock clock) {
    this.clock = clock;
  }

  public CardState get(String iccid) {
    if (growth.grows(iccid)) {
      return update(iccid, state -> state);
    }
    CardState state = cards.get(iccid);
    return state != null ? state.inMonth(currentMonth()) : fresh();
  }

  /**
   * Applies the non-null fields of {@code change} to the card as it is in the current month;
   * returns the card's state afterwards, as {@link #get} would (a {@code monthStart} before the
   * current month reads as the current month with 0 MB).
   */
  public CardState change(String iccid, CardState change) {
    return update(iccid, state -> state.with(change));
  }

  /** Stops or starts the card; returns its state afterwards. */
  public CardState setOnline(String iccid, boolean online) {
    return update(iccid, state -> state.with(CardState.online(online)));
  }

  /**
   * Adds {@code mb} to the month total of the card if it is online (a stopped card consumes
   * nothing); returns its state afterwards.
   */
  public CardState addUsage(String iccid, BigDecimal mb) {
    if (mb.signum() == 0) {
      return get(iccid);
    }
    return update(
        iccid,
        state ->
            state.online() ? state.with(CardState.usage(null, state.totalMb().add(mb))) : state);
  }

  /**
   * From now on the card uses {@code mbPerHour} of data while online, on the simulator's clock (0
   * stops it); returns its state, with what it used until now.
   */
  public CardState setUsageRate(String iccid, BigDecimal mbPerHour) {
    if (mbPerHour.signum() < 0) {
      throw new IllegalArgumentException("mbPerHour must be 0 or more, was " + mbPerHour);
    }
    return update(
        iccid,
        state -> {
          growth.set(iccid, mbPerHour, clock.instant());
          return state;
        });
  }

  /** The card's steady usage in MB per hour (0 when none was set). */
  public BigDecimal usageRate(String iccid) {
    return growth.rate(iccid);
  }

  public void reset() {
    cards.clear();
    growth.reset();
  }

  /** Applies the change to the card as it is now: in this month, its steady usage added. */
  private CardState update(String iccid, UnaryOperator<CardState> change) {
    Instant now = clock.instant();
    LocalDate month = currentMonth();
    CardState changed =
        cards.compute(
            iccid,
            (card, state) ->
                change.apply(
                    growth.upToNow(
                        iccid,
                        state != null ? state.inMonth(month) : CardState.fresh(month),
                        now)));
    return changed.inMonth(month);
  }

  private CardState fresh() {
    return CardState.fresh(currentMonth());
  }

  /** The first day of the clock's month, in UTC. */
  private LocalDate currentMonth() {
    return LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC).withDayOfMonth(1);
  }
}
