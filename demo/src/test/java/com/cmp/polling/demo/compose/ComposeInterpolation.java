package com.cmp.polling.demo.compose;

import java.util.Map;

/**
 * Compose's variable interpolation of one value, as the Compose Specification describes it: {@code
 * $VAR}, {@code ${VAR}}, {@code ${VAR:-default}} (unset or empty), {@code ${VAR-default}} (unset),
 * {@code ${VAR:?message}} / {@code ${VAR?message}} (required), {@code ${VAR:+other}} / {@code
 * ${VAR+other}}, nested defaults, and {@code $$} for a literal {@code $}.
 */
final class ComposeInterpolation {

  private final Map<String, String> variables;

  /**
   * @param variables what the shell (or a .env file) would hold
   */
  ComposeInterpolation(Map<String, String> variables) {
    this.variables = variables;
  }

  /**
   * @throws MissingVariableException for a required variable that is unset (or empty, with {@code
   *     :?})
   * @throws IllegalArgumentException for a malformed expression
   */
  String resolve(String value) {
    StringBuilder out = new StringBuilder();
    int i = 0;
    while (i < value.length()) {
      char c = value.charAt(i);
      if (c != '$') {
        out.append(c);
        i++;
      } else if (i + 1 < value.length() && value.charAt(i + 1) == '$') {
        out.append('$');
        i += 2;
      } else if (i + 1 < value.length() && value.charAt(i + 1) == '{') {
        int end = closingBrace(value, i + 2);
        out.append(expression(value.substring(i + 2, end)));
        i = end + 1;
      } else {
        int end = i + 1;
        while (end < value.length() && isNameChar(value.charAt(end))) {
          end++;
        }
        if (end == i + 1) {
          throw new IllegalArgumentException("a lone '$' in '" + value + "': write $$");
        }
        out.append(variables.getOrDefault(value.substring(i + 1, end), ""));
        i = end;
      }
    }
    return out.toString();
  }

  private String expression(String body) {
    int nameEnd = 0;
    while (nameEnd < body.length() && isNameChar(body.charAt(nameEnd))) {
      nameEnd++;
    }
    String name = body.substring(0, nameEnd);
    if (name.isEmpty()) {
      throw new IllegalArgumentException("no variable name in '${" + body + "}'");
    }
    String set = variables.get(name);
    String rest = body.substring(nameEnd);
    if (rest.isEmpty()) {
      return set == null ? "" : set;
    }
    boolean colon = rest.startsWith(":");
    String operator = colon ? rest.substring(1, Math.min(2, rest.length())) : rest.substring(0, 1);
    String argument = rest.substring(colon ? 2 : 1);
    boolean missing = set == null || (colon && set.isEmpty());
    return switch (operator) {
      case "-" -> missing ? resolve(argument) : set;
      case "+" -> missing ? "" : resolve(argument);
      case "?" -> {
        if (missing) {
          throw new MissingVariableException(name, resolve(argument));
        }
        yield set;
      }
      default -> throw new IllegalArgumentException("unsupported expression '${" + body + "}'");
    };
  }

  private static int closingBrace(String value, int from) {
    int depth = 1;
    for (int i = from; i < value.length(); i++) {
      if (value.charAt(i) == '{') {
        depth++;
      } else if (value.charAt(i) == '}' && --depth == 0) {
        return i;
      }
    }
    throw new IllegalArgumentException("unclosed '${' in '" + value + "'");
  }

  private static boolean isNameChar(char c) {
    return c == '_' || Character.isLetterOrDigit(c) && c < 128;
  }

  /** A required variable ({@code ${VAR:?message}}) is not set: Compose refuses the file. */
  static final class MissingVariableException extends RuntimeException {

    MissingVariableException(String name, String message) {
      super("required variable " + name + " is missing a value: " + message);
    }
  }
}
