package com.cmp.polling.operator.action;

import com.cmp.polling.operator.web.NotFoundException;

/** The card or device a request names does not exist, or is deleted (404). */
public class AssetNotFoundException extends NotFoundException {

  public AssetNotFoundException(AssetType type, long id) {
    super(type.code() + " " + id + " does not exist (or is deleted)");
  }
}
