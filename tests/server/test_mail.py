"""'Your move' by e-mail through a local SMTP test server (aiosmtpd): sent in the account's language when the move is
still to make, dropped when it was made, and kept in the queue across a restart while the SMTP server is away."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from email import message_from_bytes
from email.message import Message
from typing import Any

import pytest
from fastapi.testclient import TestClient

from engine.dials import Dials
from meeple.engine import registry
from meeple.server.app import create_app

from .conftest import fast_settings

PASSWORD = "correct horse battery"


@pytest.fixture(autouse=True)
def dials() -> Iterator[None]:
    registry.register("dials", lambda: Dials())
    yield
    registry.unregister("dials")


class Inbox:
    def __init__(self) -> None:
        self.mails: list[Message] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # the name aiosmtpd calls
        self.mails.append(message_from_bytes(envelope.content))
        return "250 OK"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture
def smtp() -> Iterator[tuple[int, Inbox, Any]]:
    from aiosmtpd.controller import Controller

    inbox = Inbox()
    port = _free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    yield port, inbox, controller
    if getattr(controller, "_thread", None) is not None:
        controller.stop()


def _player(client: TestClient, name: str, email: str, lang: str = "en") -> str:
    client.post("/api/accounts", json={"name": name, "password": PASSWORD})
    value = str(client.post("/api/sessions", json={"name": name, "password": PASSWORD}).cookies["meeple_session"])
    client.cookies.clear()
    r = client.put("/api/accounts/me", json={"email": email},
                   headers={"cookie": f"meeple_session={value}", "accept-language": lang})
    assert r.status_code == 200, r.text
    return value


def _two_rounds(client: TestClient, session: str) -> tuple[str, list[str]]:
    """A game of dials in two rounds, Ann's seat of her account; both dial in round 1, Ann first (so that no
    decision of hers opens before round 2's)."""
    created = client.post("/api/games", json={"game": "dials", "options": {"rounds": 2}, "seats": [
        {"kind": "human"}, {"kind": "human"}]}, headers={"cookie": f"meeple_session={session}"}).json()
    tokens = [s["token"] for s in created["seats"]]
    for seat in (0, 1):
        r = client.post(f"/api/games/{created['id']}/actions", json={"action": "dial 2", "version": 0},
                        headers={"Authorization": f"Bearer {tokens[seat]}"})
        assert r.status_code == 200, r.text
    return created["id"], tokens


def _wait(inbox: Inbox, count: int, seconds: float = 15) -> None:
    deadline = time.time() + seconds
    while len(inbox.mails) < count:
        assert time.time() < deadline, f"{len(inbox.mails)} mails of {count}"
        time.sleep(0.05)


def test_your_move_is_mailed_in_the_players_language(sqlite_url: str, smtp: tuple[int, Inbox, Any]) -> None:
    port, inbox, controller = smtp
    controller.start()
    settings = fast_settings(sqlite_url, smtp=f"127.0.0.1:{port}", mail_delay=0.0, public_url="https://meeple.test")
    with TestClient(create_app(settings)) as client:
        assert client.put("/api/accounts/me", json={"email": "a@b.example"}).status_code == 401
        ann = _player(client, "Ann", "ann@example.org", lang="es")
        gid, _tokens = _two_rounds(client, ann)
        _wait(inbox, 1)
        time.sleep(0.6)  # and no second one for the same move
    assert len(inbox.mails) == 1
    sent = inbox.mails[0]
    assert sent["To"] == "ann@example.org" and sent["Subject"] == "Te toca en Dials"
    body = sent.get_payload(decode=True).decode()  # type: ignore[union-attr]
    assert f"https://meeple.test/play/{gid}?seat=0" in body and "Ann, te toca jugar" in body
    assert PASSWORD not in str(sent)


def test_a_move_made_before_its_mail_is_due_sends_none(sqlite_url: str, smtp: tuple[int, Inbox, Any]) -> None:
    port, inbox, controller = smtp
    controller.start()
    with TestClient(create_app(fast_settings(sqlite_url, smtp=f"127.0.0.1:{port}", mail_delay=1.0))) as client:
        ann = _player(client, "Ann", "ann@example.org")
        gid, tokens = _two_rounds(client, ann)
        r = client.post(f"/api/games/{gid}/actions", json={"action": "dial 1", "version": 2},
                        headers={"Authorization": f"Bearer {tokens[0]}"})  # Ann moves at once
        assert r.status_code == 200
        time.sleep(2.0)
    assert inbox.mails == []


def test_the_queue_survives_a_restart_while_the_smtp_server_is_away(sqlite_url: str,
                                                                    smtp: tuple[int, Inbox, Any]) -> None:
    port, inbox, controller = smtp
    settings = fast_settings(sqlite_url, smtp=f"127.0.0.1:{port}", mail_delay=0.0)
    with TestClient(create_app(settings)) as client:  # nothing listens on the SMTP port yet
        ann = _player(client, "Ann", "ann@example.org")
        _two_rounds(client, ann)
        time.sleep(1.0)
    assert inbox.mails == []
    controller.start()
    from sqlalchemy import update

    from meeple.server.db import mail

    with TestClient(create_app(fast_settings(sqlite_url, smtp=f"127.0.0.1:{port}", mail_delay=0.0))) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        with hub.store.store.engine.begin() as conn:  # the retry is due now rather than in a minute
            conn.execute(update(mail).values(due=0.0))
        _wait(inbox, 1)
    assert inbox.mails[0]["To"] == "ann@example.org"


def test_a_text_that_is_no_address_is_refused(client: TestClient) -> None:
    session = _player(client, "Ann", "ann@example.org")
    r = client.put("/api/accounts/me", json={"email": "not an address"},
                   headers={"cookie": f"meeple_session={session}"})
    assert r.status_code == 400 and r.json()["code"] == "bad_email"


def test_a_seat_resigned_to_a_bot_is_mailed_no_more(sqlite_url: str, smtp: tuple[int, Inbox, Any]) -> None:
    from sqlalchemy import select, update

    from meeple.server.db import mail

    port, inbox, controller = smtp
    controller.start()
    # The bot that takes the seat waits (bot_delay), so the seat stays a decider while its mail falls due.
    settings = fast_settings(sqlite_url, smtp=f"127.0.0.1:{port}", mail_delay=1.0, bot_delay=30.0)
    with TestClient(create_app(settings)) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        ann = _player(client, "Ann", "ann@example.org")
        created = client.post("/api/games", json={"game": "dials", "options": {"rounds": 2}, "seats": [
            {"kind": "human"}, {"kind": "human"}, {"kind": "human"}]},
            headers={"cookie": f"meeple_session={ann}"}).json()
        gid, tokens = created["id"], [s["token"] for s in created["seats"]]
        for seat in (0, 1, 2):  # round 1: Ann's decision of round 2 opens, and her mail is queued
            r = client.post(f"/api/games/{gid}/actions", json={"action": "dial 2", "version": 0},
                            headers={"Authorization": f"Bearer {tokens[seat]}"})
            assert r.status_code == 200, r.text

        def states() -> list[str]:
            with hub.store.store.engine.connect() as conn:
                return [row[0] for row in conn.execute(select(mail.c.state).where(mail.c.game_id == gid))]

        deadline = time.time() + 5
        while states() != ["queued"]:
            assert time.time() < deadline, states()
            time.sleep(0.02)
        r = client.post(f"/api/games/{gid}/resign", headers={"Authorization": f"Bearer {tokens[0]}"})
        assert r.status_code == 200 and r.json()["outcome"] == "bot", r.text
        assert states() == ["dropped"]  # the resignation dropped the seat's queued mail
        assert 0 in client.get(f"/api/games/{gid}").json()["deciders"]  # the bot has not moved yet
        # A mail queued as the seat changed hands (by another process, say) is checked when it is sent.
        with hub.store.store.engine.begin() as conn:
            conn.execute(update(mail).where(mail.c.game_id == gid).values(state="queued", due=0.0))
        deadline = time.time() + 5
        while states() != ["dropped"]:
            assert time.time() < deadline, states()
            time.sleep(0.05)
    assert inbox.mails == []
