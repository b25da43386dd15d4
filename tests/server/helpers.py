"""Helpers of the server tests: create games over HTTP and drive WebSocket clients of the test client."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

GAME = "bluemooncity"


def create(client: TestClient, seats: list[dict[str, Any]], game: str = GAME, **extra: Any) -> dict[str, Any]:
    """Create a game and return the creation answer (ids, tokens, invite links)."""
    r = client.post("/api/games", json={"game": game, "seats": seats, **extra})
    assert r.status_code == 201, r.text
    body: dict[str, Any] = r.json()
    return body


def humans(n: int) -> list[dict[str, Any]]:
    return [{"kind": "human", "name": f"P{i + 1}"} for i in range(n)]


class Viewer:
    """One WebSocket client: keeps every message it received, reads until a position is reached."""

    def __init__(self, ws: Any, seat: int | None) -> None:
        self.ws = ws
        self.seat = seat
        self.messages: list[dict[str, Any]] = []
        self.last: dict[str, Any] | None = None

    def hello(self, token: str | None, since: int | None = None) -> dict[str, Any]:
        msg: dict[str, Any] = {"type": "hello"}
        if token is not None:
            msg["token"] = token
        if since is not None:
            msg["since"] = since
        self.ws.send_json(msg)
        return self.next("state")

    def next(self, *types: str) -> dict[str, Any]:
        """The next message of one of `types` (any type when none is given); patched views are made whole."""
        while True:
            msg: dict[str, Any] = self.ws.receive_json()
            if "patch" in msg:
                assert self.last is not None and msg["since"] == self.last["version"], "a patch for another position"
                view = {k: v for k, v in self.last["view"].items() if k not in msg.get("drop", [])}
                view.update(msg["patch"])
                for key, entries in msg.get("items", {}).items():
                    view[key] = list(view[key])
                    for i, entry in entries:
                        view[key][i] = entry
                msg["view"] = view
            self.messages.append(msg)
            if msg["type"] in ("state", "update"):
                self.last = msg
            if not types or msg["type"] in types:
                return msg

    def at(self, version: int) -> dict[str, Any]:
        """Read until the position `version` (or the end of the game) has arrived."""
        while self.last is None or (self.last["version"] < version and self.last["status"] == "active"):
            self.next("state", "update")
        return self.last

    def act(self, action: str, version: int, ref: str | None = None) -> None:
        msg: dict[str, Any] = {"type": "act", "action": action, "version": version}
        if ref is not None:
            msg["ref"] = ref
        self.ws.send_json(msg)
