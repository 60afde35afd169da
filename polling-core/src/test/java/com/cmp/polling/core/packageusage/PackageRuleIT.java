package com.cmp.polling.core.packageusage;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.testsupport.data.PackageBuilder;
import com.cmp.polling.testsupport.data.TestData;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The package rule gives the same facts whichever form reads them: one owner ({@link
 * PackageUsageStore#facts}), the owners of a poll ({@link PackageUsageStore#factsOf}) and the scan
 * of the fleet by ranges of owner ids ({@link PackageUsageStore#factsOfRange}, which the rule dry
 * run reads with), over the whole table or page by page.
 */
class PackageRuleIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();

  private final PackageUsageStore store = new PackageUsageStore(postgres.jdbc());
  private TestData data;

  @BeforeEach
  void emptyTables() {
    postgres.truncateBusinessTables();
    data = postgres.data();
  }

  @Test
  void oneOwner_manyOwners_andTheFleetScan_giveTheSameFacts_forEveryCombinationOfPackages() {
    List<Case> cases = new ArrayList<>();
    for (PackageOwner.Kind kind : PackageOwner.Kind.values()) {
      cases.addAll(everyCombination(kind));
    }
    List<PackageOwner> owners = cases.stream().map(Case::owner).toList();

    Map<PackageOwner, PackageFacts> many = store.factsOf(owners);
    Map<PackageOwner, PackageFacts> fleet = fleetScan(0, Long.MAX_VALUE);
    Map<PackageOwner, PackageFacts> pages = fleetScanInPagesOfThreeIds();

    assertThat(many).hasSize(owners.size());
    for (Case c : cases) {
      assertThat(store.facts(c.owner())).as("one: " + c).isEqualTo(c.expected());
      assertThat(many.get(c.owner())).as("many: " + c).isEqualTo(c.expected());
      assertThat(fleet.getOrDefault(c.owner(), PackageFacts.NONE))
          .as("fleet: " + c)
          .isEqualTo(c.expected());
      assertThat(pages.getOrDefault(c.owner(), PackageFacts.NONE))
          .as("fleet by pages: " + c)
          .isEqualTo(c.expected());
    }
    assertThat(store.factsOf(List.of())).isEmpty();
  }

  @Test
  void theFactsOfSomeOwners_areReadThroughTheOwnerIndex_notByGroupingTheWholeTable() {
    String sql =
        "EXPLAIN SELECT * FROM ("
            + PackageRule.factsPerOwner(PackageOwner.Kind.CARD)
            + ") f WHERE f.owner_id = ANY('{1,2,3}'::bigint[])";

    List<String> plan =
        new TransactionTemplate(new DataSourceTransactionManager(postgres.dataSource()))
            .execute(
                status -> {
                  // With a handful of rows a sequential scan is cheaper; forbid it to see the path.
                  postgres.jdbc().sql("SET LOCAL enable_seqscan = off").update();
                  return postgres.jdbc().sql(sql).query(String.class).list();
                });

    String text = String.join("\n", plan);
    assertThat(text).contains("idx_package_usage_card_status").contains("iot_card_id = ANY");
    assertThat(text).doesNotContain("Subquery Scan");
  }

  /** Each combination of packages once, for a new owner of the given kind. */
  private List<Case> everyCombination(PackageOwner.Kind kind) {
    List<Case> cases = new ArrayList<>();
    PackageOwner none = newOwner(kind);
    cases.add(new Case("none", none, PackageFacts.NONE));

    PackageOwner pendingOnly = newOwner(kind);
    packageOf(pendingOnly).status(0).insert();
    cases.add(new Case("pending only", pendingOnly, facts(true, false, null)));

    PackageOwner underLimit = newOwner(kind);
    long under = packageOf(underLimit).status(1).usage("10", "100").insert();
    cases.add(new Case("active under limit", underLimit, facts(true, false, under)));

    PackageOwner atLimit = newOwner(kind);
    long at = packageOf(atLimit).status(1).usage("100", "100").insert();
    cases.add(new Case("active at limit", atLimit, facts(true, true, at)));

    PackageOwner besideRoom = newOwner(kind);
    packageOf(besideRoom).status(1).usage("100", "100").insert();
    long room = packageOf(besideRoom).status(1).usage("99.999", "100").insert();
    cases.add(new Case("at limit beside room", besideRoom, facts(true, false, room)));

    PackageOwner exhaustedAndPending = newOwner(kind);
    packageOf(exhaustedAndPending).status(0).insert();
    long exhausted = packageOf(exhaustedAndPending).status(2).usage("500", "500").insert();
    cases.add(new Case("exhausted + pending", exhaustedAndPending, facts(true, true, exhausted)));

    PackageOwner exhaustedOnly = newOwner(kind);
    long only = packageOf(exhaustedOnly).status(2).usage("5", "500").insert();
    cases.add(new Case("exhausted only", exhaustedOnly, facts(false, true, only)));

    PackageOwner unlimited = newOwner(kind);
    long free = packageOf(unlimited).status(1).usage("999999", "0").insert();
    cases.add(new Case("unlimited", unlimited, facts(true, false, free)));

    PackageOwner expired = newOwner(kind);
    packageOf(expired).status(3).expiresAt(Instant.parse("2020-01-01T00:00:00Z")).insert();
    cases.add(new Case("expired", expired, PackageFacts.NONE));

    PackageOwner deleted = newOwner(kind);
    data.softDeletePackage(packageOf(deleted).status(1).insert());
    data.softDeletePackage(packageOf(deleted).status(2).usage("1", "1").insert());
    cases.add(new Case("deleted rows", deleted, PackageFacts.NONE));

    PackageOwner deletedBesideExpired = newOwner(kind);
    data.softDeletePackage(packageOf(deletedBesideExpired).status(1).insert());
    packageOf(deletedBesideExpired).status(3).insert();
    long kept = packageOf(deletedBesideExpired).status(1).usage("3", "2").insert();
    cases.add(
        new Case("deleted, expired, at limit", deletedBesideExpired, facts(true, true, kept)));
    return cases;
  }

  /** The fleet scan over one range of owner ids, for both kinds of owner. */
  private Map<PackageOwner, PackageFacts> fleetScan(long afterId, long lastId) {
    Map<PackageOwner, PackageFacts> facts = new HashMap<>();
    for (PackageOwner.Kind kind : PackageOwner.Kind.values()) {
      facts.putAll(store.factsOfRange(kind, afterId, lastId));
    }
    return facts;
  }

  /** The fleet scan as a long run does it: a short statement per range of owner ids. */
  private Map<PackageOwner, PackageFacts> fleetScanInPagesOfThreeIds() {
    long highest =
        postgres
            .jdbc()
            .sql("SELECT greatest(max(iot_card_id), max(device_id)) FROM tb_package_usage")
            .query(Long.class)
            .single();
    Map<PackageOwner, PackageFacts> facts = new HashMap<>();
    for (long after = 0; after < highest; after += 3) {
      facts.putAll(fleetScan(after, after + 3));
    }
    return facts;
  }

  private PackageOwner newOwner(PackageOwner.Kind kind) {
    return kind == PackageOwner.Kind.CARD
        ? PackageOwner.card(data.card().insert())
        : PackageOwner.device(data.device().insert());
  }

  private PackageBuilder packageOf(PackageOwner owner) {
    return owner.kind() == PackageOwner.Kind.CARD
        ? data.packageOfCard(owner.id())
        : data.packageOfDevice(owner.id());
  }

  private static PackageFacts facts(boolean valid, boolean exhausted, Long deciding) {
    return new PackageFacts(
        valid, exhausted, deciding == null ? OptionalLong.empty() : OptionalLong.of(deciding));
  }

  private record Case(String name, PackageOwner owner, PackageFacts expected) {
    @Override
    public String toString() {
      return name + " (" + owner + ")";
    }
  }
}
