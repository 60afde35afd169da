package com.cmp.polling.core.switches;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.time.SettableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/** The switches and their audit on a real PostgreSQL, as migration V10 creates them. */
class RuleSwitchStoreIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();

  private static final Instant START = Instant.parse("2026-12-01T08:00:00Z");

  private final SettableClock clock = new SettableClock(START);
  private final RuleSwitchStore store =
      new RuleSwitchStore(
          postgres.jdbc(),
          new TransactionTemplate(new DataSourceTransactionManager(postgres.dataSource())),
          clock);

  @BeforeEach
  @AfterEach
  void backToTheMigratedState() {
    postgres.jdbc().sql("DELETE FROM tb_rule_switch WHERE carrier_id IS NOT NULL").update();
    postgres
        .jdbc()
        .sql(
            "UPDATE tb_rule_switch SET enforce_not_realname = TRUE,"
                + " not_realname_grace_until = NULL WHERE carrier_id IS NULL")
        .update();
    postgres.jdbc().sql("DELETE FROM tb_rule_switch_audit").update();
  }

  @Test
  void afterTheMigration_theDefaultEnforcesNotRealname_andNoCarrierHasASwitch() {
    RuleSwitches switches = store.load();

    assertThat(switches.defaults().isDefault()).isTrue();
    assertThat(switches.defaults().enforceNotRealname()).isTrue();
    assertThat(switches.defaults().notRealnameGraceUntil()).isNull();
    assertThat(switches.defaults().updatedBy()).isEqualTo("migration V10");
    assertThat(switches.carriers()).isEmpty();
    assertThat(switches.loadedAt()).isEqualTo(START);
  }

  @Test
  void firstPutOfACarrier_createsItsSwitch_andAuditsItWithNothingBefore() {
    Instant grace = Instant.parse("2027-01-01T00:00:00Z");

    SwitchChange change = store.put(3L, new SwitchSetting(true, grace), "alice");

    RuleSwitch saved = store.load().carriers().get(3L);
    assertThat(saved.enforceNotRealname()).isTrue();
    assertThat(saved.notRealnameGraceUntil()).isEqualTo(grace);
    assertThat(saved.updatedBy()).isEqualTo("alice");
    assertThat(saved.updatedAt()).isEqualTo(START);
    assertThat(change.carrierId()).isEqualTo(3L);
    assertThat(change.before()).isNull();
    assertThat(change.after()).isEqualTo(new SwitchSetting(true, grace));
    assertThat(store.changes(Long.MAX_VALUE, 10)).containsExactly(change);
  }

  @Test
  void secondPut_updatesTheSwitch_andAuditsTheOldAndNewValues() {
    store.put(3L, new SwitchSetting(true, null), "alice");
    clock.advance(Duration.ofMinutes(5));

    SwitchChange change = store.put(3L, new SwitchSetting(false, null), "bob");

    assertThat(store.load().carriers().get(3L).enforceNotRealname()).isFalse();
    assertThat(store.load().carriers().get(3L).updatedBy()).isEqualTo("bob");
    assertThat(change.before()).isEqualTo(new SwitchSetting(true, null));
    assertThat(change.after()).isEqualTo(new SwitchSetting(false, null));
    assertThat(change.changedAt()).isEqualTo(START.plus(Duration.ofMinutes(5)));
    assertThat(change.actor()).isEqualTo("bob");
  }

  @Test
  void putOfTheDefault_changesTheDefaultRow_andAuditsItWithoutCarrier() {
    SwitchChange change = store.put(null, new SwitchSetting(false, null), "carol");

    assertThat(store.load().defaults().enforceNotRealname()).isFalse();
    assertThat(
            postgres
                .jdbc()
                .sql("SELECT count(*) FROM tb_rule_switch WHERE carrier_id IS NULL")
                .query(Long.class)
                .single())
        .isEqualTo(1);
    assertThat(change.carrierId()).isNull();
    assertThat(change.before()).isEqualTo(new SwitchSetting(true, null));
  }

  @Test
  void remove_dropsTheCarriersSwitch_andAuditsItWithNothingAfter() {
    store.put(5L, new SwitchSetting(false, null), "alice");

    SwitchChange change = store.remove(5L, "bob").orElseThrow();

    assertThat(store.load().carriers()).doesNotContainKey(5L);
    assertThat(change.before()).isEqualTo(new SwitchSetting(false, null));
    assertThat(change.after()).isNull();
    assertThat(store.remove(5L, "bob")).isEmpty();
    assertThat(store.changes(Long.MAX_VALUE, 10)).hasSize(2);
  }

  @Test
  void changes_comeNewestFirst_pageByPage() {
    for (int i = 0; i < 5; i++) {
      store.put(1L, new SwitchSetting(i % 2 == 0, null), "actor-" + i);
    }

    List<SwitchChange> first = store.changes(Long.MAX_VALUE, 3);
    List<SwitchChange> second = store.changes(first.get(2).id(), 3);

    assertThat(first)
        .extracting(SwitchChange::actor)
        .containsExactly("actor-4", "actor-3", "actor-2");
    assertThat(second).extracting(SwitchChange::actor).containsExactly("actor-1", "actor-0");
  }

  @Test
  void concurrentFirstPutsOfOneCarrier_bothLand_oneRow_twoAuditRowsInOrder() throws Exception {
    ExecutorService threads = Executors.newFixedThreadPool(2);
    CountDownLatch go = new CountDownLatch(1);
    try {
      List<CompletableFuture<SwitchChange>> puts = new ArrayList<>();
      for (String actor : List.of("x", "y")) {
        puts.add(
            CompletableFuture.supplyAsync(
                () -> {
                  await(go);
                  return store.put(8L, new SwitchSetting(actor.equals("x"), null), actor);
                },
                threads));
      }
      go.countDown();
      for (CompletableFuture<SwitchChange> put : puts) {
        put.get();
      }
    } finally {
      threads.shutdownNow();
    }

    List<SwitchChange> changes = store.changes(Long.MAX_VALUE, 10);
    assertThat(changes).hasSize(2);
    // The later change saw the earlier one's value as "before": nothing was overwritten unseen.
    assertThat(changes.get(1).before()).isNull();
    assertThat(changes.get(0).before()).isEqualTo(changes.get(1).after());
    assertThat(store.load().carriers().get(8L).updatedBy()).isEqualTo(changes.get(0).actor());
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
