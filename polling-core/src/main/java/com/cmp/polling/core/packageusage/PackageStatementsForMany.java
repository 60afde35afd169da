package com.cmp.polling.core.packageusage;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;

/**
 * The statements of {@link PackageUsageStore} that serve many owners at once (the cards of a poll):
 * one statement per kind of owner over arrays, with the same rules as the single-owner statements.
 */
final class PackageStatementsForMany {

  private final JdbcClient jdbc;

  PackageStatementsForMany(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  public Map<PackageOwner, PackageFacts> factsOf(Collection<PackageOwner> owners) {
    Map<PackageOwner, PackageFacts> facts = new HashMap<>(owners.size() * 2);
    for (PackageOwner.Kind kind : PackageOwner.Kind.values()) {
      Long[] ids = idsOf(owners, kind);
      if (ids.length == 0) {
        continue;
      }
      jdbc.sql(
              """
              SELECT o.owner,
                     EXISTS (SELECT 1 FROM tb_package_usage v
                             WHERE v.%1$s = o.owner AND v.status IN (0, 1)
                               AND v.deleted_at IS NULL) AS has_valid,
                     p.id, p.iot_card_id, p.device_id, p.status, p.data_limit_mb, p.data_usage_mb,
                     p.activated_at, p.expires_at
              FROM unnest(?::bigint[]) AS o(owner)
              LEFT JOIN LATERAL (
                  SELECT * FROM tb_package_usage
                  WHERE %1$s = o.owner AND status IN (1, 2) AND deleted_at IS NULL
                  ORDER BY status, (data_limit_mb > 0 AND data_usage_mb >= data_limit_mb), id
                  LIMIT 1) AS p ON TRUE
              """
                  .formatted(kind.column()))
          .param(new SqlArrayValue("bigint", (Object[]) ids))
          .query(
              (RowCallbackHandler)
                  rs ->
                      facts.put(
                          new PackageOwner(kind, rs.getLong("owner")),
                          new PackageFacts(
                              rs.getBoolean("has_valid"),
                              rs.getObject("id") == null
                                  ? Optional.empty()
                                  : Optional.of(PackageUsageStore.map(rs, 0)))));
    }
    return facts;
  }

  public Map<PackageOwner, PackageUsage> deductFromActiveAll(Map<PackageOwner, BigDecimal> deltas) {
    Map<PackageOwner, PackageUsage> changed = new HashMap<>(deltas.size() * 2);
    for (PackageOwner.Kind kind : PackageOwner.Kind.values()) {
      Long[] ids = idsOf(deltas.keySet(), kind);
      if (ids.length == 0) {
        continue;
      }
      Arrays.sort(ids);
      BigDecimal[] amounts = new BigDecimal[ids.length];
      for (int i = 0; i < ids.length; i++) {
        amounts[i] = deltas.get(new PackageOwner(kind, ids[i]));
      }
      jdbc.sql(
              """
              WITH target AS MATERIALIZED (
                  SELECT t.id, d.delta
                  FROM unnest(?::bigint[], ?::numeric[]) WITH ORDINALITY AS d(owner, delta, n)
                  CROSS JOIN LATERAL (
                      SELECT id FROM tb_package_usage
                      WHERE %s = d.owner AND status = 1 AND deleted_at IS NULL
                      ORDER BY (data_limit_mb > 0 AND data_usage_mb >= data_limit_mb), id
                      LIMIT 1 FOR UPDATE) AS t
                  ORDER BY d.n)
              UPDATE tb_package_usage p
              SET data_usage_mb = p.data_usage_mb + target.delta,
                  status = CASE WHEN p.data_limit_mb > 0
                                     AND p.data_usage_mb + target.delta >= p.data_limit_mb
                                THEN 2 ELSE p.status END,
                  updated_at = now()
              FROM target
              WHERE p.id = target.id
              RETURNING p.id, p.iot_card_id, p.device_id, p.status, p.data_limit_mb,
                        p.data_usage_mb, p.activated_at, p.expires_at
              """
                  .formatted(kind.column()))
          .params(
              new SqlArrayValue("bigint", (Object[]) ids),
              new SqlArrayValue("numeric", (Object[]) amounts))
          .query(
              (RowCallbackHandler)
                  rs -> {
                    PackageUsage pkg = PackageUsageStore.map(rs, 0);
                    changed.put(PackageUsageStore.owner(rs, 0), pkg);
                  });
    }
    return changed;
  }

  private static Long[] idsOf(Collection<PackageOwner> owners, PackageOwner.Kind kind) {
    return owners.stream().filter(o -> o.kind() == kind).map(PackageOwner::id).toArray(Long[]::new);
  }
}
