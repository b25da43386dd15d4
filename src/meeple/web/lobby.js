// The lobby: create a game (seats, options, clock), hand out invite links, list your games and recent ones.

import { el, clear, seatBadge } from "./dom.js";
import { lang, levelName, ratedLevelName, t } from "./i18n.js";
import { allTokens, hostToken, saveHost, saveSeat, seatAddress, seatsOf } from "./seats.js";
import { api, myName, saveName } from "./session.js";
import { openTables } from "./tables.js";
import { accountBox, ladderBox } from "./account.js";

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
    el("section", { class: "card" }, el("h2", {}, t("web.open_tables")), openTables()),
    el("section", { class: "card" }, el("h2", {}, t("web.account.title")), accountBox()),
    el("section", { class: "card" }, el("h2", {}, t("web.your_games")), yourGames()),
    el("section", { class: "card" }, el("h2", {}, t("web.recent_games")), recentGames()),
    el("section", { class: "card" }, el("h2", {}, t("web.ladder.title")), ladderBox(catalog)),
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
  // Rated by default: the result counts on the ladder when every seat is an account or a bot.
  const rated = el("input", { type: "checkbox", id: "rated", checked: true });
  const error = el("p", { class: "error", role: "alert" });
  const description = el("p", { class: "game-description", id: "game-description" });
  const clockDetails = el("span", { class: "clock-details", id: "clock-details" }, " ", clockSeconds,
    ` ${t("web.seconds_timeout")} `, clockPolicy);
  // The seconds and what happens when they run out only with a clock.
  const showClock = () => { clockDetails.hidden = !clockMode.value; };
  clockMode.addEventListener("change", showClock);
  showClock();

  const game = () => catalog.games.find((g) => g.id === gameSelect.value);
  function fillPlayers() {
    const g = game();
    clear(description);
    description.append(g.description || "");
    if (g.howto) {
      description.append(" ", el("a", { href: `${g.howto}?lang=${encodeURIComponent(lang())}`, id: "howto-link",
        target: "_blank", rel: "noopener" }, t("web.how_to_play")));
    }
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
  // The levels offered for a game (`learned` only where the game ships its network), else the server's list.
  function levelsOf() {
    const chosen = game();
    return chosen && chosen.bot_levels && chosen.bot_levels.length ? chosen.bot_levels : catalog.bot_levels;
  }
  function fillSeats() {
    const n = Number(playerCount.value);
    const old = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    clear(seatsBox);
    for (let i = 0; i < n; i++) {
      const choices = [["human", t("web.person")], ["open", t("web.open_seat")], ...levelsOf().map((l) => [`bot:${l}`, t("web.bot_level", { level: ratedLevelName(l, game().levels) })])];
      const value = old[i] || (i === 0 ? "human" : "bot:medium");
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
      if (s.value === "open") return { kind: "open" };
      return { kind: "bot", level: s.value.slice(4) };
    });
    const options = {};
    for (const s of optionsBox.querySelectorAll("select")) options[s.dataset.option] = JSON.parse(s.value);
    const body = { game: gameSelect.value, options, seats, rated: rated.checked };
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
    el("label", {}, `${t("web.game")} `, gameSelect), " ", el("label", {}, playerCount), description,
    el("h3", {}, t("web.seats")), seatsBox,
    el("h3", {}, t("web.options")), optionsBox,
    el("h3", {}, t("web.clock")), el("div", { class: "clock-row" }, clockMode, clockDetails),
    el("label", { class: "rated-row" }, rated, ` ${t("web.rated")}`),
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
  if (mine) saveSeat(game.id, mine.token, mine.seat);
  saveHost(game.id, game.host_token);
  const others = game.seats.filter((s) => s.kind === "human" && s !== mine);
  // (DOM's append writes null as the text "null": the parts a game does not have are left out first)
  box.append(...[el("h2", {}, t("web.created")),
    el("p", {}, el("a", { class: "button", href: `/play/${game.id}`, id: "play-link" }, t("web.go_to_table"))),
    // The creator's own seat as a link too: to open it on another device, or keep it somewhere safe.
    mine ? el("p", {}, t("web.own_link")) : null,
    mine ? el("p", { class: "invites" }, inviteField(mine.invite, "own-invite", "own-invite")) : null,
    others.length ? el("p", {}, t("web.send_links")) : null,
    el("ul", { class: "invites" }, others.map((s) => el("li", {}, seatBadge(s.seat, t("web.seat", { number: s.seat + 1 })), " ",
      inviteField(s.invite, `invite-${s.seat}`)))),
    el("p", { class: "muted", id: "links-expire" }, t("web.links_expire", { date: day(game.token_expires) })),
    el("p", { class: "muted" }, `${t("web.spectators")} `, el("a", { href: `/play/${game.id}?watch` }, t("web.watch_link")))]
    .filter(Boolean));
}

// A day in the reader's language (Unix time in seconds).
function day(seconds) {
  try {
    return new Intl.DateTimeFormat(lang(), { dateStyle: "long" }).format(new Date(seconds * 1000));
  } catch {
    return new Date(seconds * 1000).toISOString().slice(0, 10);
  }
}

function inviteField(link, id, kind = "invite") {
  return el("span", { class: "invite-field" },
    el("input", { readonly: true, value: link, class: kind, id, "aria-label": t("web.invite_link"), onfocus: (e) => e.target.select() }),
    el("button", { type: "button", onclick: () => navigator.clipboard?.writeText(link) }, t("web.copy")));
}

// For the host of a game (this browser created it): each human seat can get a new link, which revokes the old
// one at once (a leaked link, or another person taking the seat).
function hostPanel(game, host) {
  const humans = game.seats.filter((s) => s.kind === "human");
  const list = el("ul", { class: "invites" }, humans.map((s) => {
    const out = el("span", { class: "new-invite" });
    const name = s.name || t("engine.player", { number: s.seat + 1 });
    const button = el("button", { type: "button", class: "secondary", "data-reinvite": s.seat }, t("web.reinvite"));
    button.addEventListener("click", async () => {
      button.disabled = true;
      clear(out);
      try {
        const r = await api("POST", `/api/games/${game.id}/seats/${s.seat}/invite`, undefined, host);
        // A seat this browser holds keeps working here with its new token.
        if (seatsOf(game.id).some((e) => e.seat === s.seat)) saveSeat(game.id, r.token, s.seat);
        out.append(inviteField(r.invite, `reinvite-${s.seat}`),
          el("span", { class: "muted" }, ` ${t("web.links_expire", { date: day(r.token_expires) })}`));
      } catch (e) {
        out.append(el("span", { class: "error" }, e.message));
      }
      button.disabled = false;
    });
    return el("li", { "data-seat": s.seat }, seatBadge(s.seat, name), " ", button, " ", out);
  }));
  return el("details", { class: "host-panel" }, el("summary", {}, t("web.manage_seats")),
    el("p", { class: "muted" }, t("web.reinvite_help")), list);
}

function yourGames() {
  const list = el("ul", { class: "games", id: "your-games" }, el("li", { class: "muted" }, "…"));
  const held = allTokens();
  const mine = api("POST", "/api/my-games", { tokens: held.slice(-200) });
  const account = api("GET", "/api/accounts/me/games").catch(() => []); // the seats of the account logged in
  Promise.all([mine, account]).then(([byToken, byAccount]) => {
    const seen = new Set(byToken.map((g) => `${g.id}:${g.your_seat}`));
    const games = [...byToken, ...byAccount.filter((g) => !seen.has(`${g.id}:${g.your_seat}`))];
    clear(list);
    if (!games.length) list.append(el("li", { class: "muted" }, t("web.no_games")));
    const hosted = new Set();
    for (const g of games) {
      // One line per seat held (a browser may hold several seats of one game), each opening its own seat.
      const yourTurn = g.status === "active" && g.deciders.includes(g.your_seat);
      const seat = g.seats[g.your_seat];
      const as = seat && seat.name ? seat.name : t("engine.player", { number: g.your_seat + 1 });
      const host = hostToken(g.id);
      list.append(el("li", { "data-game": g.id, "data-seat": g.your_seat },
        el("a", { href: seatAddress(g.id, g.your_seat) }, t("web.game_players", { title: g.title, players: g.players })),
        el("span", { class: "muted" }, ` · ${t("web.playing_as", { name: as })}`), " ",
        el("span", { class: yourTurn ? "badge turn" : "badge" }, t(g.status === "over" ? "web.finished" : yourTurn ? "web.your_turn" : "web.waiting")),
        el("span", { class: "muted" }, ` · ${t("web.move_number", { version: g.version })}`),
        host && g.status === "active" && !hosted.has(g.id) ? hostPanel(g, host) : null));
      hosted.add(g.id);
    }
  }).catch((e) => { clear(list); list.append(el("li", { class: "error" }, e.message)); });
  return list;
}

function recentGames() {
  const list = el("ul", { class: "games", id: "recent-games" });
  api("GET", "/api/games?limit=15").then((games) => {
    if (!games.length) list.append(el("li", { class: "muted" }, t("web.nobody_played")));
    for (const g of games) {
      const names = g.seats.map((s) => s.name || (s.kind === "bot" ? t("web.bot_seat", { number: s.seat + 1, level: levelName(s.level) }) : t("engine.player", { number: s.seat + 1 }))).join(", ");
      list.append(el("li", {}, el("a", { href: `/play/${g.id}?watch` }, `${g.title}: ${names}`),
        el("span", { class: "muted" }, ` · ${g.status === "over" ? t("web.finished") : t("web.move_number", { version: g.version })}`)));
    }
  }).catch(() => {});
  return list;
}
