// An account's profile (/profile/{name}): its name, its games with its result in each (its games in play too, for
// its owner, with a link to open the seat), and its rating on the ladder of each game it played rated games of.

import { el, clear } from "./dom.js";
import { lang, t } from "./i18n.js";
import { api } from "./session.js";

export async function renderProfile(root, name) {
  clear(root);
  document.getElementById("topinfo").textContent = "";
  const back = el("p", {}, el("a", { href: "/", id: "profile-back" }, t("web.profile.back")));
  let profile;
  try {
    profile = await api("GET", `/api/profiles/${encodeURIComponent(name)}`);
  } catch (e) {
    root.append(back, el("p", { class: "error", id: "profile-error" },
      e.code === "no_account" ? t("web.profile.unknown") : e.message));
    return;
  }
  document.title = `${t("web.profile.title", { name: profile.name })} · Meeple`;
  const since = new Date(profile.since * 1000).toLocaleDateString(lang());
  root.append(back, el("section", { class: "card profile", id: "profile" },
    el("h2", { id: "profile-name" }, t("web.profile.title", { name: profile.name })),
    el("p", { class: "muted" }, t("web.profile.since", { date: since })),
    el("h3", {}, t("web.profile.ratings")), ratingsTable(profile.ratings),
    el("h3", {}, t("web.profile.games")), gamesList(profile)));
}

function ratingsTable(ratings) {
  if (!ratings.length) return el("p", { class: "muted", id: "profile-ratings" }, t("web.profile.no_ratings"));
  const table = el("table", { class: "ladder", id: "profile-ratings" },
    el("tr", {}, el("th", {}, t("web.game")), el("th", {}, t("web.profile.rank")), el("th", {}, t("web.ladder.rating")),
      el("th", {}, t("web.ladder.games"))));
  for (const r of ratings) {
    table.append(el("tr", { "data-game": r.game }, el("td", {}, r.title), el("td", {}, String(r.rank)),
      el("td", {}, r.rating.toFixed(1),
        r.provisional ? el("span", { class: "muted", title: t("web.ladder.provisional") }, " ?") : null),
      el("td", {}, String(r.games))));
  }
  return table;
}

function outcome(g) {
  if (g.status === "active" || g.status === "open") return t("web.profile.in_play");
  const parts = [];
  if (g.draw) parts.push(t("web.profile.draw"));
  else if (g.won) parts.push(t("web.profile.won"));
  if (g.place) parts.push(t("web.profile.place", { place: g.place, players: g.players }));
  if (g.resigned) parts.push(t("web.profile.resigned"));
  return parts.join(" · ");
}

function gamesList(profile) {
  if (!profile.games.length) return el("p", { class: "muted", id: "profile-games" }, t("web.profile.no_games"));
  const list = el("ul", { class: "game-list", id: "profile-games" });
  for (const g of profile.games) {
    const inPlay = g.status === "active" || g.status === "open";
    // The owner opens a game in play at their seat; everyone may watch the replay of a finished one.
    const href = inPlay && !g.resigned ? `/play/${g.id}?seat=${g.seat}` : `/play/${g.id}?watch`;
    list.append(el("li", { "data-game": g.id, "data-status": g.status },
      el("a", { href }, g.title), " — ", outcome(g), " · ",
      el("span", { class: "muted" }, new Date(g.updated_at * 1000).toLocaleDateString(lang()))));
  }
  return list;
}
