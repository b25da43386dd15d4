// Above the table: a name for a seat that has none yet (someone who opened an invite link), and links to the
// other seats of this game that this browser holds (a creator who also opened another seat's link keeps both).

import { el, seatBadge } from "./dom.js";
import { t } from "./i18n.js";
import { seatAddress, seatsOf } from "./seats.js";
import { myName, saveName } from "./session.js";

export function namePrompt(join) {
  const input = el("input", { id: "join-name", name: "name", maxlength: 40, required: true, value: myName(),
    autocomplete: "nickname", "aria-label": t("web.your_name") });
  const error = el("span", { class: "error", role: "alert" });
  const form = el("form", { class: "name-prompt", id: "name-prompt" },
    el("label", { for: "join-name" }, t("web.ask_name")), " ", input, " ",
    el("button", { type: "submit", id: "join" }, t("web.join")), " ", error);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const name = input.value.trim();
    if (!name) return;
    error.textContent = "";
    try {
      await join(name);
      saveName(name);
    } catch (e) {
      error.textContent = e.message;
    }
  });
  return form;
}

// Links to the seats of this game held here, when there are several (null otherwise).
export function seatSwitcher(gameId, current, names) {
  const held = seatsOf(gameId).filter((e) => e.seat !== null && e.seat < names.length);
  if (held.length < 2) return null;
  held.sort((a, b) => a.seat - b.seat);
  return el("nav", { class: "seat-switcher", id: "seat-switcher", "aria-label": t("web.your_seats") },
    `${t("web.your_seats")}: `,
    held.map((e) => e.seat === current
      ? el("span", { class: "current", "aria-current": "page", "data-seat": e.seat }, seatBadge(e.seat, names[e.seat]))
      : el("a", { href: seatAddress(gameId, e.seat), "data-seat": e.seat }, seatBadge(e.seat, names[e.seat]))));
}
