// Coloma in the browser: the wheel of Sites (Barker, Signpost, Bust, pioneers), the Frontier Map (Wagons, Lands),
// the supplies, every player's board (Lodge, rivers and Bridges, tableau, Barrels) and your own hand and dial.
// Everything comes from the seat's view and its legal action texts (the notation of the game's actions.py):
// a Site lights up when you may dial it, a space when your Wagon may enter it, a Land when you may camp there, a
// card when an action names it. Every word comes from the game's catalogue in the reader's language (`ctx.text`:
// the `ui.*` messages, and the names of cards, spaces, Barrels, Bridges and Events); the numbers from the data file
// (`client_data`). Served from the game's package beside renderer.css.

import { el, svg, clear, SEATS, gameFrame } from "/static/dom.js";

const W = 1000;
const H = 540;
const WHEEL = { x: 240, y: 270, r: 215 };
const MAP = { x: 728, y: 270, step: 48 };

// What the player is doing between two clicks (kept across redraws).
const ui = { chooser: null };
let say = (id) => id; // the game's catalogue in the reader's language, set by draw and describe

const frame = gameFrame({ id: "coloma-styles", href: new URL("./renderer.css", import.meta.url).href }, draw);
export const render = frame.render;
const redraw = frame.redraw;

function seatStyle(seat) {
  return SEATS[seat % SEATS.length];
}

function nameOf(ctx, seat) {
  return ctx.names[seat] || ctx.text("engine.player", { number: seat + 1 });
}

function cardName(id) {
  return say(`card.${id}`);
}

function draw(root, ctx, v, data) {
  say = (id, params) => ctx.text(id, params);
  const moves = parse(ctx.legal, v);
  if (ui.chooser && !ui.chooser.options.every((o) => ctx.legal.includes(o.action))) ui.chooser = null;
  clear(root);
  root.append(el("div", { class: "coloma" },
    el("div", { class: "col-main" }, table(v, ctx, data, moves), turnLine(v, ctx)),
    el("div", { class: "col-panel" }, actionsBox(v, ctx, data, moves), hand(v, ctx, data, moves),
      supply(v, ctx, data, moves), boards(v, ctx, data, moves))));
}

// -- reading the legal actions -------------------------------------------------------------------------------
function parse(legal, v) {
  const m = { sites: {}, spaces: {}, lands: {}, barrels: {}, hand: {}, tableau: {}, buttons: [] };
  for (const a of legal) {
    const [verb, x, y] = a.split(" ");
    if (verb === "dial") m.sites[x] = a;
    else if (verb === "move") m.spaces[x.toUpperCase()] = a;
    else if (verb === "camp") m.lands[x.toUpperCase()] = a;
    else if (verb === "barrel") m.barrels[x] = a;
    else if (verb === "build") (m.hand[x.toUpperCase()] ||= []).push({ label: say("ui.build_it", { section: section(y) }), action: a });
    else if (verb === "return") {
      const card = (v.hand || [])[Number(x) - 1];
      if (card) (m.hand[`#${x}`] ||= []).push({ label: say(`ui.put_back.${y}`), action: a });
      else m.buttons.push(a);
    } else if (verb === "hotel") (m.tableau[x.toUpperCase()] ||= []).push({ label: say("ui.hotel_on", { section: section(y) }), action: a });
    else if (verb === "ability") (m.tableau[x.toUpperCase()] ||= []).push({ label: say("ui.use_ability"), action: a });
    else if (verb === "foundry") (m.tableau[x.toUpperCase()] ||= []).push({ label: say("ui.foundry_it"), action: a });
    else m.buttons.push(a);
  }
  return m;
}

function section(word) {
  return say(word === "boom" ? "ui.section.boom" : "ui.section.common");
}

// -- the table: wheel and map in one picture -------------------------------------------------------------------
function table(v, ctx, data, moves) {
  const board = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "col-table", role: "img",
    "aria-label": say("ui.table") });
  board.append(wheel(v, ctx, moves), frontier(v, ctx, data, moves));
  return el("div", { class: "col-table-box" }, board);
}

function polar(cx, cy, r, angle) {
  return [cx + r * Math.cos(angle), cy + r * Math.sin(angle)];
}

function wheel(v, ctx, moves) {
  const g = svg("g", { class: "wheel", id: "wheel" });
  const { x, y, r } = WHEEL;
  g.append(svg("circle", { cx: x, cy: y, r: r + 6, class: "wheel-rim" }));
  const w = v.wheel;
  const dial = v.dial;
  const pioneers = {};
  if (v.positions) v.positions.forEach((p, seat) => { if (p) (pioneers[p] ||= []).push(seatStyle(seat)); });
  for (let site = 1; site <= 5; site++) {
    const a0 = -Math.PI / 2 + (site - 1) * (2 * Math.PI / 5) - Math.PI / 5;
    const a1 = a0 + 2 * Math.PI / 5;
    const [x0, y0] = polar(x, y, r, a0);
    const [x1, y1] = polar(x, y, r, a1);
    const target = moves.sites[String(site)];
    const classes = ["site", target ? "target" : "", dial === site ? "mine" : "", w.bust === site ? "bust" : "",
      w.barker === site ? "barker" : ""].join(" ");
    const s = svg("g", { class: classes, "data-site": site, tabindex: target ? 0 : null, role: target ? "button" : null,
      "aria-label": say("ui.site", { site }) });
    s.append(svg("path", { d: `M${x} ${y} L${x0} ${y0} A${r} ${r} 0 0 1 ${x1} ${y1} Z`, class: "site-bg" }));
    const mid = (a0 + a1) / 2;
    const [tx, ty] = polar(x, y, r * 0.62, mid);
    const [common, boom] = w.sections[String(site)] || [null, -1];
    const marks = [w.barker === site ? say("ui.barker") : null,
      w.signpost === site ? say(w.signpost_active ? "ui.signpost_active" : "ui.signpost") : null]
      .filter(Boolean).join(" · ");
    s.append(svg("text", { x: tx, y: ty - 30, class: "site-number", "text-anchor": "middle" }, say("ui.site", { site })));
    if (marks) s.append(svg("text", { x: tx, y: ty - 14, class: "site-mark", "text-anchor": "middle" }, marks));
    s.append(svg("text", { x: tx, y: ty + 4, class: "site-common", "text-anchor": "middle" },
      common === null ? "" : say(`ui.common.${common}`)));
    s.append(svg("text", { x: tx, y: ty + 20, class: w.bust === site ? "site-boom busted" : "site-boom", "text-anchor": "middle" },
      w.bust === site ? say("ui.bust") : boom >= 0 ? say("ui.boom_of", { action: `@ui.boom.${boom}` }) : say("ui.no_boom")));
    const who = [...(pioneers[site] || [])];
    who.forEach((st, i) => s.append(token(tx - (who.length - 1) * 11 + i * 22, ty + 42, st.colour, st.symbol, "pioneer")));
    const extra = [];
    if (v.buster && v.buster.site === site) extra.push(say("ui.buster"));
    if (v.shade && v.shade.site === site) extra.push(say("ui.shade"));
    if (extra.length) s.append(svg("text", { x: tx, y: ty + 68, class: "site-extra", "text-anchor": "middle" }, extra.join(" ")));
    if (v.buster && v.buster.shown.includes(site)) {
      s.append(svg("text", { x: tx, y: ty - 48, class: "site-extra", "text-anchor": "middle" }, say("ui.buster_avoids")));
    }
    if (dial === site) s.append(svg("text", { x: tx, y: ty + 84, class: "site-dial", "text-anchor": "middle" }, say("ui.your_dial")));
    if (target) {
      s.addEventListener("click", () => ctx.send(target));
      s.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") ctx.send(target); });
    }
    g.append(s);
  }
  g.append(svg("circle", { cx: x, cy: y, r: 30, class: "wheel-hub" }),
    svg("text", { x, y: y + 5, "text-anchor": "middle", class: "wheel-year" }, String(v.year)));
  return g;
}

function token(x, y, colour, symbol, cls) {
  return svg("g", { class: cls },
    svg("circle", { cx: x, cy: y, r: 10, fill: colour, stroke: "#fff", "stroke-width": 2 }),
    svg("text", { x, y: y + 4, "text-anchor": "middle", class: "marker", fill: "#fff" }, symbol));
}

// The map's layout from its roads: rings by distance from the first space (Coloma), each space at the mean
// angle of the spaces one ring in that lead to it (spread around a space that leads to several).
function layout(spaces) {
  const ids = Object.keys(spaces);
  if (layout.seen === spaces) return layout.at;
  const depth = { [ids[0]]: 0 };
  const order = [ids[0]];
  for (let i = 0; i < order.length; i++) {
    for (const n of spaces[order[i]].neighbours) if (!(n in depth)) { depth[n] = depth[order[i]] + 1; order.push(n); }
  }
  const angle = { [ids[0]]: 0 };
  const first = order.filter((id) => depth[id] === 1);
  first.forEach((id, i) => { angle[id] = -Math.PI / 4 + i * 2 * Math.PI / first.length; });
  const maxDepth = Math.max(...Object.values(depth));
  for (let d = 2; d <= maxDepth; d++) {
    const ring = order.filter((id) => depth[id] === d);
    const single = {};
    for (const id of ring) {
      const parents = spaces[id].neighbours.filter((n) => depth[n] === d - 1);
      if (parents.length === 1) (single[parents[0]] ||= []).push(id);
      else {
        const sx = parents.reduce((a, p) => a + Math.cos(angle[p]), 0);
        const sy = parents.reduce((a, p) => a + Math.sin(angle[p]), 0);
        angle[id] = Math.atan2(sy, sx);
      }
    }
    for (const [parent, kids] of Object.entries(single)) {
      const spread = kids.length === 1 ? 0 : 0.36;
      kids.forEach((id, i) => { angle[id] = angle[parent] + (i - (kids.length - 1) / 2) * spread; });
    }
  }
  const at = {};
  for (const id of ids) {
    const r = (depth[id] ?? maxDepth + 1) * MAP.step;
    at[id] = [MAP.x + r * Math.cos(angle[id] ?? 0), MAP.y + r * Math.sin(angle[id] ?? 0)];
  }
  layout.seen = spaces;
  layout.at = at;
  return at;
}

function frontier(v, ctx, data, moves) {
  const spaces = data.spaces || {};
  const at = layout(spaces);
  const g = svg("g", { class: "map", id: "map" });
  for (const [id, sp] of Object.entries(spaces)) {
    for (const n of sp.neighbours) {
      if (n < id) continue;
      const [x0, y0] = at[id];
      const [x1, y1] = at[n];
      g.append(svg("line", { x1: x0, y1: y0, x2: x1, y2: y1, class: "road" }));
    }
  }
  const wagons = {};
  v.seats.forEach((s) => (wagons[s.wagon] ||= []).push(seatStyle(s.seat)));
  if (v.shade) (wagons[v.shade.wagon] ||= []).push({ colour: "#333", symbol: "S" });
  const visited = new Set((v.turn && v.turn.visited) || []);
  const landsAt = {};
  for (const [land, info] of Object.entries(data.lands || {})) (landsAt[info.at] ||= []).push(land);
  for (const [id, sp] of Object.entries(spaces)) {
    const [x, y] = at[id];
    const target = moves.spaces[id];
    const name = say(`space.${id}`);
    const g2 = svg("g", { class: `space ${sp.type}${target ? " target" : ""}${visited.has(id) ? " visited" : ""}`,
      "data-space": id, tabindex: target ? 0 : null, role: target ? "button" : null, "aria-label": name });
    g2.append(svg("title", {}, say("ui.space_title", { name, kind: `@ui.space.${sp.type}` })));
    if (sp.type === "city") g2.append(svg("circle", { cx: x, cy: y, r: 17, class: "space-shape" }));
    else if (sp.type === "town") g2.append(svg("rect", { x: x - 13, y: y - 13, width: 26, height: 26, rx: 4, class: "space-shape" }));
    else g2.append(svg("circle", { cx: x, cy: y, r: 8, class: "space-shape" }));
    if (sp.type !== "horseshoe") {
      g2.append(svg("text", { x, y: y + (sp.type === "city" ? 31 : 27), "text-anchor": "middle", class: "space-name" }, name));
    }
    (wagons[id] || []).forEach((st, i, all) => g2.append(token(x - (all.length - 1) * 8 + i * 16, y, st.colour, st.symbol, "wagon")));
    if (target) {
      g2.addEventListener("click", () => ctx.send(target));
      g2.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") ctx.send(target); });
    }
    g.append(g2);
    (landsAt[id] || []).forEach((land, i) => g.append(landBox(v, ctx, data, moves, land, x + 18 + i * 15, y - 26)));
  }
  return g;
}

function landBox(v, ctx, data, moves, land, x, y) {
  const owner = v.lands[land];
  const target = moves.lands[land];
  const fill = owner === null || owner === undefined ? "#f6efe0" : owner === "shade" ? "#333" : seatStyle(owner).colour;
  const info = (data.lands || {})[land] || {};
  const g = svg("g", { class: `land${target ? " target" : ""}`, "data-land": land, tabindex: target ? 0 : null,
    role: target ? "button" : null, "aria-label": say("ui.land", { land }) });
  g.append(svg("title", {}, say("ui.land_title", { land, vp: info.vp, site: info.site })));
  g.append(svg("rect", { x, y, width: 13, height: 13, rx: 2, fill, class: "land-box" }));
  g.append(svg("text", { x: x + 6.5, y: y + 10, "text-anchor": "middle", class: "land-vp",
    fill: owner === null || owner === undefined ? "#5b4a2f" : "#fff" }, info.vp ?? ""));
  if (target) g.addEventListener("click", () => ctx.send(target));
  return g;
}

// -- panels ----------------------------------------------------------------------------------------------------
function turnLine(v, ctx) {
  const status = ctx.has(`status.${v.phase}`) ? ctx.text(`status.${v.phase}`, v) : v.phase;
  const line = { year: v.year, round: v.round, chapter: v.chapter, status };
  const active = v.active !== null && v.active !== undefined;
  return el("p", { class: "turn-line", id: "turn-line" },
    active ? say("ui.turn_line_active", { ...line, seat: v.active }) : say("ui.turn_line", line));
}

// A suggested action in words (for the table's hint): what it does, with the game's names.
export function describe(action, ctx) {
  say = (id, params) => ctx.text(id, params);
  const v = ctx.view;
  const [verb, x, y] = action.split(" ");
  const card = (id) => `${id.toUpperCase()} ${cardName(id.toUpperCase())}`;
  switch (verb) {
    case "dial": return say("ui.do.dial", { site: Number(x) });
    case "move": return say("ui.do.move", { space: `@space.${x.toUpperCase()}` });
    case "camp": return say("ui.do.camp", { land: x.toUpperCase() });
    case "barrel": return say("ui.do.barrel", { n: Number(x) });
    case "build": return say("ui.do.build", { card: card(x), section: section(y) });
    case "hotel": return say("ui.do.hotel", { card: card(x), section: section(y) });
    case "ability": return say("ui.do.ability", { card: card(x) });
    case "foundry": return say("ui.do.foundry", { card: card(x) });
    case "return": {
      const held = (v.hand || [])[Number(x) - 1];
      const id = held && typeof held === "object" ? held.id : held;
      return id ? say("ui.do.return", { card: card(String(id)), where: `@ui.put_back.${y}` }) : say(`ui.put_back.${y}`);
    }
    default: {
      const words = label(action, v, ctx.face.client_data || {});
      return words === action ? null : words;
    }
  }
}

// A number of pieces with its word in the right plural form ("1 Tent", "2 Tents").
function count(kind, n) {
  return say(`ui.n.${kind}`, { n });
}

function label(a, v, data) {
  const [verb, x, y, z] = a.split(" ");
  const sec = (word) => `@section.${word}`;
  switch (verb) {
    case "end": return say("ui.end");
    case "exchange": return x === "0" ? say("ui.keep_gold") : say("ui.return_gold", { n: Number(x) });
    case "sutter": return say("ui.sutter", { section: sec(x) });
    case "survey": return say("ui.survey", { column: x, section: sec(y) });
    case "bridge": return say("ui.bridge", { bridge: `@bridge.${x.toUpperCase()}`, column: y, section: sec(z) });
    case "wagon": return say("ui.wagon", { section: sec(x) });
    case "deputise": return say("ui.deputise", { n: Number(x) });
    case "trade": return say("ui.trade");
    case "buy": return say("ui.buy", { item: `@price.${x}` });
    case "done": return say("ui.done");
    case "stop": return say(x === "alt" ? "ui.stop_alt" : "ui.stop");
    case "use": return say("ui.use", { barrel: `@barrel.${x}` });
    default: return a;
  }
}

function actionsBox(v, ctx, data, moves) {
  const box = el("div", { class: "col-actions", id: "col-actions" });
  if (ui.chooser) {
    box.append(el("p", {}, ui.chooser.title), ...ui.chooser.options.map((o) => button(o.label, o.action, ctx)),
      el("button", { type: "button", class: "secondary", onclick: () => { ui.chooser = null; redraw(); } }, say("ui.cancel")));
    return box;
  }
  const hints = [];
  for (const kind of ["sites", "spaces", "lands", "barrels", "hand", "tableau"]) {
    if (Object.keys(moves[kind]).length) hints.push(say(`ui.hint_${kind}`));
  }
  hints.forEach((h) => box.append(el("p", { class: "hint" }, h)));
  for (const a of moves.buttons) box.append(button(label(a, v, data), a, ctx));
  if (ctx.seat !== null && ctx.legal.length === 0) box.append(el("p", { class: "muted" }, say(v.over ? "ui.over" : "ui.not_your_move")));
  return box;
}

function button(text, action, ctx) {
  return el("button", { type: "button", "data-action": action,
    onclick: () => { ui.chooser = null; ctx.send(action); } }, text);
}

function choose(title, options, ctx) {
  if (options.length === 1) { ctx.send(options[0].action); return; }
  ui.chooser = { title, options };
  redraw();
}

function amount(cost) {
  if (!cost || typeof cost !== "object") return String(cost ?? "");
  return Object.entries(cost).map(([unit, n]) => `${n}${unit}`).join("+") || say("ui.free");
}

function cardFace(data, id) {
  const c = (data.cards || {})[id] || {};
  return [el("span", { class: "card-name" }, cardName(id)), el("span", { class: "card-line" },
    say("ui.card_site", { site: c.site, trigger: `@ui.trigger.${c.trigger}`, ability: c.ability })),
  el("span", { class: "card-line" }, say("ui.card_cost", { hammer: amount(c.hammer), saw: amount(c.saw), vp: c.vp }))];
}

function hand(v, ctx, data, moves) {
  if (!v.hand) return null;
  const box = el("div", { class: "col-hand", id: "hand" });
  v.hand.forEach((id, i) => {
    const options = [...(moves.hand[id] || []), ...(moves.hand[`#${i + 1}`] || [])];
    const name = cardName(id);
    box.append(el("button", { type: "button", class: `col-card${options.length ? " usable" : ""}`, "data-card": id,
      "data-slot": i + 1, disabled: !options.length, title: name,
      onclick: () => choose(`${name}:`, options, ctx) }, ...cardFace(data, id)));
  });
  const known = (v.known_deck || []).map(([i, id]) => `${cardName(id)} (${i + 1})`);
  return el("div", { class: "col-hand-box" },
    el("h3", {}, say("ui.your_hand", { n: v.hand.length }),
      v.dial ? el("span", { class: "my-dial", id: "my-dial" }, say("ui.your_dial_site", { site: v.dial })) : null),
    box, known.length ? el("p", { class: "muted" }, say("ui.known_deck", { cards: known })) : null,
    // what the letters of the cards' amounts mean ("2$+1Gc": 2 Bucks and 1 Gold from the Gold Cart)
    el("details", { class: "col-legend", id: "card-legend" }, el("summary", {}, say("ui.legend_title")),
      el("p", {}, say("ui.legend_amounts"))));
}

function supply(v, ctx, data, moves) {
  const barrels = el("div", { class: "barrel-spaces" }, ...v.barrel_spaces.map((b, i) => {
    const target = moves.barrels[String(i + 1)];
    return el("button", { type: "button", class: `barrel${target ? " target" : ""}`, "data-barrel-space": i + 1,
      disabled: !target, onclick: target ? () => ctx.send(target) : null },
    b ? say(`barrel.${b}`) : say("ui.empty"));
  }));
  const bridges = Object.entries(v.bridges).map(([b, n]) => `${b}×${n}`).join(" ");
  const rows = [
    say("ui.supply", { gold: v.gold_supply, cart: v.gold_cart, horses: v.horse_supply, hotels: v.hotels }),
    v.neutral_gunmen ? say("ui.outlaws_neutral", { outlaws: v.outlaws, gunmen: v.neutral_gunmen, bridges })
      : say("ui.outlaws", { outlaws: v.outlaws, bridges }),
    say("ui.barrel_pile", { n: v.barrel_pile }),
  ];
  if (v.event) rows.push(say("ui.barker_event", { event: `@event.${v.event}` }));
  if (v.buster && v.buster.shown.length) {
    rows.push(v.buster.site ? say("ui.buster_goes", { sites: v.buster.shown, site: v.buster.site })
      : say("ui.buster_sites", { sites: v.buster.shown }));
  }
  if (v.shade) {
    const sh = v.shade;
    rows.push(say("ui.shade_line", { ...sh, dudes: count("dudes", sh.dudes), camps: count("camps", sh.camps),
      horses: count("horses", sh.horses), hotels: count("hotels", sh.hotels), barrels: count("barrels", sh.barrels) }));
  }
  return el("div", { class: "col-supply", id: "supply" }, ...rows.map((r) => el("div", {}, r)), barrels);
}

function boards(v, ctx, data, moves) {
  return el("div", { class: "col-boards", id: "seats" }, ...v.seats.map((s) => {
    const st = seatStyle(s.seat);
    const mine = s.seat === ctx.seat;
    const l = s.lodge;
    const rivers = el("span", { class: "rivers" }, ...s.rivers.map((r) =>
      el("span", { class: `river${r ? " on" : ""}`, title: r === null ? say("ui.no_river") : r === "river" ? say("ui.a_river") : say("ui.bridge_on", { bridge: `@bridge.${r}` }) },
        r === null ? "–" : r === "river" ? "~" : r)));
    const tableau = el("div", { class: "tableau", id: mine ? "tableau" : null }, ...s.tableau.map((t) => {
      const options = mine ? moves.tableau[t.card] || [] : [];
      const c = (data.cards || {})[t.card] || {};
      const name = cardName(t.card);
      return el("button", { type: "button", class: `chip${t.hotel ? " hotel" : ""}${options.length ? " usable" : ""}`,
        "data-card": t.card, disabled: !options.length,
        title: say("ui.card_title", { card: name, site: c.site, trigger: `@ui.trigger.${c.trigger}`, ability: c.ability }),
        onclick: () => choose(`${name}:`, options, ctx) }, `${name}${t.hotel ? " 🏨" : ""}`);
    }));
    const barrels = [...s.barrels.fresh.map((b) => say(`barrel.${b}`)),
      ...s.barrels.used.map((b) => say("ui.used", { barrel: `@barrel.${b}` }))].join(", ");
    const state = v.phase === "select" ? say(s.dialled ? "ui.dial_set" : "ui.choosing")
      : s.position ? say("ui.on_site", { site: s.position }) : "";
    const chose = state ? ` · ${state}` : "";
    return el("div", { class: `col-board${s.seat === v.active ? " active" : ""}`, "data-seat": s.seat },
      el("div", { class: "board-head" }, el("span", { class: "seat-badge", style: `--seat:${st.colour}` },
        el("span", { class: "seat-symbol" }, st.symbol), nameOf(ctx, s.seat)),
      el("strong", { class: "vp" }, ` ${say("ui.vp", { vp: s.vp })}`),
      v.sheriff === s.seat ? el("span", { class: "sheriff" }, ` ${say("ui.sheriff")}`) : null,
      el("span", { class: "muted" }, chose)),
      el("div", { class: "lodge" }, say("ui.lodge", { bucks: l.bucks, gold: l.gold, dudes: count("dudes", l.dudes),
        tents: count("tents", l.tents), horses: count("horses", l.horses) })),
      el("div", { class: "muted" }, say("ui.reserve", { dudes: count("dudes", s.reserve.dudes),
        tents: count("tents", s.reserve.tents), gunmen: s.gunmen,
        graveyard: s.graveyard, hand: s.hand_size, deck: s.deck_size, wagon: `@space.${s.wagon}` })),
      el("div", {}, `${say("ui.rivers")} `, rivers, barrels ? ` · ${say("ui.barrels", { barrels })}` : ""), tableau);
  }));
}
