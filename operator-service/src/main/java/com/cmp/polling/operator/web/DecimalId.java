package com.cmp.polling.operator.web;

/**
 * Ids written in request paths: a plain positive decimal number that fits a {@code long}, and
 * nothing else. Controllers take the path variable as a String and parse it here, because Spring's
 * own conversion to {@code long} reads hexadecimal ({@code 0x10} and {@code #10} are card 16) and
 * trims blanks. Leading zeros are refused too, so that nobody can read {@code 010} as octal. Public
 * so that every web package of the operator app parses ids the same way.
 */
public final class DecimalId {

  /** Longer bad values are cut in the error message. */
  private static final int SHOWN_CHARS = 40;

  private static final int MAX_DIGITS = Long.toString(Long.MAX_VALUE).length();

  private DecimalId() {}

  /**
   * @param name the path variable's name, for the error message ({@code cardId})
   * @param value what the request holds
   * @return the id, 1 or more
   * @throws IllegalArgumentException naming the variable and the bad value, unless {@code value} is
   *     ASCII digits without a leading zero and at most {@link Long#MAX_VALUE}
   */
  public static long parse(String name, String value) {
    if (value == null || value.isEmpty()) {
      throw new IllegalArgumentException(name + " is missing");
    }
    if (!plainDecimal(value) || !fitsALong(value)) {
      throw new IllegalArgumentException(
          name
              + " must be a decimal number from 1 to "
              + Long.MAX_VALUE
              + " (digits only), was '"
              + shown(value)
              + "'");
    }
    return Long.parseLong(value);
  }

  /**
   * ASCII digits only ({@code Long.parseLong} would also take a sign and other scripts' digits).
   */
  private static boolean plainDecimal(String value) {
    if (value.charAt(0) == '0') {
      return false;
    }
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
    }
    return true;
  }

  private static boolean fitsALong(String digits) {
    return digits.length() < MAX_DIGITS
        || (digits.length() == MAX_DIGITS && digits.compareTo(Long.toString(Long.MAX_VALUE)) <= 0);
  }

  private static String shown(String value) {
    return value.length() <= SHOWN_CHARS ? value : value.substring(0, SHOWN_CHARS) + "...";
  }
}
