package com.cmp.polling.stopresume.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.stopresume.gateway.CardAnswers.Batch;
import com.cmp.polling.stopresume.gateway.CardAnswers.CardFailure;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** How a batch answer's entries become each card's outcome, as its single call's would. */
class BatchAnswerTest {

  private static final LocalDate NOVEMBER = LocalDate.of(2026, 11, 1);
  private final CarrierCard first = new CarrierCard(1, "8986001", 1);
  private final CarrierCard second = new CarrierCard(2, "8986002", 1);
  private final CarrierCard third = new CarrierCard(3, "8986003", 1);

  @Test
  void results_andFailures_mapToTheirCards_inTheOrderOfTheCards() {
    Batch<CardAnswers.Usage> answer =
        new Batch<>(
            List.of(new CardAnswers.Usage("8986003", NOVEMBER, BigDecimal.TEN)),
            List.of(
                new CardFailure("8986001", 404, "unknown_card", "no such card"),
                new CardFailure("8986002", 503, "busy", "try later")));

    List<CardOutcome<MonthToDateUsage>> outcomes =
        HttpBatchCalls.outcomes(List.of(first, second, third), answer, AnswerReading.USAGE);

    assertThat(outcomes.get(0).failure())
        .isInstanceOf(CarrierRejectedException.class)
        .hasMessageContaining("usage of card 1 (ICCID 8986001, carrier 1) (batch call) failed")
        .hasMessageContaining("HTTP 404 unknown_card: no such card");
    assertThat(((CarrierRejectedException) outcomes.get(0).failure()).status()).isEqualTo(404);
    assertThat(outcomes.get(1).failure()).isInstanceOf(GatewayUnavailableException.class);
    assertThat(outcomes.get(2).get()).isEqualTo(new MonthToDateUsage(NOVEMBER, BigDecimal.TEN));
  }

  @Test
  void aCardTheAnswerDoesNotName_failsRetryably() {
    Batch<CardAnswers.RealName> answer =
        new Batch<>(List.of(new CardAnswers.RealName("8986001", true)), null);

    List<CardOutcome<Boolean>> outcomes =
        HttpBatchCalls.outcomes(List.of(first, second), answer, AnswerReading.REAL_NAME);

    assertThat(outcomes.get(0).get()).isTrue();
    assertThat(outcomes.get(1).failure())
        .isInstanceOf(GatewayResponseException.class)
        .hasMessageContaining("the batch answer has no result for the card");
    assertThat(outcomes.get(1).failure().isRetryable()).isTrue();
  }

  @Test
  void aResultLackingItsField_orAFailureWithoutAnErrorStatus_isAResponseError() {
    Batch<CardAnswers.Network> answer =
        new Batch<>(
            List.of(new CardAnswers.Network("8986001", null)),
            List.of(new CardFailure("8986002", 200, "ok", "fine")));

    List<CardOutcome<Boolean>> outcomes =
        HttpBatchCalls.outcomes(List.of(first, second), answer, AnswerReading.NETWORK_STATUS);

    assertThat(outcomes.get(0).failure())
        .isInstanceOf(GatewayResponseException.class)
        .hasMessageContaining("lacks the expected field");
    assertThat(outcomes.get(1).failure())
        .isInstanceOf(GatewayResponseException.class)
        .hasMessageContaining("no error status (200)");
  }

  @Test
  void packageQuery_notOfferedForACard_isEmpty_asAlone() {
    Batch<CardAnswers.Package> answer =
        new Batch<>(
            List.of(new CardAnswers.Package("8986001", "expired")),
            List.of(
                new CardFailure("8986002", 404, "not_found", "no package service"),
                new CardFailure("8986003", 501, "not_implemented", "")));

    List<CardOutcome<Optional<CarrierPackageState>>> outcomes =
        HttpBatchCalls.outcomes(List.of(first, second, third), answer, AnswerReading.PACKAGE);

    assertThat(outcomes.get(0).get()).contains(CarrierPackageState.EXPIRED);
    assertThat(outcomes.get(1).get()).isEmpty();
    assertThat(outcomes.get(2).get()).isEmpty();
  }

  @Test
  void aStopAnsweredWithTheCardOnline_isAResponseError_forThatCardOnly() {
    Batch<CardAnswers.Network> answer =
        new Batch<>(
            List.of(
                new CardAnswers.Network("8986001", false),
                new CardAnswers.Network("8986002", true)),
            List.of());

    List<CardOutcome<Void>> outcomes =
        HttpBatchCalls.outcomes(List.of(first, second), answer, AnswerReading.STOP);

    assertThat(outcomes.get(0).succeeded()).isTrue();
    assertThat(outcomes.get(1).failure())
        .isInstanceOf(GatewayResponseException.class)
        .hasMessageContaining("the card is online after it");
  }

  @Test
  void twoCardsWithOneIccid_getTheSameOutcome() {
    CarrierCard again = new CarrierCard(9, "8986001", 1);
    Batch<CardAnswers.RealName> answer =
        new Batch<>(List.of(new CardAnswers.RealName("8986001", false)), List.of());

    List<CardOutcome<Boolean>> outcomes =
        HttpBatchCalls.outcomes(List.of(first, again), answer, AnswerReading.REAL_NAME);

    assertThat(outcomes).extracting(CardOutcome::value).containsExactly(false, false);
  }
}
