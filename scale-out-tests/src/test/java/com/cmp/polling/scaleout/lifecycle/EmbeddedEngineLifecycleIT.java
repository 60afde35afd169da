package com.cmp.polling.scaleout.lifecycle;

import com.cmp.polling.scaleout.apps.AppLauncher;
import com.cmp.polling.scaleout.apps.RunningApp;
import java.util.Map;

/** The lifecycle contract with the listener's own Debezium engine reading the slot. */
class EmbeddedEngineLifecycleIT extends LifecycleContract {

  @Override
  RunningApp startListenerAndCapture(AppLauncher apps) {
    return apps.listener(
        "lifecycle-listener-embedded",
        Map.of(
            "cmp.polling.listener.cdc.slot-name",
            slot,
            // The test database goes away after the class; so must its slot.
            "cmp.polling.listener.cdc.drop-slot-on-stop",
            true));
  }

  @Override
  void stopCapture() {
    // The engine stopped with the listener and dropped its slot.
  }
}
