// Meeple in the browser: the lobby (create, join, list games) and the game screen (live over WebSocket).
// Plain ES modules, no build step. Each game may bring its own renderer in its package (served by the server);
// otherwise the generic one shows the view as data and the legal actions as buttons.

import { el, clear } from "./dom.js";
import { languageSelector, loadLanguage, t } from "./i18n.js";
import { renderLobby } from "./lobby.js";
import { saveSeat, tokenFor } from "./seats.js";

function route() {
  const root = document.getElementById("app");
  const profile = location.pathname.match(/^\/profile\/([^/]+)$/);
  if (profile) { import("./profile.js").then((m) => m.renderProfile(root, decodeURIComponent(profile[1]))); return; }
  const match = location.pathname.match(/^\/play\/([A-Za-z0-9]+)$/);
  if (!match) { renderLobby(root); return; }
  const gameId = match[1];
  // An invite link carries the seat token after '#': keep it beside the other seats this browser holds (never
  // instead of them) and take it out of the address bar. `?seat=N` opens one of the seats held here.
  const hash = new URLSearchParams(location.hash.slice(1));
  const query = new URLSearchParams(location.search);
  const invited = hash.get("token");
  if (invited) {
    saveSeat(gameId, invited);
    history.replaceState(null, "", location.pathname);
  }
  const seat = /^\d+$/.test(query.get("seat") || "") ? Number(query.get("seat")) : null;
  const token = query.has("watch") ? null : invited || tokenFor(gameId, seat);
  // A seat asked for without a token held here is proven by the account's session, if it holds that seat.
  const accountSeat = !token && seat !== null && !query.has("watch") ? seat : null;
  import("./game.js").then((m) => m.openGame(root, gameId, token, { invited: Boolean(invited), accountSeat }));
}

// An invite link opened over the table of the same game changes only the part after '#': open it as a new page.
window.addEventListener("hashchange", () => {
  if (new URLSearchParams(location.hash.slice(1)).get("token")) location.reload();
});

window.addEventListener("error", (e) => {
  const root = document.getElementById("app");
  if (root && !root.childElementCount) { clear(root); root.append(el("p", { class: "error" }, String(e.message))); }
});
// The page's words come in the reader's language before anything is drawn.
loadLanguage().then(() => {
  document.querySelector(".topbar").append(el("label", { class: "language" }, languageSelector()));
  const root = document.getElementById("app");
  if (root && !root.childElementCount) root.textContent = t("web.loading");
  route();
});
