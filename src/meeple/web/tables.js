// Open tables: the lobby's list of games waiting for players (refreshed while the lobby is shown), taking a free
// seat, and at such a table the waiting panel, where the host starts the game or fills the free seats with bots.

import { el, clear } from "./dom.js";
import { t } from "./i18n.js";
import { hostToken, saveSeat, seatAddress } from "./seats.js";
import { api, myName, saveName } from "./session.js";

const REFRESH_MS = 5000;

export function openTables() {
  const list = el("ul", { class: "games", id: "open-tables" });
  const refresh = async () => {
    if (!list.isConnected && list.dataset.shown) return; // the lobby was left
    try {
      const tables = await api("GET", "/api/tables");
      clear(list);
      if (!tables.length) list.append(el("li", { class: "muted" }, t("web.table.none")));
      for (const table of tables) list.append(tableLine(table));
    } catch (e) {
      clear(list);
      list.append(el("li", { class: "error" }, e.message));
    }
    list.dataset.shown = "1";
    setTimeout(refresh, REFRESH_MS);
  };
  refresh();
  return list;
}

function tableLine(table) {
  const g = table.game;
  const error = el("span", { class: "error" });
  const take = el("button", { type: "button", class: "take-seat", "data-game": g.id }, t("web.table.take"));
  take.addEventListener("click", async () => {
    const name = myName() || window.prompt(t("web.your_name")) || "";
    if (!name.trim()) return;
    saveName(name.trim());
    take.disabled = true;
    try {
      const r = await api("POST", `/api/tables/${g.id}/seats/${table.free[0]}`, { name: name.trim() });
      saveSeat(g.id, r.token, r.seat);
      location.assign(seatAddress(g.id, r.seat));
    } catch (e) {
      error.textContent = e.message;
      take.disabled = false;
    }
  });
  return el("li", { "data-table": g.id },
    el("b", {}, g.title), " ",
    el("span", { class: "muted" }, t("web.table.line", { host: table.host || "?", free: table.free.length,
      players: g.players })),
    g.clock ? el("span", { class: "muted" }, ` · ${t("web.clock")}`) : null, " ", take, " ", error);
}

// At an open table: who is still awaited, and for the host the buttons that start the game.
export function waitingPanel(box, screen) {
  clear(box);
  const s = screen.state;
  const free = s.seats.filter((seat) => seat.kind === "open").length;
  box.append(el("h2", {}, t("web.table.waiting_title")), el("p", { id: "table-waiting" }, t("web.table.waiting", { free })));
  const host = hostToken(screen.gameId);
  if (!host) return;
  const error = el("p", { class: "error" });
  const start = async (body) => {
    try { await api("POST", `/api/tables/${screen.gameId}/start`, body, host); }
    catch (e) { error.textContent = e.message; }
  };
  box.append(el("p", {},
    el("button", { type: "button", id: "table-start", disabled: free > 0, onclick: () => start({}) }, t("web.table.start")), " ",
    free ? el("button", { type: "button", id: "table-fill", class: "secondary", onclick: () => start({ fill: "greedy" }) },
      t("web.table.fill")) : null), error);
}
