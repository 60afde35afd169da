package com.cmp.polling.operator.action;

import com.cmp.polling.operator.web.JsonBodies;
import com.cmp.polling.stopresume.OperatorActions;
import java.time.Duration;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The optional body of a stop or resume, from the API and the console alike: {@code
 * {"protectForSeconds": 3600}}. No body, a JSON {@code null}, {@code {}} or a {@code null} field
 * mean no protection period. The one cap is {@link OperatorActions#MAX_PROTECTION}.
 *
 * @param protectForSeconds length of the protection period; 0 for none
 */
public record ProtectionRequest(long protectForSeconds) {

  static final String FIELD = "protectForSeconds";

  /**
   * @throws IllegalArgumentException for other fields, or a value that is not a whole number of
   *     seconds from 0 to {@link OperatorActions#MAX_PROTECTION}
   */
  static ProtectionRequest from(JsonNode body) {
    JsonNode value = JsonBodies.field(JsonBodies.object(body, List.of(FIELD)), FIELD);
    if (value == null) {
      return new ProtectionRequest(0);
    }
    long max = OperatorActions.MAX_PROTECTION.toSeconds();
    if (!value.isIntegralNumber()
        || !value.canConvertToLong()
        || value.longValue() < 0
        || value.longValue() > max) {
      throw new IllegalArgumentException(
          FIELD
              + " must be a whole number of seconds from 0 to "
              + max
              + " ("
              + OperatorActions.MAX_PROTECTION.toDays()
              + " days), was "
              + JsonBodies.shown(value));
    }
    return new ProtectionRequest(value.longValue());
  }

  Duration period() {
    return Duration.ofSeconds(protectForSeconds);
  }
}
