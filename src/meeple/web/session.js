// What this browser remembers (seat tokens per game, the player's name) and calls to the server's API.

const TOKENS_KEY = "meeple.tokens";
const NAME_KEY = "meeple.name";

export function tokens() {
  try { return JSON.parse(localStorage.getItem(TOKENS_KEY) || "{}"); } catch { return {}; }
}
export function saveToken(gameId, token) {
  const all = tokens();
  all[gameId] = token;
  localStorage.setItem(TOKENS_KEY, JSON.stringify(all));
}
export function myName() { return localStorage.getItem(NAME_KEY) || ""; }
export function saveName(name) { localStorage.setItem(NAME_KEY, name); }

export async function api(method, path, body, token) {
  const headers = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  const r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(data.detail || `${r.status} ${r.statusText}`);
  return data;
}
