// Small DOM helpers shared by the pages: build elements and SVG without a framework.

const SVG = "http://www.w3.org/2000/svg";

function apply(node, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else if (k === "text") node.textContent = v;
    // Through the CSSOM: the server's Content-Security-Policy refuses style attributes written as markup.
    else if (k === "style") node.style.cssText = String(v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c === undefined || c === null || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

export function el(tag, attrs, ...children) {
  return apply(document.createElement(tag), attrs, children);
}

export function svg(tag, attrs, ...children) {
  return apply(document.createElementNS(SVG, tag), attrs, children);
}

// A game's stylesheet, linked once into the page (`id` names it; `onload` runs once it applies).
export function useStylesheet(id, href, onload) {
  if (document.getElementById(id)) return;
  document.head.append(el("link", { rel: "stylesheet", id, href, onload }));
}

// What every game renderer does on each change before drawing its board: link its stylesheet (beside it in the
// game's package), keep the position so that a choice made on the board alone (a card picked, a list of choices
// opened) draws it again without a message from the server, and hand over the view and the game's client_data.
// `draw(root, ctx, view, data)` is the renderer's own; `restyle` draws again once the stylesheet applies (a board
// whose size depends on it). Returns { render, redraw, context } (context: the ctx last drawn, or null).
export function gameFrame(stylesheet, draw, { restyle = false } = {}) {
  let last = null;
  const board = {
    render(root, ctx) {
      useStylesheet(stylesheet.id, stylesheet.href, restyle ? () => board.redraw() : undefined);
      last = { root, ctx };
      draw(root, ctx, ctx.view, ctx.face.client_data || {});
    },
    redraw() {
      if (last) board.render(last.root, last.ctx);
    },
    context: () => (last ? last.ctx : null),
  };
  return board;
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

// Seat colours come with a symbol, so that nobody depends on telling colours apart.
export const SEATS = [
  { colour: "#e8731a", symbol: "●", name: "orange" },
  { colour: "#7b3fa8", symbol: "■", name: "purple" },
  { colour: "#138a72", symbol: "▲", name: "teal" },
  { colour: "#c2185b", symbol: "◆", name: "pink" },
  { colour: "#2f5fa8", symbol: "★", name: "blue" },
];

// A game whose pieces have colours of their own (gangs) gives each seat its piece's colour and letter, so that a
// seat has one colour everywhere on the page: the game's renderer's seatStyle(seat, view), set by the game screen.
let seatStyleOf = () => null;

export function useSeatStyles(styleOf) {
  seatStyleOf = styleOf;
}

export function seatStyle(seat) {
  return seatStyleOf(seat) || SEATS[seat % SEATS.length];
}

export function seatBadge(seat, label) {
  const s = seatStyle(seat);
  return el("span", { class: "seat-badge", style: `--seat:${s.colour}`, title: s.name ? `${label} (${s.name})` : label },
    el("span", { class: "seat-symbol", "aria-hidden": "true" }, s.symbol), label);
}
