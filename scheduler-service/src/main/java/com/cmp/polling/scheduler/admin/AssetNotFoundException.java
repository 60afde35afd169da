package com.cmp.polling.scheduler.admin;

/** The card or device an admin request names does not exist, or is deleted (404). */
class AssetNotFoundException extends RuntimeException {

  AssetNotFoundException(AssetType type, long id) {
    super(type.code() + " " + id + " does not exist (or is deleted)");
  }
}
