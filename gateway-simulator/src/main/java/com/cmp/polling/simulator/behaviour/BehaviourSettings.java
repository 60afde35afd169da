package com.cmp.polling.simulator.behaviour;

import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/** The behaviour in force; request threads read it while the control API replaces it. */
@Component
public class BehaviourSettings {

  private static final Logger log = LoggerFactory.getLogger(BehaviourSettings.class);

  private final AtomicReference<Behaviour> current = new AtomicReference<>(Behaviour.none());

  public Behaviour current() {
    return current.get();
  }

  public void replace(Behaviour behaviour) {
    current.set(behaviour);
    log.info("behaviour of card operations is now {}", behaviour);
  }

  public void reset() {
    current.set(Behaviour.none());
  }
}
