package com.cmp.polling.core.packageusage;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * A live row of {@code tb_package_usage}: a data package of a card or of a device. Whether it is
 * exhausted is not decided here but by {@link PackageRule}: the status a deduction leaves says it.
 *
 * @param cardId the owning card, or null when a device owns it
 * @param deviceId the owning device, or null when a card owns it
 * @param dataLimitMb the allowance; 0 means unlimited
 * @param dataUsageMb used so far
 */
public record PackageUsage(
    long id,
    Long cardId,
    Long deviceId,
    PackageStatus status,
    BigDecimal dataLimitMb,
    BigDecimal dataUsageMb,
    Instant activatedAt,
    Instant expiresAt) {}
