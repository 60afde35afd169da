package com.cmp.polling.benchmarks.all;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code all --only a,b --merge}: puts the sections just measured into the page as it stands, each
 * in place of the section with the same title, so one benchmark can be measured again without
 * running the hour-long rest. A merged section says when it was measured, since the page's
 * introduction dates the run that wrote the others.
 */
final class PageMerge {

  private PageMerge() {}

  static List<String> replaceSections(
      List<String> page, List<List<String>> sections, Instant measured) {
    List<String> merged = new ArrayList<>(page);
    for (List<String> section : sections) {
      List<String> dated = new ArrayList<>(section);
      dated.addAll(2, List.of("Measured " + measured + ", alone (`all --only ... --merge`).", ""));
      int start = merged.indexOf(section.get(0));
      if (start < 0) {
        int handWritten = merged.indexOf("## Hand-written pieces against libraries");
        merged.addAll(handWritten < 0 ? merged.size() : handWritten, dated);
        continue;
      }
      int end = start + 1;
      while (end < merged.size() && !merged.get(end).startsWith("## ")) {
        end++;
      }
      merged.subList(start, end).clear();
      merged.addAll(start, dated);
    }
    return merged;
  }
}
