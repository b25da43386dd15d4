// The reader's language: chosen from the browser's languages (navigator.languages) or the page's language
// selector (remembered in this browser), the faces' own words from the server in that language (/api/messages),
// and the page laid out right to left for Hebrew. Every text of the lobby and the game screen goes through t().

import { el } from "./dom.js";
import { setLanguage, text } from "./messages.js";

const LANG_KEY = "meeple.lang";
let state = { lang: "en", dir: "ltr", languages: [], messages: {} };

// What to ask the server for: the language chosen here before, else the browser's preferences in order.
export function wanted() {
  const chosen = localStorage.getItem(LANG_KEY);
  if (chosen) return chosen;
  const prefs = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
  return prefs.filter(Boolean).join(",") || "en";
}

export async function loadLanguage() {
  try {
    const r = await fetch(`/api/messages?lang=${encodeURIComponent(wanted())}`);
    if (r.ok) state = await r.json();
  } catch { /* the English fallbacks of t() show */ }
  setLanguage(state.lang);
  document.documentElement.lang = state.lang;
  document.documentElement.dir = state.dir;
  return state;
}

export function lang() { return state.lang; }

// A text of the faces in the reader's language (the English id shows if the server could not be reached).
export function t(id, params = {}) {
  return text(state.messages, id, params);
}

// A bot level in words ("Hard", "greedy"), its notation (`ismcts:3s`) only for a level without a name; the same ids
// as the terminal's (LEVEL_WORDS in meeple/i18n/chrome.py).
const LEVEL_WORDS = { random: "web.level.random", greedy: "web.level.greedy", learned: "web.level.learned",
  "ismcts:0.5s": "web.level.strong", "ismcts:2s": "web.level.strongest", easy: "web.level.easy",
  medium: "web.level.medium", hard: "web.level.hard", expert: "web.level.expert" };

export function levelName(level) {
  return LEVEL_WORDS[level] ? t(LEVEL_WORDS[level]) : String(level ?? "");
}

// A named level with the rating the arena measured for it in a game ("Hard · rating 27.3"), or its name alone when
// the game's levels were not measured (`ratings`: the catalogue's `levels` of that game).
export function ratedLevelName(level, ratings) {
  const row = ratings ? ratings.levels.find((r) => r.level === level) : null;
  return row ? t("web.level.rated", { level: levelName(level), rating: row.rating.toFixed(1) }) : levelName(level);
}

// The language selector of the top bar: choosing reloads the page in the new language.
export function languageSelector() {
  const select = el("select", { id: "language", "aria-label": t("web.language"), title: t("web.language") },
    state.languages.map((l) => el("option", { value: l.code, lang: l.code, dir: l.dir, selected: l.code === state.lang }, l.name)));
  select.addEventListener("change", () => {
    localStorage.setItem(LANG_KEY, select.value);
    location.reload();
  });
  return select;
}
