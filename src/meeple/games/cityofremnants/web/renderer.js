// City of Remnants in the browser: the city grid (levels, hazards, entry spaces, developments with their product
// tokens, figures by gang, YCU tokens), the auction or battle under way, each gang's numbers, the gang member row,
// the black market, the developments to build and your own hand. Everything comes from the seat's view and its
// legal action texts (the notation of the game's actions.py): a space lights up when an action names it, a card
// when you may play, take, discard or commit it, a die when you may reroll it. Figures and tokens carry a letter
// besides their colour. Names and texts of cards come from the data file (`client_data`), the phase's name and the
// prompt from the game's messages. Served from the game's package beside renderer.css.

import { el, svg, clear } from "/static/dom.js";

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
let last = null;

function useStyles() {
  if (document.getElementById("cor-styles")) return;
  document.head.append(el("link", { rel: "stylesheet", id: "cor-styles",
    href: new URL("./renderer.css", import.meta.url).href }));
}

function spaceName(i) {
  return `${COLUMNS[i % SIZE]}${Math.floor(i / SIZE) + 1}`;
}

function nameOf(ctx, seat) {
  return ctx.names[seat] || `Player ${seat + 1}`;
}

function gangOf(v, seat) {
  const p = v.players[seat];
  return (p && GANG[p.colour]) || { fill: "#777", letter: String(seat + 1) };
}

function cardName(data, id) {
  return ((data.cards || {})[id] || { name: id }).name;
}

export function render(root, ctx) {
  useStyles();
  last = { root, ctx };
  const v = ctx.view;
  const data = ctx.face.client_data || {};
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
  if (CARD_VERBS.includes(verb)) return `${verb[0].toUpperCase()}${verb.slice(1)} ${cardName(data, x)}`;
  if (verb === "build") {
    const dev = (data.developments || {})[x] || { name: x };
    return `Build ${dev.name} on ${a.split(" ").slice(2).join(" ")}`;
  }
  if (verb === "use") return `Produce with the development on ${x}`;
  if (verb === "sell") return `Sell a product on ${x}`;
  if (verb === "enter") return `A figure from your pool onto ${x}`;
  if (verb === "place") return `Place a figure on ${x}`;
  if (verb === "leader") {
    const gang = (data.gangs || []).find((g) => g.key === x) || { species: x, colour: "" };
    return `Lead the ${gang.species} (${gang.colour})`;
  }
  if (verb === "renown") return x === "0" ? "No renown" : `Buy ${x} renown`;
  if (verb === "seat") return nameOf(ctx, Number(x));
  if (verb === "fight" && x) return `Fight ${x}`;
  if (verb === "remove") return `Send ${x} back to the bag`;
  if (verb === "coord") return `Put ${x} back next`;
  if (ctx.has(`action.${verb}`) && !x) return ctx.text(`action.${verb}`);
  return a;
}

// -- the city grid ---------------------------------------------------------------------------------------------
function grid(v, ctx, data, moves) {
  const board = (data.boards || {})[v.side] || { levels: [], entries: {} };
  const size = PAD + SIZE * CELL + 4;
  const pic = svg("svg", { viewBox: `0 0 ${size} ${size}`, class: "cor-grid", id: "grid", role: "group",
    "aria-label": "The city: 7 by 7 spaces" });
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
    const words = [`${name}: ${level || "hazard"}`];
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
      const dev = (data.developments || {})[d.id] || { name: d.id };
      g.append(svg("rect", { x: x + 5, y: y + 18, width: CELL - 10, height: 20, rx: 3, class: "dev" }));
      g.append(svg("text", { x: x + CELL / 2, y: y + 32, "text-anchor": "middle", class: "dev-code" },
        `${d.id.replace("DEV-", "")}${d.products ? ` ●${d.products}` : ""}`));
      words.push(`${dev.name}${d.products ? `, ${d.products} product tokens` : ""}` +
        (d.controller !== null && d.controller !== undefined ? `, controlled by ${nameOf(ctx, d.controller)}` : ""));
    }
    for (const seat of entries[name] || []) {
      const gang = gangOf(v, seat);
      g.append(svg("text", { x: x + CELL - 5, y: y + 13, "text-anchor": "end", class: "entry", fill: gang.fill }, `+${gang.letter}`));
      words.push(`entry space of ${nameOf(ctx, seat)}`);
    }
    let fx = x + 14;
    (v.figures[name] || []).forEach((n, seat) => {
      if (!n) return;
      const gang = gangOf(v, seat);
      g.append(figure(fx, y + CELL - 18, gang, n));
      words.push(`${n} figure${n > 1 ? "s" : ""} of ${nameOf(ctx, seat)} (${gang.letter})`);
      fx += 30;
    });
    for (const t of v.ycu[name] || []) {
      const tok = (data.tokens || {})[t] || {};
      g.append(ycu(fx, y + CELL - 18, t));
      words.push(`YCU token ${t} (attack ${tok.attack}, bribe ${tok.bribe})`);
      fx += 28;
    }
    if (v.enemy_space === name) words.push("battle here");
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
  if (moves.from[name]) options.push({ pick: name, label: `Move a figure from ${name}` });
  choose(`${name}:`, options, ctx);
}

// -- panels ----------------------------------------------------------------------------------------------------
function turnLine(v, ctx) {
  const phase = ctx.has(`phase.${v.phase}`) ? ctx.text(`phase.${v.phase}`) : v.phase;
  const who = v.active !== null && v.active !== undefined && v.active >= 0 ? ` · ${nameOf(ctx, v.active)}'s turn` : "";
  return el("p", { class: "turn-line", id: "turn-line" }, `Round ${v.round}${who} · ${phase}` +
    (ui.from ? ` · moving a figure from ${ui.from}: click where it goes` : ""));
}

function auction(v, ctx, data, moves) {
  const a = v.auction;
  if (!a) return null;
  const high = a.bidder !== null && a.bidder !== undefined && a.bidder >= 0 ? `${a.high} ARC by ${nameOf(ctx, a.bidder)}` : "no bid yet";
  const box = el("div", { class: "cor-auction", id: "auction", "aria-label": "Auction" },
    el("h3", {}, `Auction: ${cardName(data, a.card)}`),
    el("p", {}, `Put up by ${nameOf(ctx, a.declarer)} · high bid ${high} · ${nameOf(ctx, a.turn)} bids next (at least ${a.minimum} ARC)` +
      (a.out.length ? ` · passed: ${a.out.map((s) => nameOf(ctx, s)).join(", ")}` : "")));
  if (moves.bids.length) {
    const select = el("select", { id: "bid-amount", "aria-label": "Your bid in ARC" },
      ...moves.bids.map((n) => el("option", { value: n }, `${n} ARC`)));
    box.append(el("div", { class: "bid-row" }, select,
      el("button", { type: "button", id: "bid-button", onclick: () => ctx.send(`bid ${select.value}`) }, "Bid"),
      el("button", { type: "button", "data-action": `bid ${moves.bids[0]}`, onclick: () => ctx.send(`bid ${moves.bids[0]}`) },
        `Bid ${moves.bids[0]}`)));
  }
  return box;
}

function battle(v, ctx, data, moves) {
  const b = v.battle;
  if (!b) return null;
  const sides = [0, 1].map((side) => {
    const seat = b.seats[side];
    const who = seat !== null && seat >= 0 ? nameOf(ctx, seat) : b.token ? `YCU token ${b.token}` : "a YCU token";
    const cards = b.cards[side];
    const shown = cards === null ? `${b.committed[side]} card${b.committed[side] === 1 ? "" : "s"} face down`
      : cards.length ? cards.map((c) => cardName(data, c)).join(", ") : "no cards";
    const dice = el("span", { class: "dice" }, ...b.dice[side].map((n, i) => {
      const mine = seat === ctx.seat && moves.dice[i + 1];
      return el(mine ? "button" : "span", { class: `die${mine ? " target" : ""}`, "data-die": i + 1, "data-side": side,
        "data-action": mine || null, title: `die ${i + 1}: ${n}`, "aria-label": `die ${i + 1} shows ${n}`,
        type: mine ? "button" : null, onclick: mine ? () => ctx.send(mine) : null }, String(n));
    }));
    return el("div", { class: "battle-side", "data-side": side },
      el("strong", {}, `${who}${b.roles[side] ? ` (${b.roles[side]})` : ""}: `), shown, " ", dice,
      b.paid && b.paid[side] ? " · Hired Muscle" : "");
  });
  const where = b.space ? `Battle on ${b.space}` : "Battle";
  const result = b.result && Object.keys(b.result).length ? el("p", { class: "muted" },
    Object.entries(b.result).map(([k, x]) => `${k}: ${x}`).join(" · ")) : null;
  return el("div", { class: "cor-battle", id: "battle", "aria-label": where },
    el("h3", {}, where + (b.bribe ? ` · bribe ${b.bribe} ARC` : "")), ...sides, result);
}

function actionsBox(v, ctx, data, moves) {
  const box = el("div", { class: "cor-actions", id: "cor-actions" });
  if (ui.chooser) {
    box.append(el("p", {}, ui.chooser.title), ...ui.chooser.options.map((o) => o.pick
      ? el("button", { type: "button", id: "pick-figure", onclick: () => { ui.chooser = null; ui.from = o.pick; redraw(); } }, o.label)
      : button(o.label, o.action, ctx)),
    el("button", { type: "button", class: "secondary", onclick: () => { ui.chooser = null; redraw(); } }, "Cancel"));
    return box;
  }
  const status = ctx.has(`help.${v.phase}`) ? ctx.text(`help.${v.phase}`) : "";
  if (ctx.legal.length && status) box.append(el("p", { class: "hint" }, status));
  const hints = [];
  if (Object.keys(moves.spaces).length) hints.push("Click a highlighted space of the city.");
  if (Object.keys(moves.from).length) hints.push("Click a highlighted figure's space, then where it goes.");
  if (Object.keys(moves.cards).length) hints.push("Click a highlighted card.");
  if (Object.keys(moves.dice).length) hints.push("Click a die of yours to reroll it.");
  hints.forEach((h) => box.append(el("p", { class: "hint" }, h)));
  const shown = new Set([...(v.hand || []), ...(v.gm_row || []), ...(v.bm_row || [])]);
  for (const [card, list] of Object.entries(moves.cards)) {
    if (!shown.has(card)) list.forEach((a) => box.append(button(label(ctx, data, a), a, ctx)));
  }
  if (ui.from) box.append(el("button", { type: "button", class: "secondary", onclick: () => { ui.from = null; redraw(); } }, "Put the figure down"));
  for (const a of moves.buttons) box.append(button(label(ctx, data, a), a, ctx));
  if (ctx.seat !== null && ctx.legal.length === 0) box.append(el("p", { class: "muted" }, v.over ? "The game is over." : "Not your move."));
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
  const c = (data.cards || {})[id] || { name: id };
  const options = (moves.cards[id] || []).map((a) => ({ action: a, label: label(ctx, data, a) }));
  const colour = v.you !== null && v.you !== undefined && v.players[v.you] ? v.players[v.you].colour : null;
  const gi = (data.gangs || []).findIndex((g) => g.colour === colour);
  const attack = c.attack ? ` · attack ${gi >= 0 ? c.attack[gi] : c.attack.join("/")}` : "";
  return el("button", { type: "button", class: `cor-card${options.length ? " usable" : ""}`, "data-card": id,
    disabled: !options.length, title: `${c.name} (${id}): ${c.text || ""}`,
    "aria-label": `${c.name} (${id})${options.length ? `: ${options.map((o) => o.label).join(" or ")}` : ""}`,
    onclick: () => choose(`${c.name}:`, options, ctx) },
  el("span", { class: "card-name" }, c.name), el("span", { class: "card-line" }, `${id} · ${c.type}${attack}`),
  el("span", { class: "card-line" }, `${c.timing && c.timing !== "-" ? `${c.timing}: ` : ""}${c.text || ""}`),
  extra ? el("span", { class: "card-line cost" }, extra) : null);
}

function hand(v, ctx, data, moves) {
  if (!v.hand) return null;
  const chosen = new Set(v.reset_chosen || []);
  const box = el("div", { class: "cor-hand", id: "hand" }, ...v.hand.map((id) => cardButton(ctx, data, id, moves, v,
    chosen.has(id) ? "set aside to discard" : null)));
  return el("div", { class: "cor-hand-box" }, el("h3", {}, `Your hand (${v.hand.length})`), box);
}

function market(v, ctx, data, moves) {
  const row = v.gm_row.map((id) => cardButton(ctx, data, id, moves, v, null));
  const bm = v.bm_row.map((id) => cardButton(ctx, data, id, moves, v, `${((data.cards || {})[id] || {}).cost} ARC`));
  const devs = v.drafted.map((d) => {
    const dev = (data.developments || {})[d.id] || { name: d.id };
    return el("li", { title: dev.text || "" }, `${d.id.replace("DEV-", "")} ${dev.name} · ${d.cost} ARC · ${d.left} left` +
      (dev.renown ? ` · ${dev.renown} renown` : ""));
  });
  return el("div", { class: "cor-market", id: "market" },
    el("h3", {}, `Gang member row (${v.gm_deck} in the deck)`), el("div", { class: "cor-row", id: "gm-row" }, ...row),
    el("h3", {}, `Black market (${v.bm_deck} in the deck)`), el("div", { class: "cor-row", id: "bm-row" }, ...bm),
    el("h3", {}, "Developments to build"), el("ul", { class: "cor-devs" }, ...devs),
    el("p", { class: "muted" }, `YCU bag: ${v.bag.length} tokens · renown supply ${v.renown_supply} · product tokens ${v.product_supply}`));
}

function gangs(v, ctx, data) {
  return el("div", { class: "cor-gangs", id: "gangs" }, ...v.players.map((p, seat) => {
    const gang = gangOf(v, seat);
    const species = ((data.gangs || []).find((g) => g.key === p.gang) || { species: p.gang || "" }).species;
    return el("div", { class: `cor-gang${seat === v.active ? " active" : ""}`, "data-seat": seat },
      el("div", { class: "gang-head" }, el("span", { class: "gang-badge", style: `background:${gang.fill}` }, gang.letter),
        ` ${nameOf(ctx, seat)} · ${species}${v.first === seat ? " · first player" : ""}`),
      el("div", {}, `ARC ${p.arc} · renown ${p.score} · influence ${p.influence} · hand ${p.hand_size} · turns ${p.turns}/4`),
      el("div", { class: "muted" }, `figures: pool ${p.pool}, reserve ${p.reserve}, board ${p.on_board} · draw ${p.draw_size}, discard ${p.discard.length}` +
        (p.tableau.length ? ` · tableau: ${p.tableau.map((c) => cardName(data, c)).join(", ")}` : "")));
  }));
}

function redraw() {
  if (last) render(last.root, last.ctx);
}
