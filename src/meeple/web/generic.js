// The renderer for games without their own: the seat's view as readable structured data (names in words, seats by
// name, the phase's name from the game's messages) and the legal actions as buttons.

import { el, clear } from "./dom.js";
import { t } from "./i18n.js";

export function render(root, ctx) {
  clear(root);
  const actions = ctx.legal.length
    ? ctx.legal.map((a) => el("button", { type: "button", "data-action": a, onclick: () => ctx.send(a) }, a))
    : [el("p", { class: "muted" }, t(ctx.seat === null ? "web.you_watch" : "web.nothing_to_do"))];
  root.append(
    el("div", { class: "generic-actions", id: "actions" }, actions),
    el("div", { class: "generic-view", id: "view" }, tree(ctx.view, ctx, null)),
  );
}

function words(key) {
  const text = key.replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function isSeatKey(key) {
  return key === "seat" || key === "seats" || key.endsWith("_seat") || key.endsWith("_seats");
}

function scalar(v, ctx, key) {
  if (v === null || v === undefined) return "–";
  if (typeof v === "boolean") return t(v ? "web.yes" : "web.no");
  if (key && isSeatKey(key) && Number.isInteger(v)) return ctx.names[v] ?? t("engine.player", { number: v + 1 });
  if (key === "phase" && typeof v === "string" && ctx.has(`phase.${v}`)) return ctx.text(`phase.${v}`);
  return String(v);
}

function isScalar(v) {
  return v === null || typeof v !== "object";
}

function tree(value, ctx, key) {
  if (isScalar(value)) return el("span", { class: "value" }, scalar(value, ctx, key));
  if (Array.isArray(value)) {
    if (!value.length) return el("span", { class: "muted" }, t("web.none"));
    if (value.every(isScalar)) return el("span", { class: "value" }, value.map((v) => scalar(v, ctx, key)).join(", "));
    return el("ol", { class: "tree-list" }, value.map((v) => el("li", {}, tree(v, ctx, key))));
  }
  return el("dl", { class: "tree" }, Object.entries(value).flatMap(([k, v]) => [
    el("dt", {}, words(k)), el("dd", { "data-key": k }, tree(v, ctx, k)),
  ]));
}
