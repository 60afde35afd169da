package com.cmp.polling.core.packageusage;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.testsupport.data.TestData;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
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
  void facts_seeAValidPackage_onlyInAPendingOrActiveOne_notInExhaustedExpiredOrDeletedOnes() {
    long pending = data.card().insert();
    data.packageOfCard(pending).status(0).insert();
    long active = data.card().insert();
    data.packageOfCard(active).status(1).insert();
    long exhaustedExpiredAndDeleted = data.card().insert();
    data.packageOfCard(exhaustedExpiredAndDeleted).status(2).insert();
    data.packageOfCard(exhaustedExpiredAndDeleted).status(3).insert();
    data.softDeletePackage(data.packageOfCard(exhaustedExpiredAndDeleted).status(1).insert());

    assertThat(store.facts(PackageOwner.card(pending)).hasValidPackage()).isTrue();
    assertThat(store.facts(PackageOwner.card(active)).hasValidPackage()).isTrue();
    assertThat(store.facts(PackageOwner.card(exhaustedExpiredAndDeleted)).hasValidPackage())
        .isFalse();
  }

  @Test
  void allowances_addUpTheRoomOfActiveLimitedPackages_untilAllOfItIsUsed() {
    Instant activated = Instant.parse("2026-11-01T00:00:00Z");
    long twoWithRoom = data.card().insert();
    data.packageOfCard(twoWithRoom).usage("30", "100").activatedAt(activated).insert();
    data.packageOfCard(twoWithRoom).usage("5", "50").insert();
    // Neither a package at its limit (still marked active), an exhausted, a pending, an expired
    // nor a deleted one adds room.
    data.packageOfCard(twoWithRoom).usage("80", "80").insert();
    data.packageOfCard(twoWithRoom).status(2).usage("10", "90").insert();
    data.packageOfCard(twoWithRoom).status(0).usage("0", "500").insert();
    data.packageOfCard(twoWithRoom).status(3).usage("0", "500").insert();
    data.softDeletePackage(data.packageOfCard(twoWithRoom).usage("0", "500").insert());
    long usedUp = data.card().insert();
    data.packageOfCard(usedUp).status(2).usage("100", "100").insert();
    long unlimited = data.card().insert();
    data.packageOfCard(unlimited).usage("10", "100").insert();
    data.packageOfCard(unlimited).usage("900", "0").insert();
    long pendingOnly = data.card().insert();
    data.packageOfCard(pendingOnly).status(0).usage("0", "100").insert();

    Map<PackageOwner, PackageAllowance> allowances =
        store.allowancesOf(
            List.of(
                PackageOwner.card(twoWithRoom),
                PackageOwner.card(usedUp),
                PackageOwner.card(unlimited),
                PackageOwner.card(pendingOnly)));

    // The deductions go to the older package with room: its usage and activation count.
    assertThat(allowances.get(PackageOwner.card(twoWithRoom)))
        .isEqualTo(
            new PackageAllowance(
                PackageAllowance.Limit.LIMITED,
                new BigDecimal("115.000"),
                new BigDecimal("30.000"),
                activated));
    assertThat(allowances.get(PackageOwner.card(usedUp)).limit())
        .isEqualTo(PackageAllowance.Limit.LIMITED);
    assertThat(allowances.get(PackageOwner.card(usedUp)).remainingMb()).isZero();
    assertThat(allowances.get(PackageOwner.card(usedUp)).currentUsedMb()).isNull();
    assertThat(allowances.get(PackageOwner.card(unlimited)).limit())
        .isEqualTo(PackageAllowance.Limit.UNLIMITED);
    assertThat(allowances.get(PackageOwner.card(pendingOnly))).isEqualTo(PackageAllowance.NONE);
  }

  @Test
  void aDevicesAllowance_isItsSharedPackages_countedSinceTheirLastMonthlyReset() {
    long device = data.device().insert();
    Instant nextReset = Instant.parse("2026-12-10T00:00:00Z");
    data.packageOfDevice(device)
        .usage("40", "1000")
        .activatedAt(Instant.parse("2026-09-01T00:00:00Z"))
        .resetsAt(nextReset)
        .insert();

    PackageAllowance allowance = store.allowanceOf(PackageOwner.device(device));

    assertThat(allowance.remainingMb()).isEqualByComparingTo("960");
    assertThat(allowance.currentSince()).isEqualTo(Instant.parse("2026-11-10T00:00:00Z"));
    // 40 MB in the 20 hours since that reset.
    assertThat(allowance.currentMbPerHourAt(Instant.parse("2026-11-10T20:00:00Z")))
        .hasValueSatisfying(rate -> assertThat(rate).isEqualTo(2.0));
  }

  @Test
  void markDeciding_expired_endsThePackageInUse_andLeavesThePendingOneForLater() {
    long card = data.card().insert();
    long older = data.packageOfCard(card).status(1).usage("10", "100").insert();
    long newer = data.packageOfCard(card).status(1).usage("10", "100").insert();
    long pending = data.packageOfCard(card).status(0).insert();

    assertThat(store.markDeciding(PackageOwner.card(card), PackageStatus.EXPIRED)).contains(older);

    assertThat(statusOf(older)).isEqualTo(PackageStatus.EXPIRED);
    assertThat(statusOf(newer)).isEqualTo(PackageStatus.ACTIVE);
    assertThat(statusOf(pending)).isEqualTo(PackageStatus.PENDING_ACTIVATION);
  }

  @Test
  void markDeciding_exhausted_changesOnlyAnActivePackage_ofTheDevice() {
    long device = data.device().insert();
    long active = data.packageOfDevice(device).status(1).usage("1", "100").insert();
    long alreadyExhausted = data.device().insert();
    long exhausted = data.packageOfDevice(alreadyExhausted).status(2).insert();
    long withoutPackageInUse = data.device().insert();
    data.packageOfDevice(withoutPackageInUse).status(0).insert();

    assertThat(store.markDeciding(PackageOwner.device(device), PackageStatus.EXHAUSTED))
        .contains(active);
    assertThat(store.markDeciding(PackageOwner.device(alreadyExhausted), PackageStatus.EXHAUSTED))
        .isEmpty();
    assertThat(store.markDeciding(PackageOwner.device(withoutPackageInUse), PackageStatus.EXPIRED))
        .isEmpty();

    assertThat(statusOf(active)).isEqualTo(PackageStatus.EXHAUSTED);
    assertThat(statusOf(exhausted)).isEqualTo(PackageStatus.EXHAUSTED);
  }

  @Test
  void facts_ofADevice_areThoseOfTheDevicesPackages_notOfItsCards() {
    long device = data.device().insert();
    long card = data.card().device(device).insert();
    long devicePackage = data.packageOfDevice(device).status(2).usage("100", "100").insert();
    long cardPackage = data.packageOfCard(card).status(1).insert();

    assertThat(store.facts(PackageOwner.device(device)))
        .isEqualTo(new PackageFacts(false, true, OptionalLong.of(devicePackage)));
    assertThat(store.facts(PackageOwner.card(card)))
        .isEqualTo(new PackageFacts(true, false, OptionalLong.of(cardPackage)));
  }

  @Test
  void facts_withoutPackages_areNone() {
    long card = data.card().insert();
    long device = data.device().insert();

    assertThat(store.facts(PackageOwner.card(card))).isEqualTo(PackageFacts.NONE);
    assertThat(store.facts(PackageOwner.device(device))).isEqualTo(PackageFacts.NONE);
    assertThat(store.facts(PackageOwner.device(999_999L))).isEqualTo(PackageFacts.NONE);
  }

  @Test
  void decidingPackage_isAnActiveOne_beforeAnEarlierExhaustedOne() {
    long card = data.card().insert();
    data.packageOfCard(card).status(2).usage("100", "100").insert();
    long active = data.packageOfCard(card).status(1).usage("10", "100").insert();

    assertThat(store.facts(PackageOwner.card(card)))
        .isEqualTo(new PackageFacts(true, false, OptionalLong.of(active)));
  }

  @Test
  void decidingPackage_isAnActiveOneWithRoom_beforeAnOlderOneAtItsLimit() {
    long card = data.card().insert();
    data.packageOfCard(card).status(1).usage("100", "100").insert();
    long withRoom = data.packageOfCard(card).status(1).usage("10", "100").insert();

    assertThat(store.facts(PackageOwner.card(card)))
        .isEqualTo(new PackageFacts(true, false, OptionalLong.of(withRoom)));
  }

  @Test
  void decidingPackage_fallsBackToTheFirstExhaustedOne_andIgnoresPendingAndExpiredOnes() {
    long device = data.device().insert();
    data.packageOfDevice(device).status(0).insert();
    data.packageOfDevice(device).status(3).insert();
    long exhausted = data.packageOfDevice(device).status(2).usage("500", "500").insert();
    data.packageOfDevice(device).status(2).usage("300", "300").insert();

    assertThat(store.facts(PackageOwner.device(device)))
        .isEqualTo(new PackageFacts(true, true, OptionalLong.of(exhausted)));
  }

  @Test
  void anActivePackageAtItsLimit_isExhausted_anUnlimitedOneNeverIs() {
    long atLimit = data.card().insert();
    long package1 = data.packageOfCard(atLimit).status(1).usage("1024.5", "1024").insert();
    long unlimited = data.card().insert();
    long package2 = data.packageOfCard(unlimited).status(1).usage("999999", "0").insert();

    assertThat(store.facts(PackageOwner.card(atLimit)))
        .isEqualTo(new PackageFacts(true, true, OptionalLong.of(package1)));
    assertThat(store.facts(PackageOwner.card(unlimited)))
        .isEqualTo(new PackageFacts(true, false, OptionalLong.of(package2)));
  }

  @Test
  void onlyPendingPackages_areValid_butNoneDecides() {
    long card = data.card().insert();
    data.packageOfCard(card).status(0).insert();

    assertThat(store.facts(PackageOwner.card(card)))
        .isEqualTo(new PackageFacts(true, false, OptionalLong.empty()));
  }

  @Test
  void softDeletedPackages_areInvisible() {
    long card = data.card().insert();
    data.softDeletePackage(data.packageOfCard(card).status(1).insert());
    data.softDeletePackage(data.packageOfCard(card).status(2).usage("9", "9").insert());

    assertThat(store.facts(PackageOwner.card(card))).isEqualTo(PackageFacts.NONE);
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
    long pending = data.packageOfCard(withoutActive).status(0).insert();
    assertThat(store.facts(PackageOwner.card(card)).decidingPackageId()).hasValue(withRoom);

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
    assertThat(store.facts(PackageOwner.card(reachingLimit)).trafficExhausted()).isTrue();
    assertThat(changed.get(PackageOwner.device(device)).id()).isEqualTo(devicePackage);
    assertThat(changed.get(PackageOwner.device(device)).status())
        .as("an unlimited package is never exhausted")
        .isEqualTo(PackageStatus.ACTIVE);
    // What was returned is what is stored; the packages not deciding are untouched.
    assertThat(usageOf(withRoom)).isEqualByComparingTo("15.5");
    assertThat(usageOf(other)).isEqualByComparingTo("0");
    assertThat(usageOf(pending)).isEqualByComparingTo("0");
  }

  @Test
  void deductFromActiveAll_returnsThePackageAsStored_withItsOwnerAmountsAndTimes() {
    long card = data.card().insert();
    Instant expiry = Instant.parse("2027-01-31T16:00:00Z");
    long pkg =
        data.packageOfCard(card).status(1).usage("1000", "2048.5").expiresAt(expiry).insert();

    PackageUsage changed =
        store
            .deductFromActiveAll(Map.of(PackageOwner.card(card), new BigDecimal("24.125")))
            .get(PackageOwner.card(card));

    assertThat(changed.id()).isEqualTo(pkg);
    assertThat(changed.cardId()).isEqualTo(card);
    assertThat(changed.deviceId()).isNull();
    assertThat(changed.dataUsageMb()).isEqualByComparingTo("1024.125");
    assertThat(changed.dataLimitMb()).isEqualByComparingTo("2048.5");
    assertThat(changed.expiresAt()).isEqualTo(expiry);
    assertThat(changed.activatedAt()).isNotNull();
    assertThat(store.deductFromActiveAll(Map.of())).isEmpty();
  }

  @Test
  void deductFromActiveAll_afterAnAmountExhaustsAPackage_sendsTheNextToTheFollowingOne() {
    long card = data.card().insert();
    long first = data.packageOfCard(card).status(1).usage("50", "60").insert();
    long second = data.packageOfCard(card).status(1).usage("0", "60").insert();
    Map<PackageOwner, BigDecimal> amount = Map.of(PackageOwner.card(card), new BigDecimal("12.25"));

    PackageUsage exhausted = store.deductFromActiveAll(amount).get(PackageOwner.card(card));
    PackageUsage next = store.deductFromActiveAll(amount).get(PackageOwner.card(card));

    assertThat(exhausted.id()).isEqualTo(first);
    assertThat(exhausted.dataUsageMb()).isEqualByComparingTo("62.25");
    assertThat(exhausted.status()).isEqualTo(PackageStatus.EXHAUSTED);
    assertThat(next.id()).isEqualTo(second);
    assertThat(next.dataUsageMb()).isEqualByComparingTo("12.25");
    assertThat(next.status()).isEqualTo(PackageStatus.ACTIVE);
    assertThat(store.facts(PackageOwner.card(card)).decidingPackageId()).hasValue(second);
  }

  @Test
  void refreshState_expiresPendingAndActivePastExpiry_andExhaustsActiveAtLimit_only() {
    Instant now = Instant.parse("2026-06-01T00:00:00Z");
    long device = data.device().insert();
    long pendingExpired = data.packageOfDevice(device).status(0).expiresAt(now).insert();
    long activeExpired = data.packageOfDevice(device).status(1).expiresAt(now).insert();
    long atLimit = data.packageOfDevice(device).status(1).usage("10", "10").insert();
    long unlimited = data.packageOfDevice(device).status(1).usage("10", "0").insert();
    long later = data.packageOfDevice(device).status(1).expiresAt(now.plusSeconds(1)).insert();
    long deleted = data.packageOfDevice(device).status(1).usage("10", "10").insert();
    data.softDeletePackage(deleted);

    assertThat(store.refreshState(PackageOwner.device(device), now)).isEqualTo(3);

    assertThat(statusOf(pendingExpired)).isEqualTo(PackageStatus.EXPIRED);
    assertThat(statusOf(activeExpired)).isEqualTo(PackageStatus.EXPIRED);
    assertThat(statusOf(atLimit)).isEqualTo(PackageStatus.EXHAUSTED);
    assertThat(List.of(statusOf(unlimited), statusOf(later), statusOf(deleted)))
        .containsOnly(PackageStatus.ACTIVE);
    assertThat(store.refreshState(PackageOwner.device(device), now)).isZero();
  }

  @Test
  void refreshStateAll_changesThePackagesOfEveryOwnerAsEachAloneWould_inOneStatementPerKind() {
    Instant now = Instant.parse("2026-06-01T00:00:00Z");
    long card = data.card().insert();
    long cardExpired = data.packageOfCard(card).status(1).expiresAt(now).insert();
    long device = data.device().insert();
    long deviceAtLimit = data.packageOfDevice(device).status(1).usage("10", "10").insert();
    // Expired and at its limit: it expires (nothing of an expired package decides any more).
    long bothAtOnce =
        data.packageOfDevice(device).status(1).usage("10", "10").expiresAt(now).insert();
    long healthy = data.card().insert();
    long healthyPackage = data.packageOfCard(healthy).status(1).usage("1", "10").insert();

    Map<PackageOwner, Integer> changed =
        store.refreshStateAll(
            List.of(
                PackageOwner.card(card), PackageOwner.device(device), PackageOwner.card(healthy)),
            now);

    assertThat(changed)
        .containsOnly(
            Map.entry(PackageOwner.card(card), 1), Map.entry(PackageOwner.device(device), 2));
    assertThat(statusOf(cardExpired)).isEqualTo(PackageStatus.EXPIRED);
    assertThat(statusOf(deviceAtLimit)).isEqualTo(PackageStatus.EXHAUSTED);
    assertThat(statusOf(bothAtOnce)).isEqualTo(PackageStatus.EXPIRED);
    assertThat(statusOf(healthyPackage)).isEqualTo(PackageStatus.ACTIVE);
    assertThat(store.refreshStateAll(List.of(PackageOwner.card(card)), now)).isEmpty();
    assertThat(store.refreshStateAll(List.of(), now)).isEmpty();
  }

  @Test
  void activatePendingAll_activatesThePendingPackagesOfEachOwner_only() {
    Instant now = Instant.parse("2026-06-01T00:00:00Z");
    long card = data.card().insert();
    long pendingOfCard = data.packageOfCard(card).status(0).insert();
    long device = data.device().insert();
    long firstOfDevice = data.packageOfDevice(device).status(0).insert();
    long secondOfDevice = data.packageOfDevice(device).status(0).insert();
    long other = data.card().insert();
    long pendingOfOther = data.packageOfCard(other).status(0).insert();

    Map<PackageOwner, Integer> activated =
        store.activatePendingAll(
            List.of(PackageOwner.card(card), PackageOwner.device(device)), now);

    assertThat(activated)
        .containsOnly(
            Map.entry(PackageOwner.card(card), 1), Map.entry(PackageOwner.device(device), 2));
    assertThat(List.of(statusOf(pendingOfCard), statusOf(firstOfDevice), statusOf(secondOfDevice)))
        .containsOnly(PackageStatus.ACTIVE);
    assertThat(statusOf(pendingOfOther)).isEqualTo(PackageStatus.PENDING_ACTIVATION);
  }

  private BigDecimal usageOf(long packageId) {
    return postgres
        .jdbc()
        .sql("SELECT data_usage_mb FROM tb_package_usage WHERE id = ?")
        .param(packageId)
        .query(BigDecimal.class)
        .single();
  }

  private PackageStatus statusOf(long packageId) {
    return PackageStatus.fromCode(
        postgres
            .jdbc()
            .sql("SELECT status FROM tb_package_usage WHERE id = ?")
            .param(packageId)
            .query(Integer.class)
            .single());
  }
}
