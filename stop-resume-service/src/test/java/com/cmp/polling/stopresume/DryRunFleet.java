package com.cmp.polling.stopresume;

import com.cmp.polling.core.protection.DesiredState;
import com.cmp.polling.core.protection.ProtectionPeriods;
import com.cmp.polling.testsupport.data.TestData;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A fleet with one card of every kind the rules tell apart, each named after what should happen to
 * it. Carriers 1 and 2 have a polling config, carrier 9 none; the caller switches {@code
 * not_realname} off for carrier 2.
 */
final class DryRunFleet {

  final Map<String, Long> cards = new LinkedHashMap<>();

  DryRunFleet(TestData data, ProtectionPeriods protection) {
    // Cards outside any device.
    add("healthy", withPackage(data, data.card().insert()));
    add("noPackage", data.card().insert());
    long exhausted = data.card().insert();
    data.packageOfCard(exhausted).status(1).usage("100", "100").insert();
    data.packageOfCard(exhausted).status(0).insert();
    add("exhaustedWithPending", exhausted);
    add("unverifiedNormal", withPackage(data, data.card().unverified().insert()));
    add("unverifiedIndustry", withPackage(data, data.card().industry().unverified().insert()));
    add(
        "unverifiedSwitchedOff",
        withPackage(data, data.card().carrier(2, "CUCC").unverified().insert()));
    add("stoppedNoPackagePaidSince", withPackage(data, data.card().stopped("no_package").insert()));
    add(
        "stoppedNotRealnameSwitchedOff",
        withPackage(
            data, data.card().carrier(2, "CUCC").unverified().stopped("not_realname").insert()));
    add(
        "stoppedNotRealnameStillUnverified",
        withPackage(data, data.card().unverified().stopped("not_realname").insert()));
    add("stoppedManually", data.card().stopped("manual").insert());
    long protectedCard = data.card().insert();
    protection.protect(protectedCard, DesiredState.ONLINE, Duration.ofHours(1));
    add("protectedWithoutPackage", protectedCard);
    add("pollingDisabled", data.card().pollingDisabled().insert());
    add("carrierWithoutConfig", data.card().carrier(9, "OTHER").insert());
    long stillExhausted = data.card().stopped("traffic_exhausted").insert();
    data.packageOfCard(stillExhausted).status(0).insert();
    data.packageOfCard(stillExhausted).status(2).usage("50", "50").insert();
    add("stoppedExhaustedStill", stillExhausted);

    // A device without a valid package: its online cards go with the first one evaluated.
    long empty = data.device().insert();
    data.packageOfDevice(empty).status(2).usage("10", "10").insert();
    add("emptyDevice.verified", data.card().device(empty).insert());
    add("emptyDevice.unverified", data.card().device(empty).unverified().insert());
    add("emptyDevice.notPolled", data.card().device(empty).pollingDisabled().insert());
    add("emptyDevice.manual", data.card().device(empty).stopped("manual").insert());
    long protectedInDevice = data.card().device(empty).insert();
    protection.protect(protectedInDevice, DesiredState.ONLINE, Duration.ofHours(1));
    add("emptyDevice.protected", protectedInDevice);
    add(
        "emptyDevice.otherCarrierNotPolled",
        data.card().device(empty).carrier(2, "CUCC").pollingDisabled().insert());

    // A device with an active package.
    long paid = data.device().insert();
    data.packageOfDevice(paid).status(1).insert();
    add("paidDevice.verified", data.card().device(paid).insert());
    add("paidDevice.unverified", data.card().device(paid).unverified().insert());
    add("paidDevice.stoppedNoPackage", data.card().device(paid).stopped("no_package").insert());
    add(
        "paidDevice.stoppedNoPackageNotPolled",
        data.card().device(paid).stopped("no_package").pollingDisabled().insert());
    add(
        "paidDevice.stoppedNotRealname",
        data.card().device(paid).unverified().stopped("not_realname").insert());

    // Devices whose cards are never evaluated.
    long off = data.device().pollingDisabled().insert();
    add("pollingOffDevice.card", data.card().device(off).insert());
    long deleted = data.device().insert();
    add("deletedDevice.card", data.card().device(deleted).insert());
    data.softDeleteDevice(deleted);

    // A device sharing a used-up package, with next month's pending, between two carriers.
    long shared = data.device().insert();
    data.packageOfDevice(shared).status(1).usage("100", "100").insert();
    data.packageOfDevice(shared).status(0).insert();
    add("sharedExhausted.carrier2", data.card().device(shared).carrier(2, "CUCC").insert());
    add("sharedExhausted.carrier1", data.card().device(shared).insert());
  }

  long id(String kind) {
    Long id = cards.get(kind);
    if (id == null) {
      throw new IllegalArgumentException("no card of kind " + kind);
    }
    return id;
  }

  List<Long> ids(String... kinds) {
    return java.util.Arrays.stream(kinds).map(this::id).sorted().toList();
  }

  private void add(String kind, long cardId) {
    cards.put(kind, cardId);
  }

  private static long withPackage(TestData data, long cardId) {
    data.packageOfCard(cardId).status(1).insert();
    return cardId;
  }
}
