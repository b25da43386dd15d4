// The game screen: one WebSocket to the server, which sends this seat's view after every action.
// The board is drawn by the game's renderer, a module shipped in the game's package and served by the server
// (its address comes with the game's face: /api/catalog/<game>), or else by the generic renderer (generic.js).
// This module does the rest: seats, clock, status, the phase's help, log, messages, reconnecting, and the list
// of every legal action. It names no game: what it shows of one comes from the server.
//
// A renderer exports render(root, ctx), called after every change, with ctx = { view, legal, seat, seats, names,
// deciders, status, send(action), say(text), face: { messages, client_data, options, ... },
// text(id, params), has(id), recent, replay, undo(n) } (undo takes back this seat's last n actions, null when the
// server allows none now; text renders a message of the game's catalogue in words; recent
// holds the others' actions since this seat's last one, [{ seat, events: [{ msg, params }] }], for a renderer that
// highlights what changed; replay is true when the board shows a past position of the replay viewer).

import { ChatBox } from "./chat.js";
import { el, clear, seatBadge, useSeatStyles } from "./dom.js";
import { renderEnd } from "./endscreen.js";
import { lang, levelName, t } from "./i18n.js";
import { TableHelp } from "./help.js";
import { has, text } from "./messages.js";
import { Replay } from "./replay.js";
import { waitingPanel } from "./tables.js";
import { dropToken, knownSeat, seatAddress, seatsOf } from "./seats.js";
import { namePrompt, seatSwitcher } from "./seatbar.js";
import { api } from "./session.js";
import { TurnWatch, notifyToggle, recentActions, soundToggle, tabTitle } from "./turn.js";

const LOG_LINES = 300; // the log on the page shows this many of the last lines

export async function openGame(root, gameId, token, opts = {}) {
  const screen = new GameScreen(root, gameId, token, opts);
  screen.connect();
  return screen;
}

class GameScreen {
  constructor(root, gameId, token, opts = {}) {
    this.root = root;
    this.gameId = gameId;
    this.token = token;
    this.invited = Boolean(opts.invited); // opened from an invite link: ask for a name if the seat has none
    this.accountSeat = opts.accountSeat ?? null; // a seat of the logged-in account, opened without a token
    this.online = false; // the socket is open and the whole state has come: only then may the player act
    this.turn = new TurnWatch();
    this.replay = null; // the replay viewer, once opened
    this.state = null;
    this.lines = [];
    this.logShown = 0; // how many of this.lines the log on the page holds or has dropped
    this.renderer = null;
    this.face = null;
    this.lastError = null;
    this.pending = null;
    this.retry = 0;
    this.closedForGood = false;
    this.resigning = false;
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
      el("h3", {}, t("web.log")), this.logBox, soundToggle(), notifyToggle());
    this.chat = new ChatBox(this);
    this.side.append(this.chat.box);
    this.seatBar = el("div", { class: "seat-bar", id: "seat-bar" });
    this.endBox = el("section", { class: "end-box", id: "end", hidden: true });
    this.recentBox = el("div", { class: "recent-box", id: "recent", hidden: true, "aria-live": "polite" });
    this.undoButton = el("button", { type: "button", id: "undo", class: "secondary", hidden: true,
      onclick: () => this.undo() }, t("web.undo"));
    // Leaving the game: a button, then a confirmation that says what it does (the game ends, this seat last).
    this.resignBox = el("div", { class: "resign-box", id: "resign-box", hidden: true });
    this.resignButton = el("button", { type: "button", id: "resign", class: "secondary", hidden: true,
      onclick: () => this.askResign() }, t("web.resign"));
    this.main = el("div", { class: "main-column" }, this.endBox, this.resignBox, this.recentBox, this.board);
    root.append(this.banner, this.seatBar, this.header, el("div", { class: "game-layout" }, this.main, this.side),
      this.toast);
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
      else if (this.accountSeat !== null) hello.seat = this.accountSeat;
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (ev) => this.handle(JSON.parse(ev.data));
    ws.onclose = (ev) => this.closed(ev);
  }

  closed(ev) {
    this.pending = null;
    this.setOnline(false);
    if (ev.code === 4403 && this.resigning) { this.closedForGood = true; return; }
    if (ev.code === 4403) {
      if (this.token) dropToken(this.gameId, this.token); // revoked by a new invitation, or expired
      return this.fatal(t("web.bad_link"), true);
    }
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

  // While the socket is down the board and the moves take no input (a move would be lost), and the page says so.
  setOnline(online) {
    if (this.online === online) return;
    this.online = online;
    this.root.dataset.online = online ? "1" : "0";
    this.main.classList.toggle("offline", !online);
    this.board.inert = !online;
    this.moves.inert = !online;
    if (this.state) this.render();
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
      this.addLog(msg.log, msg.since, msg.actors);
      this.pending = null;
      this.seated();
      this.online = false;
      this.setOnline(true);
      // the next of several actions taken back in a row (a renderer's "cancel"), while the server allows it
      if (this.undoLeft > 0 && msg.undo) { this.undoLeft -= 1; this.undo(); } else this.undoLeft = 0;
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
      this.addLog(msg.log, msg.since, msg.actors);
      if (ack && this.pending === ack) this.pending = null;
      if (this.pending && !this.state.legal.length) this.pending = null;
      this.render();
    } else if (msg.type === "rejected") {
      this.pending = null;
      this.undoLeft = 0;
      this.say(this.reason(msg), "warn");
      if (msg.code === "stale") this.sync();
      this.render();
    } else if (msg.type === "presence" && this.state) {
      this.state.seats = msg.seats;
      this.renderHeader();
      this.renderSeatBar(); // a seat that took a name (here or in another tab) is named at once
    } else if (msg.type === "notice") {
      // A notice names seats by number in its parameters: said here with their names, in the reader's language.
      this.say(msg.msg && this.face ? this.noticeText(msg.msg, msg.params || {}) : msg.message);
    } else if (msg.type.startsWith("chat") && this.state) {
      this.chat.handle(msg);
    } else if (msg.type === "rematch" && this.state) {
      this.state.rematch = msg.game_id;
      this.render();
    } else if (msg.type === "error") {
      // an error (e.g. rate_limited) means the pending action was not taken: let the player send it again
      this.lastError = msg.message;
      this.pending = null;
      this.say(this.reason(msg), "warn");
      if (this.state) this.render();
    }
  }

  sync() { this.ws.send(JSON.stringify({ type: "sync" })); }

  send(action) {
    if (!this.state || this.pending || !this.online) return;
    const ref = Math.random().toString(36).slice(2, 12);
    this.pending = ref;
    this.ws.send(JSON.stringify({ type: "act", action, version: this.state.version, ref }));
    this.render();
  }

  // Take back this seat's last action (the server checks it may: within its turn, nothing hidden revealed).
  undo() {
    if (!this.state || this.pending || !this.online || !this.state.undo) return;
    this.pending = "undo";
    this.ws.send(JSON.stringify({ type: "undo", version: this.state.version }));
    this.render();
  }

  // Take back this seat's last `count` actions, one after the other (each waits for the state the last one gave).
  undoSeveral(count) {
    this.undoLeft = Math.max(0, count - 1);
    this.undo();
  }

  // A refusal in words: the game's reason when it gave one as a message, else the faces' words for its code.
  reason(msg) {
    if (msg.msg && this.face && has(this.face.messages, msg.msg)) return this.text(msg.msg, msg.params || {});
    const id = `web.rejected.${msg.code}`;
    return has(this.face ? this.face.messages : {}, id) ? this.text(id, {}) : msg.message;
  }

  // The whole state came: remember which seat this token holds, keep the address on that seat when this browser
  // holds several (so a reload opens the same one), and ask for a name when the seat has none yet.
  seated() {
    const s = this.state;
    if (s.seat === null || s.seat === undefined || !this.token) { this.renderSeatBar(); return; }
    knownSeat(this.gameId, this.token, s.seat);
    if (this.invited || seatsOf(this.gameId).length > 1) history.replaceState(null, "", seatAddress(this.gameId, s.seat));
    this.renderSeatBar();
  }

  renderSeatBar() {
    const s = this.state;
    // Rebuilt only when something it shows changed (a name being typed in the prompt survives presence news).
    const key = JSON.stringify([s.seat, this.names(), seatsOf(this.gameId), s.seat !== null && !s.seats[s.seat]?.name]);
    if (key === this.seatBarKey) return;
    this.seatBarKey = key;
    clear(this.seatBar);
    if (s.seat !== null && s.seat !== undefined && !s.seats[s.seat].name) {
      this.seatBar.append(namePrompt(async (name) => {
        await api("POST", `/api/games/${this.gameId}/join`, { name }, this.token);
        this.state.seats[s.seat].name = name;
        this.renderSeatBar();
        this.render();
      }));
    }
    const switcher = seatSwitcher(this.gameId, s.seat, this.names());
    if (switcher) this.seatBar.append(switcher);
  }

  addLog(perAction, since, actors) {
    // Each entry is a message id with its parameters (shown in the reader's language when the page shows the log)
    // and the server's English text (shown for a message the game's catalogue does not have).
    perAction.forEach((entries, i) => {
      const actor = actors ? actors[i] : null;
      for (const entry of entries) {
        this.lines.push({ n: since + i + 1, actor, english: entry.text, msg: entry.msg, params: entry.params });
      }
    });
  }

  // The seats' names; a seat without one is named in the reader's language (its number, a bot's level).
  names() {
    return this.state.seats.map((s) => s.name || (s.kind === "bot"
      ? t("web.bot_seat", { number: s.seat + 1, level: levelName(s.level) })
      : t("engine.player", { number: s.seat + 1 })));
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
    if (typeof this.renderer.seatStyle === "function") {
      const styleOf = this.renderer.seatStyle;
      useSeatStyles((seat) => (this.state ? styleOf(seat, this.state.view) : null));
    }
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
    const recent = recentActions(this.lines, s.seat);
    const ctx = this.context({
      view: s.view, legal: this.pending || !this.online ? [] : s.legal, deciders: s.deciders, status: s.status,
      recent: this.recentEvents(recent),
    });
    if (!this.replay || !this.replay.open) renderer.render(this.board, ctx);
    this.renderHelp(s.view);
    this.renderMoves(ctx.legal);
    this.renderLog(recent);
    this.tableHelp.update(ctx, renderer);
    this.renderRecent(recent);
    this.renderUndo();
    this.renderEnd();
    const yourMove = s.status === "active" && s.seat !== null && s.deciders.includes(s.seat) && s.legal.length > 0;
    tabTitle(s.title, yourMove);
    this.turn.update(yourMove, s.title);
  }

  // A notice in words: a move taken back is named as the game's renderer says it, never in the terminal's notation.
  noticeText(id, params) {
    if (id !== "engine.undo.done") return this.text(id, params);
    const words = this.renderer && typeof this.renderer.describe === "function" && this.state
      ? this.renderer.describe(params.action, this.context({ view: this.state.view, legal: this.state.legal })) : null;
    return this.text(words ? "web.undone" : "web.undone_move", { ...params, move: words || "" });
  }

  // What every renderer gets besides the position (see the top of this file).
  context(part) {
    const s = this.state;
    return {
      legal: [], recent: [], replay: false, ...part, seat: s.seat, seats: s.seats, names: this.names(),
      send: (a) => this.send(a), say: (x) => this.say(x), face: this.face,
      undo: s.undo ? (n) => this.undoSeveral(n) : null,
      text: (id, params) => this.text(id, params), has: (id) => has(this.face.messages, id),
    };
  }

  recentEvents(recent) {
    const byAction = new Map();
    for (const line of this.lines) {
      if (!recent.has(line.n)) continue;
      if (!byAction.has(line.n)) byAction.set(line.n, { seat: line.actor, events: [] });
      byAction.get(line.n).events.push({ msg: line.msg, params: line.params });
    }
    return [...byAction.values()];
  }

  // The others' moves since this seat's last one, in words, above the board (what moved, what was paid).
  renderRecent(recent) {
    clear(this.recentBox);
    const s = this.state;
    const lines = this.lines.filter((l) => recent.has(l.n)).slice(-8);
    this.recentBox.hidden = !lines.length || s.status !== "active";
    if (this.recentBox.hidden) return;
    this.recentBox.append(el("h3", {}, t(s.seat === null ? "web.last_move" : "web.since_your_move")),
      el("ul", {}, lines.map((l) => el("li", { "data-n": l.n }, this.lineText(l)))));
  }

  renderUndo() {
    const s = this.state;
    const shown = s.seat !== null && s.status === "active" && Boolean(s.undo);
    this.undoButton.hidden = !shown;
    this.undoButton.disabled = !this.online || Boolean(this.pending);
    if (shown && !this.undoButton.isConnected) this.header.append(this.undoButton);
    const seated = s.seat !== null && s.status === "active";
    this.resignButton.hidden = !seated;
    if (!seated) this.resignBox.hidden = true;
    if (seated && !this.resignButton.isConnected) this.header.append(this.resignButton);
  }

  askResign() {
    clear(this.resignBox);
    this.resignBox.hidden = false;
    // The confirmation says what will happen: with three or more players, while another person still plays, a bot
    // takes the seat and the game goes on (as the server decides, `resign_outcome`); otherwise the game ends.
    const s = this.state;
    const others = (s.seats || []).filter((x) => x.kind === "human" && x.seat !== s.seat);
    const toBot = (s.seats || []).length >= 3 && others.length > 0;
    this.resignBox.dataset.outcome = toBot ? "bot" : "over";
    this.resignBox.append(el("p", {}, t(toBot ? "web.resign_confirm_bot" : "web.resign_confirm")),
      el("button", { type: "button", id: "resign-yes", class: "danger", onclick: () => this.resign() }, t("web.resign_yes")),
      " ", el("button", { type: "button", id: "resign-no", class: "secondary",
        onclick: () => { this.resignBox.hidden = true; } }, t("web.resign_no")));
    this.resignBox.querySelector("#resign-no").focus();
  }

  async resign() {
    this.resignBox.hidden = true;
    this.resigning = true; // the server closes this seat's socket when a bot takes the seat: no "bad link" then
    try {
      const answer = await api("POST", `/api/games/${this.gameId}/resign`, undefined, this.token);
      if (answer.outcome === "bot") {
        // The seat is a bot's now: this browser forgets its token and watches the game go on.
        this.closedForGood = true;
        if (this.token) dropToken(this.gameId, this.token);
        location.assign(`/play/${this.gameId}?watch`);
      }
    } catch (e) {
      this.resigning = false;
      this.say(t("web.resign_failed", { reason: e.message }), "warn");
    }
  }

  renderEnd() {
    const s = this.state;
    this.endBox.hidden = s.status === "active";
    if (s.status === "active") return;
    if (s.status === "open") { waitingPanel(this.endBox, this); return; } // an open table, waiting for players
    if (!this.replay) this.replay = new Replay(this);
    renderEnd(this.endBox, this);
  }

  lineText({ english, msg, params }) {
    return has(this.face.messages, msg) ? this.text(msg, params) : english;
  }

  renderHeader() {
    const s = this.state;
    clear(this.header);
    document.getElementById("topinfo").textContent = `${s.title} · ${s.seat === null ? t("web.watching") : t("web.you_are", { name: this.names()[s.seat] })}`;
    const clock = s.clock;
    const names = this.names();
    const seats = el("ul", { class: "seat-list" }, s.seats.map((seat) => {
      const toMove = s.status === "active" && s.deciders.includes(seat.seat);
      const name = names[seat.seat];
      return el("li", { class: toMove ? "to-move" : "", "data-seat": seat.seat },
        seatBadge(seat.seat, seat.seat === s.seat ? t("web.you_suffix", { name }) : name),
        el("span", { class: seat.connected ? "dot on" : "dot", title: t(seat.connected ? "web.online" : "web.offline") }),
        clock ? el("span", { class: "clock", "data-clock": seat.seat }, fmtTime(clock.left[seat.seat])) : null,
        toMove ? el("span", { class: "badge turn" }, t("web.to_move")) : null);
    }));
    this.header.append(seats, el("p", { class: "status", id: "status" }, this.statusText()));
    if (!this.undoButton.hidden) this.header.append(this.undoButton);
    if (!this.resignButton.hidden) this.header.append(this.resignButton);
    this.clockAt = Date.now();
  }

  statusText() {
    const s = this.state;
    if (s.status === "open") return t("web.table.waiting_title");
    if (s.status !== "active") {
      const r = s.result || {};
      const names = (r.winners || []).map((w) => this.names()[w]);
      const winners = names.length > 1 ? t("web.and", { first: names.slice(0, -1).join(", "), last: names[names.length - 1] }) : names.join("");
      // The reason is a message id of the game's catalogue (or a sentence of the server's, shown as it is).
      const reason = r.reason ? (this.face && has(this.face.messages, r.reason) ? this.text(r.reason, r.params || {}) : r.reason) : "";
      if (r.draw) return reason ? t("web.game_over_draw_why", { reason }) : t("web.game_over_draw");
      // (a game's reason names the winners itself: said once, not "Ann won (Ann wins with ...)")
      return reason ? t("web.game_over_why", { reason }) : t("web.game_over_won", { winners });
    }
    // Several seats choosing at once: how many are still choosing, never what anyone chose.
    const together = s.deciders.length > 1 || Boolean(this.face && this.face.simultaneous);
    const others = s.deciders.filter((d) => d !== s.seat).length;
    if (s.seat !== null && s.deciders.includes(s.seat)) {
      if (this.pending) return t("web.sending");
      return together && others ? t("web.your_move_together", { others }) : t("web.your_move");
    }
    if (together) return t("web.waiting_for_count", { n: s.deciders.length });
    return t("web.waiting_for", { names: s.deciders.map((d) => this.names()[d]).join(", ") });
  }

  renderHelp(view) {
    // The game's guide to the phase of the view for the browser (its messages `phase.<id>` and `guide.<id>`, in
    // words; the terminal's `help.<id>` speaks its notation), when it has one.
    const phase = view && typeof view.phase === "string" ? view.phase : null;
    const plain = phase && has(this.face.messages, `help.${phase}`) && !this.text(`help.${phase}`).includes("`")
      ? `help.${phase}` : null; // a game's help without notation serves as its guide
    const id = phase && has(this.face.messages, `guide.${phase}`) ? `guide.${phase}` : plain;
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

  renderLog(recent = new Set()) {
    // Only the new lines go in (and the oldest out past LOG_LINES): rebuilding the whole list after every move
    // was about a quarter of the page's layout time over a game. Others' moves since this seat's last one are
    // marked (`recent`); the lines that just came flash once (`fresh`).
    const fresh = this.lines.slice(Math.max(this.logShown, this.lines.length - LOG_LINES));
    const first = this.logShown > 0;
    this.logShown = this.lines.length;
    for (const li of this.logBox.querySelectorAll("li.recent")) {
      if (!recent.has(Number(li.dataset.n))) li.classList.remove("recent");
    }
    if (!fresh.length) return;
    this.logBox.append(...fresh.map((line) => el("li", {
      "data-n": line.n, "data-msg": line.msg,
      class: [recent.has(line.n) ? "recent" : "", first && line.actor !== this.state.seat ? "fresh" : ""].join(" ").trim() || null,
    }, this.lineText(line))));
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
