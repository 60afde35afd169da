package com.cmp.polling.core.config;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What a refresh changed, by config id: the cards matched to these configs may need new queues or
 * new check times.
 */
public record ConfigChanges(Set<Long> added, Set<Long> changed, Set<Long> removed) {

  public ConfigChanges {
    added = Set.copyOf(added);
    changed = Set.copyOf(changed);
    removed = Set.copyOf(removed);
  }

  public static ConfigChanges between(ConfigSnapshot before, ConfigSnapshot after) {
    Map<Long, PollingConfig> old = byId(before);
    Map<Long, PollingConfig> now = byId(after);
    Set<Long> added = new HashSet<>(now.keySet());
    added.removeAll(old.keySet());
    Set<Long> removed = new HashSet<>(old.keySet());
    removed.removeAll(now.keySet());
    Set<Long> changed = new HashSet<>();
    now.forEach(
        (id, config) -> {
          if (old.containsKey(id) && !old.get(id).equals(config)) {
            changed.add(id);
          }
        });
    return new ConfigChanges(added, changed, removed);
  }

  public boolean isEmpty() {
    return added.isEmpty() && changed.isEmpty() && removed.isEmpty();
  }

  private static Map<Long, PollingConfig> byId(ConfigSnapshot snapshot) {
    return snapshot.configs().stream()
        .collect(Collectors.toMap(PollingConfig::id, Function.identity()));
  }
}
