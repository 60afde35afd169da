package com.cmp.polling.stopresume.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.SocketException;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.NoHttpResponseException;
import org.junit.jupiter.api.Test;

/** Which requests are sent again once when their pooled connection was closed under them. */
class StaleConnectionRetryTest {

  private static final String BASE = "http://gateway/api/v1/carriers/1/";

  private final StaleConnectionRetry retry = new StaleConnectionRetry();

  @Test
  void queries_singleOrBatch_areSentOnceMore() {
    assertThat(retried(new HttpGet(BASE + "cards/8986001/usage"))).isTrue();
    assertThat(retried(new HttpPost(BASE + "batch/usage"))).isTrue();
    assertThat(retried(new HttpPost(BASE + "batch/network-status"))).isTrue();
  }

  @Test
  void stopsAndStarts_singleOrBatch_areNot() {
    assertThat(retried(new HttpPost(BASE + "cards/8986001/stop"))).isFalse();
    assertThat(retried(new HttpPost(BASE + "batch/stop"))).isFalse();
    assertThat(retried(new HttpPost(BASE + "batch/start"))).isFalse();
    assertThat(retried(new HttpPost(BASE + "batch/sms"))).isFalse();
  }

  @Test
  void onlyOnce_andOnlyForAConnectionClosedUnderUs() {
    HttpGet query = new HttpGet(BASE + "cards/8986001/usage");

    assertThat(retry.retryRequest(query, new NoHttpResponseException("closed"), 2, null)).isFalse();
    assertThat(retry.retryRequest(query, new SocketException("reset"), 1, null)).isTrue();
    assertThat(retry.retryRequest(query, new java.net.ConnectException("refused"), 1, null))
        .isFalse();
  }

  private boolean retried(HttpRequest request) {
    return retry.retryRequest(request, new NoHttpResponseException("closed"), 1, null);
  }
}
