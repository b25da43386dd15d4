// Blue Moon City in the browser: the city as SVG, the obelisk, the seats, your hand and the moves you can click.
// Everything comes from the seat's view and its legal action texts (see the game's actions.py for the notation):
// a square lights up when an action names it, a card when an action names it, and so on. The peoples (their
// order, colour and letter) come from the game's data file through the server (`Rules.client_data`), the phases
// and status lines from the game's messages. The server serves this module from the game's package, next to
// renderer.css; the client's helpers are imported from the client itself.

import { el, svg, clear, SEATS, gameFrame } from "/static/dom.js";

// The peoples of the data file, in its order: { id: { id, colour, letter, order } }, and a card's id (`terrah3`).
let PEOPLE = {};
let CARD = /^$/;

function usePeoples(clientData) {
  if (usePeoples.seen === clientData) return;
  usePeoples.seen = clientData;
  const peoples = clientData.peoples || [];
  PEOPLE = Object.fromEntries(peoples.map((p, i) => [p.id, { id: p.id, colour: p.colour, letter: p.letter, order: i }]));
  LETTER_OF = Object.fromEntries(peoples.map((p) => [p.colour, p.letter]));
  CARD = new RegExp(`^(${peoples.map((p) => p.id).join("|")})([1-9])$`);
  TILE_IDS = Object.fromEntries((clientData.tiles || []).map((t) => [t.name, t.id]));
}

// Every word on the page comes from the game's catalogue in the reader's language (ctx.text); `say` is that.
let say = (id) => id;
let TILE_IDS = {};
let LETTER_OF = {}; // a box's colour -> the letter of the people whose cards pay it

function tileName(t) {
  const id = TILE_IDS[t.name];
  return id ? say(`tile.${id}`) : t.name;
}

// The renderer's own styles, next to it in the game's package; the board is drawn again once they apply (the city's
// size on a phone depends on them).
const frame = gameFrame({ id: "bmc-styles", href: new URL("./renderer.css", import.meta.url).href }, draw,
  { restyle: true });
export const render = frame.render;
const redraw = frame.redraw;

const COLOURS = {
  black: "#2b2b2b", red: "#c0392b", blue: "#2471a3", grey: "#8a9399", green: "#2e8b57", brown: "#8d5a2b",
  white: "#f3f1ea", yellow: "#e2b714", any: "url(#any)", wild: "url(#any)", mixed: "url(#any)", none: "#d9d3c4",
};
const LIGHT = new Set(["white", "yellow", "grey", "none"]);
const DRAGONS = { red: "#d7263d", green: "#1b998b", blue: "#3066be" };
const DRAGON_OF = { vulca: "red", terrah: "green", aqua: "blue" };
const CELL = 110;
const SQUARE = /^[a-e][1-5]$/;
const NO_MOVES = { boxes: {} };

// What the player is doing between two clicks (kept across redraws of the same game).
const ui = { selected: null, discard: [], chooser: null, centred: false };

function draw(root, ctx, v, data) {
  usePeoples(data);
  say = (id, params) => ctx.text(id, params);
  const moves = parse(ctx.legal);
  if (ui.selected && !moves.cards[ui.selected]) ui.selected = null;
  if (ui.chooser && !ui.chooser.options.every((o) => ctx.legal.includes(o.action))) ui.chooser = null;
  if (v.phase !== "refill") ui.discard = [];
  // On a phone the city scrolls sideways: it keeps its place across redraws, and first shows the active figure.
  const before = root.querySelector(".city-box");
  const scrolled = before ? before.scrollLeft : null;
  clear(root);
  root.append(el("div", { class: "bmc" },
    el("div", { class: "bmc-main" }, city(v, ctx, moves), offCity(v), turnLine(v, ctx),
      el("p", { class: "bmc-legend", id: "bmc-legend" }, say("ui.legend"))),
    el("div", { class: "bmc-panel" },
      actionsBox(v, ctx, moves), payment(v, ctx), hand(v, ctx, moves), obelisk(v), seats(v, ctx))));
  const box = root.querySelector(".city-box");
  if (box && box.scrollWidth > box.clientWidth) {
    // (centred once the city first overflows: its styles may come after the first drawing)
    if (ui.centred && scrolled !== null) box.scrollLeft = scrolled;
    else {
      ui.centred = true;
      const here = box.querySelector("g.tile.here");
      if (here) {
        const r = here.getBoundingClientRect();
        const b = box.getBoundingClientRect();
        box.scrollLeft += r.left + r.width / 2 - (b.left + b.width / 2);
      }
    }
  }
}

// A suggested action in words (for the table's hint): what it does, with the game's names.
export function describe(action, ctx) {
  say = (id, params) => ctx.text(id, params);
  const v = ctx.view;
  const [verb, arg, arg2] = action.split(" ");
  const tileOn = (square) => {
    const t = (v.city || []).find((x) => x.square === square);
    return t ? tileName(t) : square;
  };
  if (verb === "step") return say("ui.do.step", { tile: tileOn(arg), square: arg });
  if (verb === "mainhall") return say("ui.do.step", { tile: tileOn(arg), square: arg });
  if (verb === "contribute") {
    return arg2 ? say("ui.do.contribute_colour", { box: arg, colour: `@colour.${arg2}` }) : say("ui.do.contribute", { box: arg });
  }
  if (verb === "pay") return say("ui.do.pay", { card: peopleName(v, arg) });
  if (verb === "refill") {
    const cards = action.split(" ").slice(1);
    return cards.length ? say("ui.do.refill_discard", { cards: cards.map((c) => peopleName(v, c)).join(", ") }) : say("ui.do.refill");
  }
  if (CARD.test(verb)) {
    const dragon = DRAGON_OF[verb.slice(0, -1)];
    if (arg && SQUARE.test(arg) && dragon) {
      return say("ui.do.dragon", { card: peopleName(v, verb), dragon: `@dragon.${dragon}`, tile: tileOn(arg), square: arg });
    }
    if (arg && SQUARE.test(arg)) return say("ui.do.fly", { card: peopleName(v, verb), tile: tileOn(arg), square: arg });
    if (arg === "off") return `${say("ui.do.card", { card: peopleName(v, verb) })}: ${say("ui.dragon_off")}`;
    return say("ui.do.card", { card: peopleName(v, verb) });
  }
  const label = BUTTON_LABELS[verb];
  return label ? label(v) : null;
}

// -- reading the legal actions ----------------------------------------------------------------------------
function parse(legal) {
  const m = { squares: {}, boxes: {}, cards: {}, buttons: [], refill: new Set() };
  for (const a of legal) {
    const [verb, arg, arg2] = a.split(" ");
    if (verb === "refill") { m.refill.add(a); continue; }
    if (verb === "contribute") { (m.boxes[arg] ||= []).push({ action: a, colour: arg2 || null }); continue; }
    if (verb === "pay") { card(m, arg).push({ label: say("ui.pay_with"), action: a }); continue; }
    if (arg && SQUARE.test(arg)) {
      (m.squares[verb] ||= {})[arg] = a;
      if (CARD.test(verb) && !card(m, verb).some((o) => o.squares)) card(m, verb).push({ label: say("ui.choose_square"), squares: true });
      continue;
    }
    if (CARD.test(verb)) {
      const label = arg === "off" ? say("ui.dragon_off") : arg ? say("ui.lux_count", { colour: `@colour.${arg}` }) : say("ui.play_it");
      card(m, verb).push({ label, action: a });
      continue;
    }
    m.buttons.push(a);
  }
  return m;
}

function card(m, id) {
  return (m.cards[id] ||= []);
}

// -- the city -----------------------------------------------------------------------------------------------
function city(v, ctx, moves) {
  const tiles = v.city;
  const cols = tiles.map((t) => t.square.charCodeAt(0) - 97);
  const rows = tiles.map((t) => Number(t.square[1]) - 1);
  const [x0, y0] = [Math.min(...cols), Math.min(...rows)];
  const w = (Math.max(...cols) - x0 + 1) * CELL;
  const h = (Math.max(...rows) - y0 + 1) * CELL;
  const verb = ui.selected && moves.squares[ui.selected] ? ui.selected : null;
  const targets = verb ? moves.squares[verb] : { ...(moves.squares.mainhall || {}), ...(moves.squares.step || {}) };
  const here = v.seats[v.active]?.figure;
  // (the city and its formulas, `2◇ / 1◇ +3◇`, read left to right in every language, as the notation does)
  const board = svg("svg", { viewBox: `-4 -4 ${w + 8} ${h + 8}`, class: "city", role: "img", direction: "ltr", "aria-label": say("ui.city") },
    svg("defs", {}, svg("linearGradient", { id: "any", x1: 0, y1: 0, x2: 1, y2: 1 },
      ...["#c0392b", "#e2b714", "#2e8b57", "#2471a3", "#7b3fa8"].map((c, i) => svg("stop", { offset: i / 4, "stop-color": c })))));
  for (const t of tiles) {
    const x = (t.square.charCodeAt(0) - 97 - x0) * CELL;
    const y = (Number(t.square[1]) - 1 - y0) * CELL;
    board.append(tile(t, x, y, v, ctx, moves, targets[t.square], t.square === here));
  }
  return el("div", { class: "city-box" }, board);
}

function tile(t, x, y, v, ctx, moves, target, isHere) {
  const built = t.rebuilt && t.kind !== "courtyard";
  const classes = ["tile", t.rebuilt ? "rebuilt" : "", target ? "target" : "", isHere ? "here" : ""].join(" ");
  const g = svg("g", { class: classes, transform: `translate(${x} ${y})`, "data-square": t.square,
    // Every tile can be reached with Tab and read in full (its name, square and what it pays); a target plays with Enter.
    "data-action": target || null, tabindex: 0, role: target ? "button" : "group",
    "aria-label": [say(built ? "ui.tile_rebuilt_label" : "ui.tile_label", { name: tileName(t), square: t.square }), tileTitle(t),
      ...(t.rebuilt ? [] : t.boxes.map(boxLabel))].join(". ") });
  const band = COLOURS[t.colour] || "#999";
  g.append(svg("title", {}, tileTitle(t)));
  g.append(svg("rect", { x: 2, y: 2, width: CELL - 4, height: CELL - 4, rx: 8, class: "tile-bg",
    fill: t.rebuilt ? "#efe2bd" : "#fbf8f1", stroke: "#5b5346", "stroke-width": 1 }));
  g.append(svg("rect", { x: 2, y: 2, width: CELL - 4, height: 24, rx: 8, fill: band, class: "tile-band" }));
  const ink = LIGHT.has(t.colour) ? "#222" : "#fff";
  const name = short(tileName(t));
  // Long names are squeezed to end before the square's label.
  g.append(svg("text", { x: 8, y: 18, class: "tile-name", fill: ink,
    textLength: name.length > 10 ? CELL - 38 : null, lengthAdjust: "spacingAndGlyphs" }, name));
  g.append(svg("text", { x: CELL - 7, y: 18, class: "tile-square", fill: ink, "text-anchor": "end" }, t.square));
  if (t.kind !== "courtyard") g.append(pays(t));
  if (built) {
    // A complete building: no boxes any more (the markers went home), a badge where they were. What it still
    // does (its neighbourhood bonus) is in the tile's title.
    g.append(svg("rect", { x: 8, y: CELL - 32, width: CELL - 16, height: 22, rx: 11, class: "built-badge" }));
    g.append(svg("text", { x: CELL / 2, y: CELL - 17, "text-anchor": "middle", class: "built-label" }, `★ ${say("ui.rebuilt")}`));
  }
  if (target) {
    g.append(svg("rect", { x: 4, y: 4, width: CELL - 8, height: CELL - 8, rx: 7, class: "tile-target" }));
  }
  if (!t.rebuilt) t.boxes.forEach((b, i) => g.append(box(b, i, t.boxes.length, isHere ? moves : NO_MOVES, ctx)));
  t.figures.forEach((seat, i) => g.append(figure(seat, 14 + i * 20, 54)));
  t.dragons.forEach((d, i) => g.append(dragon(d, CELL - 18 - i * 20, 54)));
  if (target) {
    g.addEventListener("click", () => { ui.selected = null; ctx.send(target); });
    g.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); ui.selected = null; ctx.send(target); }
    });
  }
  return g;
}

// The tile's tooltip: its bonuses in words (a rebuilt building only pays its neighbourhood bonus any more).
function tileTitle(t) {
  const params = { name: tileName(t), square: t.square, neighbourhood: reward(t.neighbourhood) };
  if (t.kind === "courtyard") return say("ui.tile_label", params);
  if (t.rebuilt) return say("ui.tile_rebuilt_title", params);
  return say("ui.tile_title", { ...params, majority: reward(t.majority), construction: reward(t.construction) });
}

// A bonus as the game's data writes it ("2c", "1c+1s+1k") in words.
function reward(text) {
  if (!text || text === "none") return say("ui.reward.none");
  return text.split("+").map((part) => {
    const [, n, kind] = part.match(/^(\d+)([csk])$/) || [null, part, null];
    return kind ? say(`ui.reward.${kind}`, { n: Number(n) }) : part;
  }).join(" + ");
}

// What a building pays, drawn under its name: majority / construction, then +neighbourhood (once rebuilt).
const REWARD_SYMBOL = { c: "◇", s: "⚖", k: "▭" };

function symbols(text) {
  if (!text || text === "none") return "–";
  const parts = text.split("+").map((part) => part.match(/^(\d+)([csk])$/) || [part, part, null]);
  // one of each (the Royal Palace): `1◇⚖▭`, as the text board writes `1csk`
  if (parts.length > 1 && parts.every(([, n, kind]) => kind && n === "1")) return `1${parts.map(([, , k]) => REWARD_SYMBOL[k]).join("")}`;
  return parts.map(([, n, kind]) => (kind ? `${n}${REWARD_SYMBOL[kind]}` : n)).join(" ");
}

function pays(t) {
  const line = t.rebuilt ? `+${symbols(t.neighbourhood)}` : `${symbols(t.majority)} / ${symbols(t.construction)}  +${symbols(t.neighbourhood)}`;
  // A long line (the Royal Palace pays one of each) is squeezed into the tile.
  return svg("text", { x: CELL / 2, y: 39, "text-anchor": "middle", class: "tile-pays", "aria-hidden": "true",
    textLength: line.length > 15 ? CELL - 12 : null, lengthAdjust: "spacingAndGlyphs" }, line);
}

// The dragons out of the city, drawn beside it.
function offCity(v) {
  const off = Object.entries(v.dragons || {}).filter(([, square]) => square === null).map(([d]) => d);
  if (!off.length) return null;
  return el("div", { class: "off-city", id: "off-city" }, say("ui.dragons_off"), " ",
    off.map((d) => el("span", { class: `off-dragon dragon-${d}`, "data-dragon": d, title: say(`dragon.${d}`),
      "aria-label": say(`dragon.${d}`) }, "◆ D")));
}

function short(name) {
  return name.length > 12 ? `${name.slice(0, 11)}…` : name;
}

function boxLetter(b) {
  return b.colour === "any" ? "*" : LETTER_OF[b.colour] || "?";
}

// A box in words: its cost, its colour (and the letter drawn under it), and its owner once paid.
function boxLabel(b) {
  if (b.owner !== null) return say("ui.box_label_paid", { box: b.slot, number: b.number, colour: `@colour.${b.colour}`, seat: b.owner });
  if (b.colour === "any") return say("ui.box_label_any", { box: b.slot, number: b.number });
  return say("ui.box_label", { box: b.slot, number: b.number, colour: `@colour.${b.colour}`, letter: boxLetter(b) });
}

function box(b, i, n, moves, ctx) {
  const size = 22;
  const gap = (CELL - 8 - n * size) / (n + 1);
  const x = 4 + gap + i * (size + gap);
  const y = CELL - size - 19;
  const options = moves.boxes[String(b.slot)];
  const letter = boxLetter(b);
  const label = boxLabel(b);
  const g = svg("g", { class: options ? "box target" : "box", "data-box": b.slot, "data-number": b.number, "aria-label": label,
    role: options ? "button" : "img", tabindex: options ? 0 : null,
    "data-action": options && options.length === 1 ? options[0].action : null }, svg("title", {}, label));
  // A box to pay can be hit a little around it too: on a phone the city is a third of its drawn size.
  if (options) g.append(svg("rect", { x: x - gap / 2, y: y - 14, width: size + gap, height: size + 22, class: "box-hit" }));
  g.append(svg("rect", { x, y, width: size, height: size, rx: 4, fill: COLOURS[b.colour] || "#aaa", stroke: "#222" }));
  g.append(svg("text", { x: x + size / 2, y: y + 16, "text-anchor": "middle", class: "box-number",
    fill: LIGHT.has(b.colour) ? "#222" : "#fff" }, b.number));
  // Under the box: its owner's marker once paid (never over the number), else the letter of its people.
  if (b.owner !== null) {
    const s = SEATS[b.owner % SEATS.length];
    g.append(svg("circle", { cx: x + size / 2, cy: y + size + 8, r: 7, fill: s.colour, stroke: "#fff", "stroke-width": 1.5 }),
      svg("text", { x: x + size / 2, y: y + size + 11.5, "text-anchor": "middle", class: "marker", fill: "#fff" }, s.symbol));
  } else {
    g.append(svg("text", { x: x + size / 2, y: y + size + 12, "text-anchor": "middle", class: "box-letter", "aria-hidden": "true" }, letter));
  }
  if (options) {
    const choose = () => chooseBox(b, options, ctx);
    g.addEventListener("click", (e) => { e.stopPropagation(); choose(); });
    g.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); e.stopPropagation(); choose(); }
    });
  }
  return g;
}

// Paying a box: at once when there is one way, else the page asks which colour.
function chooseBox(b, options, ctx) {
  if (options.length === 1) { ctx.send(options[0].action); return; }
  const choices = options.map((o) => ({ label: o.colour ? say(`colour.${o.colour}`) : o.action, action: o.action }));
  ui.chooser = { title: say("ui.which_colour", { box: b.slot }), options: choices };
  redraw();
}

// The boxes that can be paid now as buttons too: big enough for a finger, and in words.
function boxButtons(v, ctx, moves) {
  const here = (v.city || []).find((t) => t.square === v.seats[v.active]?.figure);
  if (!here) return [];
  return here.boxes.filter((b) => moves.boxes[String(b.slot)]).map((b) => {
    const options = moves.boxes[String(b.slot)];
    return el("button", { type: "button", class: "box-button", "data-box": b.slot,
      "data-action": options.length === 1 ? options[0].action : null, onclick: () => chooseBox(b, options, ctx) },
    b.colour === "any" ? say("ui.pay_box_any", { box: b.slot, number: b.number })
      : say("ui.pay_box", { box: b.slot, number: b.number, colour: `@colour.${b.colour}` }));
  });
}

function figure(seat, x, y) {
  const s = SEATS[seat % SEATS.length];
  return svg("g", { class: "figure", "data-figure": seat },
    svg("circle", { cx: x, cy: y, r: 9, fill: s.colour, stroke: "#fff", "stroke-width": 2 }),
    svg("text", { x, y: y + 4, "text-anchor": "middle", class: "marker", fill: "#fff" }, s.symbol));
}

function dragon(colour, x, y) {
  return svg("g", { class: "dragon", "data-dragon": colour },
    svg("path", { d: `M${x} ${y - 10} L${x + 9} ${y} L${x} ${y + 10} L${x - 9} ${y} Z`, fill: DRAGONS[colour], stroke: "#fff" }),
    svg("text", { x, y: y + 4, "text-anchor": "middle", class: "marker", fill: "#fff" }, "D"));
}

// -- panels -------------------------------------------------------------------------------------------------
function turnLine(v, ctx) {
  if (v.over || ctx.status !== "active") return el("p", { class: "turn-line", id: "turn-line" }, say("phase.over"));
  const name = ctx.names[v.active] || say("engine.player", { number: v.active + 1 });
  const status = ctx.has(`status.${v.phase}`) ? ctx.text(`status.${v.phase}`, v) : v.phase;
  return el("p", { class: "turn-line", id: "turn-line" }, say("ui.turn_line", { turn: v.turn, name, status }));
}

const BUTTON_LABELS = {
  end: (v) => say(v.phase === "movement" ? "ui.end_movement" : "ui.end_contributions"),
  done: () => say("ui.finish_paying"),
  offer: (v) => say("ui.offer", { cost: v.obelisk.next_cost }),
  hospital: () => say("tile.hospital"), goldentemple: () => say("tile.golden-temple"), skip: () => say("ui.skip"),
};

function actionsBox(v, ctx, moves) {
  const box = el("div", { class: "bmc-actions", id: "bmc-actions" });
  if (ui.chooser) {
    box.append(el("p", {}, ui.chooser.title), ...ui.chooser.options.map((o) => button(o.label, o.action, ctx)),
      el("button", { type: "button", class: "secondary", onclick: () => { ui.chooser = null; redraw(); } }, say("ui.cancel")));
    return box;
  }
  if (ui.selected) {
    const options = moves.cards[ui.selected];
    box.append(el("p", {}, `${peopleName(v, ui.selected)}:`));
    for (const o of options) {
      if (o.squares) box.append(el("p", { class: "hint" }, say("ui.click_square")));
      else box.append(button(o.label, o.action, ctx));
    }
    box.append(el("button", { type: "button", class: "secondary", onclick: () => { ui.selected = null; redraw(); } }, say("ui.cancel")));
    return box;
  }
  if (v.phase === "refill" && moves.refill.size) {
    const chosen = refillAction(moves);
    const names = ui.discard.map((c) => peopleName(v, c)).join(", ") || say("engine.nothing");
    box.append(el("p", { class: "hint" }, say("ui.discard_hint")),
      el("button", { type: "button", id: "refill", "data-action": chosen || "", disabled: !chosen,
        onclick: () => { const a = chosen; ui.discard = []; ctx.send(a); } }, say("ui.discard_draw", { cards: names })));
  }
  box.append(...boxButtons(v, ctx, moves));
  for (const a of moves.buttons) box.append(button((BUTTON_LABELS[a] || (() => a))(v), a, ctx));
  if (!box.childElementCount && ctx.seat !== null && ctx.legal.length === 0 && ctx.status === "active" && !v.over) box.append(el("p", { class: "muted" }, say("ui.not_your_move")));
  if (Object.keys(moves.squares).length && !ui.selected) box.prepend(el("p", { class: "hint" }, say("ui.clickable")));
  return box;
}

function button(label, action, ctx) {
  return el("button", { type: "button", "data-action": action, onclick: () => { ui.selected = null; ui.chooser = null; ctx.send(action); } }, label);
}

function refillAction(moves) {
  const ids = [...ui.discard].sort((a, b) => order(a) - order(b));
  const text = ["refill", ...ids].join(" ");
  return moves.refill.has(text) ? text : null;
}

function order(cardId) {
  const [, people, n] = cardId.match(CARD);
  return PEOPLE[people].order * 3 + Number(n);
}

function payment(v, ctx) {
  const p = v.payment;
  if (!p) return null;
  const due = typeof p.due === "number"
    ? el("div", { class: "still-due", id: "still-due" }, p.due > 0 ? say("ui.still_due", { n: p.due }) : say("ui.paid_in_full"))
    : null;
  // Cancelling takes back this seat's actions since the payment opened, through the client's undo when it has one.
  const mine = ctx.seat !== null && ctx.seat === v.active && ctx.legal.length > 0;
  const cancel = mine && typeof ctx.undo === "function"
    ? el("button", { type: "button", class: "secondary", id: "cancel-payment", onclick: () => ctx.undo(1 + p.cards.length + p.lux.length) },
      say("ui.cancel_payment"))
    : null;
  const paid = p.cards.map((c) => peopleName(v, c)).join(", ") || say("ui.nothing_yet");
  const lux = p.lux.map((l) => say("ui.lux_counts", { card: peopleName(v, l.card), colour: `@colour.${l.colour}` })).join("; ");
  return el("div", { class: "payment", id: "payment" },
    el("strong", {}, say("ui.paying", { box: p.box, number: p.number, colour: `@colour.${p.colour}` })),
    el("div", {}, say("ui.paid", { cards: paid })),
    lux ? el("div", { class: "muted" }, lux) : null, due, cancel);
}

function hand(v, ctx, moves) {
  if (!v.hand) return null;
  const cards = el("div", { class: "hand", id: "hand" });
  const refilling = v.phase === "refill" && moves.refill.size > 0;
  const counts = {};
  v.hand.forEach((c) => {
    counts[c] = (counts[c] || 0) + 1;
    const nth = counts[c];
    const chosen = refilling && ui.discard.filter((d) => d === c).length >= nth;
    const usable = refilling || Boolean(moves.cards[c]);
    cards.append(cardButton(v, c, { usable, chosen, onclick: () => clickCard(c, ctx, moves, refilling) }));
  });
  return el("div", { class: "hand-box" },
    el("h3", {}, `${say("ui.your_hand")} `, el("span", { class: "crystals", id: "crystals", title: say("ui.crystals_title") },
      say("ui.crystals", { n: v.crystals }))), cards);
}

// A card in words: its name, colour and value, and its power when it has one (the 3s have none).
function cardTitle(v, id) {
  const [, people, n] = id.match(CARD);
  const params = { card: peopleName(v, id), colour: `@colour.${PEOPLE[people].colour}`, n: Number(n) };
  const power = `power.${id}`;
  return frame.context()?.has(power) ? say("ui.card_title", { ...params, power: `@${power}` }) : say("ui.card_title_plain", params);
}

function cardButton(v, id, { usable, chosen, onclick }) {
  const [, people, n] = id.match(CARD);
  const p = PEOPLE[people];
  const title = cardTitle(v, id);
  // Disabled buttons get no pointer events: the card stays a button (aria-disabled) so that its power can be read.
  const node = el("button", {
    type: "button", class: `card people-${p.colour}${usable ? " usable" : ""}${chosen || ui.selected === id ? " selected" : ""}`,
    "data-card": id, "aria-disabled": usable ? null : "true", title, "aria-label": title,
    onclick: (e) => { if (node.dataset.pressed) { delete node.dataset.pressed; e.preventDefault(); return; } if (usable) onclick(); },
  }, el("span", { class: "letter", "aria-hidden": "true" }, p.letter), el("span", { class: "num", "aria-hidden": "true" }, n));
  longPress(node, () => frame.context()?.say(title));
  return node;
}

// A long press (phones have no hover) shows the card's power; the click that ends it does nothing else.
function longPress(node, show) {
  let timer = null;
  node.addEventListener("contextmenu", (e) => { e.preventDefault(); node.dataset.pressed = "1"; show(); });
  node.addEventListener("pointerdown", (e) => {
    delete node.dataset.pressed;
    if (e.pointerType === "mouse") return;
    timer = setTimeout(() => { node.dataset.pressed = "1"; show(); }, 500);
  });
  for (const end of ["pointerup", "pointercancel", "pointerleave"]) node.addEventListener(end, () => clearTimeout(timer));
}

function clickCard(id, ctx, moves, refilling) {
  if (refilling) {
    const i = ui.discard.lastIndexOf(id);
    if (i >= 0) ui.discard.splice(i, 1);
    else if (ui.discard.length < 2) ui.discard.push(id);
    redraw();
    return;
  }
  const options = moves.cards[id] || [];
  if (options.length === 1 && options[0].action) { ctx.send(options[0].action); return; }
  ui.selected = ui.selected === id ? null : id;
  redraw();
}

function obelisk(v) {
  const o = v.obelisk;
  const slots = o.spaces.map((cost, i) => {
    const owner = o.filled[i];
    const s = owner === undefined ? null : SEATS[owner % SEATS.length];
    return el("li", { class: s ? "filled" : "", style: s ? `--seat:${s.colour}` : null },
      s ? el("span", { class: "seat-symbol" }, s.symbol) : null, el("span", { class: "cost" }, cost));
  });
  return el("div", { class: "obelisk", id: "obelisk" },
    el("h3", {}, say("ui.obelisk", { n: o.to_win })), el("ol", { class: "obelisk-slots" }, slots));
}

function seats(v, ctx) {
  return el("table", { class: "seats-table", id: "seats" },
    el("thead", {}, el("tr", {}, ["", "ui.col.scales", "ui.col.markers", "ui.col.cards", "ui.col.offerings"].map((h) => el("th", {}, h && say(h))))),
    el("tbody", {}, v.seats.map((s) => {
      const style = SEATS[s.seat % SEATS.length];
      return el("tr", { class: s.seat === v.active ? "active" : "" },
        el("td", {}, el("span", { class: "seat-badge", style: `--seat:${style.colour}` },
          el("span", { class: "seat-symbol" }, style.symbol), ctx.names[s.seat] || say("engine.player", { number: s.seat + 1 }))),
        el("td", {}, s.scales), el("td", {}, s.markers), el("td", {}, s.hand_size + (s.pending_cards ? ` (+${s.pending_cards})` : "")),
        el("td", {}, s.offerings));
    })),
    v.over && v.final_crystals ? el("caption", {}, say("ui.final_crystals", { crystals: v.final_crystals.join(" / ") })) : null);
}

function peopleName(v, id) {
  const m = id.match(CARD);
  if (!m) return id;
  const name = (v.people_names || {})[m[1]] || m[1];
  const term = `card.${name.toLowerCase()}.${m[2]}`;
  return frame.context()?.has(term) ? say(term) : `${name} ${m[2]}`;
}
