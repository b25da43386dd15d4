"""The HTTP lobby: catalogue, creating games with human and bot seats, invites, joining, listing, health."""

from __future__ import annotations

import sqlite3

import pytest
from fastapi.testclient import TestClient

from meeple.server.tokens import token_hash

from .helpers import GAME, create, humans


def test_health_answers_200_when_the_database_is_reachable(client: TestClient) -> None:
    r = client.get("/healthz")
    assert r.status_code == 200
    assert r.json() == {"ok": True, "database": "sqlite"}


def test_health_answers_503_when_the_database_is_not(client: TestClient) -> None:
    store = client.app.state.hub.store.store  # type: ignore[attr-defined]

    def broken() -> None:
        raise OSError("database gone")

    store.ping = broken
    assert client.get("/healthz").status_code == 503


def test_catalog_lists_the_games_options_and_bot_levels(client: TestClient) -> None:
    body = client.get("/api/catalog").json()
    bmc = next(g for g in body["games"] if g["id"] == GAME)
    assert (bmc["min_players"], bmc["max_players"]) == (2, 4)
    edition = next(o for o in bmc["options"] if o["name"] == "edition")
    assert "kosmos2006" in edition["choices"]
    assert body["bot_levels"] == ["easy", "medium", "hard", "expert", "learned"]
    assert bmc["bot_levels"] == body["bot_levels"]  # Blue Moon City ships its network
    assert "greedy" in body["bot_help"] and "ismcts:<iterations>" in body["bot_help"]


MEASURED = {"game": "bluemooncity", "players": 2, "measured": "2026-11-29 02:30 UTC", "commit": "abc1234",
            "command": "meeple arena levels --game bluemooncity --games 4 --seed 0", "games_per_pair": 4, "games": 12,
            "levels": {name: {"setting": "greedy", "rating": rating, "mu": rating + 6, "sigma": 2.0, "games": games}
                       for name, rating, games in (("easy", 10.5, 4), ("medium", 15.25, 8), ("hard", 20.0, 8),
                                                   ("expert", 27.3, 4))},
            "pairs": [{"upper": u, "lower": lo, "games": 4, "wins": 3.0, "shared": 0, "win_rate": 0.75, "low": 0.3,
                       "high": 0.95} for lo, u in (("easy", "medium"), ("medium", "hard"), ("hard", "expert"))]}


def test_the_catalog_gives_each_games_measured_level_ratings(client: TestClient,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """The ratings file of a game (`meeple arena levels`) reaches the lobby: each level's rating and games, and the
    steps between levels with their intervals; a game never measured has none."""
    from meeple.server import lobby

    monkeypatch.setattr(lobby, "level_ratings", lambda game: MEASURED if game == GAME else None)
    games = {g["id"]: g for g in client.get("/api/catalog").json()["games"]}
    levels = games[GAME]["levels"]
    assert [(r["level"], r["rating"], r["games"]) for r in levels["levels"]] == [
        ("easy", 10.5, 4), ("medium", 15.25, 8), ("hard", 20.0, 8), ("expert", 27.3, 4)]
    assert levels["games"] == 12 and levels["players"] == 2 and levels["measured"] == MEASURED["measured"]
    assert [(s["lower"], s["upper"], s["win_rate"]) for s in levels["steps"]] == [
        ("easy", "medium", 0.75), ("medium", "hard", 0.75), ("hard", "expert", 0.75)]
    assert all(g["levels"] is None for gid, g in games.items() if gid != GAME)


def test_the_catalog_shows_the_ratings_the_package_ships(client: TestClient) -> None:
    from meeple.agents.ratings import level_ratings

    for game in client.get("/api/catalog").json()["games"]:
        shipped = level_ratings(game["id"])
        if shipped is None:
            assert game["levels"] is None
            continue
        ratings = {r["level"]: r["rating"] for r in game["levels"]["levels"]}
        assert ratings == {name: row["rating"] for name, row in shipped["levels"].items()}


def test_a_named_level_plays_a_seat(client: TestClient) -> None:
    body = create(client, [*humans(1), {"kind": "bot", "level": "Hard"}], options={"edition": "kosmos2006"})
    assert [s["kind"] for s in body["seats"]] == ["human", "bot"]
    seats = client.get(f"/api/games/{body['id']}").json()["seats"]
    assert seats[1]["level"] == "hard"


def test_create_gives_one_invite_per_human_seat(client: TestClient) -> None:
    body = create(client, [*humans(2), {"kind": "bot", "level": "random"}], options={"edition": "kosmos2006"})
    seats = body["seats"]
    assert [s["kind"] for s in seats] == ["human", "human", "bot"]
    for s in seats[:2]:
        assert s["token"] and s["invite"].endswith(f"/play/{body['id']}#token={s['token']}")
    assert seats[2]["token"] is None and seats[2]["invite"] is None
    summary = client.get(f"/api/games/{body['id']}").json()
    assert summary["options"]["edition"] == "kosmos2006"
    assert summary["players"] == 3 and summary["status"] == "active"


def test_tokens_are_stored_hashed_only(client: TestClient, sqlite_url: str) -> None:
    body = create(client, humans(2))
    path = sqlite_url[len("sqlite:///"):]
    with sqlite3.connect(path) as db:
        stored = {row[0] for row in db.execute("SELECT token_hash FROM seats")}
        dump = "\n".join(db.iterdump())
    for s in body["seats"]:
        assert token_hash(s["token"]) in stored
        assert s["token"] not in dump


def test_bad_requests_get_clear_4xx(client: TestClient) -> None:
    r = client.post("/api/games", json={"game": "chess", "seats": humans(2)})
    assert r.status_code == 404 and "registered games" in r.json()["detail"]
    r = client.post("/api/games", json={"game": GAME, "seats": humans(5)})
    assert r.status_code == 400 and "2 to 4 players" in r.json()["detail"]
    r = client.post("/api/games", json={"game": GAME, "seats": humans(2), "options": {"edition": "1999"}})
    assert r.status_code == 400 and "valid values" in r.json()["detail"]
    r = client.post("/api/games", json={"game": GAME, "seats": [{"kind": "bot", "level": "genius"}, *humans(1)]})
    assert r.status_code == 400 and "valid levels" in r.json()["detail"]
    r = client.post("/api/games", json={"game": GAME, "seats": [{"kind": "alien"}]})
    assert r.status_code == 422
    r = client.post("/api/games", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 422
    assert client.get("/api/games/nope").status_code == 404


def test_oversized_bodies_are_refused(client: TestClient) -> None:
    r = client.post("/api/games", content=b"x" * 100_000, headers={"content-type": "application/json"})
    assert r.status_code == 413


def test_join_names_the_seat_and_needs_its_token(client: TestClient) -> None:
    body = create(client, humans(2))
    gid, token = body["id"], body["seats"][1]["token"]
    r = client.post(f"/api/games/{gid}/join", json={"name": "Bea"}, headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 200 and r.json() == {"game_id": gid, "seat": 1, "name": "Bea"}
    assert client.get(f"/api/games/{gid}").json()["seats"][1]["name"] == "Bea"
    assert client.post(f"/api/games/{gid}/join", json={"name": "X"}).status_code == 403
    wrong = {"Authorization": "Bearer not-a-token"}
    assert client.post(f"/api/games/{gid}/join", json={"name": "X"}, headers=wrong).status_code == 403


def test_a_token_of_another_game_is_refused(client: TestClient) -> None:
    a, b = create(client, humans(2)), create(client, humans(2))
    headers = {"Authorization": f"Bearer {a['seats'][0]['token']}"}
    assert client.get(f"/api/games/{b['id']}/state", headers=headers).status_code == 403


def test_list_recent_games_and_your_games(client: TestClient) -> None:
    first, second = create(client, humans(2)), create(client, humans(2))
    recent = [g["id"] for g in client.get("/api/games").json()]
    assert recent[:2] == [second["id"], first["id"]]
    mine = client.post("/api/my-games", json={"tokens": [first["seats"][1]["token"], "junk"]}).json()
    assert [(g["id"], g["your_seat"]) for g in mine] == [(first["id"], 1)]
    assert "token" not in str(client.get("/api/games").json())


def test_http_play_for_turn_based_games(client: TestClient) -> None:
    body = create(client, humans(2))
    gid = body["id"]
    tokens = [s["token"] for s in body["seats"]]
    state = client.get(f"/api/games/{gid}/state", headers={"Authorization": f"Bearer {tokens[0]}"}).json()
    seat = state["deciders"][0]
    headers = {"Authorization": f"Bearer {tokens[seat]}"}
    legal = client.get(f"/api/games/{gid}/state", headers=headers).json()["legal"]
    r = client.post(f"/api/games/{gid}/actions", json={"action": legal[0], "version": 0}, headers=headers)
    assert r.status_code == 200 and r.json() == {"version": 1}
    r = client.post(f"/api/games/{gid}/actions", json={"action": legal[0], "version": 0}, headers=headers)
    assert r.status_code == 409 and r.json()["code"] == "stale"
    other = {"Authorization": f"Bearer {tokens[1 - seat]}"}
    r = client.post(f"/api/games/{gid}/actions", json={"action": "end", "version": 1}, headers=other)
    assert r.status_code == 400 and r.json()["code"] == "not_your_turn"
    r = client.post(f"/api/games/{gid}/actions", json={"action": "end", "version": 1})
    assert r.status_code == 403
    spectator = client.get(f"/api/games/{gid}/state").json()
    assert spectator["seat"] is None and spectator["legal"] == [] and "hand" not in spectator["view"]


def test_the_learned_level_is_offered_and_accepted_only_where_the_game_ships_its_network(client: TestClient) -> None:
    from meeple.agents.learned import has_network

    games = {g["id"]: g for g in client.get("/api/catalog").json()["games"]}
    assert has_network(GAME) and "learned" in games[GAME]["bot_levels"]
    create(client, [*humans(1), {"kind": "bot", "level": "learned"}])
    without = [gid for gid in games if not has_network(gid)]
    for gid in without:
        assert "learned" not in games[gid]["bot_levels"] and "medium" in games[gid]["bot_levels"]
        r = client.post("/api/games", json={"game": gid, "seats": [*humans(1), {"kind": "bot", "level": "learned"}]})
        assert r.status_code == 400 and "no learned bot" in r.json()["detail"], r.text
