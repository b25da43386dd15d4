"""Each game's how-to-play page for players (`/howto/<game>`, `HOWTO.<lang>.md` of its package) in the four
languages: linked from the lobby's catalogue and the table's face, written for players (no rule ids, no engine
calls, no notation in backticks), with the game's own words for what the screens show."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from meeple import i18n
from meeple.engine import get_rules

GAMES = ("bluemooncity", "coloma", "cityofremnants")
LANGUAGES = ("en", "es", "pt", "he")
# a word of each game's screens its page must use in each language: the catalogue's own name for it
TERMS = {"bluemooncity": "board.phase.refill", "coloma": "phase.select", "cityofremnants": "action.recruit"}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_for_players_in_each_language(client: TestClient, game: str, lang: str) -> None:
    r = client.get(f"/howto/{game}", params={"lang": lang})
    assert r.status_code == 200
    page = r.text
    assert f'<html lang="{lang}" dir="{i18n.direction(lang)}">' in page
    assert "<h1>" in page and page.count("<h2>") >= 3 and "<table>" in page
    assert not re.search(r"\b(BMC|COL|COR)-\d", page)  # no rule ids
    assert "meeple." not in page and "`" not in page and "[design]" not in page
    assert "<code>" not in page  # words, not the notation a terminal player types
    pictures = re.findall(r'<img src="([^"]+)" alt="([^"]+)"', page)  # a picture of the table, described in words
    assert pictures, game
    for src, _ in pictures:
        got = client.get(src)
        assert got.status_code == 200 and got.headers["content-type"].startswith("image/svg+xml"), src


def test_the_lobby_and_the_table_link_the_page(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/catalog").json()["games"]}
    for game in GAMES:
        assert games[game]["howto"] == f"/howto/{game}"
        assert client.get(f"/api/catalog/{game}").json()["howto"] == f"/howto/{game}"
    assert client.get("/howto/nosuchgame").status_code == 404


@pytest.mark.parametrize("game", GAMES)
def test_the_page_says_the_screens_words(client: TestClient, game: str) -> None:
    rules = get_rules(game)
    for lang in ("es", "pt"):
        word = i18n.catalogue(rules, lang).text(TERMS[game]).split(":")[0].strip().lower()
        text = client.get(f"/howto/{game}", params={"lang": lang}).text.lower()
        assert word in text, (game, lang, word)
