package com.cmp.polling.operator.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.cmp.polling.operator.OperatorApplication;
import com.cmp.polling.operator.OperatorTestApp;
import com.cmp.polling.testsupport.app.InfrastructureProperties;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * Without a configured token the app refuses to start, except in the {@code dev} profile, which
 * generates one and logs it. A configured token is never logged.
 */
@ExtendWith(OutputCaptureExtension.class)
class AdminTokenStartupIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  private static final Pattern LOGGED_TOKEN =
      Pattern.compile("WARN .*dev profile: admin API token is (\\S+)");

  @Test
  void withoutToken_theAppRefusesToStart_namingTheProperty() {
    Map<String, Object> properties =
        new HashMap<>(InfrastructureProperties.of(postgres, redis, kafka));
    properties.put("cmp.polling.gateway.base-url", "http://127.0.0.1:9");
    properties.put("cmp.polling.operator.admin.token", "");

    assertThatThrownBy(
            () ->
                new SpringApplicationBuilder(OperatorApplication.class)
                    .run(InfrastructureProperties.asArguments(properties))
                    .close())
        .rootCause()
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("cmp.polling.operator.admin.token is not set");
  }

  @Test
  void withoutToken_inTheDevProfile_theAppStartsWithAGeneratedTokenItLogs(CapturedOutput output) {
    try (OperatorTestApp app =
        OperatorTestApp.start(
            postgres,
            redis,
            kafka,
            Map.of("cmp.polling.operator.admin.token", "", "spring.profiles.active", "dev"))) {
      String token = loggedToken(output.getOut());

      assertThat(token).hasSizeGreaterThanOrEqualTo(40).isNotEqualTo(OperatorTestApp.TOKEN);
      assertThat(AdminApi.withToken(app.baseUrl(), token).get("/api/monitoring/queues").status())
          .isEqualTo(200);
      assertThat(
              AdminApi.withToken(app.baseUrl(), OperatorTestApp.TOKEN)
                  .get("/api/monitoring/queues")
                  .status())
          .isEqualTo(401);
    }
  }

  @Test
  void withConfiguredToken_theTokenIsNeverLogged(CapturedOutput output) {
    try (OperatorTestApp app = OperatorTestApp.start(postgres, redis, kafka, Map.of())) {
      assertThat(
              AdminApi.withToken(app.baseUrl(), OperatorTestApp.TOKEN + "-wrong")
                  .get("/api/monitoring/queues")
                  .status())
          .isEqualTo(401);
    }

    assertThat(output.getOut()).contains("admin API protected by the configured bearer token");
    assertThat(output.getAll()).doesNotContain(OperatorTestApp.TOKEN);
  }

  private static String loggedToken(String logs) {
    Matcher matcher = LOGGED_TOKEN.matcher(logs);
    if (!matcher.find()) {
      return Assertions.fail("no 'dev profile: admin API token is ...' warning was logged");
    }
    return matcher.group(1);
  }
}
