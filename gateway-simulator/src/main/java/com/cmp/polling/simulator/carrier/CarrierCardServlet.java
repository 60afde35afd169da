package com.cmp.polling.simulator.carrier;

import com.cmp.polling.simulator.behaviour.BehaviourSettings;
import com.cmp.polling.simulator.behaviour.CardOperationGate;
import com.cmp.polling.simulator.behaviour.Rejection;
import com.cmp.polling.simulator.calls.CardOperation;
import com.cmp.polling.simulator.errors.ErrorBody;
import com.cmp.polling.simulator.state.CardState;
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
 * The carrier's card operations, {@code /api/v1/carriers/{carrierId}/cards/{iccid}/{operation}}.
 * Each goes through the {@link CardOperationGate} (counting, rate limit, failures, latency) before
 * it reads or changes the card; its answer, error or not, is written by the {@link AnswerWriter}
 * (whole, or trickled).
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
  private final transient CardStates cards;
  private final transient PackageStates packages;
  private final transient BehaviourSettings settings;
  private final transient AnswerWriter answers;

  public CarrierCardServlet(
      CardOperationGate gate,
      CardStates cards,
      PackageStates packages,
      BehaviourSettings settings,
      JsonMapper json) {
    this.gate = gate;
    this.cards = cards;
    this.packages = packages;
    this.settings = settings;
    this.answers = new AnswerWriter(settings, json);
  }

  @Override
  protected void service(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    // pathInfo, decoded: /{carrierId}/cards/{iccid}/{operation}
    String path = request.getPathInfo() == null ? "" : request.getPathInfo();
    String[] parts = path.split("/", -1);
    CardOperation operation =
        parts.length == 5 && parts[0].isEmpty() && parts[2].equals("cards") && !parts[3].isEmpty()
            ? CardOperation.fromWireName(parts[4])
            : null;
    if (operation == null) {
      error(response, 404, "not_found", "no card operation at " + request.getRequestURI());
      return;
    }
    String method = operation.changesState() ? "POST" : "GET";
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
      answers.write(response, 200, perform(carrierId, parts[3], operation));
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
    return switch (operation) {
      case REAL_NAME -> new CardAnswers.RealName(iccid, cards.get(iccid).verified());
      case USAGE -> {
        // Simulated consumption: the month total grows before it is reported.
        CardState card = cards.addUsage(iccid, settings.current().usageGrowthMbPerQuery());
        yield new CardAnswers.Usage(iccid, card.monthStart(), card.totalMb());
      }
      case NETWORK_STATUS -> new CardAnswers.NetworkStatus(iccid, cards.get(iccid).online());
      case PACKAGE -> new CardAnswers.Package(iccid, packages.get(iccid));
      // Stopping a stopped card succeeds, as does starting an online one.
      case STOP -> changed(carrierId, iccid, false);
      case START -> changed(carrierId, iccid, true);
    };
  }

  private CardAnswers.NetworkStatus changed(long carrierId, String iccid, boolean online) {
    CardState card = cards.setOnline(iccid, online);
    log.debug("{} ICCID {} (carrier {})", online ? "started" : "stopped", iccid, carrierId);
    return new CardAnswers.NetworkStatus(iccid, card.online());
  }

  private void error(HttpServletResponse response, int status, String error, String message)
      throws IOException {
    answers.write(response, status, new ErrorBody(error, message));
  }
}
