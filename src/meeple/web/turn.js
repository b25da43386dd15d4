// Turn awareness: "your move" in the tab's title, an optional chime when the move comes to this seat (off until
// the player turns it on; remembered in this browser), and which log lines are others' moves since this seat's
// own last one (highlighted on the page and handed to the game's renderer as ctx.recent).

import { el } from "./dom.js";
import { t } from "./i18n.js";

const SOUND_KEY = "meeple.sound";
const NOTIFY_KEY = "meeple.notify";
let audio = null;

export function soundOn() {
  return localStorage.getItem(SOUND_KEY) === "1";
}

// The switch of the chime, for the side panel.
export function soundToggle() {
  const box = el("input", { type: "checkbox", id: "sound", checked: soundOn() });
  box.addEventListener("change", () => {
    localStorage.setItem(SOUND_KEY, box.checked ? "1" : "0");
    if (box.checked) chime(); // the browser lets a page play sound after a click; this one also shows how it sounds
  });
  return el("label", { class: "sound-toggle" }, box, ` ${t("web.sound")}`);
}

// The switch of the browser notification "your move", shown while the tab is in the background (off until the
// player turns it on and the browser allows it; remembered in this browser).
export function notifyToggle() {
  const box = el("input", { type: "checkbox", id: "notify",
    checked: localStorage.getItem(NOTIFY_KEY) === "1" && notifyAllowed() });
  box.addEventListener("change", async () => {
    let on = box.checked;
    if (on && typeof Notification !== "undefined" && Notification.permission !== "granted") {
      on = (await Notification.requestPermission()) === "granted";
    }
    box.checked = on && notifyAllowed();
    localStorage.setItem(NOTIFY_KEY, box.checked ? "1" : "0");
  });
  return el("label", { class: "sound-toggle" }, box, ` ${t("web.notify")}`);
}

function notifyAllowed() {
  return typeof Notification !== "undefined" && Notification.permission === "granted";
}

// "Your move" as a notification of the system, only when the player asked for it and the page is not in view.
export function notifyMove(gameTitle) {
  if (localStorage.getItem(NOTIFY_KEY) !== "1" || !notifyAllowed() || !document.hidden) return;
  try {
    const note = new Notification(t("web.tab_your_move"), { body: gameTitle, tag: "meeple-your-move" });
    note.onclick = () => { window.focus(); note.close(); };
  } catch { /* notifications unavailable here */ }
}

// A short soft tone (Web Audio: no sound file to load), only when the player turned the chime on.
export function chime() {
  if (!soundOn()) return;
  try {
    audio = audio || new AudioContext();
    const now = audio.currentTime;
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.setValueAtTime(660, now);
    tone.frequency.setValueAtTime(880, now + 0.12);
    gain.gain.setValueAtTime(0.12, now);
    gain.gain.exponentialRampToValueAtTime(0.001, now + 0.45);
    tone.connect(gain).connect(audio.destination);
    tone.start(now);
    tone.stop(now + 0.45);
  } catch { /* no sound on this device */ }
}

// The tab's title: the game, and "your move" first while this seat has something to decide.
export function tabTitle(gameTitle, yourMove) {
  const title = yourMove ? `${t("web.tab_your_move")} · ${gameTitle} · Meeple` : `${gameTitle} · Meeple`;
  if (document.title !== title) document.title = title;
}

// Tracks whether it is this seat's move, to chime once when it becomes so (not at every redraw).
export class TurnWatch {
  constructor() { this.was = null; }

  update(yourMove, gameTitle = "") {
    if (yourMove && this.was === false) {
      chime();
      notifyMove(gameTitle);
    }
    this.was = yourMove;
  }
}

// The actions since this seat's own last one that others made (for a spectator: the last action), from the log
// lines of the page ({ n, actor }): the numbers of those actions.
export function recentActions(lines, seat) {
  let mine = 0;
  let last = 0;
  for (const line of lines) {
    if (line.actor === seat) mine = Math.max(mine, line.n);
    last = Math.max(last, line.n);
  }
  const recent = new Set();
  for (const line of lines) {
    if (seat === null ? line.n === last : line.n > mine && line.actor !== seat) recent.add(line.n);
  }
  return recent;
}
