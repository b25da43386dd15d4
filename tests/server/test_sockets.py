"""The sockets of a real uvicorn server: a header deadline for slow clients, open sockets per address, and the
client's address from a trusted proxy's X-Forwarded-For."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator

import pytest
import uvicorn

from meeple.server.app import create_app
from meeple.server.sockets import uvicorn_options

from .conftest import fast_settings


@pytest.fixture
def serve(sqlite_url: str) -> Iterator[Callable[..., int]]:
    servers: list[uvicorn.Server] = []

    def start(**changes: object) -> int:
        settings = fast_settings(sqlite_url, **changes)
        app = create_app(settings)
        server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning",
                                               **uvicorn_options(settings, app.state.guard)))
        threading.Thread(target=server.run, daemon=True).start()
        deadline = time.time() + 30
        while not (server.started and server.servers) and time.time() < deadline:
            time.sleep(0.02)
        servers.append(server)
        port: int = server.servers[0].sockets[0].getsockname()[1]
        return port

    yield start
    for server in servers:
        server.should_exit = True


def _closed_within(sock: socket.socket, seconds: float) -> bool:
    sock.settimeout(seconds)
    try:
        return sock.recv(1024) == b""
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def test_a_client_sending_its_headers_slowly_is_closed_at_the_header_deadline(serve: Callable[..., int]) -> None:
    port = serve(header_timeout=0.5)
    slow = socket.create_connection(("127.0.0.1", port))
    slow.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")  # and never the blank line
    started = time.monotonic()
    assert _closed_within(slow, 5)
    assert time.monotonic() - started < 2.5
    idle = socket.create_connection(("127.0.0.1", port))  # nothing at all
    assert _closed_within(idle, 5)
    fast = socket.create_connection(("127.0.0.1", port))  # a whole request is answered as usual
    fast.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
    fast.settimeout(5)
    assert fast.recv(1024).startswith(b"HTTP/1.1 200")


def test_open_sockets_per_address_are_capped(serve: Callable[..., int]) -> None:
    port = serve(max_sockets_per_ip=2, header_timeout=30.0)
    held = [socket.create_connection(("127.0.0.1", port)) for _ in range(2)]
    extra = socket.create_connection(("127.0.0.1", port))
    assert _closed_within(extra, 5)
    held[0].close()
    time.sleep(0.2)
    again = socket.create_connection(("127.0.0.1", port))
    again.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
    again.settimeout(5)
    assert again.recv(1024).startswith(b"HTTP/1.1 200")


def test_behind_a_trusted_proxy_the_forwarded_address_is_the_client(serve: Callable[..., int]) -> None:
    port = serve(trusted_proxies=["127.0.0.1"], http_rate="2/minute")

    def get(forwarded: str) -> bytes:
        with socket.create_connection(("127.0.0.1", port)) as s:
            s.sendall(f"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: {forwarded}\r\n"
                      "Connection: close\r\n\r\n".encode())
            s.settimeout(5)
            return s.recv(1024)

    assert [get("203.0.113.7")[:12] for _ in range(3)] == [b"HTTP/1.1 200", b"HTTP/1.1 200", b"HTTP/1.1 429"]
    assert get("203.0.113.8").startswith(b"HTTP/1.1 200")  # another client behind the same proxy


def test_an_address_over_its_request_rate_has_its_new_connections_closed_unread(serve: Callable[..., int]) -> None:
    port = serve(http_rate="2/minute", header_timeout=30.0)

    def get() -> bytes:
        with socket.create_connection(("127.0.0.1", port)) as s:
            s.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            s.settimeout(5)
            try:
                return s.recv(1024)
            except ConnectionResetError:
                return b""

    assert [get()[:12] for _ in range(3)] == [b"HTTP/1.1 200", b"HTTP/1.1 200", b"HTTP/1.1 429"]
    assert get() == b""  # closed as it opened, until its Retry-After


def _upgrade_request(game_id: str, version: int = 13) -> bytes:
    return (f"GET /ws/games/{game_id} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: {version}\r\n\r\n").encode()


def _upgrade(port: int, game_id: str) -> tuple[socket.socket, bytes]:
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(_upgrade_request(game_id))
    s.settimeout(5)
    return s, s.recv(4096)


def _game(port: int) -> str:
    import json
    import urllib.request

    body = json.dumps({"game": "bluemooncity", "seats": [{"kind": "human"}, {"kind": "human"}]}).encode()
    req = urllib.request.Request(f"http://127.0.0.1:{port}/api/games", body, {"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return str(json.loads(r.read())["id"])


@pytest.fixture
def reached(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The games whose WebSocket endpoint a connection reached (it became a WebSocket), in order."""
    from meeple.server import live

    out: list[str] = []
    endpoint = live.serve

    async def counted(scope, receive, send, game_id):  # type: ignore[no-untyped-def]
        out.append(game_id)
        await endpoint(scope, receive, send, game_id)

    monkeypatch.setattr(live, "serve", counted)
    return out


def test_websockets_over_the_opening_cap_are_refused_before_they_become_websockets(
        serve: Callable[..., int], reached: list[str]) -> None:
    import json

    port = serve(max_handshakes=1)
    gid = _game(port)
    first, answer = _upgrade(port, gid)  # upgraded, says nothing: opening until its hello is answered
    assert answer.startswith(b"HTTP/1.1 101")
    second, refused = _upgrade(port, gid)
    head, _, payload = refused.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 503") and b"retry-after: 1" in head.lower()
    assert json.loads(payload)["code"] == "busy"
    assert reached == [gid]  # the refused one never reached the endpoint
    for s in (first, second):
        s.close()


def test_a_crowd_of_upgrades_arriving_at_once_gets_exactly_the_places_of_the_opening_cap(
        serve: Callable[..., int], reached: list[str]) -> None:
    port = serve(max_handshakes=2)
    gid = _game(port)
    request = _upgrade_request(gid)
    crowd = [socket.create_connection(("127.0.0.1", port)) for _ in range(6)]
    for s in crowd:  # all sent before the server reads any: the places are taken before any endpoint starts
        s.sendall(request)
    answers = []
    for s in crowd:
        s.settimeout(5)
        answers.append(s.recv(4096)[:12])
    assert sorted(answers) == [b"HTTP/1.1 101"] * 2 + [b"HTTP/1.1 503"] * 4
    assert reached == [gid, gid]  # the others never became WebSockets, nor were refused dearer by the endpoint
    for s in crowd:
        s.close()


def test_an_upgrade_refused_by_the_websocket_handshake_gives_its_opening_place_back(
        serve: Callable[..., int]) -> None:
    port = serve(max_handshakes=1)
    gid = _game(port)
    with socket.create_connection(("127.0.0.1", port)) as bad:  # a version the handshake refuses after the switch
        bad.sendall(_upgrade_request(gid, version=8))
        bad.settimeout(5)
        assert not bad.recv(4096).startswith(b"HTTP/1.1 101")
    good, answer = _upgrade(port, gid)
    assert answer.startswith(b"HTTP/1.1 101")  # the one place is free again
    good.close()


def test_a_websocket_that_never_says_hello_loses_its_socket_soon_after_its_deadline(
        serve: Callable[..., int]) -> None:
    port = serve(hello_timeout=0.5, close_timeout=0.5)
    gid = _game(port)
    start = time.monotonic()
    sock, answer = _upgrade(port, gid)
    assert answer.startswith(b"HTTP/1.1 101")
    received = b""
    with sock:
        while chunk := sock.recv(4096):  # the close frame (4400), never answered; then the server drops the socket
            received += chunk
    took = time.monotonic() - start
    assert b"say hello first" in received
    assert 0.9 <= took < 3.0  # the hello deadline and the wait for the answer to the close, not uvicorn's 10 s


def test_a_refused_address_gets_no_http_protocol_made_for_its_connections(
        serve: Callable[..., int], monkeypatch: pytest.MonkeyPatch) -> None:
    """Refusing a flood costs the server its accepts and closes only: no HTTP protocol is made for a connection
    from an address over its rate (the making, greeting and farewell of uvicorn's protocol are most of the cost)."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    made: list[int] = []
    init = H11Protocol.__init__

    def counted(self: H11Protocol, *args: object, **kwargs: object) -> None:
        made.append(1)
        init(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(H11Protocol, "__init__", counted)
    port = serve(http_rate="2/minute", header_timeout=30.0)
    for _ in range(3):
        with socket.create_connection(("127.0.0.1", port)) as s:
            s.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            s.settimeout(5)
            while s.recv(4096):
                pass
    before = len(made)
    for _ in range(50):
        with socket.create_connection(("127.0.0.1", port)) as s:
            s.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            assert _closed_within(s, 5)
    assert before == 3 and len(made) == before


def test_an_http_move_over_the_action_rate_does_not_load_the_game(sqlite_url: str,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from fastapi.testclient import TestClient

    from meeple.server.hub import Hub

    loads: list[str] = []
    load = Hub._load

    async def counted(self: Hub, game_id: str) -> object:
        loads.append(game_id)
        return await load(self, game_id)

    monkeypatch.setattr(Hub, "_load", counted)
    with TestClient(create_app(fast_settings(sqlite_url, action_rate="2/minute"))) as client:
        created = client.post("/api/games", json={"game": "bluemooncity", "seats": [{"kind": "human"}] * 2}).json()
        auth = {"Authorization": f"Bearer {created['seats'][0]['token']}"}
        codes = [client.post(f"/api/games/{created['id']}/actions", json={"action": "nonsense", "version": 0},
                             headers=auth).status_code for _ in range(6)]
    assert codes == [400, 400, 429, 429, 429, 429]
    assert len(loads) == 2  # the two actions within the rate; the four over it touched no game
