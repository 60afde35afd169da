package com.cmp.polling.core.budget;

import com.cmp.polling.core.redis.RedisKeys;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.data.redis.core.StringRedisTemplate;
import tools.jackson.databind.json.JsonMapper;

/**
 * Where the scheduler publishes the budgets it computed: the stretch of every carrier (read by the
 * planners of every process, {@link com.cmp.polling.core.enrollment.IntervalStretches}) and each
 * account's report (read by the operator app). Fields of accounts and carriers no longer computed
 * are removed, so a carrier taken out of an account stops being stretched.
 */
public class BudgetReports {

  private final StringRedisTemplate redis;
  private final JsonMapper json = JsonMapper.builder().build();

  public BudgetReports(StringRedisTemplate redis) {
    this.redis = redis;
  }

  /** Publishes the reports and their carriers' stretches (a stretch of 1 is left out). */
  public void publish(List<AccountBudget> reports) {
    Map<String, String> byAccount = new HashMap<>();
    Map<String, String> stretches = new HashMap<>();
    for (AccountBudget report : reports) {
      byAccount.put(report.account(), json.writeValueAsString(report));
      if (report.stretch() > 1.0) {
        report
            .carriers()
            .forEach(
                carrier -> stretches.put(carrier.toString(), Double.toString(report.stretch())));
      }
    }
    replace(RedisKeys.BUDGET_REPORTS, byAccount);
    replace(RedisKeys.BUDGET_STRETCHES, stretches);
  }

  /** The reports last published, by account name. */
  public List<AccountBudget> read() {
    List<AccountBudget> reports = new ArrayList<>();
    redis
        .<String, String>opsForHash()
        .values(RedisKeys.BUDGET_REPORTS)
        .forEach(value -> reports.add(json.readValue(value, AccountBudget.class)));
    reports.sort(Comparator.comparing(AccountBudget::account));
    return reports;
  }

  private void replace(String key, Map<String, String> fields) {
    if (!fields.isEmpty()) {
      redis.opsForHash().putAll(key, fields);
    }
    Set<Object> stale = new HashSet<>(redis.opsForHash().keys(key));
    stale.removeAll(fields.keySet());
    if (!stale.isEmpty()) {
      redis.opsForHash().delete(key, stale.toArray());
    }
  }
}
