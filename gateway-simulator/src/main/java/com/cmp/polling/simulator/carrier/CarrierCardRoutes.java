package com.cmp.polling.simulator.carrier;

import com.cmp.polling.simulator.behaviour.BehaviourSettings;
import com.cmp.polling.simulator.behaviour.CardOperationGate;
import com.cmp.polling.simulator.behaviour.PendingFailures;
import com.cmp.polling.simulator.state.CardStates;
import com.cmp.polling.simulator.state.PackageStates;
import org.springframework.boot.web.servlet.ServletRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.json.JsonMapper;

/** Serves the card operations with {@link CarrierCardServlet}, beside Spring MVC's dispatcher. */
@Configuration(proxyBeanMethods = false)
class CarrierCardRoutes {

  @Bean
  ServletRegistrationBean<CarrierCardServlet> carrierCardServlet(
      CardOperationGate gate,
      PendingFailures failures,
      CardStates cards,
      PackageStates packages,
      BehaviourSettings settings,
      JsonMapper json) {
    var registration =
        new ServletRegistrationBean<>(
            new CarrierCardServlet(gate, failures, cards, packages, settings, json),
            CarrierCardServlet.MAPPING);
    registration.setName("carrierCards");
    registration.setLoadOnStartup(1);
    return registration;
  }
}
