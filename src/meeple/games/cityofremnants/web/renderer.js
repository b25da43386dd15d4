// City of Remnants in the browser: the city grid (levels, hazards, entry spaces, developments with their product
// tokens, figures by gang, YCU tokens), the auction or battle under way, each gang's numbers, the gang member row,
// the black market, the developments to build and your own hand. Everything comes from the seat's view and its
// legal action texts (the notation of the game's actions.py): a space lights up when an action names it, a card
// when you may play, take, discard or commit it, a die when you may reroll it. Figures and tokens carry a letter
// besides their colour. Every word comes from the game's catalogue in the reader's language (`ctx.text`: the `ui.*`
// messages, the names and texts of cards, developments and gangs, the phases); the numbers from the data file
// (`client_data`). Served from the game's package beside renderer.css.

import { el, svg, clear, gameFrame } from "/static/dom.js";

const COLUMNS = "ABCDEFG";
const SIZE = 7;
const CELL = 84;
const PAD = 24;
const GANG = {
  yellow: { fill: "#e0b100", letter: "Y" }, blue: { fill: "#2f6fd0", letter: "B" },
  green: { fill: "#2e8b3e", letter: "G" }, red: { fill: "#c62828", letter: "R" },
};
const LEVEL = { Slums: { cls: "slums", letter: "S" }, Midtown: { cls: "midtown", letter: "M" },
  Heights: { cls: "heights", letter: "H" } };
const CARD_VERBS = ["play", "take", "discard", "commit"];
const SPACE_VERBS = ["use", "sell", "enter", "place"];

// What the player is doing between two clicks (kept across redraws): a figure picked up, a list of choices.
const ui = { from: null, chooser: null };
let say = (id) => id; // the game's catalogue in the reader's language, set by draw and describe

const frame = gameFrame({ id: "cor-styles", href: new URL("./renderer.css", import.meta.url).href }, draw);
export const render = frame.render;
const redraw = frame.redraw;

function spaceName(i) {
  return `${COLUMNS[i % SIZE]}${Math.floor(i / SIZE) + 1}`;
}

function nameOf(ctx, seat) {
  return ctx.names[seat] || ctx.text("engine.player", { number: seat + 1 });
}

// A seat's colour and letter everywhere on the page (its badge in the header too): its gang's, once it leads one.
export function seatStyle(seat, v) {
  const p = v && v.players ? v.players[seat] : null;
  const gang = p && GANG[p.colour];
  return gang ? { colour: gang.fill, symbol: gang.letter } : null;
}

function gangOf(v, seat) {
  const p = v.players[seat];
  return (p && GANG[p.colour]) || { fill: "#777", letter: String(seat + 1) };
}

function cardName(data, id) {
  return (data.cards || {})[id] ? say(`card.${id}`) : id;
}

function devName(data, id) {
  return (data.developments || {})[id] ? say(`dev.${id}`) : id;
}

function draw(root, ctx, v, data) {
  say = (id, params) => ctx.text(id, params);
  const moves = parse(ctx.legal);
  if (ui.chooser && !ui.chooser.options.every((o) => o.pick || ctx.legal.includes(o.action))) ui.chooser = null;
  if (ui.from && !moves.from[ui.from]) ui.from = null;
  clear(root);
  root.append(el("div", { class: "cor" },
    el("div", { class: "cor-main" }, grid(v, ctx, data, moves), turnLine(v, ctx), battle(v, ctx, data, moves),
      auction(v, ctx, data, moves)),
    el("div", { class: "cor-panel" }, actionsBox(v, ctx, data, moves), hand(v, ctx, data, moves),
      market(v, ctx, data, moves), gangs(v, ctx, data))));
}

// A suggested action in words (for the table's hint), as its button says it.
export function describe(action, ctx) {
  say = (id, params) => ctx.text(id, params);
  const [verb, x, y] = action.split(" ");
  if (verb === "move" && x && y) return say("ui.do.move", { from: x, to: y });
  if (verb === "bid" && x) return say("ui.bid_amount", { amount: Number(x) });
  if (verb === "reroll" && x) return say("ui.do.reroll", { die: Number(x) });
  const words = label(ctx, ctx.face.client_data || {}, action);
  return words === action ? null : words;
}

// -- reading the legal actions -------------------------------------------------------------------------------
function parse(legal) {
  const m = { cards: {}, spaces: {}, from: {}, bids: [], dice: {}, buttons: [] };
  for (const a of legal) {
    const words = a.split(" ");
    const [verb, x] = words;
    if (CARD_VERBS.includes(verb) && x && /-\d/.test(x)) (m.cards[x] ||= []).push(a);
    else if (SPACE_VERBS.includes(verb)) (m.spaces[x] ||= []).push(a);
    else if (verb === "build") (m.spaces[words[2]] ||= []).push(a);
    else if (verb === "move" && words.length === 3) (m.from[x] ||= {})[words[2]] = a;
    else if (verb === "bid") m.bids.push(Number(x));
    else if (verb === "reroll") m.dice[Number(x)] = a;
    else m.buttons.push(a);
  }
  m.bids.sort((a, b) => a - b);
  return m;
}

function label(ctx, data, a) {
  const [verb, x] = a.split(" ");
  if (CARD_VERBS.includes(verb)) return say(`ui.${verb}`, { card: cardName(data, x) });
  if (verb === "build") return say("ui.build", { dev: devName(data, x), spaces: a.split(" ").slice(2).join(" ") });
  if (["use", "sell", "enter", "place"].includes(verb)) return say(`ui.${verb}`, { space: x });
  if (verb === "leader") return say("ui.leader", { gang: ctx.has(`gang.${x}`) ? `@gang.${x}` : x });
  if (verb === "renown") return x === "0" ? say("ui.no_renown") : say("ui.buy_renown", { amount: Number(x) });
  if (verb === "seat") return nameOf(ctx, Number(x));
  if (verb === "fight" && x) return say("ui.fight_token", { token: x });
  if (verb === "remove") return say("ui.remove", { token: x });
  if (verb === "coord") return say("ui.coord", { coord: x });
  if (verb === "pile" && ctx.has(`term.${x}`)) return say("ui.pile", { pile: `@term.${x}` });
  if (ctx.has(`action.${verb}`) && !x) return say(`action.${verb}`);
  if (ctx.has(`ui.word.${verb}`) && !x) return say(`ui.word.${verb}`);
  return a;
}

// -- the city grid ---------------------------------------------------------------------------------------------
function grid(v, ctx, data, moves) {
  const board = (data.boards || {})[v.side] || { levels: [], entries: {} };
  const size = PAD + SIZE * CELL + 4;
  // (the grid reads left to right in every language, as its column letters do: a right-to-left page would anchor
  // each space's label at its right edge, in the next space)
  const pic = svg("svg", { viewBox: `0 0 ${size} ${size}`, class: "cor-grid", id: "grid", role: "group", direction: "ltr",
    "aria-label": say("ui.city", { size: SIZE }) });
  for (let c = 0; c < SIZE; c++) {
    pic.append(svg("text", { x: PAD + c * CELL + CELL / 2, y: 16, "text-anchor": "middle", class: "axis" }, COLUMNS[c]));
    pic.append(svg("text", { x: 10, y: PAD + c * CELL + CELL / 2 + 5, "text-anchor": "middle", class: "axis" }, String(c + 1)));
  }
  const entries = {};
  v.players.forEach((p, seat) => { if (p.entry) (entries[p.entry] ||= []).push(seat); });
  const devAt = {};
  v.developments.forEach((d) => d.spaces.forEach((s) => { devAt[s] = d; }));
  const targets = ui.from ? moves.from[ui.from] || {} : {};
  for (let i = 0; i < SIZE * SIZE; i++) {
    const name = spaceName(i);
    const level = board.levels[i] || "";
    const x = PAD + (i % SIZE) * CELL;
    const y = PAD + Math.floor(i / SIZE) * CELL;
    const own = moves.spaces[name] || [];
    const dest = targets[name];
    const source = !ui.from && moves.from[name];
    const clickable = Boolean(own.length || dest || source || ui.from === name);
    const lv = LEVEL[level];
    const words = [say("ui.space", { space: name, level: `@ui.level.${level || "hazard"}` })];
    const g = svg("g", { class: `cell ${lv ? lv.cls : "hazard"}${clickable ? " target" : ""}${ui.from === name ? " picked" : ""}`,
      "data-space": name, tabindex: clickable ? 0 : null, role: clickable ? "button" : null });
    g.append(svg("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 4, class: "cell-bg" }));
    if (!lv) {
      g.append(svg("text", { x: x + CELL / 2, y: y + CELL / 2 + 4, "text-anchor": "middle", class: "hazard-mark" }, "////"));
    } else {
      g.append(svg("text", { x: x + 5, y: y + 13, class: "level" }, `${name} ${lv.letter}`));
    }
    const d = devAt[name];
    if (d) {
      g.append(svg("rect", { x: x + 5, y: y + 18, width: CELL - 10, height: 20, rx: 3, class: "dev" }));
      g.append(svg("text", { x: x + CELL / 2, y: y + 32, "text-anchor": "middle", class: "dev-code" },
        `${d.id.replace("DEV-", "")}${d.products ? ` ●${d.products}` : ""}`));
      words.push([devName(data, d.id), d.products ? say("ui.products", { n: d.products }) : null,
        d.controller !== null && d.controller !== undefined ? say("ui.controlled", { seat: d.controller }) : null]
        .filter(Boolean).join(", "));
    }
    for (const seat of entries[name] || []) {
      const gang = gangOf(v, seat);
      g.append(svg("text", { x: x + CELL - 5, y: y + 13, "text-anchor": "end", class: "entry", fill: gang.fill }, `+${gang.letter}`));
      words.push(say("ui.entry", { seat }));
    }
    let fx = x + 14;
    (v.figures[name] || []).forEach((n, seat) => {
      if (!n) return;
      const gang = gangOf(v, seat);
      g.append(figure(fx, y + CELL - 18, gang, n));
      words.push(say("ui.figures", { n, seat, letter: gang.letter }));
      fx += 30;
    });
    for (const t of v.ycu[name] || []) {
      const tok = (data.tokens || {})[t] || {};
      g.append(ycu(fx, y + CELL - 18, t));
      words.push(say("ui.ycu_token", { token: t, attack: tok.attack, bribe: tok.bribe }));
      fx += 28;
    }
    if (v.enemy_space === name) words.push(say("ui.battle_here"));
    g.setAttribute("aria-label", words.join("; "));
    g.append(svg("title", {}, words.join("; ")));
    if (clickable) {
      const act = () => clickSpace(ctx, data, moves, name);
      g.addEventListener("click", act);
      g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") act(); });
    }
    pic.append(g);
  }
  return el("div", { class: "cor-grid-box" }, pic);
}

function figure(x, y, gang, n) {
  return svg("g", { class: "figure" },
    svg("circle", { cx: x, cy: y, r: 11, fill: gang.fill, stroke: "#fff", "stroke-width": 2 }),
    svg("text", { x, y: y + 4, "text-anchor": "middle", class: "marker" }, `${gang.letter}${n > 1 ? n : ""}`));
}

function ycu(x, y, id) {
  return svg("g", { class: "ycu" },
    svg("rect", { x: x - 11, y: y - 11, width: 22, height: 22, transform: `rotate(45 ${x} ${y})`, class: "ycu-shape" }),
    svg("text", { x, y: y + 4, "text-anchor": "middle", class: "marker" }, `!${id.replace(/\D/g, "").replace(/^0/, "")}`));
}

function clickSpace(ctx, data, moves, name) {
  if (ui.from) {
    const from = ui.from;
    ui.from = null;
    const dest = (moves.from[from] || {})[name];
    if (dest) { ctx.send(dest); return; }
    if (name === from) { redraw(); return; }
  }
  const own = moves.spaces[name] || [];
  if (moves.from[name] && !own.length) { ui.from = name; ui.chooser = null; redraw(); return; }
  const options = own.map((a) => ({ action: a, label: label(ctx, data, a) }));
  if (moves.from[name]) options.push({ pick: name, label: say("ui.move_from", { space: name }) });
  choose(`${name}:`, options, ctx);
}

// -- panels ----------------------------------------------------------------------------------------------------
function turnLine(v, ctx) {
  const phase = ctx.has(`phase.${v.phase}`) ? ctx.text(`phase.${v.phase}`) : v.phase;
  const parts = [say("ui.round", { round: v.round })];
  if (v.active !== null && v.active !== undefined && v.active >= 0) parts.push(say("ui.whose_turn", { seat: v.active }));
  parts.push(phase);
  if (ui.from) parts.push(say("ui.moving", { space: ui.from }));
  return el("p", { class: "turn-line", id: "turn-line" }, parts.join(" · "));
}

function auction(v, ctx, data, moves) {
  const a = v.auction;
  if (!a) return null;
  const high = a.bidder !== null && a.bidder !== undefined && a.bidder >= 0
    ? say("ui.high_bid", { amount: a.high, seat: a.bidder }) : say("ui.no_bid");
  const line = [say("ui.put_up", { seat: a.declarer }), say("ui.high", { high }),
    say("ui.bids_next", { seat: a.turn, minimum: a.minimum })];
  if (a.out.length) line.push(say("ui.passed", { seats: a.out }));
  const box = el("div", { class: "cor-auction", id: "auction", "aria-label": say("phase.bid") },
    el("h3", {}, say("ui.auction", { card: cardName(data, a.card) })), el("p", {}, line.join(" · ")));
  if (moves.bids.length) {
    const select = el("select", { id: "bid-amount", "aria-label": say("ui.your_bid") },
      ...moves.bids.map((n) => el("option", { value: n }, say("ui.arc", { amount: n }))));
    box.append(el("div", { class: "bid-row" }, select,
      el("button", { type: "button", id: "bid-button", onclick: () => ctx.send(`bid ${select.value}`) }, say("ui.bid")),
      el("button", { type: "button", "data-action": `bid ${moves.bids[0]}`, onclick: () => ctx.send(`bid ${moves.bids[0]}`) },
        say("ui.bid_amount", { amount: moves.bids[0] }))));
  }
  return box;
}

function battle(v, ctx, data, moves) {
  const b = v.battle;
  if (!b) return null;
  const sides = [0, 1].map((side) => {
    const seat = b.seats[side];
    const who = seat !== null && seat >= 0 ? nameOf(ctx, seat) : b.token ? say("ui.token", { token: b.token }) : say("ui.a_token");
    const cards = b.cards[side];
    const shown = cards === null ? say("ui.face_down", { n: b.committed[side] })
      : cards.length ? cards.map((c) => cardName(data, c)).join(", ") : say("ui.no_cards");
    const dice = el("span", { class: "dice" }, ...b.dice[side].map((n, i) => {
      const mine = seat === ctx.seat && moves.dice[i + 1];
      return el(mine ? "button" : "span", { class: `die${mine ? " target" : ""}`, "data-die": i + 1, "data-side": side,
        "data-action": mine || null, title: say("ui.die", { die: i + 1, value: n }), "aria-label": say("ui.die", { die: i + 1, value: n }),
        type: mine ? "button" : null, onclick: mine ? () => ctx.send(mine) : null }, String(n));
    }));
    return el("div", { class: "battle-side", "data-side": side },
      el("strong", {}, `${who}${b.roles[side] ? ` (${say(`term.${b.roles[side]}`)})` : ""}: `), shown, " ", dice,
      b.paid && b.paid[side] ? ` · ${say("ui.hired_muscle")}` : "");
  });
  const name = (side) => {
    const seat = b.seats[side];
    return seat !== null && seat >= 0 ? nameOf(ctx, seat) : b.token ? say("ui.token", { token: b.token }) : say("ui.a_token");
  };
  const where = b.space ? say("ui.battle_on", { space: b.space }) : say("ui.battle");
  const r = b.result || {};
  const result = r.totals ? el("p", { class: "muted" }, say("ui.result", { one: r.totals[0], other: r.totals[1],
    winner: name(r.win), killed: r.killed || 0 })) : null;
  return el("div", { class: "cor-battle", id: "battle", "aria-label": where },
    el("h3", {}, where + (b.bribe ? ` · ${say("ui.bribe", { amount: b.bribe })}` : "")), ...sides, result);
}

function actionsBox(v, ctx, data, moves) {
  const box = el("div", { class: "cor-actions", id: "cor-actions" });
  if (ui.chooser) {
    box.append(el("p", {}, ui.chooser.title), ...ui.chooser.options.map((o) => o.pick
      ? el("button", { type: "button", id: "pick-figure", onclick: () => { ui.chooser = null; ui.from = o.pick; redraw(); } }, o.label)
      : button(o.label, o.action, ctx)),
    el("button", { type: "button", class: "secondary", onclick: () => { ui.chooser = null; redraw(); } }, say("ui.cancel")));
    return box;
  }
  // (what the phase asks for is the table's sentence above the board, the game's `brief.<phase>`)
  const hints = [];
  if (Object.keys(moves.spaces).length) hints.push(say("ui.hint.spaces"));
  if (Object.keys(moves.from).length) hints.push(say("ui.hint.move"));
  if (Object.keys(moves.cards).length) hints.push(say("ui.hint.cards"));
  if (Object.keys(moves.dice).length) hints.push(say("ui.hint.dice"));
  hints.forEach((h) => box.append(el("p", { class: "hint" }, h)));
  const shown = new Set([...(v.hand || []), ...(v.gm_row || []), ...(v.bm_row || [])]);
  for (const [card, list] of Object.entries(moves.cards)) {
    if (!shown.has(card)) list.forEach((a) => box.append(button(label(ctx, data, a), a, ctx)));
  }
  if (ui.from) box.append(el("button", { type: "button", class: "secondary", onclick: () => { ui.from = null; redraw(); } }, say("ui.put_down")));
  for (const a of moves.buttons) box.append(button(label(ctx, data, a), a, ctx));
  if (ctx.seat !== null && ctx.legal.length === 0) box.append(el("p", { class: "muted" }, say(v.over ? "ui.over" : "ui.not_your_move")));
  return box;
}

function button(text, action, ctx) {
  return el("button", { type: "button", "data-action": action,
    onclick: () => { ui.chooser = null; ui.from = null; ctx.send(action); } }, text);
}

function choose(title, options, ctx) {
  if (options.length === 1 && options[0].action) { ctx.send(options[0].action); return; }
  ui.chooser = { title, options };
  redraw();
}

function cardButton(ctx, data, id, moves, v, extra) {
  const c = (data.cards || {})[id] || {};
  const cname = cardName(data, id);
  const text = c.text ? say(`power.${id}`) : "";
  const options = (moves.cards[id] || []).map((a) => ({ action: a, label: label(ctx, data, a) }));
  const colour = v.you !== null && v.you !== undefined && v.players[v.you] ? v.players[v.you].colour : null;
  const gi = (data.gangs || []).findIndex((g) => g.colour === colour);
  const attack = c.attack ? ` · ${say("ui.attack", { attack: gi >= 0 ? c.attack[gi] : c.attack.join("/") })}` : "";
  const kind = c.type && ctx.has(`term.type.${c.type}`) ? say(`term.type.${c.type}`) : c.type || "";
  const timing = c.timing && ctx.has(`term.timing.${c.timing}`) ? `${say(`term.timing.${c.timing}`)}: ` : "";
  const named = `${cname} (${id})`;
  return el("button", { type: "button", class: `cor-card${options.length ? " usable" : ""}`, "data-card": id,
    disabled: !options.length, title: `${named}: ${text}`,
    "aria-label": options.length ? `${named}: ${options.map((o) => o.label).join(" / ")}` : named,
    onclick: () => choose(`${cname}:`, options, ctx) },
  el("span", { class: "card-name" }, cname), el("span", { class: "card-line" }, `${id} · ${kind}${attack}`),
  el("span", { class: "card-line" }, `${timing}${text}`),
  extra ? el("span", { class: "card-line cost" }, extra) : null);
}

function hand(v, ctx, data, moves) {
  if (!v.hand) return null;
  const chosen = new Set(v.reset_chosen || []);
  const box = el("div", { class: "cor-hand", id: "hand" }, ...v.hand.map((id) => cardButton(ctx, data, id, moves, v,
    chosen.has(id) ? say("ui.set_aside") : null)));
  return el("div", { class: "cor-hand-box" }, el("h3", {}, say("ui.hand", { n: v.hand.length })), box);
}

function market(v, ctx, data, moves) {
  const row = v.gm_row.map((id) => cardButton(ctx, data, id, moves, v, null));
  const bm = v.bm_row.map((id) => cardButton(ctx, data, id, moves, v,
    say("ui.arc", { amount: ((data.cards || {})[id] || {}).cost })));
  const devs = v.drafted.map((d) => {
    const dev = (data.developments || {})[d.id] || {};
    const parts = [`${d.id.replace("DEV-", "")} ${devName(data, d.id)}`, say("ui.arc", { amount: d.cost }),
      say("ui.left", { n: d.left })];
    if (dev.renown) parts.push(say("ui.renown", { n: dev.renown }));
    return el("li", { title: dev.text ? say(`power.${d.id}`) : "" }, parts.join(" · "));
  });
  return el("div", { class: "cor-market", id: "market" },
    el("h3", {}, say("ui.gm_row", { n: v.gm_deck })), el("div", { class: "cor-row", id: "gm-row" }, ...row),
    el("h3", {}, say("ui.bm_row", { n: v.bm_deck })), el("div", { class: "cor-row", id: "bm-row" }, ...bm),
    el("h3", {}, say("ui.devs")), el("ul", { class: "cor-devs" }, ...devs),
    el("p", { class: "muted" }, say("ui.supplies", { bag: v.bag.length, renown: v.renown_supply,
      products: v.product_supply })));
}

function gangs(v, ctx, data) {
  return el("div", { class: "cor-gangs", id: "gangs" }, ...v.players.map((p, seat) => {
    const gang = gangOf(v, seat);
    const species = p.gang && ctx.has(`species.${p.gang}`) ? say(`species.${p.gang}`) : p.gang || "";
    return el("div", { class: `cor-gang${seat === v.active ? " active" : ""}`, "data-seat": seat },
      el("div", { class: "gang-head" }, el("span", { class: "gang-badge", style: `background:${gang.fill}` }, gang.letter),
        ` ${nameOf(ctx, seat)} · ${species}${v.first === seat ? ` · ${say("ui.first_player")}` : ""}`),
      el("div", {}, say("ui.numbers", { arc: p.arc, renown: p.score, influence: p.influence, hand: p.hand_size,
        turns: p.turns })),
      el("div", { class: "muted" }, say("ui.gang_figures", { pool: p.pool, reserve: p.reserve, board: p.on_board,
        draw: p.draw_size, discard: p.discard.length }) +
        (p.tableau.length ? ` · ${say("ui.tableau", { cards: p.tableau.map((c) => cardName(data, c)).join(", ") })}` : "")));
  }));
}
