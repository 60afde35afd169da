package com.cmp.polling.autoconfigure.management;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.Principal;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Authenticates the holder of the management token on the management port. A request without an
 * {@code Authorization} header passes as anonymous (health status, metrics, Prometheus: what
 * orchestrators and scrapers need); one with {@code Bearer <token>} passes as the principal {@code
 * management}, which the actuator takes as authorised for the health details; any other
 * Authorization header is refused with 401, so that a mistyped token is noticed. Tokens are
 * compared by SHA-256 digest in constant time.
 */
final class ManagementTokenFilter extends OncePerRequestFilter {

  private static final String PREFIX = "Bearer ";
  private static final Principal MANAGEMENT = () -> "management";

  /** Null when no token is configured: nobody is authorised. */
  private final byte[] digest;

  ManagementTokenFilter(String token) {
    this.digest = token == null || token.isBlank() ? null : sha256(token.strip());
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    String header = request.getHeader("Authorization");
    if (header == null) {
      chain.doFilter(request, response);
      return;
    }
    if (!authorised(header)) {
      response.setStatus(HttpServletResponse.SC_UNAUTHORIZED);
      response.setHeader("WWW-Authenticate", "Bearer");
      response.setContentType("application/json");
      response.setCharacterEncoding(StandardCharsets.UTF_8.name());
      response
          .getWriter()
          .write(
              "{\"error\":\"unauthorized\",\"message\":\"invalid management token: send none, or"
                  + " Authorization: Bearer <cmp.polling.management.token>\"}");
      return;
    }
    chain.doFilter(new Authenticated(request), response);
  }

  private boolean authorised(String header) {
    if (digest == null || !header.regionMatches(true, 0, PREFIX, 0, PREFIX.length())) {
      return false;
    }
    return MessageDigest.isEqual(digest, sha256(header.substring(PREFIX.length()).strip()));
  }

  private static byte[] sha256(String value) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }

  /** The request as made by the token's holder: any role the actuator asks about is granted. */
  private static final class Authenticated extends HttpServletRequestWrapper {

    Authenticated(HttpServletRequest request) {
      super(request);
    }

    @Override
    public Principal getUserPrincipal() {
      return MANAGEMENT;
    }

    @Override
    public boolean isUserInRole(String role) {
      return true;
    }
  }
}
