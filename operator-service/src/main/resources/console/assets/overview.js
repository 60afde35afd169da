"use strict";
const { api, el, replace, num, time, duration, table, nav, showError, every } = Console;
nav("overview");

function queues(overview) {
  const rows = overview.taskTypes.map((t) => el("tr", { "data-type": t.taskType },
    el("td", {}, t.taskType),
    el("td", { class: "num queued" }, num(t.queued)),
    el("td", { class: "num due" }, num(t.due)),
    el("td", { class: "num overdue " + (t.overdue > 0 ? "warn" : "") }, num(t.overdue)),
    el("td", { class: "num oldest" }, t.due > 0 ? duration(t.oldestDueAgeSeconds) : "–"),
    el("td", { class: "num in-flight" }, t.inFlight === null ? "?" : num(t.inFlight)),
    el("td", { class: "num lag-seconds " + (overview.holdBacks.maxLagAgeSeconds !== null
      && t.lagSeconds > overview.holdBacks.maxLagAgeSeconds ? "warn" : "") },
      t.lagSeconds === null ? "?" : t.inFlight > 0 ? duration(t.lagSeconds) : "–"),
    el("td", { class: "num checking" }, num(t.checking)),
    el("td", { class: "num manual" }, num(t.manual))));
  replace("queues", table(["task type", "#queued", "#due now",
    "#overdue (> " + overview.overdueGraceSeconds + " s)", "#oldest due", "#in flight (lag)",
    "#lag (oldest in flight)", "#checking", "#manual pending"], rows));
}

const CAUSES = { lag_age: "lag age", lag_count: "lag count" };

function backpressure(overview) {
  const rows = overview.taskTypes.map((t) => {
    const d = t.dispatch;
    if (!d) {
      return el("tr", { "data-type": t.taskType }, el("td", {}, t.taskType),
        el("td", { class: "state muted" }, "no round recorded"), el("td", { class: "cause" }, "–"),
        el("td", { class: "since" }, "–"), el("td", { class: "last-round" }, "–"));
    }
    const held = d.state === "held_back";
    const stale = d.lastRoundAgeSeconds !== null && d.lastRoundAgeSeconds > 60;
    return el("tr", { "data-type": t.taskType }, el("td", {}, t.taskType),
      el("td", { class: "state " + (held ? "bad" : "ok") }, held ? "held back" : "dispatching"),
      el("td", { class: "cause" }, held ? (CAUSES[d.cause] || d.cause) : "–"),
      el("td", { class: "since" }, held && d.heldBackSince
        ? "since " + time(d.heldBackSince) + " (" + duration(d.heldBackSeconds) + ")" : "–"),
      el("td", { class: "last-round " + (stale ? "warn" : "") }, d.lastRoundAt
        ? duration(d.lastRoundAgeSeconds) + " ago" + (stale ? " — no scheduling loop running?" : "") : "–"));
  });
  const h = overview.holdBacks;
  replace("backpressure",
    table(["task type", "state", "cause", "held back", "last round"], rows),
    el("p", { class: "muted" }, "As the last scheduling round of any instance recorded it (shared in Redis). "
      + "A type is held back while the oldest task its handlers have not consumed is older than max-lag-age ("
      + (h.maxLagAgeSeconds === null ? "not recorded yet" : duration(h.maxLagAgeSeconds)) + ": lag age)"
      + (h.maxConsumerLag > 0
        ? ", or more tasks wait for them than max-consumer-lag (" + num(h.maxConsumerLag) + ": lag count)."
        : "; the count rule (max-consumer-lag) is off.")));
}

function holdBacks(overview) {
  const h = overview.holdBacks;
  const unknown = (v, f) => (v === null || v < 0 ? "?" : f(v));
  const rows = h.recent.map((b) => el("tr", { class: "hold-back", "data-type": b.taskType },
    el("td", {}, time(b.at)), el("td", {}, b.taskType),
    el("td", { class: "cause" }, CAUSES[b.cause] || b.cause),
    el("td", { class: "reason" }, b.reason),
    el("td", { class: "num" }, num(b.consumerLag)),
    el("td", { class: "num" }, duration(b.consumerLagSeconds)),
    el("td", { class: "num" }, unknown(b.dueCards, num)),
    el("td", { class: "num" }, unknown(b.oldestDueSeconds, duration))));
  replace("hold-backs",
    rows.length ? table(["measured", "task type", "cause", "reason", "#tasks waiting",
      "#oldest waiting", "#cards due", "#oldest due"], rows)
      : el("p", { class: "muted", id: "no-hold-backs" }, "No round held back lately."),
    el("p", { class: "muted", id: "hold-backs-whose" },
      "Decided by the scheduler instances that schedule, each at its fresh measures; kept in Redis, newest first."));
}

function failed(overview) {
  const notices = [];
  if (overview.failedShards.length > 0) {
    notices.push(el("div", { class: "notice", id: "failed-shards" },
      "Left out (Redis did not answer): ",
      overview.failedShards.map((f) => f.taskType + " shard " + f.shard + " (" + f.error + ")").join("; ")));
  }
  for (const problem of overview.problems) {
    notices.push(el("div", { class: "notice" }, problem));
  }
  replace("failed", notices);
}

function initializer(overview) {
  const p = overview.initializer;
  if (!p) {
    replace("initializer", el("p", { class: "muted" }, "No initializer run against this Redis yet."));
    return;
  }
  replace("initializer",
    el("p", {}, p.completed ? el("span", { class: "ok" }, "done") : el("span", { class: "warn" }, "running"),
      " — ", num(p.processed), " of ", num(p.total), " cards read (", p.percent.toFixed(1), " %) ",
      el("span", { class: "bar" }, el("span", { style: "width:" + Math.min(100, p.percent) + "%" })),
      p.completed ? "" : "  ETA " + duration(p.etaSeconds) + " at " + num(p.cardsPerSecond) + " cards/s"),
    el("p", { class: "muted" }, "started ", time(p.startedAt), ", last progress ", time(p.updatedAt)));
}

function heat(overview) {
  let max = 1;
  overview.taskTypes.forEach((t) => t.dueByShard.forEach((d) => { if (d !== null && d > max) max = d; }));
  const header = el("tr", {}, el("th", {}, "shard"),
    Array.from({ length: overview.shardCount }, (_, i) => el("th", { class: "num" }, String(i))));
  const rows = overview.taskTypes.map((t) => el("tr", {}, el("th", {}, t.taskType),
    t.dueByShard.map((d) => {
      if (d === null) return el("td", { class: "bad", title: "shard failed" }, "✕");
      const alpha = d === 0 ? 0 : 0.15 + 0.85 * (d / max);
      return el("td", { style: "background: rgba(220, 80, 40, " + alpha.toFixed(2) + ")" }, num(d));
    })));
  replace("heat", el("table", { class: "heat" }, el("thead", {}, header), el("tbody", {}, rows)));
}

function deadLetters(overview) {
  const rows = overview.deadLetters.map((d) => el("tr", {},
    el("td", {}, el("a", { href: "/console/dead-letters?topic=" + encodeURIComponent(d.topic) }, d.topic)),
    el("td", { class: "num " + (d.unhandled > 0 ? "bad" : "") }, num(d.unhandled))));
  replace("dead-letters", rows.length ? table(["topic", "#unhandled"], rows) : el("p", { class: "muted" }, "Kafka did not say."));
}

function budgets(views) {
  if (views.length === 0) {
    replace("budgets", el("p", { class: "muted", id: "no-budgets" },
      "No carrier account configured, or not computed by a scheduler yet."));
    return;
  }
  const rows = views.map((v) => {
    const b = v.budget;
    const stretched = b.stretch > 1;
    return el("tr", { class: "budget", "data-account": b.account },
      el("td", {}, b.account),
      el("td", {}, b.carriers.join(", ")),
      el("td", { class: "num" }, num(b.callsPerSecond) + " /s"
        + (b.callsPerDay === null ? "" : ", " + num(b.callsPerDay) + " /day")),
      el("td", { class: "num needed" }, b.neededPerSecond.toFixed(1)),
      el("td", { class: "num allowed" }, b.allowedPerSecond.toFixed(1)),
      el("td", { class: "num stretch " + (stretched ? "warn" : "ok") }, "×" + b.stretch.toFixed(2)),
      el("td", { class: "num" }, num(b.spentToday)),
      el("td", { class: "summary" }, v.summary),
      el("td", { class: "num" }, duration(v.ageSeconds) + " ago"));
  });
  replace("budgets", table(["account", "carriers", "allows", "#calls/s needed", "#calls/s allowed (regular)",
    "stretch", "#calls today", "in words", "computed"], rows));
}

const charts = {};
function chart(id, title, rates, series) {
  const types = Object.keys(series);
  const data = [rates.t.map((t) => new Date(t).getTime() / 1000), ...types.map((k) => series[k])];
  const colors = ["#3b82f6", "#ef4444", "#10b981", "#a855f7"];
  if (typeof uPlot === "undefined") {
    replace(id, el("p", { class: "error" }, "chart library not loaded"));
    return;
  }
  if (!charts[id]) {
    document.getElementById(id).replaceChildren();
    charts[id] = new uPlot({
      title, width: 620, height: 240,
      series: [{}, ...types.map((k, i) => ({ label: k, stroke: colors[i % colors.length], width: 2 }))],
      axes: [{}, { label: "per second" }],
    }, data, document.getElementById(id));
  } else {
    charts[id].setData(data);
  }
}

async function load() {
  try {
    const overview = await api("/console/api/overview");
    replace("as-of", overview.at ? "as of " + time(overview.at) + " (" + overview.ageSeconds + " s ago)" : "waiting for the first snapshot");
    failed(overview);
    queues(overview);
    backpressure(overview);
    holdBacks(overview);
    initializer(overview);
    heat(overview);
    deadLetters(overview);
    budgets(await api("/console/api/budget"));
    const rates = await api("/console/api/rates");
    chart("chart-dispatched", "dispatched", rates, rates.dispatched);
    chart("chart-handled", "handled", rates, rates.handled);
  } catch (e) {
    showError("failed", e);
  }
}

every(3, load);
