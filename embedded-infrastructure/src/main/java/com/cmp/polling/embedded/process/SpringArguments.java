package com.cmp.polling.embedded.process;

import java.util.Map;

/** Spring Boot properties as an app's command line. */
public final class SpringArguments {

  private SpringArguments() {}

  /**
   * The properties as {@code --name=value} arguments: those outrank the app's application.yml,
   * which properties set as defaults on a SpringApplication would not.
   */
  public static String[] of(Map<String, ?> properties) {
    return properties.entrySet().stream()
        .map(e -> "--" + e.getKey() + "=" + e.getValue())
        .toArray(String[]::new);
  }
}
