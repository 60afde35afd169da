package com.cmp.polling.demo.compose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The test's reading of Compose's interpolation rules, on values like those of the file. */
class ComposeInterpolationTest {

  private final ComposeInterpolation shell =
      new ComposeInterpolation(Map.of("SET", "value", "EMPTY", ""));

  @Test
  void colonDash_appliesTheDefault_whenUnsetOrEmpty() {
    assertThat(shell.resolve("${UNSET:-cmp}")).isEqualTo("cmp");
    assertThat(shell.resolve("${EMPTY:-cmp}")).isEqualTo("cmp");
    assertThat(shell.resolve("${SET:-cmp}")).isEqualTo("value");
    assertThat(shell.resolve("${UNSET:--XX:MaxRAMPercentage=50}"))
        .isEqualTo("-XX:MaxRAMPercentage=50");
  }

  @Test
  void dash_appliesTheDefault_onlyWhenUnset() {
    assertThat(shell.resolve("${UNSET-d}")).isEqualTo("d");
    assertThat(shell.resolve("${EMPTY-d}")).isEmpty();
  }

  @Test
  void required_failsWithTheMessage_whenUnsetOrEmpty() {
    assertThatThrownBy(() -> shell.resolve("${UNSET:?set UNSET, see docs}"))
        .hasMessage("required variable UNSET is missing a value: set UNSET, see docs");
    assertThatThrownBy(() -> shell.resolve("${EMPTY:?no}"))
        .isInstanceOf(ComposeInterpolation.MissingVariableException.class);
    assertThat(shell.resolve("${EMPTY?no}")).isEmpty();
    assertThat(shell.resolve("${SET:?no}")).isEqualTo("value");
  }

  @Test
  void plainReferences_dollarEscapes_andNestedDefaults() {
    assertThat(shell.resolve("a $SET b ${SET}c")).isEqualTo("a value b valuec");
    assertThat(shell.resolve("$$(seq 1 30) $$url")).isEqualTo("$(seq 1 30) $url");
    assertThat(shell.resolve("${UNSET:-${SET}}")).isEqualTo("value");
    assertThat(shell.resolve("${SET:+alt} ${UNSET:+alt}")).isEqualTo("alt ");
  }

  @Test
  void malformedExpressions_areErrors() {
    assertThatThrownBy(() -> shell.resolve("${SET")).hasMessageContaining("unclosed");
    assertThatThrownBy(() -> shell.resolve("${:-x}")).hasMessageContaining("no variable name");
  }
}
