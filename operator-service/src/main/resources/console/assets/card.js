"use strict";
const { api, el, replace, num, time, duration, table, nav, showError } = Console;
nav("card");

const params = new URLSearchParams(location.search);
document.getElementById("search").addEventListener("submit", async (event) => {
  event.preventDefault();
  const q = document.getElementById("q").value.trim();
  try {
    const found = await api("/console/api/cards?q=" + encodeURIComponent(q));
    history.pushState(null, "", "/console/card?id=" + found.cardId);
    show(found.cardId);
  } catch (e) {
    showError("search-error", e);
  }
});

function yesNo(flag) {
  return flag ? "yes" : "no";
}

// The reasons a rule switch sets aside: "not_realname set aside: grace until … for carrier 3".
function exemptionsText(view) {
  return view.exemptions.length === 0 ? "none" :
    view.exemptions.map((e) => e.reason + " set aside: " + e.text).join("; ");
}

// "next carddata check 2026-12-01 14:05:00Z: at 3.1 MB/h (the card's recent rate) the package
// reaches its limit at 2026-12-01 14:12:00Z": the queue's time, and why by the usage-aware rule.
function carddataPlanText(view) {
  const plan = view.carddataPlan;
  if (!plan) return "no carddata check";
  const place = view.queues.find((q) => q.taskType === "carddata");
  const next = place && place.nextCheckAt ? time(place.nextCheckAt) : "not queued";
  return "next carddata check " + next + ": " + plan.explanation +
    (plan.reason === "predicted" ? " at " + time(plan.limitAt) : "");
}

function facts(view) {
  const c = view.card;
  return el("section", {}, el("h2", {}, "Card " + c.id),
    table(["", ""], [
      ["ICCID", c.iccid], ["carrier", c.carrierId + " (" + c.carrierType + ")"], ["category", c.category],
      ["real-name verified", yesNo(c.realNameVerified)],
      ["rule switches", exemptionsText(view)],
      ["network", c.online ? "online" : "stopped"],
      ["stop reason", c.stopReason || "–"],
      ["device", view.device ? el("a", { href: "/console/device?id=" + view.device.id }, view.device.id + " (" + view.device.deviceNo + ", polling " + (view.device.pollingEnabled ? "on" : "off") + ")") : "none"],
      ["card polling flag", c.pollingEnabled ? "on" : "off"],
      ["polled", view.polling.polled ? "yes, config " + view.polling.configName + " (id " + view.polling.configId + "), condition " + view.polling.condition + ", checks " + view.polling.taskTypes.join(", ") : "no: " + view.polling.notPolledBecause],
      ["protection period", view.protection ? "keeps it " + view.protection + " for " + duration(view.protectionSecondsLeft) : "none"],
      ["month usage", num(c.monthUsageMb) + " MB since " + (c.monthStart || "–") + " (last month " + num(c.lastMonthTotalMb) + " MB)"],
      ["carddata plan", carddataPlanText(view)],
    ].map(([k, v]) => el("tr", {}, el("th", {}, k), el("td", { id: "card-" + k.replace(/ /g, "-") }, v)))));
}

function queues(view) {
  const rows = view.queues.map((q) => el("tr", { "data-type": q.taskType },
    el("td", {}, q.taskType), el("td", {}, time(q.nextCheckAt)), el("td", { class: "state" }, q.state),
    el("td", {}, q.manualPending ? "yes" : "no"),
    el("td", { class: "num interval" }, q.intervalSeconds === null ? "off" : duration(q.intervalSeconds)),
    el("td", { class: "last-check" }, q.lastCheckAt ? time(q.lastCheckAt) + " (" + q.lastCheckFrom + ")" : "not known"),
    el("td", {}, el("button", { class: "check-now", "data-type": q.taskType, onclick: () => checkNow(view.card.id, q.taskType) }, "check now"))));
  return el("section", {}, el("h2", {}, "Queues"),
    table(["task type", "next check", "state", "manual pending", "interval", "last check ended", ""], rows));
}

function actions(view) {
  return el("section", {}, el("h2", {}, "Operator actions"),
    el("div", { class: "inline" },
      "protection period (seconds, 0 for none) ",
      el("input", { type: "number", id: "protect", value: "0", min: "0" }), " ",
      el("button", { id: "stop", class: "danger", onclick: () => act(view.card.id, "stop") }, "Stop"), " ",
      el("button", { id: "resume", onclick: () => act(view.card.id, "resume") }, "Resume")),
    el("div", { id: "action-result", class: "result" }));
}

function packages(view) {
  return el("section", {}, el("h2", {}, "Packages (" + view.packagesOf + ")"),
    table(["id", "status", "#limit MB", "#used MB", "activated", "expires"], view.packages.map((p) =>
      el("tr", {}, el("td", {}, p.id), el("td", {}, p.status), el("td", { class: "num" }, p.limitMb == 0 ? "unlimited" : num(p.limitMb)),
        el("td", { class: "num" }, num(p.usageMb)), el("td", {}, time(p.activatedAt)), el("td", {}, time(p.expiresAt))))));
}

function usage(view) {
  return el("section", {}, el("h2", {}, "Data-usage samples (newest first)"),
    table(["sampled", "month", "#month total MB", "#delta MB"], view.usage.map((u) =>
      el("tr", {}, el("td", {}, time(u.at)), el("td", {}, u.monthStart), el("td", { class: "num" }, num(u.monthTotalMb)), el("td", { class: "num" }, num(u.deltaMb))))));
}

// The reason set first, then the others that held at the stop: "no_package (also traffic_exhausted)".
function reasonsText(h) {
  const others = (h.reasons || []).slice(1);
  return others.length === 0 ? h.reason : h.reason + " (also " + others.join(", ") + ")";
}

function historyTable(view) {
  return el("section", {}, el("h2", {}, "Stop / resume history (newest first)"),
    view.history.length === 0 ? el("p", { class: "muted" }, "never stopped or resumed") :
      table(["time", "action", "reason", "trigger", "result", "attempt", "error"], view.history.map((h) =>
        el("tr", { class: "history-row" }, el("td", {}, time(h.at)), el("td", {}, h.action), el("td", {}, reasonsText(h)),
          el("td", {}, h.trigger), el("td", { class: h.result === "success" ? "ok" : "bad" }, h.result),
          el("td", { class: "num" }, h.attempt), el("td", {}, h.error || "")))));
}

async function show(cardId) {
  try {
    const view = await api("/console/api/cards/" + encodeURIComponent(cardId));
    document.getElementById("q").value = view.card.iccid;
    replace("search-error");
    replace("card", facts(view), queues(view), actions(view), packages(view), usage(view), historyTable(view));
  } catch (e) {
    showError("card", e);
  }
}

async function checkNow(cardId, type) {
  if (!confirm("Check card " + cardId + " (" + type + ") now?")) return;
  try {
    const done = await api("/console/api/cards/" + cardId + "/checks/" + type, "POST");
    await show(cardId);
    replace("action-result", el("div", { class: "ok" }, done.message));
  } catch (e) {
    showError("action-result", e);
  }
}

async function act(cardId, action) {
  const seconds = Number(document.getElementById("protect").value || 0);
  if (!confirm(action + " card " + cardId + " at the carrier" + (seconds > 0 ? " and protect it for " + seconds + " s" : "") + "?")) return;
  try {
    const done = await api("/console/api/cards/" + cardId + "/" + action, "POST", { protectForSeconds: seconds });
    await show(cardId);
    // Done at the carrier even when the protection period could not be recorded: say both.
    replace("action-result", el("div", { class: "ok" }, done.message),
      done.warning ? el("div", { class: "notice", id: "action-warning" }, done.warning) : null);
  } catch (e) {
    showError("action-result", e);
  }
}

if (params.get("id")) show(params.get("id"));
window.addEventListener("popstate", () => { const id = new URLSearchParams(location.search).get("id"); if (id) show(id); });
