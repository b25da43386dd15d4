"""Help at the table: the hint (the server's greedy bot choosing from the asking seat's table only, rate-limited)
and the game's rules summary as a page."""

from __future__ import annotations

from fastapi.testclient import TestClient

import meeple
from meeple.agents import make_agent
from meeple.agents.simple import GreedyAgent
from meeple.server.app import create_app

from .conftest import fast_settings
from .helpers import Viewer, create, humans


def _app(sqlite_url: str, **limits: object) -> TestClient:
    return TestClient(create_app(fast_settings(sqlite_url, **limits)))


def _live_game(client: TestClient, gid: str) -> meeple.Game:
    """The game as the server holds it (the test server runs in this process)."""
    hub = client.app.state.hub  # type: ignore[attr-defined]
    game: meeple.Game = hub.rooms[gid].game
    return game


def test_a_hint_is_what_the_greedy_bot_plays_from_the_seats_own_table(sqlite_url: str) -> None:
    with _app(sqlite_url) as client:
        created = create(client, humans(2))
        gid = created["id"]
        auth = [{"Authorization": f"Bearer {s['token']}"} for s in created["seats"]]
        # keep the room loaded (a watcher) so that the test can read the live game
        with client.websocket_connect(f"/ws/games/{gid}") as ws:
            ws.send_json({"type": "hello"})
            ws.receive_json()
            for step in range(6):
                game = _live_game(client, gid)
                seat = game.deciders()[0]
                r = client.post(f"/api/games/{gid}/hint", headers=auth[seat])
                assert r.status_code == 200, r.text
                body = r.json()
                # the move and why, judged on a position sampled from the seat's own view
                assert set(body) == {"action", "version", "level", "reason"}
                assert body["version"] == game.log_length() and body["level"] == "greedy"
                assert body["action"] in game.legal_actions(seat)
                expected = make_agent("greedy", seed=body["version"]).choose(game.seat_table(seat))
                assert body["action"] == expected
                _, why = GreedyAgent(seed=body["version"]).suggest(game.seat_table(seat))
                assert why is not None and body["reason"] == why.to_dict()
                # the other seat does not decide: no hint for it
                other = 1 - seat
                refused = client.post(f"/api/games/{gid}/hint", headers=auth[other])
                assert refused.status_code == 409 and refused.json()["code"] == "not_your_move", step
                played = client.post(f"/api/games/{gid}/actions", headers=auth[seat],
                                     json={"action": body["action"], "version": body["version"]})
                assert played.status_code == 200, played.text


def test_a_hint_needs_a_seat_token(sqlite_url: str) -> None:
    with _app(sqlite_url) as client:
        gid = create(client, humans(2))["id"]
        assert client.post(f"/api/games/{gid}/hint").status_code == 403
        r = client.post(f"/api/games/{gid}/hint", headers={"Authorization": "Bearer nonsense"})
        assert r.status_code == 403
        missing = client.post("/api/games/nosuchgame/hint", headers={"Authorization": "Bearer x"})
        assert missing.status_code in (403, 404)


def test_hints_are_rate_limited_per_seat(sqlite_url: str) -> None:
    with _app(sqlite_url, hint_rate="2/minute") as client:
        created = create(client, humans(2))
        gid = created["id"]
        seat = client.get(f"/api/games/{gid}").json()["deciders"][0]
        auth = {"Authorization": f"Bearer {created['seats'][seat]['token']}"}
        codes = [client.post(f"/api/games/{gid}/hint", headers=auth).status_code for _ in range(3)]
        assert codes == [200, 200, 429]


def test_the_how_to_play_page_is_linked_from_the_games_face(sqlite_url: str) -> None:
    with _app(sqlite_url) as client:
        for gid in meeple.game_ids():
            face = client.get(f"/api/catalog/{gid}").json()
            assert face["howto"] == f"/howto/{gid}"
            assert face["rules"] is None  # the engine's summary is for developers (docs/games/<game>/RULES.md)
            page = client.get(face["howto"])
            assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
            assert "<h1>" in page.text and "<table>" in page.text
            assert '<html lang="en" dir="ltr">' in page.text
            # every game's page is translated (the languages in detail: tests/server/test_rules_languages.py)
            assert '<html lang="he" dir="rtl">' in client.get(face["howto"], params={"lang": "he"}).text
        assert client.get("/howto/nosuchgame").status_code == 404


def test_a_refusal_over_the_websocket_carries_the_games_message(sqlite_url: str) -> None:
    """The game's reason comes as its message id and parameters too, so that the page shows it in the reader's
    language (the English sentence stays for other clients)."""
    with _app(sqlite_url) as client:
        created = create(client, humans(2))
        gid = created["id"]
        seat = client.get(f"/api/games/{gid}").json()["deciders"][0]
        with client.websocket_connect(f"/ws/games/{gid}") as ws:
            viewer = Viewer(ws, seat)
            viewer.hello(created["seats"][seat]["token"])
            ws.send_json({"type": "act", "action": "refill", "version": 0, "ref": "r1"})
            refused = viewer.next("rejected")
        assert refused["code"] == "illegal" and refused["msg"] == "refuse.refill_after" and refused["params"] == {}
        assert "refill comes after the contribution phase" in refused["message"]
        face = client.get("/api/catalog/bluemooncity", params={"lang": "es"}).json()
        assert face["messages"]["refuse.refill_after"].startswith("el reinicio viene después")


def test_a_hint_does_not_depend_on_what_the_seat_cannot_see() -> None:
    """The hint's bot gets the seat's table only: redealing every card the seat cannot see (other hands, the deck)
    changes no suggestion and no reason given for it."""
    from meeple.engine.table import SeatTable
    game = meeple.new_game("bluemooncity", 3, 11)
    bot = make_agent("greedy", seed=5)
    compared = differed = 0
    while not game.is_over() and game.log_length() < 120:
        seat = game.deciders()[0]
        version = game.log_length()
        hint = GreedyAgent(seed=version).suggest(game.seat_table(seat))
        for stream in (1, 2):
            other = game.sample(seat, stream)  # the same view for the seat, other hidden cards
            assert game.rules.view(other, seat) == game.view(seat)
            differed += other.hands != game.state.hands or other.deck != game.state.deck
            redealt = SeatTable(game.rules, other, seat, game.players)
            assert GreedyAgent(seed=version).suggest(redealt) == hint
            compared += 1
        game.apply(seat, bot.choose(game.seat_table(seat)))
    assert compared > 100 and differed > compared // 2  # the hidden cards were really dealt otherwise
