package com.cmp.polling.stopresume;

import com.cmp.polling.stopresume.action.ActionResult;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A stop or resume could not be carried out at the carrier. The cards it concerns were left as they
 * were (every other card of the same decision was still handled).
 */
public class CarrierActionFailedException extends RuntimeException {

  private final List<ActionResult> failures;

  public CarrierActionFailedException(List<ActionResult> results) {
    super(describe(results));
    this.failures = results.stream().filter(r -> !r.success()).toList();
  }

  /** The failed actions. */
  public List<ActionResult> failures() {
    return failures;
  }

  /** Whether trying again later may succeed (false when some carrier refused outright). */
  public boolean isRetryable() {
    return failures.stream().allMatch(ActionResult::retryable);
  }

  private static String describe(List<ActionResult> results) {
    return results.stream()
        .filter(r -> !r.success())
        .map(
            r ->
                r.action().code()
                    + " card "
                    + r.cardId()
                    + " ("
                    + r.reason().code()
                    + ") failed after "
                    + r.attempts()
                    + " attempt(s): "
                    + r.error())
        .collect(Collectors.joining("; "));
  }
}
