package com.cmp.polling.core.packageusage;

import java.util.OptionalLong;

/**
 * What the stop rules need to know of a card's (or device's) packages: the verdicts of {@link
 * PackageRule}, computed by the database.
 *
 * @param hasValidPackage a package pending activation or active exists
 * @param trafficExhausted the deciding package is exhausted (by status, or at its limit)
 * @param decidingPackageId the package that decides "traffic exhausted", if any is in use
 */
public record PackageFacts(
    boolean hasValidPackage, boolean trafficExhausted, OptionalLong decidingPackageId) {

  /** An owner without packages, or with only expired or deleted ones. */
  public static final PackageFacts NONE = new PackageFacts(false, false, OptionalLong.empty());
}
