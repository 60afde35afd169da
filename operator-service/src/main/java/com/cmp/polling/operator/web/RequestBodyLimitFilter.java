package com.cmp.polling.operator.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses request bodies over {@link #MAX_BYTES} with 413 before anything reads them: at once when
 * {@code Content-Length} says so, otherwise (chunked bodies) after reading one byte past the limit.
 * A body within the limit is read here and handed on from memory. Tomcat's own limits cover form
 * posts only, not JSON bodies, which Jackson would read to the end whatever their size.
 */
public final class RequestBodyLimitFilter extends OncePerRequestFilter {

  /** The API's bodies are a field or two; 16 KiB leaves ample room. */
  public static final int MAX_BYTES = 16 * 1024;

  private static final Logger log = LoggerFactory.getLogger(RequestBodyLimitFilter.class);

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    if (request.getContentLengthLong() > MAX_BYTES) {
      refuse(request, response, "Content-Length " + request.getContentLengthLong());
      return;
    }
    byte[] body = request.getInputStream().readNBytes(MAX_BYTES + 1);
    if (body.length > MAX_BYTES) {
      refuse(request, response, "more than " + MAX_BYTES + " bytes sent");
      return;
    }
    chain.doFilter(new BodyInMemory(request, body), response);
  }

  private static void refuse(HttpServletRequest request, HttpServletResponse response, String seen)
      throws IOException {
    log.warn(
        "refused {} {} from {}: request body too large ({})",
        request.getMethod(),
        request.getRequestURI(),
        request.getRemoteAddr(),
        seen);
    ErrorBody.write(
        response,
        HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE,
        "request body larger than " + MAX_BYTES + " bytes");
  }

  /** The request with its body already read. */
  private static final class BodyInMemory extends HttpServletRequestWrapper {

    private final byte[] body;

    BodyInMemory(HttpServletRequest request, byte[] body) {
      super(request);
      this.body = body;
    }

    @Override
    public ServletInputStream getInputStream() {
      ByteArrayInputStream bytes = new ByteArrayInputStream(body);
      return new ServletInputStream() {
        @Override
        public int read() {
          return bytes.read();
        }

        @Override
        public int read(byte[] buffer, int offset, int length) {
          return bytes.read(buffer, offset, length);
        }

        @Override
        public boolean isFinished() {
          return bytes.available() == 0;
        }

        @Override
        public boolean isReady() {
          return true;
        }

        @Override
        public void setReadListener(ReadListener listener) {
          throw new UnsupportedOperationException("the body was read already; no async reads");
        }
      };
    }

    @Override
    public BufferedReader getReader() {
      String encoding = getCharacterEncoding();
      Charset charset = encoding == null ? StandardCharsets.UTF_8 : Charset.forName(encoding);
      return new BufferedReader(new InputStreamReader(new ByteArrayInputStream(body), charset));
    }
  }
}
