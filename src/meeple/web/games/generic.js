// The renderer for games without their own: the view as a readable tree and the legal actions as buttons.

import { el, clear } from "../dom.js";

export function render(root, ctx) {
  clear(root);
  root.append(
    el("div", { class: "generic-actions" }, ctx.legal.map((a) =>
      el("button", { type: "button", "data-action": a, onclick: () => ctx.send(a) }, a))),
    el("pre", { class: "generic-view" }, JSON.stringify(ctx.view, null, 2)),
  );
}
