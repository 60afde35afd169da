package com.cmp.polling.core.packageusage;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.testsupport.data.TestData;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class PackageUsageStoreIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();

  private final PackageUsageStore store = new PackageUsageStore(postgres.jdbc());
  private TestData data;

  @BeforeEach
  void emptyTables() {
    postgres.truncateBusinessTables();
    data = postgres.data();
  }

  @Test
  void findValid_ofACard_returnsPendingAndActive_notExhaustedExpiredOrDeleted() {
    long card = data.card().insert();
    long pending = data.packageOfCard(card).status(0).insert();
    long active = data.packageOfCard(card).status(1).insert();
    data.packageOfCard(card).status(2).insert();
    data.packageOfCard(card).status(3).insert();
    long deleted = data.packageOfCard(card).status(1).insert();
    data.softDeletePackage(deleted);

    assertThat(store.findValid(PackageOwner.card(card)))
        .extracting(PackageUsage::id)
        .containsExactly(pending, active);
  }

  @Test
  void findValid_ofADevice_seesTheDevicesPackages_notThoseOfItsCards() {
    long device = data.device().insert();
    long card = data.card().device(device).insert();
    long devicePackage = data.packageOfDevice(device).status(1).insert();
    data.packageOfCard(card).status(1).insert();

    assertThat(store.findValid(PackageOwner.device(device)))
        .extracting(PackageUsage::id)
        .containsExactly(devicePackage);
  }

  @Test
  void findValid_withoutPackages_isEmpty() {
    long card = data.card().insert();
    long device = data.device().insert();

    assertThat(store.findValid(PackageOwner.card(card))).isEmpty();
    assertThat(store.findValid(PackageOwner.device(device))).isEmpty();
  }

  @Test
  void firstActiveOrExhausted_prefersAnActivePackage_overAnEarlierExhaustedOne() {
    long card = data.card().insert();
    data.packageOfCard(card).status(2).usage("100", "100").insert();
    long active = data.packageOfCard(card).status(1).usage("10", "100").insert();

    PackageUsage chosen = store.findFirstActiveOrExhausted(PackageOwner.card(card)).orElseThrow();

    assertThat(chosen.id()).isEqualTo(active);
    assertThat(chosen.status()).isEqualTo(PackageStatus.ACTIVE);
    assertThat(chosen.isAtLimit()).isFalse();
  }

  @Test
  void firstActiveOrExhausted_prefersAnActivePackageWithRoom_overAnOlderOneAtItsLimit() {
    long card = data.card().insert();
    data.packageOfCard(card).status(1).usage("100", "100").insert();
    long withRoom = data.packageOfCard(card).status(1).usage("10", "100").insert();

    assertThat(store.findFirstActiveOrExhausted(PackageOwner.card(card)).orElseThrow().id())
        .isEqualTo(withRoom);
  }

  @Test
  void firstActiveOrExhausted_fallsBackToExhausted_andIgnoresPendingAndExpired() {
    long device = data.device().insert();
    data.packageOfDevice(device).status(0).insert();
    data.packageOfDevice(device).status(3).insert();
    long exhausted = data.packageOfDevice(device).status(2).usage("500", "500").insert();

    PackageUsage chosen =
        store.findFirstActiveOrExhausted(PackageOwner.device(device)).orElseThrow();

    assertThat(chosen.id()).isEqualTo(exhausted);
    assertThat(chosen.status()).isEqualTo(PackageStatus.EXHAUSTED);
    assertThat(chosen.deviceId()).isEqualTo(device);
    assertThat(chosen.cardId()).isNull();
  }

  @Test
  void firstActiveOrExhausted_withOnlyPendingPackages_isEmpty() {
    long card = data.card().insert();
    data.packageOfCard(card).status(0).insert();

    assertThat(store.findFirstActiveOrExhausted(PackageOwner.card(card))).isEmpty();
  }

  @Test
  void firstActiveOrExhausted_ignoresSoftDeletedPackages() {
    long card = data.card().insert();
    long deleted = data.packageOfCard(card).status(1).insert();
    data.softDeletePackage(deleted);

    assertThat(store.findFirstActiveOrExhausted(PackageOwner.card(card))).isEmpty();
  }

  @Test
  void mapsAmountsAndTimes_andKnowsUnlimitedFromAtLimit() {
    long card = data.card().insert();
    Instant expiry = Instant.parse("2027-01-31T16:00:00Z");
    data.packageOfCard(card).status(1).usage("1024.5", "1024").expiresAt(expiry).insert();
    long unlimitedCard = data.card().insert();
    data.packageOfCard(unlimitedCard).status(1).usage("999999", "0").insert();

    PackageUsage limited = store.findFirstActiveOrExhausted(PackageOwner.card(card)).orElseThrow();
    PackageUsage unlimited =
        store.findFirstActiveOrExhausted(PackageOwner.card(unlimitedCard)).orElseThrow();

    assertThat(limited.dataUsageMb()).isEqualByComparingTo("1024.5");
    assertThat(limited.expiresAt()).isEqualTo(expiry);
    assertThat(limited.activatedAt()).isNotNull();
    assertThat(limited.isAtLimit()).isTrue();
    assertThat(unlimited.isUnlimited()).isTrue();
    assertThat(unlimited.isAtLimit()).isFalse();
  }
}
