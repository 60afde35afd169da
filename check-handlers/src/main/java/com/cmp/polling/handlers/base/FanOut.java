package com.cmp.polling.handlers.base;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Work handed to a pool of workers all at once, then waited for: the carrier queries of a slice,
 * the evaluations of its cards. Regular checks fan out on the check workers, manual ones on workers
 * of their own. Each item ends on its own: its result, or what its failure maps to.
 */
public final class FanOut {

  private final ExecutorService workers;

  FanOut(ExecutorService workers) {
    this.workers = workers;
  }

  /**
   * Runs {@code work} for every item in parallel and returns once all of them are done. A single
   * item runs on the calling thread: handing it over would only add a thread switch.
   *
   * @param failed what an item becomes when its work throws, or when the calling thread is
   *     interrupted while it waits for the item (the interrupt flag is then set again)
   * @return each item's result, in the order of the items
   */
  public <T, R> List<R> runAll(
      List<T> items,
      Function<? super T, ? extends R> work,
      BiFunction<? super T, ? super RuntimeException, ? extends R> failed) {
    List<R> results = new ArrayList<>(items.size());
    if (items.size() == 1) {
      T item = items.get(0);
      try {
        results.add(work.apply(item));
      } catch (RuntimeException e) {
        results.add(failed.apply(item, e));
      }
      return results;
    }
    List<Future<R>> running = new ArrayList<>(items.size());
    for (T item : items) {
      running.add(workers.submit(() -> work.apply(item)));
    }
    for (int i = 0; i < items.size(); i++) {
      try {
        results.add(running.get(i).get());
      } catch (ExecutionException e) {
        Throwable cause = e.getCause();
        RuntimeException failure =
            cause instanceof RuntimeException runtime ? runtime : new IllegalStateException(cause);
        results.add(failed.apply(items.get(i), failure));
      } catch (InterruptedException e) {
        // With the flag set again, the items still running fail at once and those done keep
        // their result; whoever interrupted this thread still sees the flag.
        Thread.currentThread().interrupt();
        results.add(
            failed.apply(
                items.get(i), new IllegalStateException("interrupted waiting for a worker", e)));
      }
    }
    return results;
  }
}
