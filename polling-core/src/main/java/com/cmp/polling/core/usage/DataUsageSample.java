package com.cmp.polling.core.usage;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;

/**
 * One carddata check's result, a row of {@code data_usage_records}.
 *
 * @param monthStart first day of the month the total belongs to
 * @param monthTotalMb the month-to-date total the carrier reported
 * @param deltaMb usage since the previous sample; negative for a carrier correction (recorded,
 *     never deducted)
 */
public record DataUsageSample(
    long cardId,
    LocalDate monthStart,
    BigDecimal monthTotalMb,
    BigDecimal deltaMb,
    Instant sampledAt) {}
