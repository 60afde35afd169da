package com.cmp.polling.operator.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class SwitchRequestTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private static SwitchRequest parse(String json) {
    return SwitchRequest.parse(JSON.readTree(json));
  }

  @Test
  void aFullRequest_isRead_withAnInstantGraceDate() {
    SwitchRequest request =
        parse(
            "{\"enforceNotRealname\": true, \"notRealnameGraceUntil\": \"2027-01-01T08:00:00+08:00\","
                + " \"actor\": \" alice \"}");

    assertThat(request.enforceNotRealname()).isTrue();
    assertThat(request.graceUntil()).isEqualTo(Instant.parse("2027-01-01T00:00:00Z"));
    assertThat(request.actor()).isEqualTo("alice");
  }

  @Test
  void aDate_meansItsStartInUtc_andNullOrAbsentMeansNoGrace() {
    assertThat(
            parse(
                    "{\"enforceNotRealname\": true, \"notRealnameGraceUntil\": \"2027-03-01\","
                        + " \"actor\": \"a\"}")
                .graceUntil())
        .isEqualTo(Instant.parse("2027-03-01T00:00:00Z"));
    assertThat(
            parse(
                    "{\"enforceNotRealname\": false, \"notRealnameGraceUntil\": null, \"actor\": \"a\"}")
                .graceUntil())
        .isNull();
    assertThat(parse("{\"enforceNotRealname\": false, \"actor\": \"a\"}").graceUntil()).isNull();
  }

  @Test
  void anUnknownField_isRefused_namingIt() {
    assertThatThrownBy(
            () -> parse("{\"enforceNotRealname\": true, \"actor\": \"a\", \"enforce\": false}"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("unknown field(s) [enforce]");
  }

  @Test
  void aBadDate_isRefused_quotingIt() {
    assertThatThrownBy(
            () ->
                parse(
                    "{\"enforceNotRealname\": true, \"notRealnameGraceUntil\": \"next monday\","
                        + " \"actor\": \"a\"}"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("notRealnameGraceUntil must be an ISO-8601 instant")
        .hasMessageContaining("\"next monday\"");
    assertThatThrownBy(
            () ->
                parse(
                    "{\"enforceNotRealname\": true, \"notRealnameGraceUntil\": \"2027-02-30\","
                        + " \"actor\": \"a\"}"))
        .hasMessageContaining("notRealnameGraceUntil");
    assertThatThrownBy(
            () ->
                parse(
                    "{\"enforceNotRealname\": true, \"notRealnameGraceUntil\": 1767225600,"
                        + " \"actor\": \"a\"}"))
        .hasMessageContaining("was 1767225600");
  }

  @Test
  void enforceNotRealname_mustBeAJsonBoolean() {
    assertThatThrownBy(() -> parse("{\"enforceNotRealname\": \"false\", \"actor\": \"a\"}"))
        .hasMessageContaining("enforceNotRealname must be true or false, was \"false\"");
    assertThatThrownBy(() -> parse("{\"actor\": \"a\"}"))
        .hasMessageContaining("enforceNotRealname must be true or false, was missing");
  }

  @Test
  void theActor_isRequired_andBounded() {
    assertThatThrownBy(() -> parse("{\"enforceNotRealname\": true}"))
        .hasMessageContaining("actor must name who makes the change");
    assertThatThrownBy(() -> parse("{\"enforceNotRealname\": true, \"actor\": \"  \"}"))
        .hasMessageContaining("actor must name who makes the change");
    assertThatThrownBy(
            () -> parse("{\"enforceNotRealname\": true, \"actor\": \"" + "x".repeat(129) + "\"}"))
        .hasMessageContaining("at most 128 characters");
  }

  @Test
  void aBodyThatIsNotAnObject_isRefused() {
    assertThatThrownBy(() -> parse("[true]")).hasMessageContaining("must be a JSON object");
  }
}
