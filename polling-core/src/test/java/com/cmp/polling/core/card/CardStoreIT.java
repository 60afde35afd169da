package com.cmp.polling.core.card;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import com.cmp.polling.core.packageusage.PackageOwner;
import com.cmp.polling.testsupport.data.TestData;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class CardStoreIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();

  private final CardStore store = new CardStore(postgres.jdbc());
  private TestData data;

  @BeforeEach
  void emptyTables() {
    postgres.truncateBusinessTables();
    data = postgres.data();
  }

  @Test
  void findById_mapsEveryColumn() {
    long device = data.device().insert();
    long id =
        data.card()
            .iccid("89860000000000001000")
            .carrier(3, "CUCC")
            .industry()
            .unverified()
            .stopped("traffic_exhausted")
            .device(device)
            .pollingDisabled()
            .monthUsage(LocalDate.of(2026, 11, 1), "512.250", "2048")
            .insert();

    Card card = store.findById(id).orElseThrow();

    assertThat(card.iccid()).isEqualTo("89860000000000001000");
    assertThat(card.carrierId()).isEqualTo(3);
    assertThat(card.carrierType()).isEqualTo("CUCC");
    assertThat(card.category()).isEqualTo(CardCategory.INDUSTRY);
    assertThat(card.realNameStatus()).isEqualTo(RealNameStatus.UNVERIFIED);
    assertThat(card.networkStatus()).isEqualTo(NetworkStatus.STOPPED);
    assertThat(card.stopReason()).isEqualTo("traffic_exhausted");
    assertThat(card.isStoppedForPollingReason()).isTrue();
    assertThat(card.deviceId()).isEqualTo(device);
    assertThat(card.packageOwner()).isEqualTo(PackageOwner.device(device));
    assertThat(card.pollingEnabled()).isFalse();
    assertThat(card.monthUsage().monthStart()).isEqualTo(LocalDate.of(2026, 11, 1));
    assertThat(card.monthUsage().currentMonthUsageMb()).isEqualByComparingTo("512.25");
    assertThat(card.monthUsage().lastMonthTotalMb()).isEqualByComparingTo("2048");
    assertThat(card.createdAt()).isNotNull();
  }

  @Test
  void cardWithoutDevice_ownsItsPackages() {
    long id = data.card().insert();

    Card card = store.findById(id).orElseThrow();

    assertThat(card.deviceId()).isNull();
    assertThat(card.packageOwner()).isEqualTo(PackageOwner.card(id));
    assertThat(card.isOnline()).isTrue();
  }

  @Test
  void softDeletedCard_isInvisibleToEveryRead() {
    long device = data.device().insert();
    long kept = data.card().device(device).insert();
    long deleted = data.card().device(device).insert();
    data.softDeleteCard(deleted);

    assertThat(store.findById(deleted)).isEmpty();
    assertThat(store.findByDevice(device)).extracting(Card::id).containsExactly(kept);
    assertThat(store.findAfterForEnrollment(0, 10)).extracting(Card::id).containsExactly(kept);
    assertThat(store.count()).isEqualTo(1);
  }

  @Test
  void softDeletedCard_isNotUpdated() {
    long id = data.card().insert();
    data.softDeleteCard(id);

    assertThat(store.updateRealNameStatus(id, RealNameStatus.UNVERIFIED)).isFalse();
    assertThat(store.updateNetworkStatus(id, NetworkStatus.STOPPED, "manual")).isFalse();
  }

  @Test
  void cardOfASoftDeletedDevice_keepsItsDevice_markedDeleted_andIsNoLongerAmongTheDevicesCards() {
    long device = data.device().insert();
    long card = data.card().device(device).insert();
    long live = data.card().device(data.device().insert()).insert();
    long alone = data.card().insert();
    data.softDeleteDevice(device);

    Card read = store.findById(card).orElseThrow();
    assertThat(read.deviceId()).isEqualTo(device);
    assertThat(read.deviceDeleted()).isTrue();
    assertThat(read.packageOwner()).isEqualTo(PackageOwner.device(device));
    assertThat(store.findByIds(List.of(card, live, alone)))
        .extracting(Card::id, Card::deviceDeleted)
        .containsExactly(tuple(card, true), tuple(live, false), tuple(alone, false));
    assertThat(store.findByDevice(device)).isEmpty();
  }

  @Test
  void findById_ofAnUnknownCard_isEmpty() {
    assertThat(store.findById(987_654_321L)).isEmpty();
  }

  @Test
  void findByDevice_returnsOnlyThatDevicesCards_inIdOrder() {
    long device = data.device().insert();
    long other = data.device().insert();
    long a = data.card().device(device).insert();
    data.card().device(other).insert();
    long b = data.card().device(device).stopped("no_package").insert();
    data.card().insert();

    assertThat(store.findByDevice(device)).extracting(Card::id).containsExactly(a, b);
  }

  @Test
  void findAfterForEnrollment_walksAllCardsPageByPage_andCountMatches() {
    for (int i = 0; i < 25; i++) {
      data.card().insert();
    }
    long last = 0;
    int seen = 0;
    int pages = 0;
    while (true) {
      var page = store.findAfterForEnrollment(last, 10);
      if (page.isEmpty()) {
        break;
      }
      assertThat(page.get(0).id()).isGreaterThan(last);
      seen += page.size();
      last = page.get(page.size() - 1).id();
      pages++;
    }

    assertThat(seen).isEqualTo(25);
    assertThat(pages).isEqualTo(3);
    assertThat(store.count()).isEqualTo(25);
  }

  @Test
  void findAfterForEnrollment_readsWhatDecidesTheQueues_likeAFullRead() {
    long device = data.device().insert();
    long goneDevice = data.device().insert();
    long inDevice = data.card().carrier(3, "CUCC").industry().unverified().device(device).insert();
    long stopped = data.card().stopped("traffic_exhausted").pollingDisabled().insert();
    long ofGoneDevice = data.card().device(goneDevice).insert();
    long deleted = data.card().insert();
    data.softDeleteCard(deleted);
    data.softDeleteDevice(goneDevice);

    var page = store.findAfterForEnrollment(0, 10);

    assertThat(page).extracting(Card::id).containsExactly(inDevice, stopped, ofGoneDevice);
    assertThat(page)
        .extracting(Card::id, Card::carrierId, Card::category, Card::realNameStatus)
        .containsExactlyElementsOf(
            store.findByIds(List.of(inDevice, stopped, ofGoneDevice, deleted)).stream()
                .map(
                    c ->
                        org.assertj.core.groups.Tuple.tuple(
                            c.id(), c.carrierId(), c.category(), c.realNameStatus()))
                .toList());
    assertThat(page.get(0).deviceId()).isEqualTo(device);
    assertThat(page.get(0).carrierId()).isEqualTo(3);
    assertThat(page.get(0).isRealNameVerified()).isFalse();
    assertThat(page.get(0).pollingEnabled()).isTrue();
    assertThat(page.get(1).deviceId()).isNull();
    assertThat(page.get(1).isOnline()).isFalse();
    assertThat(page.get(1).stopReason()).isEqualTo("traffic_exhausted");
    assertThat(page.get(1).pollingEnabled()).isFalse();
    // A deleted device allows no polling: the card keeps it, marked deleted.
    assertThat(page.get(0).deviceDeleted()).isFalse();
    assertThat(page.get(2).deviceId()).isEqualTo(goneDevice);
    assertThat(page.get(2).deviceDeleted()).isTrue();
    assertThat(store.findAfterForEnrollment(stopped, 10))
        .extracting(Card::id)
        .containsExactly(ofGoneDevice);
  }

  @Test
  void updateRealNameStatus_changesOnlyThatCard() {
    long id = data.card().unverified().insert();
    long other = data.card().unverified().insert();

    assertThat(store.updateRealNameStatus(id, RealNameStatus.VERIFIED)).isTrue();

    assertThat(store.findById(id).orElseThrow().isRealNameVerified()).isTrue();
    assertThat(store.findById(other).orElseThrow().isRealNameVerified()).isFalse();
  }

  @Test
  void updateNetworkStatus_setsStatusAndReasonTogether() {
    long id = data.card().insert();

    assertThat(store.updateNetworkStatus(id, NetworkStatus.STOPPED, "no_package")).isTrue();
    Card stopped = store.findById(id).orElseThrow();
    assertThat(stopped.networkStatus()).isEqualTo(NetworkStatus.STOPPED);
    assertThat(stopped.stopReason()).isEqualTo("no_package");

    assertThat(store.updateNetworkStatus(id, NetworkStatus.ONLINE, null)).isTrue();
    Card resumed = store.findById(id).orElseThrow();
    assertThat(resumed.isOnline()).isTrue();
    assertThat(resumed.stopReason()).isNull();
  }

  @Test
  void updateNetworkStatus_refusesAnOnlineCardWithAReason() {
    long id = data.card().stopped("manual").insert();

    assertThatThrownBy(() -> store.updateNetworkStatus(id, NetworkStatus.ONLINE, "manual"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("card " + id);
    assertThat(store.findById(id).orElseThrow().stopReason()).isEqualTo("manual");
  }

  @Test
  void updates_ofAnUnknownCard_reportFalse() {
    assertThat(store.updateRealNameStatus(55_555_555L, RealNameStatus.VERIFIED)).isFalse();
    assertThat(store.updateNetworkStatus(55_555_555L, NetworkStatus.STOPPED, "manual")).isFalse();
  }

  @Test
  void updateRealNameStatusAll_writesEachCardsStatus_andLeavesDeletedAndUnknownCardsOut() {
    long first = data.card().unverified().insert();
    long second = data.card().verified().insert();
    long untouched = data.card().unverified().insert();
    long deleted = data.card().unverified().insert();
    data.softDeleteCard(deleted);

    Set<Long> updated =
        store.updateRealNameStatusAll(
            Map.of(
                first,
                RealNameStatus.VERIFIED,
                second,
                RealNameStatus.UNVERIFIED,
                deleted,
                RealNameStatus.VERIFIED,
                55_555_555L,
                RealNameStatus.VERIFIED));

    assertThat(updated).containsExactlyInAnyOrder(first, second);
    assertThat(store.findById(first).orElseThrow().isRealNameVerified()).isTrue();
    assertThat(store.findById(second).orElseThrow().isRealNameVerified()).isFalse();
    assertThat(store.findById(untouched).orElseThrow().isRealNameVerified()).isFalse();
    assertThat(store.updateRealNameStatusAll(Map.of())).isEmpty();
  }

  @Test
  void monthUsage_isReadWithOneCard_fromItsOwnTable_andLeftOutOfReadsOfMany() {
    long counted = data.card().monthUsage(LocalDate.of(2026, 11, 1), "7.5", "30").insert();
    long neverSampled = data.card().insert();

    assertThat(store.findById(counted).orElseThrow().monthUsage())
        .isEqualTo(
            new MonthUsage(
                LocalDate.of(2026, 11, 1), new BigDecimal("7.500"), new BigDecimal("30.000")));
    assertThat(store.findById(neverSampled).orElseThrow().monthUsage()).isEqualTo(MonthUsage.NONE);
    String iccid = store.findById(counted).orElseThrow().iccid();
    assertThat(store.findByIccid(iccid).orElseThrow().monthUsage().currentMonthUsageMb())
        .isEqualByComparingTo("7.5");
    // The pipeline reads cards many at a time without them: nothing there needs them.
    assertThat(store.findByIds(List.of(counted, neverSampled)))
        .extracting(Card::monthUsage)
        .containsOnlyNulls();
    // And nothing of them is in the card table any more.
    assertThat(
            postgres
                .jdbc()
                .sql("SELECT current_month_start_date IS NULL FROM tb_iot_card WHERE id = ?")
                .param(counted)
                .query(Boolean.class)
                .single())
        .isTrue();
  }
}
