// Help at the table, above the board: one sentence on what to do in the current phase (the game's message
// `brief.<phase>`: words for the browser, never the terminal's `help.<phase>` with its notation), a link to the game's rules summary (its face's `rules` page), and a hint button that asks the
// server's bot what this seat could play now (POST /api/games/<id>/hint; the bot sees only this seat's view).
// The suggestion is shown in words (the renderer's optional describe(action, ctx), else the action's notation),
// the board's and the move list's elements for it are marked (class "hinted", found by their data-action), and a
// button plays it. Nothing here names a game.

import { el, clear } from "./dom.js";
import { lang, t } from "./i18n.js";
import { api } from "./session.js";

export class TableHelp {
  constructor(screen) {
    this.screen = screen;
    this.hint = null; // { action, version } of the last suggestion
    this.asking = false;
    this.brief = el("p", { class: "phase-brief", id: "phase-brief" });
    this.hintBox = el("span", { class: "hint-box", id: "hint-box", role: "status" });
    this.rules = el("a", { class: "rules-link", id: "rules-link", target: "_blank", rel: "noopener", hidden: true },
      t("web.how_to_play"));
    this.hintButton = el("button", { type: "button", class: "secondary", id: "hint", onclick: () => this.ask() },
      t("web.hint"));
    this.bar = el("div", { class: "help-bar", id: "help-bar" }, this.brief,
      el("div", { class: "help-tools" }, this.hintButton, this.hintBox, this.rules));
  }

  // After every drawing of the board: the phase's sentence, the hint button's state, the suggestion if it still holds.
  update(ctx, renderer) {
    const s = this.screen.state;
    const face = this.screen.face || {};
    const phase = ctx.view && typeof ctx.view.phase === "string" ? ctx.view.phase : null;
    // (a game without a sentence of its own: its help for the phase when that is one line without notation)
    const plain = phase && ctx.has(`help.${phase}`) && !/[`\n]/.test(ctx.text(`help.${phase}`)) ? `help.${phase}` : null;
    const id = phase && ctx.has(`brief.${phase}`) ? `brief.${phase}` : plain;
    const active = s.status === "active";
    this.brief.textContent = active && id ? ctx.text(id) : "";
    this.brief.hidden = !(active && id);
    // the page for players, in the reader's language (the rules summary with its rule ids is for developers)
    const page = face.howto || face.rules;
    if (page) { this.rules.href = `${page}?lang=${encodeURIComponent(lang())}`; this.rules.hidden = false; }
    const mine = active && s.seat !== null && s.deciders.includes(s.seat);
    this.hintButton.hidden = !mine;
    this.hintButton.disabled = this.asking || !ctx.legal.length;
    if (this.hint && (this.hint.version !== s.version || !ctx.legal.includes(this.hint.action))) this.hint = null;
    clear(this.hintBox);
    if (!this.hint || !mine) return;
    const action = this.hint.action;
    const words = renderer && typeof renderer.describe === "function" ? renderer.describe(action, ctx) : null;
    // why, in the game's words ("Site 3: worth about 4 VP to you"), when the game says
    const why = this.hint.reason && ctx.has(this.hint.reason.msg) ? ctx.text(this.hint.reason.msg, this.hint.reason.params) : "";
    this.hintBox.append(t("web.hint_is", { move: words || action }), " ",
      ...(why ? [el("span", { class: "hint-why", id: "hint-why" }, t("web.hint_why", { reason: why })), " "] : []),
      el("button", { type: "button", id: "play-hint", "data-action": action,
        onclick: () => { this.hint = null; this.screen.send(action); } }, t("web.play_hint")));
    for (const node of document.querySelectorAll("[data-action]")) {
      if (node.dataset.action === action && !this.hintBox.contains(node)) node.classList.add("hinted");
    }
  }

  async ask() {
    const s = this.screen.state;
    if (!s || this.asking) return;
    this.asking = true;
    this.hintButton.disabled = true;
    try {
      const found = await api("POST", `/api/games/${this.screen.gameId}/hint`, undefined, this.screen.token);
      this.hint = { action: found.action, version: found.version, reason: found.reason };
    } catch (e) {
      this.screen.say(t("web.hint_failed", { reason: e.message }), "warn");
    } finally {
      this.asking = false;
      this.screen.render();
    }
  }
}
