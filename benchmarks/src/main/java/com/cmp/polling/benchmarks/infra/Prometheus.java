package com.cmp.polling.benchmarks.infra;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * One scrape of an app's {@code /actuator/prometheus}, parsed from the text format: a series per
 * sample line (name, labels, value). Enough for the figures a benchmark reads: sums and maxima of
 * series selected by name and some of their labels.
 */
public record Prometheus(List<Series> series) {

  /** One sample line. */
  public record Series(String name, Map<String, String> labels, double value) {

    boolean matches(String wanted, Map<String, String> match) {
      if (!name.equals(wanted)) {
        return false;
      }
      return match.entrySet().stream().allMatch(e -> e.getValue().equals(labels.get(e.getKey())));
    }
  }

  public static Prometheus parse(String text) {
    List<Series> series = new ArrayList<>();
    for (String line : text.split("\n")) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      int brace = line.indexOf('{');
      int space = line.lastIndexOf(' ');
      Map<String, String> labels = new LinkedHashMap<>();
      String name;
      if (brace >= 0 && brace < space) {
        name = line.substring(0, brace);
        parseLabels(line.substring(brace + 1, line.lastIndexOf('}')), labels);
      } else {
        name = line.substring(0, line.indexOf(' '));
      }
      String value = line.substring(line.indexOf(' ', line.lastIndexOf('}') + 1) + 1).trim();
      // A timestamp may follow the value.
      int gap = value.indexOf(' ');
      series.add(new Series(name, labels, parseValue(gap < 0 ? value : value.substring(0, gap))));
    }
    return new Prometheus(series);
  }

  /** The series of several scrapes as one (e.g. every app's): sums run over all of them. */
  public static Prometheus merge(List<Prometheus> scrapes) {
    List<Series> all = new ArrayList<>();
    scrapes.forEach(scrape -> all.addAll(scrape.series()));
    return new Prometheus(all);
  }

  /** The series of that name whose labels include {@code match}. */
  public List<Series> select(String name, Map<String, String> match) {
    return series.stream().filter(s -> s.matches(name, match)).toList();
  }

  /** Sum of the matching series (0 when none). */
  public double sum(String name, Map<String, String> match) {
    return select(name, match).stream().mapToDouble(Series::value).sum();
  }

  public double sum(String name) {
    return sum(name, Map.of());
  }

  /** Largest value of the matching series, empty when none. */
  public OptionalDouble max(String name, Map<String, String> match) {
    return select(name, match).stream().mapToDouble(Series::value).max();
  }

  private static void parseLabels(String text, Map<String, String> labels) {
    int i = 0;
    while (i < text.length()) {
      int equals = text.indexOf('=', i);
      if (equals < 0) {
        return;
      }
      String key = text.substring(i, equals).trim();
      StringBuilder value = new StringBuilder();
      int j = equals + 2; // after ="
      while (j < text.length() && text.charAt(j) != '"') {
        if (text.charAt(j) == '\\' && j + 1 < text.length()) {
          j++;
        }
        value.append(text.charAt(j++));
      }
      labels.put(key, value.toString());
      i = j + 1;
      while (i < text.length() && (text.charAt(i) == ',' || text.charAt(i) == ' ')) {
        i++;
      }
    }
  }

  private static double parseValue(String value) {
    return switch (value) {
      case "+Inf" -> Double.POSITIVE_INFINITY;
      case "-Inf" -> Double.NEGATIVE_INFINITY;
      case "NaN" -> Double.NaN;
      default -> Double.parseDouble(value);
    };
  }
}
