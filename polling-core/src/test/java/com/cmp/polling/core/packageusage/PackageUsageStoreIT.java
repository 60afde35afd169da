package com.cmp.polling.core.packageusage;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.testsupport.data.TestData;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
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

  @Test
  void factsOf_manyOwners_readsForEachWhatFactsReadsForIt() {
    long withActive = data.card().insert();
    data.packageOfCard(withActive).status(1).usage("10", "100").insert();
    long onlyPending = data.card().insert();
    data.packageOfCard(onlyPending).status(0).insert();
    long withoutPackages = data.card().insert();
    long exhaustedDevice = data.device().insert();
    data.packageOfDevice(exhaustedDevice).status(2).usage("100", "100").insert();
    long expiredOnly = data.card().insert();
    data.packageOfCard(expiredOnly).status(3).insert();
    List<PackageOwner> owners =
        List.of(
            PackageOwner.card(withActive),
            PackageOwner.card(onlyPending),
            PackageOwner.card(withoutPackages),
            PackageOwner.device(exhaustedDevice),
            PackageOwner.card(expiredOnly),
            // A device that does not exist: no facts to find, still answered.
            PackageOwner.device(999_999L));

    Map<PackageOwner, PackageFacts> facts = store.factsOf(owners);

    assertThat(facts).hasSize(owners.size());
    for (PackageOwner owner : owners) {
      assertThat(facts.get(owner)).as(owner.toString()).isEqualTo(store.facts(owner));
    }
    assertThat(facts.get(PackageOwner.card(withActive)).hasValidPackage()).isTrue();
    assertThat(facts.get(PackageOwner.card(onlyPending)).deciding()).isEmpty();
    assertThat(facts.get(PackageOwner.device(exhaustedDevice)).deciding().orElseThrow().status())
        .isEqualTo(PackageStatus.EXHAUSTED);
    assertThat(facts.get(PackageOwner.card(withoutPackages)).hasValidPackage()).isFalse();
    assertThat(store.factsOf(List.of())).isEmpty();
  }

  @Test
  void deductFromActiveAll_addsEachOwnersAmountToItsDecidingPackage_andExhaustsAtTheLimit() {
    long card = data.card().insert();
    data.packageOfCard(card).status(1).usage("100", "100").insert();
    long withRoom = data.packageOfCard(card).status(1).usage("10", "100").insert();
    long other = data.packageOfCard(card).status(1).usage("0", "100").insert();
    long reachingLimit = data.card().insert();
    long limited = data.packageOfCard(reachingLimit).status(1).usage("95", "100").insert();
    long device = data.device().insert();
    long devicePackage = data.packageOfDevice(device).status(1).usage("1", "0").insert();
    long withoutActive = data.card().insert();
    data.packageOfCard(withoutActive).status(0).insert();

    Map<PackageOwner, PackageUsage> changed =
        store.deductFromActiveAll(
            Map.of(
                PackageOwner.card(card), new BigDecimal("5.5"),
                PackageOwner.card(reachingLimit), new BigDecimal("5"),
                PackageOwner.device(device), new BigDecimal("1000"),
                PackageOwner.card(withoutActive), BigDecimal.ONE));

    assertThat(changed)
        .containsOnlyKeys(
            PackageOwner.card(card), PackageOwner.card(reachingLimit), PackageOwner.device(device));
    assertThat(changed.get(PackageOwner.card(card)).id()).isEqualTo(withRoom);
    assertThat(changed.get(PackageOwner.card(card)).dataUsageMb()).isEqualByComparingTo("15.5");
    assertThat(changed.get(PackageOwner.card(card)).status()).isEqualTo(PackageStatus.ACTIVE);
    assertThat(changed.get(PackageOwner.card(reachingLimit)).id()).isEqualTo(limited);
    assertThat(changed.get(PackageOwner.card(reachingLimit)).status())
        .isEqualTo(PackageStatus.EXHAUSTED);
    assertThat(changed.get(PackageOwner.device(device)).id()).isEqualTo(devicePackage);
    assertThat(changed.get(PackageOwner.device(device)).status())
        .as("an unlimited package is never exhausted")
        .isEqualTo(PackageStatus.ACTIVE);
    // What was returned is what is stored; the package not deciding is untouched.
    assertThat(store.findFirstActiveOrExhausted(PackageOwner.card(card)).orElseThrow())
        .isEqualTo(changed.get(PackageOwner.card(card)));
    assertThat(store.findValid(PackageOwner.card(card)))
        .filteredOn(p -> p.id() == other)
        .singleElement()
        .extracting(PackageUsage::dataUsageMb)
        .satisfies(mb -> assertThat(mb).isEqualByComparingTo("0"));
    assertThat(store.findValid(PackageOwner.card(withoutActive)))
        .singleElement()
        .extracting(PackageUsage::dataUsageMb)
        .satisfies(mb -> assertThat(mb).isEqualByComparingTo("0"));
  }

  @Test
  void deductFromActiveAll_givesTheSameResultAsDeductFromActiveOneByOne() {
    long batched = data.card().insert();
    long single = data.card().insert();
    for (long card : List.of(batched, single)) {
      data.packageOfCard(card).status(1).usage("50", "60").insert();
      data.packageOfCard(card).status(1).usage("0", "60").insert();
    }

    PackageUsage viaBatch =
        store
            .deductFromActiveAll(Map.of(PackageOwner.card(batched), new BigDecimal("12.25")))
            .get(PackageOwner.card(batched));
    PackageUsage viaSingle =
        store.deductFromActive(PackageOwner.card(single), new BigDecimal("12.25")).orElseThrow();

    assertThat(viaBatch.dataUsageMb()).isEqualByComparingTo(viaSingle.dataUsageMb());
    assertThat(viaBatch.status()).isEqualTo(viaSingle.status()).isEqualTo(PackageStatus.EXHAUSTED);
    assertThat(store.deductFromActiveAll(Map.of())).isEmpty();
  }
}
