package com.cmp.polling.stopresume.gateway;

import com.cmp.polling.stopresume.gateway.CardAnswers.CardAnswer;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.IntPredicate;

/**
 * How one operation's answer for a card becomes its value, alone or in a batch: the JSON it reads,
 * the value taken from it (a {@link GatewayResponseException} when the answer lacks it), and the
 * statuses that mean "not offered" rather than a failure (the package query's 404 and 501).
 *
 * @param value the value of a card's answer; {@code subject} names the card for messages
 * @param notOffered the statuses that stand for {@code notOfferedValue}
 */
record AnswerReading<A extends CardAnswer, T>(
    CarrierOperation operation,
    Class<A> type,
    BiFunction<String, A, T> value,
    IntPredicate notOffered,
    T notOfferedValue) {

  static final AnswerReading<CardAnswers.RealName, Boolean> REAL_NAME =
      reading(
          CarrierOperation.REAL_NAME,
          CardAnswers.RealName.class,
          (subject, answer) -> required(subject, answer.verified()));

  static final AnswerReading<CardAnswers.Usage, MonthToDateUsage> USAGE =
      reading(
          CarrierOperation.USAGE,
          CardAnswers.Usage.class,
          (subject, answer) -> {
            if (answer.monthStart() == null || answer.totalMb() == null) {
              throw GatewayHttp.malformed(subject, "monthStart and totalMb are required");
            }
            return new MonthToDateUsage(answer.monthStart(), answer.totalMb());
          });

  static final AnswerReading<CardAnswers.Network, Boolean> NETWORK_STATUS =
      reading(
          CarrierOperation.NETWORK_STATUS,
          CardAnswers.Network.class,
          (subject, answer) -> required(subject, answer.online()));

  /**
   * A 404 (no such operation, or a card the carrier's package service does not know) and a 501 mean
   * the gateway cannot answer this query: empty, not an error.
   */
  static final AnswerReading<CardAnswers.Package, Optional<CarrierPackageState>> PACKAGE =
      new AnswerReading<>(
          CarrierOperation.PACKAGE,
          CardAnswers.Package.class,
          (subject, answer) -> {
            try {
              return Optional.of(CarrierPackageState.fromCode(required(subject, answer.state())));
            } catch (IllegalArgumentException e) {
              throw GatewayHttp.malformed(subject, e.getMessage());
            }
          },
          status -> status == 404 || status == 501,
          Optional.empty());

  static final AnswerReading<CardAnswers.Network, Void> STOP =
      reading(CarrierOperation.STOP, CardAnswers.Network.class, online(false));

  static final AnswerReading<CardAnswers.Network, Void> START =
      reading(CarrierOperation.START, CardAnswers.Network.class, online(true));

  private static <A extends CardAnswer, T> AnswerReading<A, T> reading(
      CarrierOperation operation, Class<A> type, BiFunction<String, A, T> value) {
    return new AnswerReading<>(operation, type, value, status -> false, null);
  }

  /** Stop and start answer the card's state afterwards, which must be the one asked for. */
  private static BiFunction<String, CardAnswers.Network, Void> online(boolean expected) {
    return (subject, answer) -> {
      boolean online = required(subject, answer.online());
      if (online != expected) {
        throw GatewayHttp.malformed(
            subject, "the card is " + (online ? "online" : "stopped") + " after it");
      }
      return null;
    };
  }

  private static <V> V required(String subject, V field) {
    if (field == null) {
      throw GatewayHttp.malformed(subject, "the answer lacks the expected field");
    }
    return field;
  }
}
