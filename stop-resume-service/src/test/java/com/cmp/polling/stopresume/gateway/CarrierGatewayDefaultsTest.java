package com.cmp.polling.stopresume.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A gateway that knows only single calls answers the forms for many cards card by card: each card
 * its own call and its own outcome, a failure only its card's.
 */
class CarrierGatewayDefaultsTest {

  private final CarrierCard good = new CarrierCard(1, "8986001", 1);
  private final CarrierCard refused = new CarrierCard(2, "8986404", 1);
  private final CarrierCard broken = new CarrierCard(3, "8986500", 2);
  private final SingleCallsOnly gateway = new SingleCallsOnly();

  @Test
  void everyCardIsAskedAlone_andKeepsItsOwnOutcome() {
    List<CardOutcome<Boolean>> outcomes = gateway.isRealNameVerifiedAll(List.of(good, refused));

    assertThat(gateway.asked).containsExactly("real-name 8986001", "real-name 8986404");
    assertThat(outcomes.get(0).get()).isTrue();
    assertThat(outcomes.get(1).failure()).isInstanceOf(CarrierRejectedException.class);
    assertThat(gateway.batchSize(1, CarrierOperation.USAGE)).isEqualTo(1);
  }

  @Test
  void stopsAndStarts_succeedWithoutAValue() {
    List<CardOutcome<Void>> stops = gateway.stopAll(List.of(good, refused));
    List<CardOutcome<Void>> starts = gateway.startAll(List.of(good));

    assertThat(stops.get(0).succeeded()).isTrue();
    assertThat(stops.get(0).value()).isNull();
    assertThat(stops.get(1).succeeded()).isFalse();
    assertThat(starts.get(0).succeeded()).isTrue();
    assertThat(gateway.asked).containsExactly("stop 8986001", "stop 8986404", "start 8986001");
  }

  @Test
  void theOtherQueries_answerCardByCardToo() {
    assertThat(gateway.monthToDateUsageAll(List.of(good)).get(0).get().totalMb())
        .isEqualByComparingTo("1");
    assertThat(gateway.packageStateAll(List.of(good)).get(0).get()).isEmpty();
    assertThat(gateway.isOnlineAll(List.of(good, refused)).get(1).failure().isRetryable())
        .isFalse();
  }

  @Test
  void aFailureThatIsNotTheCarriersAnswer_isThrown() {
    assertThatThrownBy(() -> gateway.isOnlineAll(List.of(good, broken)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("a bug");
  }

  /** The only kind of gateway an implementation had to be: single calls. */
  private static final class SingleCallsOnly implements CarrierGateway {
    final List<String> asked = new ArrayList<>();

    private void ask(String operation, CarrierCard card) {
      asked.add(operation + " " + card.iccid());
      if (card.iccid().endsWith("404")) {
        throw new CarrierRejectedException(operation + " of " + card + ": unknown", 404, null);
      }
      if (card.iccid().endsWith("500")) {
        throw new IllegalStateException("a bug");
      }
    }

    @Override
    public boolean isRealNameVerified(CarrierCard card) {
      ask("real-name", card);
      return true;
    }

    @Override
    public MonthToDateUsage monthToDateUsage(CarrierCard card) {
      ask("usage", card);
      return new MonthToDateUsage(LocalDate.of(2026, 11, 1), BigDecimal.ONE);
    }

    @Override
    public Optional<CarrierPackageState> packageState(CarrierCard card) {
      ask("package", card);
      return Optional.empty();
    }

    @Override
    public boolean isOnline(CarrierCard card) {
      ask("network-status", card);
      return true;
    }

    @Override
    public void stop(CarrierCard card) {
      ask("stop", card);
    }

    @Override
    public void start(CarrierCard card) {
      ask("start", card);
    }
  }
}
