package com.cmp.polling.schemas;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * An enum whose constants travel as lower-case codes (the seeds' wire strings) in JSON, Redis keys
 * and database columns.
 */
public interface WireCoded {

  /** The code on the wire, e.g. {@code carddata}. */
  String code();

  /**
   * Finds the constant of {@code type} whose code is {@code code}.
   *
   * @param what what the value is, for the error message ("task type")
   * @throws IllegalArgumentException naming the bad value and the accepted codes
   */
  static <E extends Enum<E> & WireCoded> E parse(Class<E> type, String code, String what) {
    if (code == null) {
      throw new IllegalArgumentException(what + " is missing");
    }
    for (E constant : type.getEnumConstants()) {
      if (constant.code().equals(code)) {
        return constant;
      }
    }
    String accepted =
        Arrays.stream(type.getEnumConstants())
            .map(WireCoded::code)
            .collect(Collectors.joining(", ", "[", "]"));
    throw new IllegalArgumentException(
        "unknown " + what + " '" + code + "', expected one of " + accepted);
  }
}
