// What this browser remembers of the player (their name; the seats it holds are in seats.js) and calls to the
// server's API.

const NAME_KEY = "meeple.name";

export function myName() { return localStorage.getItem(NAME_KEY) || ""; }
export function saveName(name) { localStorage.setItem(NAME_KEY, name); }

export async function api(method, path, body, token) {
  const headers = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  const r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await r.json().catch(() => ({}));
  if (!r.ok) {
    const error = new Error(data.detail || `${r.status} ${r.statusText}`);
    error.code = data.code;
    throw error;
  }
  return data;
}
