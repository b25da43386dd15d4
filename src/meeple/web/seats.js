// The seats this browser holds: every seat token it was given (by creating a game, opening an invite link or
// playing again), kept per game and seat, so that opening another seat's link never loses one; and the host
// tokens of the games it created (to re-invite a seat). Kept in local storage.
//
// meeple.seats: { gameId: [{ token, seat }] } (seat is null until the server has said which seat a token holds)
// meeple.hosts: { gameId: hostToken }

const SEATS_KEY = "meeple.seats";
const HOSTS_KEY = "meeple.hosts";
const OLD_KEY = "meeple.tokens"; // one token per game, as this browser kept them before

function read(key) {
  try { return JSON.parse(localStorage.getItem(key) || "{}") || {}; } catch { return {}; }
}

function all() {
  const held = read(SEATS_KEY);
  const old = read(OLD_KEY);
  for (const [gameId, token] of Object.entries(old)) {
    if (typeof token !== "string") continue;
    const list = held[gameId] || (held[gameId] = []);
    if (!list.some((e) => e.token === token)) list.push({ token, seat: null });
  }
  return held;
}

function store(held) {
  localStorage.setItem(SEATS_KEY, JSON.stringify(held));
  localStorage.removeItem(OLD_KEY);
}

// The seats held in one game: [{ token, seat }], in the order they came.
export function seatsOf(gameId) {
  return (all()[gameId] || []).slice();
}

// Every token held, for the list of "your games" (the newest last).
export function allTokens() {
  return Object.values(all()).flat().map((e) => e.token);
}

// Keep a token (its seat when known); a token for a seat already held replaces the old one (a new invitation).
export function saveSeat(gameId, token, seat = null) {
  const held = all();
  const list = (held[gameId] || []).filter((e) => e.token !== token && (seat === null || e.seat !== seat));
  list.push({ token, seat });
  held[gameId] = list;
  store(held);
}

// The server said which seat a token holds.
export function knownSeat(gameId, token, seat) {
  const held = all();
  const list = held[gameId] || [];
  const entry = list.find((e) => e.token === token);
  if (!entry || entry.seat === seat) return;
  held[gameId] = list.filter((e) => e === entry || e.seat !== seat);
  entry.seat = seat;
  store(held);
}

// A token the server refused (revoked by a new invitation, expired): forget it.
export function dropToken(gameId, token) {
  const held = all();
  held[gameId] = (held[gameId] || []).filter((e) => e.token !== token);
  if (!held[gameId].length) delete held[gameId];
  store(held);
}

// The token to open a game with: the one of `seat` when asked for, else the first held (null: watch).
export function tokenFor(gameId, seat = null) {
  const list = seatsOf(gameId);
  if (seat !== null) {
    const found = list.find((e) => e.seat === seat);
    if (found) return found.token;
  }
  return list.length ? list[0].token : null;
}

export function hostToken(gameId) {
  return read(HOSTS_KEY)[gameId] || null;
}

export function saveHost(gameId, token) {
  const hosts = read(HOSTS_KEY);
  hosts[gameId] = token;
  localStorage.setItem(HOSTS_KEY, JSON.stringify(hosts));
}

// The address of one seat of a game at this browser (to switch between the seats it holds).
export function seatAddress(gameId, seat) {
  return `/play/${gameId}?seat=${seat}`;
}
