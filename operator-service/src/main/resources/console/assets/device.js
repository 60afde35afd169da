"use strict";
const { api, el, replace, num, time, table, nav, showError } = Console;
nav("device");

document.getElementById("search").addEventListener("submit", (event) => {
  event.preventDefault();
  const id = document.getElementById("q").value.trim();
  history.pushState(null, "", "/console/device?id=" + encodeURIComponent(id));
  show(id);
});

async function show(id) {
  try {
    const d = await api("/console/api/devices/" + encodeURIComponent(id));
    document.getElementById("q").value = d.id;
    replace("device",
      el("section", {}, el("h2", {}, "Device " + d.id + " (" + d.deviceNo + ")"),
        el("p", {}, "polling ", d.pollingEnabled ? el("span", { class: "ok" }, "on") : el("span", { class: "bad" }, "off: none of its cards is polled"))),
      el("section", {}, el("h2", {}, "Cards"),
        table(["card", "ICCID", "network", "stop reason", "real-name", "category", "polling flag"], d.cards.map((c) =>
          el("tr", {}, el("td", {}, el("a", { href: "/console/card?id=" + c.id }, c.id)), el("td", {}, c.iccid),
            el("td", {}, c.online ? "online" : "stopped"), el("td", {}, c.stopReason || "–"),
            el("td", {}, c.realNameVerified ? "verified" : "not verified"), el("td", {}, c.category),
            el("td", {}, c.pollingEnabled ? "on" : "off"))))),
      el("section", {}, el("h2", {}, "Packages (shared by its cards)"),
        table(["id", "status", "#limit MB", "#used MB", "expires"], d.packages.map((p) =>
          el("tr", {}, el("td", {}, p.id), el("td", {}, p.status), el("td", { class: "num" }, p.limitMb == 0 ? "unlimited" : num(p.limitMb)),
            el("td", { class: "num" }, num(p.usageMb)), el("td", {}, time(p.expiresAt)))))));
  } catch (e) {
    showError("device", e);
  }
}

const id = new URLSearchParams(location.search).get("id");
if (id) show(id);
