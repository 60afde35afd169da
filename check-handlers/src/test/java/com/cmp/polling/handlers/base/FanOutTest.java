package com.cmp.polling.handlers.base;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class FanOutTest {

  private final ExecutorService workers = Executors.newFixedThreadPool(4);
  private final FanOut fanOut = new FanOut(workers);

  @AfterEach
  void stopWorkers() {
    workers.shutdownNow();
  }

  @Test
  void runAll_givesEachItemsResultInItemOrder_andMapsEachFailureToItsOwnItem() {
    List<String> results =
        fanOut.runAll(
            List.of(1, 2, 3, 4, 5),
            n -> {
              if (n % 2 == 0) {
                throw new IllegalArgumentException("even " + n);
              }
              return "ok " + n;
            },
            (n, failure) -> "failed " + n + ": " + failure.getMessage());

    assertThat(results)
        .containsExactly("ok 1", "failed 2: even 2", "ok 3", "failed 4: even 4", "ok 5");
  }

  @Test
  void runAll_runsTheItemsInParallelOnTheWorkers() {
    // Each item waits for all the others to start: only parallel work gets past the latch.
    CountDownLatch allStarted = new CountDownLatch(3);
    List<String> threads =
        fanOut.runAll(
            List.of(1, 2, 3),
            n -> {
              allStarted.countDown();
              try {
                if (!allStarted.await(10, TimeUnit.SECONDS)) {
                  throw new IllegalStateException("the items ran one after the other");
                }
              } catch (InterruptedException e) {
                throw new IllegalStateException(e);
              }
              return Thread.currentThread().getName();
            },
            (n, failure) -> "failed: " + failure.getMessage());

    assertThat(threads).doesNotHaveDuplicates().noneMatch(name -> name.startsWith("failed"));
    assertThat(threads).doesNotContain(Thread.currentThread().getName());
  }

  @Test
  void runAll_ofOneItem_runsItOnTheCallingThread_andMapsItsFailure() {
    assertThat(fanOut.runAll(List.of(7), n -> Thread.currentThread().getName(), (n, e) -> "x"))
        .containsExactly(Thread.currentThread().getName());
    assertThat(
            fanOut.runAll(
                List.of(7),
                n -> {
                  throw new IllegalStateException("refused");
                },
                (n, e) -> n + " " + e.getMessage()))
        .containsExactly("7 refused");
  }

  @Test
  void interruptedWhileWaiting_theItemsNotDoneFail_andTheInterruptFlagStaysSet() {
    CountDownLatch release = new CountDownLatch(1);
    Thread.currentThread().interrupt();
    List<String> results;
    try {
      results =
          fanOut.runAll(
              List.of(1, 2),
              n -> {
                try {
                  release.await();
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
                return "done " + n;
              },
              (n, failure) -> "failed " + n);
    } finally {
      release.countDown();
    }

    assertThat(Thread.interrupted()).as("interrupt flag set again").isTrue();
    assertThat(results).containsExactly("failed 1", "failed 2");
  }
}
