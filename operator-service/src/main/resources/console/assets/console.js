// Shared by every console page. Everything read from the API goes into the page as text
// (textContent), never as markup, so a payload or a name can never run as script.
"use strict";

const Console = (() => {
  let csrf = null;

  async function session() {
    if (csrf === null) {
      const s = await api("/console/api/session");
      csrf = s.csrfToken;
    }
    return csrf;
  }

  /** GET (or POST with a JSON body): the parsed answer; errors carry the API's message. */
  async function api(path, method, body) {
    const options = { method: method || "GET", headers: {}, credentials: "same-origin" };
    if (options.method !== "GET") {
      options.headers["X-Console-Csrf"] = await session();
      options.headers["Content-Type"] = "application/json";
      options.body = body === undefined ? "" : JSON.stringify(body);
    }
    const response = await fetch(path, options);
    if (response.status === 401) {
      window.location.href = "/console/login?next=" + encodeURIComponent(location.pathname + location.search);
      throw new Error("logged out");
    }
    const text = await response.text();
    const data = text ? JSON.parse(text) : null;
    if (!response.ok) {
      const error = new Error((data && data.message) || ("HTTP " + response.status));
      error.status = response.status;
      throw error;
    }
    return data;
  }

  /** el("td", {class: "num"}, "text", childNode, ...) — strings become text nodes. */
  function el(tag, attributes, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (name === "onclick") node.addEventListener("click", value);
      else if (value !== null && value !== undefined) node.setAttribute(name, value);
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  function replace(id, ...children) {
    const target = document.getElementById(id);
    target.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined));
    return target;
  }

  function num(value) {
    return value === null || value === undefined ? "–" : Number(value).toLocaleString("en-US");
  }

  function time(value) {
    return value ? new Date(value).toISOString().replace("T", " ").replace(/\.\d+Z$/, "Z") : "–";
  }

  function duration(seconds) {
    if (seconds === null || seconds === undefined) return "–";
    const s = Math.round(seconds);
    if (s < 120) return s + " s";
    if (s < 7200) return Math.round(s / 60) + " min";
    return (s / 3600).toFixed(1) + " h";
  }

  function table(headers, rows) {
    return el("table", {},
      el("thead", {}, el("tr", {}, headers.map((h) => el("th", { class: h.startsWith("#") ? "num" : null }, h.replace(/^#/, ""))))),
      el("tbody", {}, rows));
  }

  function nav(here) {
    const links = [["overview", "/console/", "Overview"], ["card", "/console/card", "Card"],
      ["device", "/console/device", "Device"], ["configs", "/console/configs", "Configs"],
      ["dead-letters", "/console/dead-letters", "Dead letters"]];
    const header = el("header", {}, el("strong", {}, "cmp-polling console"),
      links.map(([key, href, label]) => el("a", { href, class: key === here ? "here" : null }, label)),
      el("span", { class: "spacer" }),
      el("button", { id: "logout", onclick: async () => {
        await api("/console/api/logout", "POST");
        window.location.href = "/console/login";
      } }, "Log out"));
    document.body.prepend(header);
  }

  function showError(id, error) {
    replace(id, el("div", { class: "error" }, error.message));
  }

  /** Runs load() now and every few seconds; the page updates without reloading. */
  function every(seconds, load) {
    const run = () => load().catch((e) => console.warn(e));
    run();
    return setInterval(run, seconds * 1000);
  }

  return { api, el, replace, num, time, duration, table, nav, showError, every };
})();
