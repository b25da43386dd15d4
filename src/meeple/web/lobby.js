// The lobby: create a game (seats, options, clock), hand out invite links, list your games and recent ones.

import { el, clear, seatBadge } from "./dom.js";
import { lang, t } from "./i18n.js";
import { api, myName, saveName, saveToken, tokens } from "./session.js";

const CLOCKS = [
  { value: "", label: "web.clock.none" },
  { value: "move", label: "web.clock.move" },
  { value: "game", label: "web.clock.game" },
];

export async function renderLobby(root) {
  clear(root);
  document.getElementById("topinfo").textContent = "";
  let catalog;
  try {
    catalog = await api("GET", `/api/catalog?lang=${encodeURIComponent(lang())}`);
  } catch (e) {
    root.append(el("p", { class: "error" }, t("web.no_server", { error: e.message })));
    return;
  }
  const created = el("section", { class: "card created", hidden: true, id: "created" });
  root.append(el("div", { class: "lobby" },
    el("section", { class: "card" }, el("h2", {}, t("web.new_game")), createForm(catalog, created)),
    created,
    el("section", { class: "card" }, el("h2", {}, t("web.your_games")), yourGames()),
    el("section", { class: "card" }, el("h2", {}, t("web.recent_games")), recentGames()),
  ));
}

function createForm(catalog, created) {
  const form = el("form", { id: "create-form" });
  const gameSelect = el("select", { name: "game", id: "game" },
    catalog.games.map((g) => el("option", { value: g.id }, g.title)));
  const playerCount = el("select", { name: "players", id: "players" });
  const seatsBox = el("div", { class: "seats" });
  const optionsBox = el("div", { class: "options" });
  const name = el("input", { id: "name", name: "name", maxlength: 40, placeholder: t("web.your_name"), value: myName() });
  const clockMode = el("select", { id: "clock-mode" }, CLOCKS.map((c) => el("option", { value: c.value }, t(c.label))));
  const clockSeconds = el("input", { id: "clock-seconds", type: "number", min: 5, value: 300, step: 5 });
  const clockPolicy = el("select", { id: "clock-policy" }, el("option", { value: "default" }, t("web.timeout.default")),
    el("option", { value: "bot" }, t("web.timeout.bot")), el("option", { value: "forfeit" }, t("web.timeout.forfeit")));
  const error = el("p", { class: "error", role: "alert" });

  const game = () => catalog.games.find((g) => g.id === gameSelect.value);
  function fillPlayers() {
    const g = game();
    clear(playerCount);
    for (let n = g.min_players; n <= g.max_players; n++) playerCount.append(el("option", { value: n }, t("web.players", { n })));
    fillOptions();
    fillSeats();
  }
  function fillOptions() {
    clear(optionsBox);
    // Each option and its values in words, from the game's spec and messages (the server sends them).
    const options = game().options;
    if (!options.length) optionsBox.append(el("p", { class: "muted" }, t("web.no_options")));
    for (const o of options) {
      const select = el("select", { name: o.name, id: `option-${o.name}`, "data-option": o.name },
        o.choices.map((c, i) => el("option", { value: JSON.stringify(c), selected: c === o.default },
          (o.choice_labels || [])[i] || label(c))));
      optionsBox.append(el("label", { title: o.help, class: "option" }, `${o.label || o.name}: `, select));
    }
  }
  function fillSeats() {
    const n = Number(playerCount.value);
    const old = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    clear(seatsBox);
    for (let i = 0; i < n; i++) {
      const choices = [["human", t("web.person")], ...catalog.bot_levels.map((l) => [`bot:${l}`, t("web.bot_level", { level: l })])];
      const value = old[i] || (i === 0 ? "human" : "bot:greedy");
      const select = el("select", { id: `seat-${i}`, "aria-label": t("web.seat", { number: i + 1 }) },
        choices.map(([v, t]) => el("option", { value: v, selected: v === value }, t)));
      if (i === 0) select.disabled = true; // seat 1 is the creator's
      seatsBox.append(el("div", { class: "seat-row" }, seatBadge(i, i === 0 ? t("web.you") : t("web.seat", { number: i + 1 })), select));
    }
  }
  gameSelect.addEventListener("change", fillPlayers);
  playerCount.addEventListener("change", fillSeats);
  fillPlayers();

  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    error.textContent = "";
    const seats = [...seatsBox.querySelectorAll("select")].map((s, i) => {
      if (s.value === "human") return { kind: "human", name: i === 0 && name.value.trim() ? name.value.trim() : null };
      return { kind: "bot", level: s.value.slice(4) };
    });
    const options = {};
    for (const s of optionsBox.querySelectorAll("select")) options[s.dataset.option] = JSON.parse(s.value);
    const body = { game: gameSelect.value, options, seats };
    if (clockMode.value) {
      body.clock = { mode: clockMode.value, seconds: Number(clockSeconds.value), on_timeout: clockPolicy.value };
    }
    saveName(name.value.trim());
    try {
      showCreated(created, await api("POST", "/api/games", body));
    } catch (e) {
      error.textContent = e.message;
    }
  });

  form.append(
    el("label", {}, `${t("web.game")} `, gameSelect), " ", el("label", {}, playerCount),
    el("h3", {}, t("web.seats")), seatsBox,
    el("h3", {}, t("web.options")), optionsBox,
    el("h3", {}, t("web.clock")), el("div", { class: "clock-row" }, clockMode, " ", clockSeconds, ` ${t("web.seconds_timeout")} `,
      clockPolicy),
    el("div", { class: "form-end" }, name, el("button", { type: "submit", id: "create" }, t("web.create"))),
    error);
  return form;
}

function label(value) {
  if (value === true) return t("web.yes");
  if (value === false) return t("web.no");
  return String(value);
}

function showCreated(box, game) {
  clear(box);
  box.hidden = false;
  const mine = game.seats.find((s) => s.kind === "human");
  if (mine) saveToken(game.id, mine.token);
  const others = game.seats.filter((s) => s.kind === "human" && s !== mine);
  box.append(el("h2", {}, t("web.created")),
    el("p", {}, el("a", { class: "button", href: `/play/${game.id}`, id: "play-link" }, t("web.go_to_table"))),
    others.length ? el("p", {}, t("web.send_links")) : null,
    el("ul", { class: "invites" }, others.map((s) => el("li", {}, seatBadge(s.seat, t("web.seat", { number: s.seat + 1 })), " ",
      el("input", { readonly: true, value: s.invite, class: "invite", onfocus: (e) => e.target.select() }),
      el("button", { type: "button", onclick: () => navigator.clipboard?.writeText(s.invite) }, t("web.copy"))))),
    el("p", { class: "muted" }, `${t("web.spectators")} `, el("a", { href: `/play/${game.id}?watch` }, t("web.watch_link"))));
}

function yourGames() {
  const list = el("ul", { class: "games", id: "your-games" }, el("li", { class: "muted" }, "…"));
  const held = Object.values(tokens());
  api("POST", "/api/my-games", { tokens: held.slice(-200) }).then((games) => {
    clear(list);
    if (!games.length) list.append(el("li", { class: "muted" }, t("web.no_games")));
    for (const g of games) {
      const yourTurn = g.status === "active" && g.deciders.includes(g.your_seat);
      list.append(el("li", {}, el("a", { href: `/play/${g.id}` }, t("web.game_players", { title: g.title, players: g.players })), " ",
        el("span", { class: yourTurn ? "badge turn" : "badge" }, t(g.status === "over" ? "web.finished" : yourTurn ? "web.your_turn" : "web.waiting")),
        el("span", { class: "muted" }, ` · ${t("web.move_number", { version: g.version })}`)));
    }
  }).catch((e) => { clear(list); list.append(el("li", { class: "error" }, e.message)); });
  return list;
}

function recentGames() {
  const list = el("ul", { class: "games", id: "recent-games" });
  api("GET", "/api/games?limit=15").then((games) => {
    if (!games.length) list.append(el("li", { class: "muted" }, t("web.nobody_played")));
    for (const g of games) {
      const names = g.seats.map((s) => s.name || (s.kind === "bot" ? t("web.bot_name", { level: s.level }) : t("engine.player", { number: s.seat + 1 }))).join(", ");
      list.append(el("li", {}, el("a", { href: `/play/${g.id}?watch` }, `${g.title}: ${names}`),
        el("span", { class: "muted" }, ` · ${g.status === "over" ? t("web.finished") : t("web.move_number", { version: g.version })}`)));
    }
  }).catch(() => {});
  return list;
}
