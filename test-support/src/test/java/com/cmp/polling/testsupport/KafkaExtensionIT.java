package com.cmp.polling.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.testsupport.kafka.KafkaExtension;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class KafkaExtensionIT {

  @RegisterExtension static final KafkaExtension kafka = new KafkaExtension();

  @Test
  void producedRecords_areConsumed_withKeyAndValueIntact() throws Exception {
    String topic = kafka.createUniqueTopic("round-trip", 3);
    try (var producer = kafka.producer()) {
      for (int i = 1; i <= 10; i++) {
        producer
            .send(
                new ProducerRecord<>(
                    topic, "card-" + i, ("v" + i).getBytes(StandardCharsets.UTF_8)))
            .get();
      }
    }

    var records = kafka.readFromBeginning(topic, 10, Duration.ofSeconds(30));

    assertThat(records).hasSize(10);
    assertThat(records)
        .extracting(r -> r.key() + "=" + new String(r.value(), StandardCharsets.UTF_8))
        .contains("card-1=v1", "card-10=v10");
  }

  @Test
  void uniqueNames_neverRepeat() {
    assertThat(KafkaExtension.unique("t"))
        .isNotEqualTo(KafkaExtension.unique("t"))
        .startsWith("t-");
  }
}
