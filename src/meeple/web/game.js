// The game screen: one WebSocket to the server, which sends this seat's view after every action.
// The board is drawn by the game's renderer, a module shipped in the game's package and served by the server
// (its address comes with the game's face: /api/catalog/<game>), or else by the generic renderer (generic.js).
// This module does the rest: seats, clock, status, the phase's help, log, messages, reconnecting, and the list
// of every legal action. It names no game: what it shows of one comes from the server.
//
// A renderer exports render(root, ctx), called after every change, with ctx = { view, legal, seat, seats, names,
// deciders, status, send(action), say(text), face: { messages, client_data, options, ... },
// text(id, params), has(id) } (text renders a message of the game's catalogue in words).

import { el, clear, seatBadge } from "./dom.js";
import { lang, t } from "./i18n.js";
import { TableHelp } from "./help.js";
import { has, text } from "./messages.js";
import { api, myName } from "./session.js";

const LOG_LINES = 300; // the log on the page shows this many of the last lines

export async function openGame(root, gameId, token) {
  const screen = new GameScreen(root, gameId, token);
  screen.connect();
  return screen;
}

class GameScreen {
  constructor(root, gameId, token) {
    this.root = root;
    this.gameId = gameId;
    this.token = token;
    this.state = null;
    this.lines = [];
    this.logShown = 0; // how many of this.lines the log on the page holds or has dropped
    this.renderer = null;
    this.face = null;
    this.lastError = null;
    this.pending = null;
    this.retry = 0;
    this.closedForGood = false;
    clear(root);
    this.banner = el("div", { class: "banner", id: "banner", hidden: true });
    this.toast = el("div", { class: "toast", id: "toast", role: "status" });
    this.header = el("div", { class: "game-header", id: "game-header" });
    this.board = el("div", { class: "board", id: "board" });
    this.side = el("aside", { class: "side" });
    this.logBox = el("ul", { class: "log", id: "log" });
    this.moves = el("div", { class: "all-moves", id: "all-moves" });
    this.help = el("details", { class: "help-box", id: "phase-help", hidden: true });
    this.side.append(this.help, el("details", { class: "moves-box" }, el("summary", {}, t("web.all_moves")), this.moves),
      el("h3", {}, t("web.log")), this.logBox);
    root.append(this.banner, this.header, el("div", { class: "game-layout" }, this.board, this.side), this.toast);
    this.tableHelp = new TableHelp(this);
    this.header.after(this.tableHelp.bar);
    setInterval(() => this.tickClock(), 1000);
  }

  connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${location.host}/ws/games/${this.gameId}`);
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 0;
      const hello = { type: "hello" };
      if (this.token) hello.token = this.token;
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (ev) => this.handle(JSON.parse(ev.data));
    ws.onclose = (ev) => this.closed(ev);
  }

  closed(ev) {
    this.pending = null;
    if (ev.code === 4403) return this.fatal(t("web.bad_link"), true);
    if (ev.code === 4404) return this.fatal(t("web.no_game"));
    if (ev.code === 4409) return this.fatal(this.lastError || t("web.cannot_go_on"));
    if (this.closedForGood) return;
    this.retry += 1;
    const wait = Math.min(10, 2 ** (this.retry - 1));
    this.showBanner(t("web.reconnecting", { reason: ev.reason || ev.code, seconds: wait }));
    setTimeout(() => this.connect(), wait * 1000);
  }

  fatal(message, canWatch = false) {
    this.closedForGood = true;
    this.showBanner(message);
    if (canWatch) this.banner.append(" ", el("a", { href: `/play/${this.gameId}?watch` }, t("web.watch_game")));
  }

  showBanner(text) {
    this.banner.hidden = !text;
    this.banner.textContent = text || "";
  }

  say(text, kind = "info") {
    this.toast.textContent = text;
    this.toast.className = `toast show ${kind}`;
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => { this.toast.className = "toast"; }, 5000);
  }

  handle(msg) {
    if (msg.type === "state") {
      this.showBanner("");
      this.state = msg;
      this.lines = [];
      this.logShown = 0;
      clear(this.logBox);
      this.addLog(msg.log, msg.since);
      this.pending = null;
      this.maybeJoin();
      this.render();
    } else if (msg.type === "update") {
      if (!this.state || msg.since !== this.state.version) { this.sync(); return; }
      const ack = msg.ack;
      // Only the parts of the view that changed come over the wire.
      const view = msg.patch ? { ...this.state.view, ...msg.patch } : msg.view;
      for (const [key, entries] of Object.entries(msg.items || {})) {
        view[key] = view[key].slice();
        for (const [i, entry] of entries) view[key][i] = entry;
      }
      for (const key of msg.drop || []) delete view[key];
      Object.assign(this.state, msg, { view });
      delete this.state.ack;
      delete this.state.patch;
      delete this.state.items;
      delete this.state.drop;
      this.addLog(msg.log, msg.since);
      if (ack && this.pending === ack) this.pending = null;
      if (this.pending && !this.state.legal.length) this.pending = null;
      this.render();
    } else if (msg.type === "rejected") {
      this.pending = null;
      // the game's reason in the reader's language when it gave one as a message of its catalogue
      this.say(msg.msg && this.face && has(this.face.messages, msg.msg) ? this.text(msg.msg, msg.params || {}) : msg.message, "warn");
      if (msg.code === "stale") this.sync();
      this.render();
    } else if (msg.type === "presence" && this.state) {
      this.state.seats = msg.seats;
      this.renderHeader();
    } else if (msg.type === "notice") {
      this.say(msg.message);
    } else if (msg.type === "error") {
      // an error (e.g. rate_limited) means the pending action was not taken: let the player send it again
      this.lastError = msg.message;
      this.pending = null;
      this.say(msg.message, "warn");
      if (this.state) this.render();
    }
  }

  sync() { this.ws.send(JSON.stringify({ type: "sync" })); }

  send(action) {
    if (!this.state || this.pending) return;
    const ref = Math.random().toString(36).slice(2, 12);
    this.pending = ref;
    this.ws.send(JSON.stringify({ type: "act", action, version: this.state.version, ref }));
    this.render();
  }

  async maybeJoin() {
    const s = this.state;
    if (s.seat === null || s.seat === undefined || !myName()) return;
    const mine = s.seats[s.seat];
    if (mine && mine.name && !/^Player \d+$/.test(mine.name)) return;
    try { await api("POST", `/api/games/${this.gameId}/join`, { name: myName() }, this.token); } catch { /* shown as before */ }
  }

  addLog(perAction, since) {
    // Each entry is a message id with its parameters (shown in the reader's language when the page shows the log)
    // and the server's English text (shown for a message the game's catalogue does not have).
    perAction.forEach((entries, i) => {
      for (const entry of entries) this.lines.push({ n: since + i + 1, english: entry.text, msg: entry.msg, params: entry.params });
    });
  }

  names() {
    return this.state.seats.map((s) => s.name);
  }

  async loadRenderer() {
    if (this.renderer) return this.renderer;
    if (!this.loading) this.loading = this.load();
    await this.loading;
    return this.renderer;
  }

  async load() {
    try {
      this.face = await api("GET", `/api/catalog/${encodeURIComponent(this.state.game)}?lang=${encodeURIComponent(lang())}`);
    } catch {
      this.face = { messages: {}, client_data: {}, options: [], renderer: null, simultaneous: false };
    }
    let renderer = null;
    if (this.face.renderer) {
      try {
        renderer = await import(this.face.renderer);
      } catch (e) {
        console.warn(`the game's renderer did not load (${e}); showing the game as data`);
      }
    }
    this.renderer = renderer || await import("./generic.js");
  }

  text(id, params) {
    return text(this.face.messages, id, params, this.names());
  }

  async render() {
    const s = this.state;
    if (!s) return;
    const renderer = await this.loadRenderer();
    // Exposed for tests and scripts driving the page: which position is shown, and whether a move is in flight.
    Object.assign(this.root.dataset, { version: s.version, status: s.status, pending: this.pending ? "1" : "" });
    this.renderHeader();
    const ctx = {
      view: s.view, legal: this.pending ? [] : s.legal, seat: s.seat, seats: s.seats, names: this.names(),
      deciders: s.deciders, status: s.status, send: (a) => this.send(a), say: (t) => this.say(t),
      face: this.face, text: (id, params) => this.text(id, params), has: (id) => has(this.face.messages, id),
    };
    renderer.render(this.board, ctx);
    this.renderHelp(s.view);
    this.renderMoves(ctx.legal);
    this.renderLog();
    this.tableHelp.update(ctx, renderer);
  }

  renderHeader() {
    const s = this.state;
    clear(this.header);
    document.getElementById("topinfo").textContent = `${s.title} · ${s.seat === null ? t("web.watching") : t("web.you_are_seat", { number: s.seat + 1 })}`;
    const clock = s.clock;
    const seats = el("ul", { class: "seat-list" }, s.seats.map((seat) => {
      const toMove = s.status === "active" && s.deciders.includes(seat.seat);
      return el("li", { class: toMove ? "to-move" : "", "data-seat": seat.seat },
        seatBadge(seat.seat, seat.seat === s.seat ? t("web.you_suffix", { name: seat.name }) : seat.name),
        el("span", { class: seat.connected ? "dot on" : "dot", title: t(seat.connected ? "web.online" : "web.offline") }),
        clock ? el("span", { class: "clock", "data-clock": seat.seat }, fmtTime(clock.left[seat.seat])) : null,
        toMove ? el("span", { class: "badge turn" }, t("web.to_move")) : null);
    }));
    this.header.append(seats, el("p", { class: "status", id: "status" }, this.statusText()));
    this.clockAt = Date.now();
  }

  statusText() {
    const s = this.state;
    if (s.status !== "active") {
      const r = s.result || {};
      const names = (r.winners || []).map((w) => s.seats[w].name);
      const winners = names.length > 1 ? t("web.and", { first: names.slice(0, -1).join(", "), last: names[names.length - 1] }) : names.join("");
      // The reason is a message id of the game's catalogue (or a sentence of the server's, shown as it is).
      const reason = r.reason ? (this.face && has(this.face.messages, r.reason) ? this.text(r.reason, r.params || {}) : r.reason) : "";
      if (r.draw) return reason ? t("web.game_over_draw_why", { reason }) : t("web.game_over_draw");
      return reason ? t("web.game_over_won_why", { winners, reason }) : t("web.game_over_won", { winners });
    }
    // Several seats choosing at once: how many are still choosing, never what anyone chose.
    const together = s.deciders.length > 1 || Boolean(this.face && this.face.simultaneous);
    const others = s.deciders.filter((d) => d !== s.seat).length;
    if (s.seat !== null && s.deciders.includes(s.seat)) {
      if (this.pending) return t("web.sending");
      return together && others ? t("web.your_move_together", { others }) : t("web.your_move");
    }
    if (together) return t("web.waiting_for_count", { n: s.deciders.length });
    return t("web.waiting_for", { names: s.deciders.map((d) => s.seats[d].name).join(", ") });
  }

  renderHelp(view) {
    // The game's help for the phase of the view (its messages `phase.<id>` and `help.<id>`), when it has one.
    const phase = view && typeof view.phase === "string" ? view.phase : null;
    const id = phase && has(this.face.messages, `help.${phase}`) ? `help.${phase}` : null;
    if (id === this.helpShown) return;
    this.helpShown = id;
    clear(this.help);
    this.help.hidden = !id;
    if (!id) return;
    const title = has(this.face.messages, `phase.${phase}`) ? this.text(`phase.${phase}`) : phase;
    this.help.append(el("summary", {}, t("web.help_title", { phase: title })), el("p", { class: "help-text" }, this.text(id)));
  }

  tickClock() {
    const s = this.state;
    if (!s || !s.clock || s.status !== "active") return;
    const spent = (Date.now() - this.clockAt) / 1000;
    for (const seat of s.clock.running) {
      const node = this.header.querySelector(`[data-clock="${seat}"]`);
      if (node) node.textContent = fmtTime(Math.max(0, s.clock.left[seat] - spent));
    }
  }

  renderMoves(legal) {
    clear(this.moves);
    if (!legal.length) { this.moves.append(el("p", { class: "muted" }, t("web.nothing_to_do"))); return; }
    for (const a of legal) {
      this.moves.append(el("button", { type: "button", class: "move", "data-action": a, onclick: () => this.send(a) }, a));
    }
  }

  renderLog() {
    // Only the new lines go in (and the oldest out past LOG_LINES): rebuilding the whole list after every move
    // was about a quarter of the page's layout time over a game.
    const fresh = this.lines.slice(Math.max(this.logShown, this.lines.length - LOG_LINES));
    this.logShown = this.lines.length;
    if (!fresh.length) return;
    this.logBox.append(...fresh.map(({ n, english, msg, params }) => el("li", { "data-n": n, "data-msg": msg },
      has(this.face.messages, msg) ? this.text(msg, params) : english)));
    while (this.logBox.childElementCount > LOG_LINES) this.logBox.firstElementChild.remove();
    this.logBox.scrollTop = this.logBox.scrollHeight;
  }
}

function fmtTime(seconds) {
  const s = Math.max(0, Math.round(seconds));
  if (s >= 86400) return `${Math.floor(s / 86400)}d ${Math.floor((s % 86400) / 3600)}h`;
  if (s >= 3600) return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}m`;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
