package com.cmp.polling.operator.console.auth;

import com.cmp.polling.operator.web.ErrorBody;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Guards {@code /console/**}: without a logged-in session a page redirects to the login form and a
 * JSON call ({@code /console/api/**}) answers 401; a state-changing call without the session's CSRF
 * token answers 403. Only the login form and the console's static assets are open.
 */
final class ConsoleAuthFilter extends OncePerRequestFilter {

  static final String LOGIN = "/console/login";
  static final String API = "/console/api/";
  private static final String ASSETS = "/console/assets/";
  private static final Set<String> SAFE_METHODS = Set.of("GET", "HEAD", "OPTIONS");
  private static final Logger log = LoggerFactory.getLogger(ConsoleAuthFilter.class);

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    String path = request.getRequestURI().substring(request.getContextPath().length());
    response.setHeader(HttpHeaders.CACHE_CONTROL, "no-store");
    if (path.equals(LOGIN) || path.startsWith(ASSETS)) {
      chain.doFilter(request, response);
      return;
    }
    if (!ConsoleSession.isAuthenticated(request)) {
      if (path.startsWith(API)) {
        ErrorBody.write(response, HttpServletResponse.SC_UNAUTHORIZED, "log in first");
      } else {
        String target =
            request.getQueryString() == null ? path : path + "?" + request.getQueryString();
        response.sendRedirect(
            request.getContextPath()
                + LOGIN
                + "?next="
                + URLEncoder.encode(target, StandardCharsets.UTF_8));
      }
      return;
    }
    if (!SAFE_METHODS.contains(request.getMethod()) && !ConsoleSession.csrfMatches(request)) {
      log.warn(
          "refused console {} {} from {}: missing or wrong {} header",
          request.getMethod(),
          path,
          request.getRemoteAddr(),
          ConsoleSession.CSRF_HEADER);
      ErrorBody.write(
          response,
          HttpServletResponse.SC_FORBIDDEN,
          "missing or wrong " + ConsoleSession.CSRF_HEADER + " header");
      return;
    }
    chain.doFilter(request, response);
  }
}
