package com.cmp.polling.benchmarks.steady;

import com.cmp.polling.benchmarks.infra.Prometheus;
import java.util.Map;
import java.util.TreeMap;

/**
 * The checks a Prometheus histogram counted between two scrapes, its series of several tag values
 * merged: cumulative counts by upper bound ({@code le}, seconds), from which quantiles are read by
 * linear interpolation inside a bucket, as Prometheus's {@code histogram_quantile} does.
 */
record LatenessHistogram(TreeMap<Double, Double> cumulative) {

  static LatenessHistogram between(
      Prometheus before, Prometheus after, String bucketName, Map<String, String> match) {
    TreeMap<Double, Double> counts = new TreeMap<>();
    for (Prometheus.Series series : after.select(bucketName, match)) {
      counts.merge(Double.parseDouble(le(series)), series.value(), Double::sum);
    }
    for (Prometheus.Series series : before.select(bucketName, match)) {
      counts.merge(Double.parseDouble(le(series)), -series.value(), Double::sum);
    }
    return new LatenessHistogram(counts);
  }

  private static String le(Prometheus.Series series) {
    String le = series.labels().get("le");
    return le.equals("+Inf") ? "Infinity" : le;
  }

  /** Observations counted. */
  double total() {
    return cumulative.isEmpty() ? 0 : cumulative.lastEntry().getValue();
  }

  /**
   * The {@code q} quantile in seconds (NaN without observations, infinity when it lies beyond the
   * largest finite bound).
   */
  double quantile(double q) {
    double total = total();
    if (total <= 0) {
      return Double.NaN;
    }
    double rank = q * total;
    double lowerBound = 0;
    double lowerCount = 0;
    for (Map.Entry<Double, Double> bucket : cumulative.entrySet()) {
      if (bucket.getValue() >= rank) {
        if (bucket.getKey().isInfinite()) {
          return Double.POSITIVE_INFINITY;
        }
        double inBucket = bucket.getValue() - lowerCount;
        double share = inBucket <= 0 ? 1 : (rank - lowerCount) / inBucket;
        return lowerBound + (bucket.getKey() - lowerBound) * share;
      }
      lowerBound = bucket.getKey();
      lowerCount = bucket.getValue();
    }
    return Double.POSITIVE_INFINITY;
  }

  /**
   * The upper bound of the highest bucket holding an observation: none of the observations counted
   * is later (NaN without observations, infinity beyond the largest finite bound).
   */
  double maxBound() {
    double total = total();
    if (total <= 0) {
      return Double.NaN;
    }
    for (Map.Entry<Double, Double> bucket : cumulative.entrySet()) {
      if (bucket.getValue() >= total) {
        return bucket.getKey();
      }
    }
    return Double.POSITIVE_INFINITY;
  }

  /** Observations above {@code seconds}, which must be one of the bounds; NaN if it is not. */
  double above(double seconds) {
    Double atOrBelow = cumulative.get(seconds);
    return atOrBelow == null ? Double.NaN : total() - atOrBelow;
  }
}
