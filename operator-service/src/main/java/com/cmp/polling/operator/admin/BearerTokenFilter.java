package com.cmp.polling.operator.admin;

import com.cmp.polling.operator.web.ErrorBody;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Lets a request through only with {@code Authorization: Bearer <token>}; anything else gets 401
 * with a JSON error. Registered for {@code /api/*} only: the actuator stays open for orchestrators
 * and scrapers.
 */
final class BearerTokenFilter extends OncePerRequestFilter {

  private static final Logger log = LoggerFactory.getLogger(BearerTokenFilter.class);
  private static final String PREFIX = "Bearer ";

  private final AdminToken token;

  BearerTokenFilter(AdminToken token) {
    this.token = token;
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    String header = request.getHeader(HttpHeaders.AUTHORIZATION);
    if (header == null || !header.regionMatches(true, 0, PREFIX, 0, PREFIX.length())) {
      refuse(request, response, "missing bearer token: send Authorization: Bearer <token>");
      return;
    }
    if (!token.matches(header.substring(PREFIX.length()).strip())) {
      refuse(request, response, "invalid bearer token");
      return;
    }
    chain.doFilter(request, response);
  }

  private static void refuse(HttpServletRequest request, HttpServletResponse response, String why)
      throws IOException {
    log.warn(
        "refused {} {} from {}: {}",
        request.getMethod(),
        request.getRequestURI(),
        request.getRemoteAddr(),
        why);
    response.setHeader(HttpHeaders.WWW_AUTHENTICATE, "Bearer");
    ErrorBody.write(response, HttpServletResponse.SC_UNAUTHORIZED, why);
  }
}
