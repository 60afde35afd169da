package com.cmp.polling.handlers.base;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.core.card.LoadedCard;
import com.cmp.polling.core.enrollment.CardPlanner;
import com.cmp.polling.handlers.HandlersTestApp;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A poll's cards read together give what reading them one by one gives, as the table has them. */
class CardLoaderIT {

  @RegisterExtension static final HandlersTestApp app = HandlersTestApp.withDefaults();

  @Test
  void loadAll_readsEachCardAndItsDevice_andMapsMissingOrDeletedCardsToEmpty() {
    long alone = app.postgres().data().card().iccid("89860000000000077001").insert();
    long disabledDevice = app.postgres().data().device().pollingDisabled().insert();
    long ofDisabledDevice = app.postgres().data().card().device(disabledDevice).insert();
    long enabledDevice = app.postgres().data().device().insert();
    long ofEnabledDevice = app.postgres().data().card().device(enabledDevice).insert();
    long deletedDevice = app.postgres().data().device().insert();
    long ofDeletedDevice = app.postgres().data().card().device(deletedDevice).insert();
    app.postgres().data().softDeleteDevice(deletedDevice);
    long deleted = app.postgres().data().card().insert();
    app.postgres().data().softDeleteCard(deleted);
    long neverExisted = 987_654_321L;
    CardLoader loader = app.bean(CardLoader.class);

    Map<Long, Optional<LoadedCard>> loaded =
        loader.loadAll(
            List.of(
                alone, ofDisabledDevice, ofEnabledDevice, ofDeletedDevice, deleted, neverExisted));

    assertThat(loaded).hasSize(6);
    assertThat(loaded.get(alone))
        .hasValueSatisfying(
            card -> {
              assertThat(card.iccid()).isEqualTo("89860000000000077001");
              assertThat(CardPlanner.pollingAllowed(card)).isTrue();
            });
    assertThat(loaded.get(ofDisabledDevice))
        .hasValueSatisfying(card -> assertThat(CardPlanner.pollingAllowed(card)).isFalse());
    assertThat(loaded.get(ofEnabledDevice))
        .hasValueSatisfying(card -> assertThat(CardPlanner.pollingAllowed(card)).isTrue());
    assertThat(loaded.get(ofDeletedDevice))
        .hasValueSatisfying(card -> assertThat(CardPlanner.pollingAllowed(card)).isFalse());
    assertThat(loaded.get(deleted)).isEmpty();
    assertThat(loaded.get(neverExisted)).isEmpty();
    for (long card : List.of(alone, ofDisabledDevice, ofEnabledDevice, ofDeletedDevice)) {
      assertThat(loader.load(card).orElseThrow())
          .usingRecursiveComparison()
          .ignoringFields("loadedAt")
          .isEqualTo(loaded.get(card).orElseThrow());
    }
  }

  @Test
  void aCardChangedInTheTable_isSeenByTheVeryNextRead_iccidAndPollingFlagIncluded() {
    long card = app.postgres().data().card().iccid("89860000000000077002").insert();
    CardLoader loader = app.bean(CardLoader.class);
    assertThat(loader.load(card).orElseThrow().iccid()).isEqualTo("89860000000000077002");

    app.postgres()
        .jdbc()
        .sql(
            "UPDATE tb_iot_card SET iccid = '89860000000000077003', enable_polling = false"
                + " WHERE id = ?")
        .param(card)
        .update();

    LoadedCard read = loader.load(card).orElseThrow();
    assertThat(read.iccid()).isEqualTo("89860000000000077003");
    assertThat(CardPlanner.pollingAllowed(read)).isFalse();
  }
}
