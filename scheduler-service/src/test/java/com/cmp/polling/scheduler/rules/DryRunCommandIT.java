package com.cmp.polling.scheduler.rules;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.testsupport.app.InfrastructureProperties;
import com.cmp.polling.testsupport.data.TestData;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * {@code --dry-run}: the scheduler started in-process as the command line would start it prints the
 * report and ends, without serving HTTP, scheduling, initializing the queues or creating topics.
 */
@ExtendWith(OutputCaptureExtension.class)
class DryRunCommandIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  @Test
  void dryRun_printsTheCountsOfTheFleet_andOfOneCarrier_thenEnds_havingChangedNothing(
      CapturedOutput output) {
    TestData data = postgres.data();
    data.card().insert();
    long usedUp = data.card().insert();
    data.packageOfCard(usedUp).status(2).usage("10", "10").insert();
    long unverified = data.card().carrier(2, "CUCC").unverified().insert();
    data.packageOfCard(unverified).status(1).insert();
    long stopped = data.card().carrier(2, "CUCC").stopped("no_package").insert();
    data.packageOfCard(stopped).status(1).insert();

    int fleet = DryRunCommand.execute(arguments("--dry-run"));
    int carrier = DryRunCommand.execute(arguments("--dry-run", "--carrier=2"));

    assertThat(fleet).isZero();
    assertThat(carrier).isZero();
    String out = output.getOut();
    assertThat(out)
        .contains("Rule dry run of the whole fleet")
        .contains("Rule dry run of carrier 2")
        .contains("  default      not_realname enforced")
        .contains("Would stop:    3 (no_package 2, not_realname 1)")
        .contains("Would stop:    1 (not_realname 1)")
        .contains("Would resume:  1 (no_package 1)")
        .contains(
            String.join(
                System.lineSeparator(),
                "Stops by every reason that would be recorded:",
                "  1        no_package",
                "  1        no_package, traffic_exhausted",
                "  1        not_realname"))
        .contains("  carrier 2      stop 1 (not_realname 1); resume 1 (no_package 1); exempt 0")
        .contains("resumed at its next check");
    assertThat(out).contains("scheduling loop disabled").doesNotContain("Tomcat started");
    assertThat(
            postgres
                .jdbc()
                .sql("SELECT count(*) FROM tb_iot_card WHERE network_status = 0")
                .query(Long.class)
                .single())
        .isEqualTo(1);
    assertThat(redis.template().hasKey("polling:init:marker")).isFalse();
  }

  @Test
  void aBadCarrier_endsWithExitCode1_andSaysWhy(CapturedOutput output) {
    int exit = DryRunCommand.execute(arguments("--dry-run", "--carrier=abc"));

    assertThat(exit).isEqualTo(1);
    assertThat(output.getAll()).contains("--carrier must be a carrier id above 0, was 'abc'");
  }

  @Test
  void withoutTheOption_theRunnerDoesNothing() {
    assertThat(DryRunCommand.requested("--carrier=2")).isFalse();
    assertThat(DryRunCommand.requested("--dry-run", "--carrier=2")).isTrue();
    assertThat(DryRunCommand.requested("--dry-run=true")).isTrue();
  }

  private static String[] arguments(String... command) {
    Map<String, Object> properties =
        new HashMap<>(InfrastructureProperties.of(postgres, redis, kafka));
    properties.put("cmp.polling.gateway.base-url", "http://127.0.0.1:9");
    List<String> all = new ArrayList<>(List.of(InfrastructureProperties.asArguments(properties)));
    all.addAll(List.of(command));
    return all.toArray(String[]::new);
  }
}
