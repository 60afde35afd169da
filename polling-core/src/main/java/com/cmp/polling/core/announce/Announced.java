package com.cmp.polling.core.announce;

/**
 * Something every process keeps in memory and reloads when any process announces a change on a
 * Redis pub/sub channel. Each app subscribes all of them through one listener container.
 */
public interface Announced {

  /** The pub/sub channel its changes are announced on. */
  String channel();

  /** Another process announced a change: reload now (a failure keeps what is in use). */
  void onAnnouncement();
}
