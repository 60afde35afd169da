package com.cmp.polling.core.jdbc;

/** An enum stored as a small integer column (status codes of the platform's tables). */
public interface IntCoded {

  int code();

  /**
   * Finds the constant of {@code type} whose code is {@code code}.
   *
   * @throws IllegalArgumentException naming the bad value
   */
  static <E extends Enum<E> & IntCoded> E parse(Class<E> type, int code) {
    for (E constant : type.getEnumConstants()) {
      if (constant.code() == code) {
        return constant;
      }
    }
    throw new IllegalArgumentException("unknown " + type.getSimpleName() + " code " + code);
  }
}
