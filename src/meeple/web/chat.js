// Chat at the table: the players' lines, the spectators' lines apart, a line to say, and for the host (this browser
// created the game) the spectators' chat on or off and a seat muted. Lines are plain text: they go into the page as
// text nodes, never as markup. The server sends "chat_log" after the state, then "chat" per line and "chat_rules".

import { el, clear } from "./dom.js";
import { t } from "./i18n.js";
import { hostToken } from "./seats.js";
import { api } from "./session.js";

const SHOWN = 200; // lines kept on the page per list

export class ChatBox {
  constructor(screen) {
    this.screen = screen;
    this.seen = new Set(); // line ids shown (a line may come in the log and on its own)
    this.rules = { spectators: "apart", muted: [] };
    this.players = el("ul", { class: "chat-lines", id: "chat-lines", "aria-live": "polite" });
    this.spectators = el("ul", { class: "chat-lines", id: "chat-spectators" });
    this.spectatorBox = el("details", { class: "chat-spectators", open: true, hidden: true }, el("summary", {}, t("web.chat.spectators")),
      this.spectators);
    this.input = el("input", { type: "text", id: "chat-text", maxlength: 500, autocomplete: "off",
      "aria-label": t("web.chat.say"), placeholder: t("web.chat.say") });
    this.form = el("form", { class: "chat-form", id: "chat-form", onsubmit: (ev) => { ev.preventDefault(); this.send(); } },
      this.input, el("button", { type: "submit", id: "chat-send" }, t("web.chat.send")));
    this.note = el("p", { class: "chat-note", id: "chat-note", hidden: true });
    this.hostBox = el("details", { class: "chat-host", id: "chat-host", hidden: true });
    this.box = el("section", { class: "chat", id: "chat", hidden: true }, el("h3", {}, t("web.chat.title")),
      this.players, this.spectatorBox, this.note, this.form, this.hostBox);
  }

  handle(msg) {
    if (msg.type === "chat_log") {
      this.box.hidden = false;
      this.setRules(msg);
      for (const line of msg.lines) this.add(line);
    } else if (msg.type === "chat") {
      this.add(msg.line);
    } else if (msg.type === "chat_rules") {
      this.setRules(msg);
    }
  }

  add(line) {
    if (this.seen.has(line.id)) return;
    this.seen.add(line.id);
    const list = line.spectator ? this.spectators : this.players;
    const who = line.spectator ? t("web.chat.spectator") : (this.screen.names()[line.seat] ?? "");
    list.append(el("li", { class: "chat-line", "data-seat": line.seat ?? "" },
      el("b", { class: "chat-who" }, `${who}: `), el("span", { class: "chat-text" }, line.text)));
    while (list.children.length > SHOWN) list.firstChild.remove();
    if (line.spectator) this.spectatorBox.hidden = false;
    list.scrollTop = list.scrollHeight;
  }

  send() {
    const text = this.input.value.trim();
    if (!text || !this.screen.online) return;
    this.screen.ws.send(JSON.stringify({ type: "chat", text }));
    this.input.value = "";
  }

  setRules(rules) {
    this.rules = { spectators: rules.spectators, muted: rules.muted };
    const seat = this.screen.state ? this.screen.state.seat : null;
    const spectator = seat === null || seat === undefined;
    const silent = spectator ? rules.spectators === "off" : rules.muted.includes(seat);
    this.form.hidden = silent;
    this.note.hidden = !silent;
    this.note.textContent = silent ? t(spectator ? "web.rejected.chat_off" : "web.rejected.muted") : "";
    this.spectatorBox.hidden = !this.spectators.children.length; // shown once a spectator has said something
    this.drawHost();
  }

  // The host's controls: spectators' lines on or off, and each seat muted or not.
  drawHost() {
    const host = hostToken(this.screen.gameId);
    const s = this.screen.state;
    this.hostBox.hidden = !host || !s;
    if (!host || !s) return;
    clear(this.hostBox);
    const change = async (body) => {
      try { await api("POST", `/api/games/${this.screen.gameId}/chat`, body, host); }
      catch (err) { this.screen.say(err.message, "warn"); }
    };
    const off = this.rules.spectators === "off";
    this.hostBox.append(el("summary", {}, t("web.chat.host")),
      el("label", {}, el("input", { type: "checkbox", id: "chat-spectators-off", checked: off,
        onchange: (ev) => change({ spectators: ev.target.checked ? "off" : "apart" }) }), " ", t("web.chat.spectators_off")),
      el("ul", {}, s.seats.map((info, i) => el("li", {}, el("label", {},
        el("input", { type: "checkbox", class: "chat-mute", "data-seat": i, checked: this.rules.muted.includes(i),
          onchange: (ev) => change({ muted: ev.target.checked ? [...this.rules.muted, i] : this.rules.muted.filter((m) => m !== i) }) }),
        " ", t("web.chat.mute", { name: this.screen.names()[i] ?? "" }))))));
  }
}
