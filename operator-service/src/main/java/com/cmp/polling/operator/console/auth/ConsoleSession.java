package com.cmp.polling.operator.console.auth;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * What the console keeps in an operator's HTTP session: that the admin token was presented, and the
 * session's CSRF token, which the pages send back in the {@value #CSRF_HEADER} header with every
 * POST. The session cookie itself is HttpOnly and SameSite=Strict.
 */
final class ConsoleSession {

  static final String CSRF_HEADER = "X-Console-Csrf";
  private static final String AUTHENTICATED = "cmp.console.authenticated";
  private static final String CSRF = "cmp.console.csrf";
  private static final SecureRandom RANDOM = new SecureRandom();

  private ConsoleSession() {}

  static boolean isAuthenticated(HttpServletRequest request) {
    HttpSession session = request.getSession(false);
    return session != null && Boolean.TRUE.equals(session.getAttribute(AUTHENTICATED));
  }

  /** A logged-in session: a new session id (no fixation) and a fresh CSRF token. */
  static void logIn(HttpServletRequest request) {
    HttpSession session = request.getSession(true);
    request.changeSessionId();
    byte[] token = new byte[32];
    RANDOM.nextBytes(token);
    session.setAttribute(AUTHENTICATED, Boolean.TRUE);
    session.setAttribute(CSRF, Base64.getUrlEncoder().withoutPadding().encodeToString(token));
  }

  static void logOut(HttpServletRequest request) {
    HttpSession session = request.getSession(false);
    if (session != null) {
      session.invalidate();
    }
  }

  /** The session's CSRF token; null outside a logged-in session. */
  static String csrfToken(HttpServletRequest request) {
    HttpSession session = request.getSession(false);
    return session == null ? null : (String) session.getAttribute(CSRF);
  }

  /** Whether the request carries the session's CSRF token (compared in constant time). */
  static boolean csrfMatches(HttpServletRequest request) {
    String expected = csrfToken(request);
    String presented = request.getHeader(CSRF_HEADER);
    return expected != null
        && presented != null
        && MessageDigest.isEqual(
            expected.getBytes(StandardCharsets.UTF_8), presented.getBytes(StandardCharsets.UTF_8));
  }
}
