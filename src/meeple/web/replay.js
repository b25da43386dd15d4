// The replay viewer of a finished game: the board at any position of the saved action log, stepping forwards and
// backwards (buttons or the arrow keys) or jumping to a turn or a round, with what happened there in words. The
// positions come from the server a page at a time (GET /api/games/{id}/replay/positions?start=N, up to 32 of
// them) and are kept in the page, so that a player steps as fast as they press; the next page is asked for before
// it is needed. The game's renderer draws a position on the table's board, which shows the live position again
// when the viewer closes.

import { el, clear } from "./dom.js";
import { t } from "./i18n.js";
import { api } from "./session.js";

const PAGE = 32; // positions per request (the server's most)
const AHEAD = 8; // the next page is asked for when this close to the end of what the page holds

export class Replay {
  constructor(screen) {
    this.screen = screen;
    this.open = false;
    this.data = null; // what the whole game shares: length, turns, rounds, seats
    this.chat = new Map(); // the chat lines fetched so far, by id, each with the move it was said at
    this.at = 0; // the position shown
    this.positions = new Map(); // position -> { at, view, deciders, actor, action, log }
    this.pages = new Map(); // first position of a page -> its request, while under way or done
    this.bar = el("div", { class: "replay", id: "replay", hidden: true });
    this.bar.addEventListener("keydown", (ev) => {
      if (ev.key === "ArrowLeft") { ev.preventDefault(); this.step(-1); }
      if (ev.key === "ArrowRight") { ev.preventDefault(); this.step(1); }
    });
  }

  async start() {
    this.open = true;
    this.bar.hidden = false;
    await this.go(0);
    this.screen.render();
    this.bar.querySelector("#replay-forward")?.focus();
  }

  close() {
    this.open = false;
    this.bar.hidden = true;
    this.screen.render();
  }

  step(by) {
    if (!this.data) return;
    this.go(Math.max(0, Math.min(this.data.length, this.at + by)));
  }

  // The page holding position `at`, asked for once; resolves when its positions are kept.
  page(at) {
    const first = at - (at % PAGE);
    if (!this.pages.has(first)) {
      const screen = this.screen;
      const request = api("GET", `/api/games/${screen.gameId}/replay/positions?start=${first}&count=${PAGE}`,
        undefined, screen.token).then((d) => {
        this.data = d;
        for (const p of d.positions) this.positions.set(p.at, p);
        for (const line of d.chat || []) this.chat.set(line.id, line); // each page brings the lines said by its end
      });
      request.catch(() => this.pages.delete(first)); // asked for again at the next step there
      this.pages.set(first, request);
    }
    return this.pages.get(first);
  }

  async go(at) {
    this.at = at;
    if (!this.positions.has(at)) {
      try {
        await this.page(at);
      } catch (e) {
        this.screen.say(t("web.replay.failed"), "warn");
        return;
      }
      if (this.at !== at) return; // the player has stepped on meanwhile: that position is drawn instead
    }
    const next = at + AHEAD;
    if (this.data && next <= this.data.length && !this.positions.has(next)) this.page(next).catch(() => {});
    const renderer = await this.screen.loadRenderer();
    if (this.at !== at) return;
    this.draw(renderer, this.positions.get(at));
  }

  draw(renderer, p) {
    const screen = this.screen;
    const d = this.data;
    renderer.render(screen.board, screen.context({ view: p.view, deciders: p.deciders, status: p.at === d.length ? "over" : "active", replay: true }));
    screen.board.dataset.replayAt = String(p.at);
    this.drawBar(p);
  }

  // The last of `starts` that position `at` has reached (a turn shows from its first action, `after` 1; a round
  // from the position it starts at).
  lastStart(starts, at, after) {
    let i = 0;
    while (i + 1 < starts.length && starts[i + 1] + after <= at) i++;
    return i;
  }

  drawBar(p) {
    const d = this.data;
    const screen = this.screen;
    const names = screen.names();
    const focused = this.bar.contains(document.activeElement) ? document.activeElement.id : null;
    clear(this.bar);
    const button = (id, label, title, to, disabled) => el("button", { type: "button", id, class: "secondary",
      title, "aria-label": title, disabled, onclick: () => this.go(to) }, label);
    const jump = (id, label, starts, after, option) => {
      const select = el("select", { id, "aria-label": label },
        starts.map((at, i) => el("option", { value: at, selected: p.at > 0 && i === this.lastStart(starts, p.at, after) }, option(i))));
      select.addEventListener("change", () => this.go(Math.min(d.length, Number(select.value) + after)));
      return el("label", {}, ` ${label} `, select);
    };
    // What happened, in the game's words; the action's notation only when the game said nothing of it.
    const said = p.log.map((e) => screen.text(e.msg, e.params));
    const chat = [...this.chat.values()].filter((c) => c.version <= p.moves).sort((a, b) => a.id - b.id);
    const line = p.at === 0
      ? t("web.replay.start")
      : said.length ? said.join(" — ") : t("web.replay.by", { name: names[p.actor] ?? "" });
    this.bar.append(
      el("h3", {}, t("web.replay.title")),
      // The time line runs left to right in every language, as media controls do.
      el("div", { class: "replay-controls", role: "toolbar", "aria-label": t("web.replay.title"), dir: "ltr" },
        button("replay-first", "«", t("web.replay.first"), 0, p.at === 0),
        button("replay-back", "◀", t("web.replay.back"), p.at - 1, p.at === 0),
        el("span", { id: "replay-at", class: "replay-at", "data-at": p.at }, t("web.replay.position", { at: p.at, length: d.length })),
        button("replay-forward", "▶", t("web.replay.forward"), p.at + 1, p.at >= d.length),
        button("replay-last", "»", t("web.replay.last"), d.length, p.at >= d.length),
        jump("replay-turn", t("web.replay.jump"), d.turns, 1,
          (i) => t("web.replay.turn", { number: i + 1, name: names[d.turn_seats[i]] ?? "" })),
        d.rounds.length > 1 ? jump("replay-round", t("web.replay.jump_round"), d.rounds, 0,
          (i) => t("web.replay.round", { number: i + 1 })) : "",
        el("button", { type: "button", id: "replay-close", onclick: () => this.close() }, t("web.replay.close"))),
      el("p", { id: "replay-line", class: "replay-line" }, line),
      // The chat as it stood at this position: its last lines, as text.
      el("ul", { id: "replay-chat", class: "chat-lines", hidden: !chat.length }, chat.slice(-5).map((c) =>
        el("li", { class: "chat-line" }, el("b", {}, `${c.spectator ? t("web.chat.spectator") : names[c.seat] ?? ""}: `),
          el("span", { class: "chat-text" }, c.text)))));
    // The keyboard stays where it was (a button that can no longer be used hands it to the bar's first one).
    const again = focused && this.bar.querySelector(`#${focused}`);
    if (again && !again.disabled) again.focus();
    else if (focused) this.bar.querySelector("button:not([disabled])")?.focus();
  }
}
