package com.cmp.polling.scheduler.console;

/**
 * Strict parsing of the ids in console URLs: decimal digits only (no sign, no {@code 0x}, no
 * spaces), a positive value that fits a bigint. Anything else is a 400 that quotes the value.
 */
public final class Ids {

  private Ids() {}

  /**
   * @param what the id's name for the message ("card id")
   * @throws IllegalArgumentException naming {@code what} and quoting the bad value
   */
  public static long parse(String text, String what) {
    if (text == null || text.isEmpty()) {
      throw new IllegalArgumentException(what + " is missing");
    }
    String shown = text.length() > 40 ? text.substring(0, 40) + "…" : text;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < '0' || c > '9') {
        throw new IllegalArgumentException(
            what + " must be a positive decimal number, was '" + shown + "'");
      }
    }
    long value;
    try {
      value = Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          what + " is out of range (at most " + Long.MAX_VALUE + "), was '" + shown + "'");
    }
    if (value <= 0) {
      throw new IllegalArgumentException(what + " must be positive, was '" + shown + "'");
    }
    return value;
  }
}
