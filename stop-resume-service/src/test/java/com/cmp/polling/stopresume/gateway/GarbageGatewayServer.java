package com.cmp.polling.stopresume.gateway;

/**
 * A gateway that answers 200 with bodies that are not the documented JSON. The simulator always
 * speaks the contract, so tests of broken answers use this throw-away server instead.
 */
public final class GarbageGatewayServer implements AutoCloseable {

  private final AnsweringServer server =
      new AnsweringServer(
          200,
          path ->
              path.endsWith("usage")
                  ? "{\"iccid\":\"x\",\"monthStart\":\"soon\",\"totalMb\":1}"
                  : path.endsWith("real-name") ? "{\"iccid\":\"x\"}" : "{not json");

  public String baseUrl() {
    return server.baseUrl();
  }

  @Override
  public void close() {
    server.close();
  }
}
