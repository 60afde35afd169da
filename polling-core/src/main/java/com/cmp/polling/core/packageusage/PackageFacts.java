package com.cmp.polling.core.packageusage;

import java.util.Optional;

/**
 * What the stop rules need to know of a card's (or device's) packages.
 *
 * @param hasValidPackage a package pending activation or active exists
 * @param deciding the package that decides "traffic exhausted", if any
 */
public record PackageFacts(boolean hasValidPackage, Optional<PackageUsage> deciding) {}
