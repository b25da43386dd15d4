"""A whole City of Remnants game through the server's WebSockets, seat by seat (COR-4.6, COR-6.5, COR-7.1, COR-18.7,
COR-22.2): no payload to another seat or a spectator shows the order in which a seat put coordinate cards back, even
after that seat's battle reveals its commits in the same round; another seat's step of a secret choice that is not
complete sends nobody else anything; positions are numbered in public moves, never in stored actions."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient

import meeple
from meeple.engine.rng import Stream
from meeple.server import lobby

from .helpers import Viewer, create, humans

SEED = 0  # with this seed and policy, seat 0 puts coordinate cards back at action 307 and fights at action 349


@contextmanager
def _table(client: TestClient, players: int) -> Iterator[list[Viewer]]:
    """A City of Remnants game of `players` people with seed SEED: one connected viewer per seat, then a spectator."""
    body = create(client, humans(players), game="cityofremnants")
    gid, tokens = body["id"], [s["token"] for s in body["seats"]]
    sockets = [client.websocket_connect(f"/ws/games/{gid}") for _ in range(players + 1)]
    try:
        viewers = [Viewer(ws.__enter__(), seat) for seat, ws in enumerate(sockets[:players])]
        viewers.append(Viewer(sockets[players].__enter__(), None))
        for v, token in zip(viewers, [*tokens, None], strict=True):
            v.hello(token)
        yield viewers
    finally:
        for ws in sockets:
            ws.__exit__(None, None, None)


def _quiet(viewer: Viewer) -> None:
    """Nothing is waiting for this viewer: the answer to a ping is the next message it gets."""
    viewer.ws.send_json({"type": "ping"})
    msg = viewer.ws.receive_json()
    while msg["type"] == "presence":  # who is connected (the sockets of this test opening), no part of the game
        assert set(msg) == {"type", "seats", "spectators"}, msg
        msg = viewer.ws.receive_json()
    assert msg["type"] == "pong", f"viewer {viewer.seat} was told of another seat's unfinished secret choice: {msg}"


def test_cor_secret_orders_and_steps_reach_nobody_else(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lobby, "new_seed", lambda: SEED)
    replica = meeple.new_game("cityofremnants", 3, SEED)
    stream = Stream(SEED, 5)
    coords: dict[int, list[str]] = {}  # seat -> its coordinate put-back actions, while the deck order is secret
    battles_after_put_backs = 0  # battles of a seat that had put coordinate cards back before the patrol drew
    hidden_steps = 0
    lookers: dict[int, str] = {}  # seat -> the card with which it looked at the coordinate deck this round
    informers = 0  # battles of a seat that put cards back with an Informer earlier in the round
    with _table(client, 3) as viewers:
        while not replica.is_over():
            deciders = replica.deciders()
            seat = deciders[stream.below(len(deciders))]
            legal = replica.legal_indices(seat)
            idx = legal[stream.below(len(legal))]
            text = replica.action_text(idx)
            kind = replica.rules.secret(replica.state, seat, idx)
            if kind == "coord":  # which card let the seat look at the deck (an Informer, a Scanner Drone...)
                lookers[seat] = replica.rules.eng.cards[replica.state.effect.card].name
            moves = replica.moments()
            viewers[seat].act(text, moves, ref=f"a{replica.log_length()}")
            events = replica.apply(seat, idx)
            if kind == "coord":
                coords.setdefault(seat, []).append(text)
            answer = viewers[seat].next("update", "rejected")
            assert answer["type"] == "update" and answer.get("ack"), answer
            assert answer["version"] == replica.moments()
            if replica.moments() == moves:  # a step of a secret choice that is not complete: nobody else hears
                hidden_steps += 1
                for v in viewers:
                    if v.seat != seat:
                        _quiet(v)
            names = {e.msg for e in events}
            drawn = "patrol.coords" in names  # the patrol draws the deck's top cards for all to see (COR-22.2)
            for v in viewers:
                v.at(replica.moments())
                while v.messages:
                    _scan(v.messages.pop(0), v.seat, replica, {} if drawn else coords)
            if "battle.reveal" in names and any(e.params.get("seat") in coords for e in events
                                                if e.msg == "battle.reveal"):
                battles_after_put_backs += 1
                informers += any(lookers.get(e.params.get("seat")) == "Informer" for e in events
                                 if e.msg == "battle.reveal")
            if drawn:
                coords.clear()
                lookers.clear()
        assert battles_after_put_backs, "the game had no battle after a put-back before the draw: nothing checked"
        assert informers, "no battle followed an Informer's put-back in the same round"
        for v in viewers:
            assert v.at(replica.moments())["status"] == "over"
        assert hidden_steps > 0, "no secret choice took several steps: nothing was checked"


def _scan(msg: dict[str, Any], viewer: int | None, replica: meeple.Game, coords: dict[int, list[str]]) -> None:
    text = json.dumps(msg)
    looked = set(msg.get("view", {}).get("known_coords", []))  # the viewer's own look at the deck (COR-4.6)
    for owner, actions in coords.items():
        if owner != viewer:
            for action in actions:  # "coord <card id>": the card put back on top, whose id nobody else may read
                card = action.split()[-1]
                if card in looked:
                    continue
                assert action not in text and f"coord.{card}" not in text and f'"{card}"' not in text, (
                    f"{action!r} of seat {owner} reached viewer {viewer}")
    if msg["type"] in ("state", "update"):
        assert msg["version"] <= replica.moments()
        assert len(msg["log"]) == len(msg["actors"])


def test_a_secret_step_taken_back_is_unseen_by_others(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """COR-7.1: a seat discards a card at Reset and takes it back; nobody else is sent anything, and when it is
    done the others hear of one choice."""
    monkeypatch.setattr(lobby, "new_seed", lambda: SEED)
    replica = meeple.new_game("cityofremnants", 2, SEED)
    stream = Stream(SEED, 5)
    with _table(client, 2) as viewers:
        while replica.state.phase != "reset" or replica.state.round < 2:
            deciders = replica.deciders()
            seat = deciders[stream.below(len(deciders))]
            legal = replica.legal_actions(seat)
            action = legal[stream.below(len(legal))]
            viewers[seat].act(action, replica.moments(), ref=f"a{replica.log_length()}")
            replica.apply(seat, action)
            for v in viewers:
                v.at(replica.moments())
        for v in viewers:
            _quiet(v)
            v.messages.clear()
        moves = replica.moments()
        card = next(a for a in replica.legal_actions(0) if a.startswith("discard"))
        viewers[0].act(card, moves, ref="d1")
        assert viewers[0].next("update")["version"] == moves
        viewers[0].ws.send_json({"type": "undo", "version": moves})
        assert viewers[0].next("state")["view"]["reset_chosen"] == []
        notice = viewers[0].next("notice")
        assert notice["msg"] == "engine.undo.done" and notice["params"]["action"] == card
        for v in viewers[1:]:
            _quiet(v)
        viewers[0].act("done", moves, ref="d2")
        assert viewers[0].next("update")["version"] == moves + 1
        for v in viewers[1:]:
            update = v.next("update")
            assert update["version"] == moves + 1 and len(update["log"]) == 1
            assert [e["msg"] for e in update["log"][0]] == ["reset.ready"]
