// The lobby's account box (optional: log in, open an account, log out; the session is an HttpOnly cookie the page
// never reads) and the ladder of a game (accounts and bot levels by rating, provisional ones marked).

import { el, clear } from "./dom.js";
import { levelName, t } from "./i18n.js";
import { api } from "./session.js";

export function accountBox() {
  const box = el("div", { id: "account" });
  const draw = async () => {
    clear(box);
    let me = null;
    try { me = await api("GET", "/api/sessions"); } catch { me = null; }
    if (me) {
      box.append(el("p", { id: "account-name" }, t("web.account.logged_in", { name: me.name }), " ",
        el("a", { href: `/profile/${encodeURIComponent(me.name)}`, id: "profile-link" }, t("web.profile.link")), " ",
        el("button", { type: "button", class: "secondary", id: "logout", onclick: async () => {
          await api("DELETE", "/api/sessions").catch(() => {});
          location.reload(); // the lobby's lists are the account's no more
        } }, t("web.account.logout"))));
      return;
    }
    const name = el("input", { id: "account-user", maxlength: 40, autocomplete: "username", "aria-label": t("web.account.name"),
      placeholder: t("web.account.name") });
    const password = el("input", { id: "account-password", type: "password", maxlength: 200, autocomplete: "current-password",
      "aria-label": t("web.account.password"), placeholder: t("web.account.password") });
    const error = el("p", { class: "error", role: "alert" });
    const send = async (create) => {
      error.textContent = "";
      const body = { name: name.value.trim(), password: password.value };
      try {
        if (create) await api("POST", "/api/accounts", body);
        await api("POST", "/api/sessions", body);
        location.reload(); // the lobby's lists now hold the account's games too
      } catch (e) {
        error.textContent = e.code === "bad_login" ? t("web.account.bad_login")
          : e.code === "rate_limited" ? t("web.rejected.rate_limited")
            : e.code === "name_taken" ? t("web.account.name_taken") : e.message;
      }
    };
    box.append(el("p", { class: "muted" }, t("web.account.optional")),
      el("form", { id: "login-form", class: "form-end", onsubmit: (ev) => { ev.preventDefault(); send(false); } },
        name, password, el("button", { type: "submit", id: "login" }, t("web.account.login")),
        el("button", { type: "button", class: "secondary", id: "signup", onclick: () => send(true) }, t("web.account.create"))),
      error);
  };
  draw();
  return box;
}

export function ladderBox(catalog) {
  const select = el("select", { id: "ladder-game", "aria-label": t("web.game") },
    catalog.games.map((g) => el("option", { value: g.id }, g.title)));
  const table = el("table", { id: "ladder", class: "ladder" });
  let asked = 0; // the answer to an earlier choice of game that comes late is dropped
  const draw = async () => {
    const mine = ++asked;
    const rungs = await api("GET", `/api/ladder/${encodeURIComponent(select.value)}`).catch(() => []);
    if (mine !== asked) return;
    clear(table);
    if (!rungs.length) { table.append(el("caption", { class: "muted" }, t("web.ladder.empty"))); return; }
    table.append(el("tr", {}, el("th", {}, "#"), el("th", {}, t("web.ladder.player")), el("th", {}, t("web.ladder.rating")),
      el("th", {}, t("web.ladder.games"))));
    rungs.forEach((r, i) => table.append(el("tr", { "data-player": r.player },
      el("td", {}, String(i + 1)),
      el("td", {}, r.kind === "bot" ? t("web.bot_level", { level: levelName(r.name) })
        : el("a", { href: `/profile/${encodeURIComponent(r.name)}` }, r.name)),
      el("td", {}, r.rating.toFixed(1), r.provisional ? el("span", { class: "muted", title: t("web.ladder.provisional") }, " ?") : null),
      el("td", {}, String(r.games)))));
  };
  const measured = el("div", { id: "ladder-levels", class: "ladder-levels" });
  const drawLevels = () => { // the named bot levels as the arena measured them (shipped with the server)
    clear(measured);
    const ratings = (catalog.games.find((g) => g.id === select.value) || {}).levels;
    if (!ratings) return;
    const rows = el("table", { class: "ladder" }, el("caption", {}, t("web.ladder.levels")),
      el("tr", {}, el("th", {}, t("web.ladder.player")), el("th", {}, t("web.ladder.rating")), el("th", {}, t("web.ladder.games"))),
      ratings.levels.map((r) => el("tr", { "data-level": r.level }, el("td", {}, t("web.bot_level", { level: levelName(r.level) })),
        el("td", {}, r.rating.toFixed(1)), el("td", {}, String(r.games)))));
    const pct = (x) => (100 * x).toFixed(0);
    const steps = el("ul", { class: "muted" }, ratings.steps.map((s) => el("li", {}, t("web.ladder.level_step", {
      upper: levelName(s.upper), lower: levelName(s.lower), rate: pct(s.win_rate), low: pct(s.low), high: pct(s.high) }))));
    measured.append(rows, el("p", { class: "muted" }, t("web.ladder.levels_note", { games: ratings.games, date: ratings.measured })), steps);
  };
  select.addEventListener("change", () => { draw(); drawLevels(); });
  draw();
  drawLevels();
  return el("div", {}, el("label", {}, `${t("web.game")} `, select), table, measured);
}
