"""Fixtures of the browser tests: a live server in a thread and Debian's Chromium driven by Playwright."""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from meeple.server.app import create_app
from meeple.server.config import Settings, without_client_limits

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--no-first-run", "--disable-sync"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "web"


# The browser matrix: every game in every language at a desktop and a phone size.
LANGUAGES = ("en", "es", "pt", "he")
SIZES = ((1280, 800), (390, 844))
GAMES = ("bluemooncity", "coloma", "cityofremnants")

# What a reader sees that must not be there: the overflow of the page, backticks, raw booleans.
PROBLEMS = """() => {
  const root = document.documentElement;
  const text = document.body.innerText;
  const words = text.match(/\\b(true|false|null|undefined|NaN)\\b/g) || [];
  const ticks = text.split("\\n").filter((line) => line.includes("`"));
  // what sticks out of the page, not counting what scrolls inside a box of its own (a wide map)
  const scrolled = (e) => { for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
    if (["auto", "scroll", "hidden"].includes(getComputedStyle(p).overflowX)) return true; } return false; };
  const wide = [...document.querySelectorAll("body *")].filter((e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && (r.right > root.clientWidth + 1 || r.left < -1) && !scrolled(e);
  }).slice(0, 5).map((e) => `${e.tagName}#${e.id}.${e.getAttribute("class")}`);
  return { overflow: root.scrollWidth - root.clientWidth, words, ticks: ticks.slice(0, 5), wide };
}"""


def table_settings(database: Path) -> Settings:
    """The browser tests' server settings: an SQLite file, no bot delay, no client limits (a test clicks faster
    than people do)."""
    return without_client_limits(Settings(database=f"sqlite:///{database}", bot_workers=0, bot_delay=0,
                                          sweep_interval=0.2))


@contextmanager
def serve(settings: Settings) -> Iterator[str]:
    """`meeple serve` in a thread of this process, on a free loopback port; yields its address."""
    import uvicorn

    server = uvicorn.Server(uvicorn.Config(create_app(settings), host="127.0.0.1", port=0, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.time() + 30
    while not (server.started and server.servers) and time.time() < deadline:
        time.sleep(0.05)
    assert server.started, "the server did not start"
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A live server for the module's tests."""
    with serve(table_settings(tmp_path_factory.mktemp("web") / "meeple.sqlite3")) as address:
        yield address


@pytest.fixture(scope="module")
def stored_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A live server for the module's tests and its database file, which a test reads to replay the truth."""
    path = tmp_path_factory.mktemp("stored") / "meeple.sqlite3"
    with serve(table_settings(path)) as address:
        yield address, path


# In a game page: the status, position and legal moves once the page waits for the player, else null.
READY = """() => { const app = document.getElementById('app');
  const legal = [...document.querySelectorAll('#all-moves button[data-action]')].map((b) => b.dataset.action);
  if (app.dataset.status !== 'over' && (app.dataset.pending !== '' || !legal.length)) return null;
  return { status: app.dataset.status, version: Number(app.dataset.version), legal }; }"""


@dataclass
class Recording:
    """What a page received: its script errors, every WebSocket frame and every JSON answer of the API."""

    errors: list[str] = field(default_factory=list)
    frames: list[dict[str, Any]] = field(default_factory=list)
    answers: list[tuple[str, str]] = field(default_factory=list)


def record(page: Any) -> Recording:
    """Start recording what `page` receives."""
    out = Recording()
    page.on("pageerror", lambda exc: out.errors.append(str(exc)))
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: out.frames.append(json.loads(payload))))

    def keep(response: Any) -> None:
        if "/api/" in response.url and "json" in (response.headers.get("content-type") or ""):
            out.answers.append((response.url, response.text()))

    page.on("response", keep)
    return out


def start_against_bot(page: Any, base: str, game: str, board: str) -> str:
    """Create a 2-player game of `game` in the lobby, seat 1 a Medium bot (greedy), open it and wait for `board`; return
    the game's id."""
    page.goto(base + "/")
    page.fill("#name", "Ann")
    page.select_option("#game", game)
    page.select_option("#players", "2")
    page.select_option("#seat-1", "bot:medium")
    page.click("#create")
    page.wait_for_selector("#play-link")
    page.click("#play-link")
    page.wait_for_selector(board)
    return str(page.url.rsplit("/", 1)[-1])


def apply_update(view: dict[str, Any] | None, msg: dict[str, Any]) -> dict[str, Any]:
    """The page's view after a message, rebuilt the way the client rebuilds it."""
    if msg["type"] == "state" or "view" in msg:
        return dict(msg["view"])
    assert view is not None
    out = {**view, **msg.get("patch", {})}
    for key, entries in msg.get("items", {}).items():
        out[key] = list(out[key])
        for i, entry in entries:
            out[key][i] = entry
    for key in msg.get("drop", []):
        out.pop(key, None)
    return out


def walk(value: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """Every (path, value) inside a JSON-like value, dicts' keys as `.key` and list items as `[i]`."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield f"{path}.{k}", v
            yield from walk(v, f"{path}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from walk(v, f"{path}[{i}]")


@pytest.fixture
def fix_seed(monkeypatch: pytest.MonkeyPatch) -> Callable[[int], None]:
    """Fix the secret seed of the games the server creates next: the deal, and so the bots' seeds, which the
    server derives from it. The server runs in this process, so patching its lobby is enough."""
    from meeple.server import lobby

    def fix(seed: int) -> None:
        monkeypatch.setattr(lobby, "new_seed", lambda: seed)

    return fix


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("playwright is not installed (pip install -e '.[server]')")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield b
        b.close()


@contextmanager
def open_page(browser: Any, width: int = 1280, height: int = 900, **options: Any) -> Iterator[Any]:
    """A page in a context of its own (its own storage, so its own seat tokens); fails on any error in it."""
    context = browser.new_context(viewport={"width": width, "height": height}, **options)
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        yield pg
    finally:
        context.close()
    assert not errors, f"errors in the page: {errors}"


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A laptop-sized page."""
    with open_page(browser) as pg:
        yield pg


def shot(page: Any, name: str) -> Path:
    """Save a screenshot as a test artifact (artifacts/web/NAME.png)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
