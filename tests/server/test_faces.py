"""What the browser takes from a game, through the server: its renderer from the game's package, its messages,
its client data from the data file, and its options in words. The server and the generic client name no game."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import meeple.server
import meeple.web
from engine.dials import Dials
from meeple.engine import get_rules, registry
from meeple.engine.messages import wire

GAME = "bluemooncity"
RENDER = re.compile(r"^export (function|const) render\b", re.M)  # a renderer module exports `render`


@pytest.fixture()
def dials() -> Iterator[None]:
    registry.register("dials", lambda: Dials())
    yield
    registry.unregister("dials")


def test_the_game_renderer_is_served_from_the_game_package(client: TestClient) -> None:
    face = client.get(f"/api/catalog/{GAME}").json()
    assert face["renderer"] == f"/games/{GAME}/renderer.js"
    r = client.get(face["renderer"])
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/javascript")
    assert RENDER.search(r.text)
    assert client.get(f"/games/{GAME}/renderer.css").headers["content-type"].startswith("text/css")
    for bad in (f"/games/{GAME}/nothing.js", f"/games/{GAME}/..%2Frules%2F__init__.py", f"/games/{GAME}/RULES.md",
                "/games/nogame/renderer.js"):
        assert client.get(bad).status_code == 404, bad


def test_a_game_without_a_renderer_gets_the_generic_one(client: TestClient, dials: None) -> None:
    face = client.get("/api/catalog/dials").json()
    assert face["renderer"] is None and face["simultaneous"] is True
    assert face["messages"]["help.dial"].startswith("Choose a number")
    assert client.get("/games/dials/renderer.js").status_code == 404
    assert client.get("/api/catalog/nogame").status_code == 404


def test_the_catalogue_of_messages_goes_to_the_client(client: TestClient) -> None:
    """Phase help, status lines, the legend and the option labels come from the game's messages."""
    face = client.get(f"/api/catalog/{GAME}").json()
    messages = wire(get_rules(GAME).messages())
    for key in ("phase.movement", "help.movement", "status.movement", "legend", "option.edition"):
        assert face["messages"][key] == messages[key]
    assert face["messages"]["engine.player"] == "Player {number}"


def test_the_catalogue_comes_in_the_language_asked_for(client: TestClient) -> None:
    """`?lang=` (or Accept-Language) chooses the language of the game's words and the faces' chrome; a language
    the server does not speak gets English."""
    face = client.get(f"/api/catalog/{GAME}", params={"lang": "es-AR"}).json()
    assert face["lang"] == "es" and face["messages"]["phase.refill"] == "Reinicio"
    assert face["messages"]["status.movement"]["forms"]["other"] == "movimiento, quedan {steps_left} pasos"
    assert set(face["languages"]) >= {"en", "es", "pt", "he"}
    hebrew = client.get(f"/api/catalog/{GAME}", headers={"accept-language": "he-IL,he;q=0.9,en;q=0.5"}).json()
    assert hebrew["lang"] == "he" and hebrew["messages"]["tile.courtyard"] == "חצר"
    assert client.get(f"/api/catalog/{GAME}", params={"lang": "xx"}).json()["lang"] == "en"
    chrome = client.get("/api/messages", params={"lang": "he"}).json()
    assert chrome["dir"] == "rtl" and chrome["messages"]["web.new_game"] == "משחק חדש"
    assert {"code": "pt", "name": "português", "dir": "ltr"} in chrome["languages"]
    options = {g["id"]: g for g in client.get("/api/catalog", params={"lang": "pt"}).json()["games"]}[GAME]["options"]
    assert next(o for o in options if o["name"] == "edition")["label"] == "Edição"


def test_options_are_shown_in_words_from_the_spec_and_messages(client: TestClient, dials: None) -> None:
    games = {g["id"]: g for g in client.get("/api/catalog").json()["games"]}
    edition = next(o for o in games[GAME]["options"] if o["name"] == "edition")
    assert edition["label"] == "Edition"
    assert dict(zip(edition["choices"], edition["choice_labels"], strict=True)) == {
        "cmon2019": "CMON 2019 edition", "kosmos2006": "Kosmos 2006 edition"}
    rounds = games["dials"]["options"][0]  # no messages for it: the spec's help and the plain values
    assert rounds["label"] == "rounds to play" and rounds["choice_labels"] == ["1", "2"]


def test_a_value_corrected_in_the_game_data_reaches_the_client(client: TestClient,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    rules = get_rules(GAME)
    data = rules.client_data()
    vulca = next(p for p in data["peoples"] if p["id"] == "vulca")
    assert client.get(f"/api/catalog/{GAME}").json()["client_data"] == data
    assert vulca["letter"] == "V"
    corrected: dict[str, Any] = {**data, "peoples": [{**p, "letter": "W"} if p["id"] == "vulca" else p
                                                     for p in data["peoples"]]}
    monkeypatch.setattr(type(rules), "client_data", lambda self: corrected)
    sent = client.get(f"/api/catalog/{GAME}").json()["client_data"]
    assert next(p for p in sent["peoples"] if p["id"] == "vulca")["letter"] == "W"


def _code_without_comments(path: Path) -> str:
    text = path.read_text()
    if path.suffix == ".py":
        text = re.sub(r'"""(.|\n)*?"""', "", text)
        text = re.sub(r"#.*", "", text)
    else:
        text = re.sub(r"/\*(.|\n)*?\*/", "", text)
        text = re.sub(r"(^|\s)//.*", "", text)
    return text


def test_the_server_and_the_generic_client_name_no_game() -> None:
    roots = [Path(meeple.server.__file__).parent, Path(next(iter(meeple.web.__path__)))]
    files = [p for root in roots for p in root.rglob("*") if p.suffix in (".py", ".js", ".html", ".css")]
    assert any(p.name == "game.js" for p in files)
    found = [str(p) for p in files if re.search(r"bluemooncity|blue moon city|\bbmc\b", _code_without_comments(p),
                                                re.IGNORECASE)]
    assert found == []


def test_colomas_renderer_and_client_data_are_served(client: TestClient) -> None:
    face = client.get("/api/catalog/coloma").json()
    assert face["renderer"] == "/games/coloma/renderer.js" and face["simultaneous"] is True
    r = client.get(face["renderer"])
    assert r.status_code == 200 and RENDER.search(r.text)
    assert client.get("/games/coloma/renderer.css").headers["content-type"].startswith("text/css")
    data = face["client_data"]
    assert data["spaces"]["COL"]["neighbours"] == ["H1", "H2", "H3", "H4"] and len(data["lands"]) == 16
    assert face["messages"]["status.select"] == "choose a Site in secret"
