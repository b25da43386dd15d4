// The end of a game: the ranking with names and each seat's final score, how the game was decided (the game's
// reason, and a tie-break when seats with the same score were told apart), "play again" with the same seats
// (a new game: the same people, bots, options and clock), and the replay viewer (replay.js).

import { el, clear, seatBadge } from "./dom.js";
import { t } from "./i18n.js";
import { has } from "./messages.js";
import { hostToken, saveHost, saveSeat, seatAddress, seatsOf, tokenFor } from "./seats.js";
import { api } from "./session.js";

export function renderEnd(box, screen) {
  const s = screen.state;
  if (box.dataset.game !== screen.gameId || box.dataset.version !== String(s.version)) {
    box.dataset.game = screen.gameId;
    box.dataset.version = String(s.version);
    clear(box);
    box.append(...[el("h2", {}, t("web.end.title")), ranking(screen), figures(screen), decided(screen),
      el("div", { class: "end-actions", id: "end-actions" }), screen.replay.bar].filter(Boolean));
  }
  actions(box.querySelector("#end-actions"), screen);
}

function figure(score) {
  return Number.isInteger(score) ? String(score) : score.toFixed(1);
}

function scoreOf(result, seat) {
  const scores = result.scores || {};
  const v = scores[String(seat)];
  return typeof v === "number" ? v : null;
}

// A final figure's label: the game's message (its `figures` are message ids), else the id itself.
function labelOf(screen, id) {
  return has(screen.face.messages, id) ? screen.text(id, {}) : id;
}

function valueOf(result, id, seat) {
  const v = ((result.figures || {})[id] || {})[String(seat)];
  return typeof v === "number" ? v : null;
}

function ranking(screen) {
  const result = screen.state.result || {};
  const names = screen.names();
  // The score labelled as the game names it (its first final figure), else as a score.
  const first = Object.keys(result.figures || {})[0];
  const label = (score) => (first
    ? t("web.end.figure", { label: labelOf(screen, first), value: figure(score) })
    : t("web.end.score", { score: figure(score) }));
  return el("ol", { class: "ranking", id: "ranking" }, (result.ranking || []).map((place, i) =>
    el("li", { "data-place": i + 1 },
      el("span", { class: "place" }, t("web.end.place", { place: i + 1 })), " ",
      place.map((seat) => {
        const score = scoreOf(result, seat);
        return el("span", { class: "ranked", "data-seat": seat }, seatBadge(seat, names[seat]),
          score === null ? null : el("span", { class: "score" }, ` ${label(score)}`));
      }))));
}

// Every final figure the game gives, labelled, one row per seat in the order of the ranking.
function figures(screen) {
  const result = screen.state.result || {};
  const ids = Object.keys(result.figures || {});
  if (!ids.length) return null;
  const names = screen.names();
  const seats = (result.ranking || []).flat();
  // in a box of its own that scrolls sideways: a game with many figures is wider than a phone
  return el("div", { class: "figures-box" }, el("table", { class: "figures", id: "figures" },
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("web.end.player")),
      ids.map((id) => el("th", { scope: "col", "data-figure": id }, labelOf(screen, id))))),
    el("tbody", {}, seats.map((seat) => el("tr", { "data-seat": seat },
      el("th", { scope: "row" }, seatBadge(seat, names[seat])),
      ids.map((id) => el("td", { "data-figure": id }, valueOf(result, id, seat) === null ? "–" : figure(valueOf(result, id, seat)))))))));
}

// Which figure told two places with the same score apart (the game's tie-breakers, in order).
function tiebreakLine(screen, result, ahead, behind, score) {
  const names = screen.names();
  const who = (place) => place.map((x) => names[x]).join(", ");
  for (const id of result.tiebreak || []) {
    const a = valueOf(result, id, ahead[0]);
    const b = valueOf(result, id, behind[0]);
    if (a !== null && b !== null && a !== b) {
      return t("web.end.tiebreak_by", { ahead: who(ahead), behind: who(behind), score: figure(score),
        figure: labelOf(screen, id), a: figure(a), b: figure(b) });
    }
  }
  return t("web.end.tiebreak", { ahead: who(ahead), behind: who(behind), score: figure(score) });
}

function decided(screen) {
  const result = screen.state.result || {};
  const lines = [];
  if (result.reason) {
    const reason = has(screen.face.messages, result.reason) ? screen.text(result.reason, result.params || {}) : result.reason;
    lines.push(el("p", { class: "decided", id: "decided" }, t("web.end.decided", { reason })));
  }
  // Seats with equal scores in different places: the game's tie-break told them apart.
  const places = result.ranking || [];
  for (let i = 0; i + 1 < places.length; i++) {
    const a = scoreOf(result, places[i][0]);
    const b = scoreOf(result, places[i + 1][0]);
    if (a !== null && a === b) {
      lines.push(el("p", { class: "tiebreak", id: "tiebreak" }, tiebreakLine(screen, result, places[i], places[i + 1], a)));
    }
  }
  return el("div", {}, lines);
}

function actions(box, screen) {
  const s = screen.state;
  clear(box);
  const held = seatsOf(screen.gameId).filter((e) => e.seat !== null);
  if (s.seat !== null && held.length) {
    const button = el("button", { type: "button", id: "play-again" }, t(s.rematch ? "web.end.join_again" : "web.end.play_again"));
    button.addEventListener("click", async () => {
      button.disabled = true;
      try {
        location.assign(await playAgain(screen.gameId, s.seat));
      } catch (e) {
        button.disabled = false;
        screen.say(e.message, "warn");
      }
    });
    box.append(button);
    if (s.rematch) box.append(el("span", { class: "muted" }, ` ${t("web.end.rematch_ready")}`));
  } else if (s.rematch) {
    box.append(el("a", { href: `/play/${s.rematch}?watch`, id: "watch-again" }, t("web.end.watch_again")));
  }
  const replay = screen.replay;
  if (!replay.open) {
    box.append(" ", el("button", { type: "button", class: "secondary", id: "replay-open", onclick: () => replay.start() },
      t("web.replay.open")));
  }
}

// Every seat of the old game this browser holds gets its seat of the new one; answers the address of the new game
// at the seat this page shows.
async function playAgain(gameId, seat) {
  const host = hostToken(gameId);
  let next = null;
  for (const entry of seatsOf(gameId).filter((e) => e.seat !== null)) {
    const r = await api("POST", `/api/games/${gameId}/rematch`, host ? { host_token: host } : {}, entry.token);
    next = r.game_id;
    if (r.token) saveSeat(r.game_id, r.token, r.seat);
    if (r.host_token) saveHost(r.game_id, r.host_token);
  }
  if (!tokenFor(next, seat) || !seatsOf(next).some((e) => e.seat === seat)) {
    throw new Error(t("web.end.seat_claimed"));
  }
  return seatAddress(next, seat);
}
