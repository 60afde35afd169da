package com.cmp.polling.core.enrollment;

import com.cmp.polling.core.config.PollingConfig;
import java.util.Optional;

/**
 * A card whose governing config a config change altered.
 *
 * @param before the config that governed it before the change (empty: none matched)
 * @param plan its plan under the configs after the change, first checks spread over each interval
 */
public record ConfigMove(Optional<PollingConfig> before, EnrollmentPlan plan) {}
