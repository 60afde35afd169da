package com.cmp.polling.core.config;

/**
 * Told by {@link PollingConfigManager} after every refresh that changed something, periodic or on
 * demand. Called on the refreshing thread while the manager is locked: hand long work to a thread
 * of your own.
 */
@FunctionalInterface
public interface ConfigChangeListener {

  /**
   * @param before the configs in force until now
   * @param after the configs in force from now on
   * @param changes the config ids added, changed and removed between the two
   */
  void onChange(ConfigSnapshot before, ConfigSnapshot after, ConfigChanges changes);
}
