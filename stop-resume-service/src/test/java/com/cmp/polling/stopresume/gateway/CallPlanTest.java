package com.cmp.polling.stopresume.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CallPlanTest {

  /** Carrier 1 takes 10 cards a call, carrier 2 has no batch form. */
  private static final Map<Long, Integer> SIZES = Map.of(1L, 10);

  @Test
  void cardsOfACarrierWithBatches_goInChunksOfItsSize_theOthersOneCallEach() {
    List<CarrierCard> cards = new ArrayList<>();
    for (int i = 0; i < 25; i++) {
      cards.add(card(i, 1));
    }
    for (int i = 25; i < 32; i++) {
      cards.add(card(i, 2));
    }

    List<List<CarrierCard>> calls = plan(cards).calls();

    assertThat(calls).hasSize(3 + 7);
    assertThat(calls.subList(0, 3)).extracting(List::size).containsExactly(10, 10, 5);
    assertThat(calls.subList(3, 10)).allSatisfy(call -> assertThat(call).hasSize(1));
    assertThat(calls.get(0)).allSatisfy(card -> assertThat(card.carrierId()).isEqualTo(1));
  }

  @Test
  void carriersComeInTheOrderOfTheirFirstCard_cardsInTheirOrder() {
    List<CarrierCard> cards = List.of(card(1, 2), card(2, 1), card(3, 2), card(4, 1));

    List<List<CarrierCard>> calls = plan(cards).calls();

    assertThat(calls)
        .containsExactly(List.of(card(1, 2)), List.of(card(3, 2)), List.of(card(2, 1), card(4, 1)));
  }

  @Test
  void results_comeBackInTheOrderOfTheItems_whateverTheCalls() {
    List<CarrierCard> cards = List.of(card(1, 2), card(2, 1), card(3, 2), card(4, 1));

    List<Long> ids = plan(cards).runInTurn(call -> call.stream().map(CarrierCard::cardId).toList());

    assertThat(ids).containsExactly(1L, 2L, 3L, 4L);
  }

  @Test
  void aCallAnsweringForMoreOrFewerItems_isRefused() {
    CallPlan<CarrierCard> plan = plan(List.of(card(1, 1), card(2, 1)));

    assertThatThrownBy(() -> plan.inItemOrder(List.of(List.of("only one"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("1 results for a call of 2 items");
    assertThatThrownBy(() -> plan.inItemOrder(List.of()))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void noItems_noCalls() {
    assertThat(plan(List.of()).calls()).isEmpty();
    assertThat(plan(List.of()).runInTurn(call -> call)).isEmpty();
  }

  @Test
  void batchSizes_areOneWhereNoneIsSet_andMustBePositive() {
    BatchSizes sizes = BatchSizes.NONE.with(1, CarrierOperation.USAGE, 10);

    assertThat(sizes.of(1, CarrierOperation.USAGE)).isEqualTo(10);
    assertThat(sizes.of(1, CarrierOperation.STOP)).isEqualTo(1);
    assertThat(sizes.of(2, CarrierOperation.USAGE)).isEqualTo(1);
    assertThatThrownBy(() -> sizes.with(1, CarrierOperation.STOP, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("batch size of stop at carrier 1 must be at least 1");
  }

  @Test
  void operations_areKnownByTheirWireNames() {
    assertThat(CarrierOperation.fromWireName("network-status"))
        .isEqualTo(CarrierOperation.NETWORK_STATUS);
    assertThat(CarrierOperation.STOP.isQuery()).isFalse();
    assertThatThrownBy(() -> CarrierOperation.fromWireName("sms"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("unknown carrier operation 'sms'");
  }

  private static CallPlan<CarrierCard> plan(List<CarrierCard> cards) {
    return CallPlan.of(cards, CarrierCard::carrierId, carrier -> SIZES.getOrDefault(carrier, 1));
  }

  private static CarrierCard card(long id, long carrierId) {
    return new CarrierCard(id, "8986" + id, carrierId);
  }
}
