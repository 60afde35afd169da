package com.cmp.polling.operator.console.auth;

import com.cmp.polling.operator.admin.AdminToken;
import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import java.util.Map;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Logging in with the admin token (a form post; the token is compared in constant time and never
 * kept: the session only says it was right), logging out, and the session's CSRF token for the
 * pages' scripts.
 */
@RestController
class LoginController {

  private static final Logger log = LoggerFactory.getLogger(LoginController.class);
  private static final Pattern SAFE_TARGET =
      Pattern.compile("/console(/[A-Za-z0-9._/-]*)?(\\?[A-Za-z0-9=&._%-]*)?");

  private final AdminToken token;

  LoginController(AdminToken token) {
    this.token = token;
  }

  @PostMapping(
      path = ConsoleAuthFilter.LOGIN,
      consumes = MediaType.APPLICATION_FORM_URLENCODED_VALUE)
  ResponseEntity<Void> logIn(
      @RequestParam(name = "token", required = false) String presented,
      @RequestParam(name = "next", required = false) String next,
      HttpServletRequest request) {
    if (!token.matches(presented == null ? null : presented.strip())) {
      log.warn("console login refused from {}: wrong token", request.getRemoteAddr());
      return redirect(request, ConsoleAuthFilter.LOGIN + "?error");
    }
    ConsoleSession.logIn(request);
    log.info("console login from {}", request.getRemoteAddr());
    return redirect(request, safeTarget(next));
  }

  @PostMapping(ConsoleAuthFilter.API + "logout")
  Map<String, Boolean> logOut(HttpServletRequest request) {
    ConsoleSession.logOut(request);
    return Map.of("loggedOut", true);
  }

  @GetMapping(ConsoleAuthFilter.API + "session")
  Map<String, String> session(HttpServletRequest request) {
    return Map.of(
        "csrfToken", ConsoleSession.csrfToken(request), "csrfHeader", ConsoleSession.CSRF_HEADER);
  }

  /** Only a console page may be the target after login: never another site. */
  static String safeTarget(String next) {
    if (next != null
        && SAFE_TARGET.matcher(next).matches()
        && !next.startsWith(ConsoleAuthFilter.API)) {
      return next;
    }
    return "/console/";
  }

  private static ResponseEntity<Void> redirect(HttpServletRequest request, String path) {
    HttpHeaders headers = new HttpHeaders();
    headers.setLocation(URI.create(request.getContextPath() + path));
    return new ResponseEntity<>(headers, HttpStatus.SEE_OTHER);
  }
}
