package com.cmp.polling.operator.admin;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The bearer token of the admin and monitoring API, resolved once at startup. Only its SHA-256
 * digest is kept, and presented tokens are compared digest to digest in constant time, so neither
 * the token's content nor its length leaks through timing.
 */
public final class AdminToken {

  static final String PROPERTY = "cmp.polling.operator.admin.token";

  private static final Logger log = LoggerFactory.getLogger(AdminToken.class);

  private final byte[] digest;

  private AdminToken(String token) {
    this.digest = sha256(token);
  }

  /**
   * The configured token; when there is none, a random one in the {@code dev} profile (logged at
   * WARN so that a developer can use it), else a failure naming the property.
   *
   * @throws IllegalStateException when no token is configured outside the {@code dev} profile
   */
  static AdminToken resolve(String configured, boolean devProfile) {
    if (configured != null && !configured.isBlank()) {
      log.info("admin API protected by the configured bearer token ({})", PROPERTY);
      return new AdminToken(configured.strip());
    }
    if (!devProfile) {
      throw new IllegalStateException(
          PROPERTY
              + " is not set: the admin and monitoring API needs a bearer token (set the property"
              + " or CMP_POLLING_OPERATOR_ADMIN_TOKEN, or run with the dev profile to get a"
              + " generated one)");
    }
    byte[] random = new byte[32];
    new SecureRandom().nextBytes(random);
    String generated = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
    log.warn(
        "dev profile: admin API token is {} (generated, as {} is not set)", generated, PROPERTY);
    return new AdminToken(generated);
  }

  /** Whether {@code presented} is the token; constant time whatever it holds. */
  public boolean matches(String presented) {
    return presented != null && MessageDigest.isEqual(digest, sha256(presented));
  }

  @Override
  public String toString() {
    return "AdminToken[hidden]";
  }

  private static byte[] sha256(String value) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }
}
