// The replay viewer of a finished game: the board at any position of the saved action log, stepping forwards and
// backwards (buttons or the arrow keys) or jumping to a turn, with the action that led there in words. The
// server rebuilds each position from the log (GET /api/games/{id}/replay?at=N); the game's renderer draws it on
// the table's board, which shows the live position again when the viewer closes.

import { el, clear } from "./dom.js";
import { t } from "./i18n.js";
import { api } from "./session.js";

export class Replay {
  constructor(screen) {
    this.screen = screen;
    this.open = false;
    this.data = null;
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
    this.go(Math.max(0, Math.min(this.data.length, this.data.at + by)));
  }

  async go(at) {
    const screen = this.screen;
    try {
      this.data = await api("GET", `/api/games/${screen.gameId}/replay?at=${at}`, undefined, screen.token);
    } catch (e) {
      screen.say(e.message, "warn");
      return;
    }
    const renderer = await screen.loadRenderer();
    const d = this.data;
    renderer.render(screen.board, screen.context({ view: d.view, deciders: d.deciders, status: d.at === d.length ? "over" : "active", replay: true }));
    screen.board.dataset.replayAt = String(d.at);
    this.drawBar();
  }

  turnOf(at) {
    const turns = this.data.turns;
    let i = 0;
    while (i + 1 < turns.length && turns[i + 1] < at) i++;
    return i;
  }

  drawBar() {
    const d = this.data;
    const screen = this.screen;
    const names = screen.names();
    const focused = this.bar.contains(document.activeElement) ? document.activeElement.id : null;
    clear(this.bar);
    const button = (id, label, title, to, disabled) => el("button", { type: "button", id, class: "secondary",
      title, "aria-label": title, disabled, onclick: () => this.go(to) }, label);
    const turn = el("select", { id: "replay-turn", "aria-label": t("web.replay.jump") },
      d.turns.map((at, i) => el("option", { value: at, selected: d.at > 0 && i === this.turnOf(d.at) },
        t("web.replay.turn", { number: i + 1, name: names[d.turn_seats[i]] ?? "" }))));
    turn.addEventListener("change", () => this.go(Number(turn.value) + 1));
    const line = d.at === 0
      ? t("web.replay.start")
      : d.log.length ? d.log.map((e) => screen.text(e.msg, e.params)).join(" — ")
        : t("web.replay.by", { name: names[d.actor] ?? "" });
    this.bar.append(
      el("h3", {}, t("web.replay.title")),
      // The time line runs left to right in every language, as media controls do.
      el("div", { class: "replay-controls", role: "toolbar", "aria-label": t("web.replay.title"), dir: "ltr" },
        button("replay-first", "«", t("web.replay.first"), 0, d.at === 0),
        button("replay-back", "◀", t("web.replay.back"), d.at - 1, d.at === 0),
        el("span", { id: "replay-at", class: "replay-at", "data-at": d.at }, t("web.replay.position", { at: d.at, length: d.length })),
        button("replay-forward", "▶", t("web.replay.forward"), d.at + 1, d.at >= d.length),
        button("replay-last", "»", t("web.replay.last"), d.length, d.at >= d.length),
        el("label", {}, ` ${t("web.replay.jump")} `, turn),
        el("button", { type: "button", id: "replay-close", onclick: () => this.close() }, t("web.replay.close"))),
      el("p", { id: "replay-line", class: "replay-line" }, line),
      // The chat as it stood at this position: its last lines, as text.
      el("ul", { id: "replay-chat", class: "chat-lines", hidden: !(d.chat || []).length }, (d.chat || []).slice(-5).map((c) =>
        el("li", { class: "chat-line" }, el("b", {}, `${c.spectator ? t("web.chat.spectator") : names[c.seat] ?? ""}: `),
          el("span", { class: "chat-text" }, c.text)))));
    // The keyboard stays where it was (a button that can no longer be used hands it to the bar's first one).
    const again = focused && this.bar.querySelector(`#${focused}`);
    if (again && !again.disabled) again.focus();
    else if (focused) this.bar.querySelector("button:not([disabled])")?.focus();
  }
}
