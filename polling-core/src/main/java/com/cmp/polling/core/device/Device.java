package com.cmp.polling.core.device;

import java.time.Instant;

/**
 * A live row of {@code tb_device}.
 *
 * @param pollingEnabled the device's {@code enable_polling}: when false none of its cards is
 *     polled, whatever their own flag says
 */
public record Device(
    long id, String deviceNo, boolean pollingEnabled, Instant createdAt, Instant updatedAt) {}
