"use strict";
const { api, el, replace, num, time, table, nav, showError, every } = Console;
nav("configs");

async function load() {
  try {
    const v = await api("/console/api/configs");
    const interval = (s) => (s === null ? "off" : s + " s");
    replace("configs",
      table(["id", "name", "#priority", "condition", "carrier", "realname", "carddata", "package", "protect", "#cards governed"],
        v.configs.map((c) => el("tr", { "data-config": c.name }, el("td", {}, c.id), el("td", {}, c.name), el("td", { class: "num" }, c.priority),
          el("td", {}, c.condition), el("td", {}, c.carrierId === null ? "any" : c.carrierId),
          ["realname", "carddata", "package", "protect"].map((t) => el("td", {}, interval(c.intervalSeconds[t]))),
          el("td", { class: "num cards" }, num(c.cards))))),
      el("p", {}, num(v.unmatched), " polled cards match no config (never checked); ",
        num(v.pollingDisabled), " cards have polling switched off (card or device)."),
      el("p", { class: "muted" }, "Configs loaded ", time(v.loadedAt), "; cards counted ", time(v.countedAt),
        " (first match by priority, then id, on card condition and carrier)."));
  } catch (e) {
    showError("configs", e);
  }
}

every(30, load);
