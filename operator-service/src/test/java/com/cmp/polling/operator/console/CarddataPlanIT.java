package com.cmp.polling.operator.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.operator.OperatorTestApp;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import com.cmp.polling.testsupport.time.SettableClock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * The card page explains a card's next carddata check with the usage-aware carddata intervals,
 * applied to what is stored of the card (default bounds: 5 min to 24 h; headroom 2, set here).
 */
class CarddataPlanIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  /** 84 hours into December. */
  static final Instant NOW = Instant.parse("2026-12-04T12:00:00Z");

  static final LocalDate DECEMBER = LocalDate.of(2026, 12, 1);
  static OperatorTestApp app;
  static ConsoleClient console;

  @BeforeAll
  static void start() {
    app =
        OperatorTestApp.start(
            postgres,
            redis,
            kafka,
            Map.of(
                "cmp.polling.operator.monitoring.enabled", false,
                "cmp.polling.planning.usage-aware.enabled", true,
                "cmp.polling.planning.usage-aware.headroom-factor", 2),
            new SettableClock(NOW));
    console = new ConsoleClient(app.baseUrl());
    assertThat(console.logIn(OperatorTestApp.TOKEN).status()).isEqualTo(303);
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @Test
  void aCardNearingItsLimit_isExplainedByItsRate_andWhenItGetsThere() {
    // 30 MB in the two hours up to its last move an hour ago: 15 MB/h (its month: 100 MB in 84 h).
    long card =
        postgres
            .data()
            .card()
            .monthUsage(DECEMBER, "100", "0")
            .lastUsageChange(NOW.minus(Duration.ofHours(1)), "30", NOW.minus(Duration.ofHours(2)))
            .insert();
    postgres.data().packageOfCard(card).usage("170", "200").insert();

    JsonNode plan = planOf(card);

    assertThat(plan.path("usageAware").asBoolean()).isTrue();
    assertThat(plan.path("reason").asString()).isEqualTo("predicted");
    assertThat(plan.path("explanation").asString())
        .isEqualTo("at 15.0 MB/h (the card's recent rate) the package reaches its limit");
    // 30 MB left at 15 MB/h: the limit in 2 h; at twice the rate, 1 h.
    assertThat(Instant.parse(plan.path("limitAt").asString()))
        .isEqualTo(NOW.plus(Duration.ofHours(2)));
    assertThat(plan.path("waitSeconds").asLong()).isEqualTo(3600);
    assertThat(plan.path("remainingMb").asDouble()).isEqualTo(30.0);
  }

  @Test
  void anIdleCard_anExhaustedOne_andOneWithoutLimit_areExplainedEachByItsCase() {
    long idle =
        postgres
            .data()
            .card()
            .monthUsage(DECEMBER, "0", "0")
            .lastUsageChange(NOW.minus(Duration.ofHours(3)), "0", null)
            .insert();
    postgres.data().packageOfCard(idle).usage("0", "100").insert();
    long usedUp =
        postgres
            .data()
            .card()
            .monthUsage(DECEMBER, "100", "0")
            .lastUsageChange(NOW.minus(Duration.ofHours(1)), "10", null)
            .insert();
    postgres.data().packageOfCard(usedUp).usage("100", "100").insert();
    long withoutPackage = postgres.data().card().insert();

    assertThat(planOf(idle).path("explanation").asString())
        .isEqualTo("idle: checked every 1 d at most");
    assertThat(planOf(idle).path("waitSeconds").asLong()).isEqualTo(86_400);
    assertThat(planOf(usedUp).path("reason").asString()).isEqualTo("at-limit");
    assertThat(planOf(usedUp).path("explanation").asString())
        .isEqualTo(
            "the data of the package is used up: checked every 5 min until the rules stop the"
                + " card");
    assertThat(planOf(withoutPackage).path("reason").asString()).isEqualTo("config");
    assertThat(planOf(withoutPackage).path("explanation").asString())
        .isEqualTo("config interval: no package with a data limit");
    assertThat(planOf(withoutPackage).path("waitSeconds").asLong()).isEqualTo(1800);
  }

  @Test
  void aCardOfADevice_isExplainedByTheSharedPackagesRate() {
    long device = postgres.data().device().insert();
    long card =
        postgres
            .data()
            .card()
            .device(device)
            .monthUsage(DECEMBER, "0", "0")
            .lastUsageChange(NOW.minus(Duration.ofHours(1)), "0", null)
            .insert();
    postgres
        .data()
        .packageOfDevice(device)
        .usage("900", "1000")
        .activatedAt(NOW.minus(Duration.ofHours(10)))
        .insert();

    JsonNode plan = planOf(card);

    assertThat(plan.path("explanation").asString())
        .isEqualTo(
            "at 90.0 MB/h (the device's shared package) the device's package reaches its limit");
    assertThat(plan.path("rateBasis").asString()).isEqualTo("the device's shared package");
  }

  @Test
  void aCardWithoutCarddataChecks_hasNoPlan() {
    long notPolled = postgres.data().card().pollingDisabled().insert();

    assertThat(console.get("/console/api/cards/" + notPolled).json().path("carddataPlan").isNull())
        .isTrue();
  }

  private static JsonNode planOf(long card) {
    ConsoleClient.Reply reply = console.get("/console/api/cards/" + card);
    assertThat(reply.status()).isEqualTo(200);
    return reply.json().path("carddataPlan");
  }
}
