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
    el("td", { class: "num in-flight" }, num(t.inFlight)),
    el("td", { class: "num checking" }, num(t.checking)),
    el("td", { class: "num manual" }, num(t.manual))));
  replace("queues", table(["task type", "#queued", "#due now",
    "#overdue (> " + overview.overdueGraceSeconds + " s)", "#oldest due", "#in flight (lag)",
    "#checking", "#manual pending"], rows));
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
    initializer(overview);
    heat(overview);
    deadLetters(overview);
    const rates = await api("/console/api/rates");
    chart("chart-dispatched", "dispatched", rates, rates.dispatched);
    chart("chart-handled", "handled", rates, rates.handled);
  } catch (e) {
    showError("failed", e);
  }
}

every(3, load);
