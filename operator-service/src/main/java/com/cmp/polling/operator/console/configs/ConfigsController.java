package com.cmp.polling.operator.console.configs;

import com.cmp.polling.core.config.PollingConfig;
import com.cmp.polling.core.config.PollingConfigManager;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /console/api/configs}: the polling configs in force, in matching order, what each
 * matches and how many cards it governs.
 */
@RestController
class ConfigsController {

  private final ConfigCounts counts;
  private final PollingConfigManager configs;

  ConfigsController(ConfigCounts counts, PollingConfigManager configs) {
    this.counts = counts;
    this.configs = configs;
  }

  @GetMapping("/console/api/configs")
  ConfigsView configs() {
    ConfigCounts.Counted counted = counts.current();
    List<ConfigRow> rows =
        counted.configs().stream()
            .map(c -> ConfigRow.of(c, counted.counts().cardsByConfig().getOrDefault(c.id(), 0L)))
            .toList();
    return new ConfigsView(
        configs.snapshot().loadedAt(),
        counted.at(),
        rows,
        counted.counts().unmatched(),
        counted.counts().pollingDisabled());
  }

  /**
   * @param loadedAt when the configs in force were read from PostgreSQL
   * @param countedAt when the cards were counted
   * @param unmatched polled cards no config matches (they are not checked)
   * @param pollingDisabled live cards whose own or device's polling is off
   */
  record ConfigsView(
      Instant loadedAt,
      Instant countedAt,
      List<ConfigRow> configs,
      long unmatched,
      long pollingDisabled) {}

  /**
   * @param condition the card condition it matches, or "any"
   * @param carrierId the carrier it matches, or null for any
   * @param intervalSeconds per task type, null where the config turns that check off
   * @param cards cards it governs now
   */
  record ConfigRow(
      long id,
      String name,
      int priority,
      String condition,
      Long carrierId,
      Map<String, Long> intervalSeconds,
      long cards) {

    static ConfigRow of(PollingConfig c, long cards) {
      Map<String, Long> intervals = new LinkedHashMap<>();
      for (TaskType type : TaskType.values()) {
        intervals.put(type.code(), c.interval(type).map(d -> d.toSeconds()).orElse(null));
      }
      return new ConfigRow(
          c.id(),
          c.name(),
          c.priority(),
          c.condition() == null ? "any" : c.condition().code(),
          c.carrierId(),
          intervals,
          cards);
    }
  }
}
