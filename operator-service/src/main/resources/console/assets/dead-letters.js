"use strict";
const { api, el, replace, num, time, table, nav, showError, every } = Console;
nav("dead-letters");

let topic = new URLSearchParams(location.search).get("topic");

async function counts() {
  const c = await api("/console/api/dead-letters");
  replace("counts", table(["topic", "#unhandled"], Object.entries(c).map(([name, count]) =>
    el("tr", {}, el("td", {}, el("a", { href: "#", onclick: (e) => { e.preventDefault(); choose(name); } }, name)),
      el("td", { class: "num " + (count > 0 ? "bad" : "") }, count === null ? "?" : num(count))))));
}

function choose(name) {
  topic = name;
  history.pushState(null, "", "/console/dead-letters?topic=" + encodeURIComponent(name));
  replace("actions");
  records();
}

function selected() {
  return [...document.querySelectorAll("input.pick:checked")].map((box) => box.value);
}

async function handle(action, ids) {
  if (ids.length === 0) return;
  if (!confirm(action + " " + ids.length + " record(s) of " + topic + "?")) return;
  try {
    const outcomes = await api("/console/api/dead-letters/" + encodeURIComponent(topic) + "/" + action, "POST", { ids });
    replace("actions", outcomes.map((o) => el("div", { class: o.done ? "ok" : "bad" }, o.id + ": " + o.message)));
    await records();
    await counts();
  } catch (e) {
    showError("actions", e);
  }
}

async function records() {
  if (!topic) {
    replace("records", el("p", { class: "muted" }, "Choose a topic."));
    return;
  }
  try {
    const letters = await api("/console/api/dead-letters/records?topic=" + encodeURIComponent(topic));
    replace("topic-title", "Records of " + letters.topic + " (" + num(letters.unhandled) + " unhandled, newest first)");
    const rows = letters.records.map((r) => el("tr", { class: "letter", "data-id": r.id },
      el("td", {}, el("input", { type: "checkbox", class: "pick", value: r.id })),
      el("td", {}, r.id), el("td", {}, r.key === null ? "–" : r.key), el("td", {}, time(r.time)),
      el("td", {}, r.error || "–", el("div", { class: "muted" }, r.exception || "")),
      el("td", {}, el("pre", {}, r.payload === null ? "(no value)" : r.payload), el("span", { class: "muted" }, r.payloadBytes + " bytes")),
      el("td", {}, el("button", { class: "replay", onclick: () => handle("replay", [r.id]) }, "replay"), " ",
        el("button", { class: "discard danger", onclick: () => handle("discard", [r.id]) }, "discard"))));
    replace("records",
      el("p", {}, el("button", { id: "replay-selected", onclick: () => handle("replay", selected()) }, "Replay selected"), " ",
        el("button", { id: "discard-selected", class: "danger", onclick: () => handle("discard", selected()) }, "Discard selected"), " ",
        el("button", { id: "select-all", onclick: () => document.querySelectorAll("input.pick").forEach((b) => { b.checked = true; }) }, "Select all")),
      rows.length ? table(["", "record", "key", "time", "error", "payload", ""], rows) : el("p", { class: "muted" }, "Nothing left to handle."));
  } catch (e) {
    showError("records", e);
  }
}

every(10, counts);
records();
