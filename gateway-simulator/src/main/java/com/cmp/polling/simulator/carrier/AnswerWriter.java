package com.cmp.polling.simulator.carrier;

import com.cmp.polling.simulator.behaviour.BehaviourSettings;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import org.springframework.http.MediaType;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes the JSON answer of a card operation: whole, or, when the behaviour trickles, one byte at a
 * time with a pause before each but the first. Each byte is flushed on its own, so a client's read
 * never waits longer than the pause while the whole answer takes (length - 1) pauses.
 */
final class AnswerWriter {

  private final BehaviourSettings settings;
  private final JsonMapper json;

  AnswerWriter(BehaviourSettings settings, JsonMapper json) {
    this.settings = settings;
    this.json = json;
  }

  void write(HttpServletResponse response, int status, Object answer) throws IOException {
    byte[] body = json.writeValueAsBytes(answer);
    response.setStatus(status);
    response.setContentType(MediaType.APPLICATION_JSON_VALUE);
    response.setContentLength(body.length);
    long pauseMs = settings.current().trickleMsPerByte();
    OutputStream out = response.getOutputStream();
    if (pauseMs == 0) {
      out.write(body);
      return;
    }
    for (int i = 0; i < body.length; i++) {
      if (i > 0 && !pause(pauseMs)) {
        return; // the server is stopping: the client sees the answer cut short
      }
      out.write(body[i]);
      out.flush();
    }
  }

  private static boolean pause(long millis) {
    try {
      Thread.sleep(millis);
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
