package com.cmp.polling.operator.console.auth;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Where the login form sends an operator: only ever to a console page of this server. */
class LoginTargetTest {

  @ParameterizedTest
  @CsvSource({
    "/console/card?id=5, /console/card?id=5",
    "/console/dead-letters, /console/dead-letters",
    "https://evil.example/, /console/",
    "//evil.example/console, /console/",
    "/console/api/overview, /console/",
    "'/console/card?id=5\r\nSet-Cookie: x', /console/",
    "'', /console/"
  })
  void safeTarget_isAConsolePageOrTheOverview(String next, String expected) {
    assertThat(LoginController.safeTarget(next)).isEqualTo(expected);
  }
}
