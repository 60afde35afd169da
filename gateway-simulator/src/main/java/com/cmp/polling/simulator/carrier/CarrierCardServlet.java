package com.cmp.polling.simulator.carrier;

import com.cmp.polling.simulator.behaviour.BehaviourSettings;
import com.cmp.polling.simulator.behaviour.CardOperationGate;
import com.cmp.polling.simulator.behaviour.PendingFailures;
import com.cmp.polling.simulator.behaviour.Rejection;
import com.cmp.polling.simulator.calls.CardOperation;
import com.cmp.polling.simulator.errors.ErrorBody;
import com.cmp.polling.simulator.state.CardStates;
import com.cmp.polling.simulator.state.PackageStates;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import tools.jackson.databind.json.JsonMapper;

/**
 * The carrier's card operations: single, {@code /api/v1/carriers/{carrierId}/cards/{iccid}/{op}},
 * and batch, {@code POST /api/v1/carriers/{carrierId}/batch/{op}} ({@link BatchCalls}). Each call
 * goes through the {@link CardOperationGate} (counting, rate limits, failures, latency) before it
 * reads or changes a card; its answer, error or not, is written by the {@link AnswerWriter} (whole,
 * or trickled).
 *
 * <p>A plain servlet rather than a Spring MVC controller: benchmarks run the simulator on the same
 * machine as the services they measure, and request mapping, argument resolution and message
 * conversion made each query cost about as much CPU as the check handlers spent on it. The control
 * API, called rarely, stays on Spring MVC.
 */
public class CarrierCardServlet extends HttpServlet {

  /** Where the servlet is mapped. */
  public static final String MAPPING = "/api/v1/carriers/*";

  private static final Logger log = LoggerFactory.getLogger(CarrierCardServlet.class);

  private final transient CardOperationGate gate;
  private final transient CardOperations operations;
  private final transient BatchCalls batches;
  private final transient AnswerWriter answers;

  public CarrierCardServlet(
      CardOperationGate gate,
      PendingFailures failures,
      CardStates cards,
      PackageStates packages,
      BehaviourSettings settings,
      JsonMapper json) {
    this.gate = gate;
    this.operations = new CardOperations(cards, packages, settings);
    this.batches = new BatchCalls(gate, failures, operations, settings, json);
    this.answers = new AnswerWriter(settings, json);
  }

  @Override
  protected void service(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    // pathInfo, decoded: /{carrierId}/cards/{iccid}/{operation} or /{carrierId}/batch/{operation}
    String path = request.getPathInfo() == null ? "" : request.getPathInfo();
    String[] parts = path.split("/", -1);
    boolean single =
        parts.length == 5 && parts[0].isEmpty() && parts[2].equals("cards") && !parts[3].isEmpty();
    boolean batch = parts.length == 4 && parts[0].isEmpty() && parts[2].equals("batch");
    CardOperation operation =
        single || batch ? CardOperation.fromWireName(parts[single ? 4 : 3]) : null;
    if (operation == null) {
      error(response, 404, "not_found", "no card operation at " + request.getRequestURI());
      return;
    }
    String method = batch || operation.changesState() ? "POST" : "GET";
    if (!method.equals(request.getMethod())) {
      response.setHeader(HttpHeaders.ALLOW, method);
      error(
          response,
          405,
          "method_not_allowed",
          "Request method '" + request.getMethod() + "' is not supported");
      return;
    }
    long carrierId;
    try {
      carrierId = Long.parseLong(parts[1]);
    } catch (NumberFormatException e) {
      error(response, 400, "bad_request", "carrier id '" + parts[1] + "' is not a number");
      return;
    }
    try {
      Object answer =
          single
              ? perform(carrierId, parts[3], operation)
              : batches.answer(carrierId, operation, request.getInputStream());
      answers.write(response, 200, answer);
    } catch (Rejection rejection) {
      rejection
          .retryAfterSeconds()
          .ifPresent(
              seconds -> response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(seconds)));
      error(response, rejection.status(), rejection.error(), rejection.getMessage());
    } catch (RuntimeException e) {
      log.error("request failed unexpectedly; answering 500", e);
      error(response, 500, "internal_error", String.valueOf(e.getMessage()));
    }
  }

  private Object perform(long carrierId, String iccid, CardOperation operation) {
    gate.admit(carrierId, iccid, operation);
    return operations.perform(carrierId, iccid, operation);
  }

  private void error(HttpServletResponse response, int status, String error, String message)
      throws IOException {
    answers.write(response, status, new ErrorBody(error, message));
  }
}
