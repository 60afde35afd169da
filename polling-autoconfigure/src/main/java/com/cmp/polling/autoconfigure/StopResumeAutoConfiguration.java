package com.cmp.polling.autoconfigure;

import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.packageusage.PackageUsageStore;
import com.cmp.polling.core.protection.ProtectionPeriods;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.stopresumelog.StopResumeLogStore;
import com.cmp.polling.schemas.json.PayloadCodec;
import com.cmp.polling.stopresume.OperatorActions;
import com.cmp.polling.stopresume.StopResumeService;
import com.cmp.polling.stopresume.StopResumeSettings;
import com.cmp.polling.stopresume.action.CardActionPublisher;
import com.cmp.polling.stopresume.action.CarrierActions;
import com.cmp.polling.stopresume.action.KafkaCardActionPublisher;
import com.cmp.polling.stopresume.action.RetryPolicy;
import com.cmp.polling.stopresume.action.Sleeper;
import com.cmp.polling.stopresume.action.StopResumeMetrics;
import com.cmp.polling.stopresume.gateway.CarrierGateway;
import com.cmp.polling.stopresume.gateway.CarrierRateLimiter;
import com.cmp.polling.stopresume.gateway.GatewaySettings;
import com.cmp.polling.stopresume.gateway.HttpCarrierGateway;
import com.cmp.polling.stopresume.gateway.RateLimitedCarrierGateway;
import com.cmp.polling.stopresume.lock.OperationLocks;
import com.cmp.polling.stopresume.rules.StopRules;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.kafka.core.KafkaTemplate;

/** StopResumeService and its parts, for the processes that have stop-resume-service. */
@AutoConfiguration(after = PollingCoreAutoConfiguration.class)
@ConditionalOnClass(StopResumeService.class)
public class StopResumeAutoConfiguration {

  @Bean
  @ConditionalOnMissingBean
  CarrierGateway carrierGateway(PollingProperties properties, StringRedisTemplate redis) {
    var gateway = properties.gateway();
    if (gateway.baseUrl() == null) {
      throw new IllegalStateException(
          "cmp.polling.gateway.base-url is not set: this process stops and resumes cards, so it"
              + " needs the carrier gateway (e.g. http://localhost:8089 for the simulator)");
    }
    CarrierGateway http =
        new HttpCarrierGateway(
            new GatewaySettings(
                gateway.baseUrl(),
                gateway.connectTimeout(),
                gateway.readTimeout(),
                gateway.callTimeout()));
    if (!gateway.rateLimited()) {
      return http;
    }
    return new RateLimitedCarrierGateway(
        http,
        new CarrierRateLimiter(
            redis,
            gateway.rateLimitPerSecond(),
            gateway.defaultRateLimitPerSecond(),
            gateway.rateLimitMaxWait()));
  }

  @Bean
  StopResumeMetrics stopResumeMetrics(ObjectProvider<MeterRegistry> registry) {
    return new StopResumeMetrics(registry.getIfAvailable(SimpleMeterRegistry::new));
  }

  @Bean
  @ConditionalOnMissingBean
  CardActionPublisher cardActionPublisher(
      KafkaTemplate<String, byte[]> kafka,
      PayloadCodec codec,
      PollingProperties properties,
      ObjectProvider<MeterRegistry> registry) {
    return new KafkaCardActionPublisher(
        kafka,
        codec,
        properties.kafka().ackTimeout(),
        registry.getIfAvailable(SimpleMeterRegistry::new));
  }

  @Bean
  CarrierActions carrierActions(
      CarrierGateway gateway,
      CardStore cards,
      StopResumeLogStore attempts,
      CardActionPublisher publisher,
      StopResumeMetrics metrics,
      PollingProperties properties,
      Clock clock) {
    var settings = properties.stopResume();
    return new CarrierActions(
        gateway,
        cards,
        attempts,
        publisher,
        new RetryPolicy(settings.attempts(), settings.firstBackoff(), settings.backoffMultiplier()),
        Sleeper.REAL,
        metrics,
        clock);
  }

  @Bean
  OperationLocks operationLocks(StringRedisTemplate redis, Clock clock) {
    return new OperationLocks(redis, clock);
  }

  @Bean
  StopResumeSettings stopResumeSettings(PollingProperties properties) {
    var settings = properties.stopResume();
    return new StopResumeSettings(
        settings.lockTtl(), settings.operatorLockWait(), settings.protectCheckDelay());
  }

  @Bean
  StopResumeService stopResumeService(
      CardStore cards,
      PackageUsageStore packages,
      CarrierActions actions,
      ProtectionPeriods protection,
      OperationLocks locks,
      StopResumeSettings settings,
      StopResumeMetrics metrics) {
    return new StopResumeService(
        cards, new StopRules(packages), actions, protection, locks, settings, metrics);
  }

  @Bean
  OperatorActions operatorActions(
      CardStore cards,
      CarrierActions actions,
      ProtectionPeriods protection,
      OperationLocks locks,
      PollingQueueManager queues,
      StopResumeSettings settings,
      Clock clock) {
    return new OperatorActions(cards, actions, protection, locks, queues, settings, clock);
  }
}
