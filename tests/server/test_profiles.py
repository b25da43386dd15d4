"""An account's profile: its name, its finished games with its result, its ladder ratings, for everyone; its games
in play for its owner only; nothing else (no token, no seed)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from .test_accounts import _account, _dial_game, _ladder, _with, dials  # noqa: F401  (the dials game's fixture)


def test_a_profile_shows_the_finished_games_and_ratings_to_everyone_and_games_in_play_to_its_owner(
        client: TestClient) -> None:
    ann, bob = _account(client, "Ann"), _account(client, "Bob")
    done = _dial_game(client, ann, [{"kind": "human", "name": "Ann"}, {"kind": "open"}], guest=bob)
    _ladder(client, 2)
    playing = client.post("/api/games", json={"game": "dials", "seats": [{"kind": "human"}, {"kind": "human"}]},
                          headers=_with(ann)).json()
    secrets = [s["token"] for s in playing["seats"]] + [playing["host_token"]]

    public = client.get("/api/profiles/ANN")  # names are found whatever their case
    assert public.status_code == 200, public.text
    seen = public.json()
    assert seen["name"] == "Ann" and seen["own"] is False
    assert [g["id"] for g in seen["games"]] == [done]  # the game in play is her own business
    game = seen["games"][0]
    assert game["place"] == 1 and game["won"] is True and game["seat"] == 0 and game["status"] == "over"
    assert [(r["game"], r["rank"], r["games"]) for r in seen["ratings"]] == [("dials", 1, 1)]
    assert seen["ratings"][0]["provisional"] is True

    mine = client.get("/api/profiles/Ann", headers=_with(ann)).json()
    assert mine["own"] is True and {g["id"] for g in mine["games"]} == {done, playing["id"]}
    in_play = next(g for g in mine["games"] if g["id"] == playing["id"])
    assert in_play["status"] == "active" and in_play["place"] is None and in_play["won"] is None

    others = client.get("/api/profiles/Ann", headers=_with(bob)).json()
    assert others["own"] is False and [g["id"] for g in others["games"]] == [done]
    bobs = client.get("/api/profiles/bob").json()
    assert bobs["games"][0]["place"] == 2 and bobs["games"][0]["won"] is False
    for answer in (public.text, str(mine), str(others), str(bobs)):
        assert not any(secret in answer for secret in secrets)
        assert "token" not in answer and "seed" not in answer and "password" not in answer


def test_a_profile_of_nobody_is_a_clear_404(client: TestClient) -> None:
    r = client.get("/api/profiles/Nobody")
    assert r.status_code == 404 and r.json()["code"] == "no_account"
    assert client.get("/api/profiles/" + "x" * 41).status_code == 422
