"""`meeple bench abuse` with tiny counts: every attack runs against its own server, stops by itself, and is
reported side by side with honest play."""

from __future__ import annotations

from click.testing import CliRunner

from meeple.bench.abuse import ATTACKS, abuse


def test_bench_abuse_runs_every_attack_and_reports_the_targets() -> None:
    result = CliRunner().invoke(abuse, ["--seconds", "1", "--scale", "0.02", "--recovery", "1", "--warmup", "1",
                                        "--warmup-max", "1", "--games", "1", "--header-timeout", "1",
                                        "--game", "bluemooncity"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    for name in ("honest play only", *ATTACKS):
        assert any(line.startswith(name) for line in lines), name
    bot_only = next(line for line in lines if line.startswith("bot-only games"))
    assert "0 of 1 accepted, 1 refused (429)" in bot_only  # no human seat: refused by default
    flood = next(line for line in lines if line.startswith("HTTP move flood"))
    assert "x 429" in flood
    storm = next(line for line in lines if line.startswith("handshake storm"))
    assert "20 upgrades from 20 addresses" in storm
    assert any(line.startswith("honest play only, again") for line in lines)
    assert "Targets, in this one run (point figures, no interval" in result.output
    assert " met" not in result.output  # one run's figures are reached or not, never called met
    assert "RSS:" in result.output and "server CPU" in result.output
    assert "the attacking process at nice +10" in result.output


def test_an_attack_that_overruns_its_time_limit_is_killed_and_the_next_one_runs() -> None:
    import asyncio
    import socket

    from meeple.bench.abuse import Attacker

    with socket.socket() as s:  # a port nobody listens on: every request fails at once
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    kwargs = {"port": port, "game": "bluemooncity", "scale": 0.1, "header_timeout": 1.0, "game_id": "x"}

    async def run() -> tuple[str, str, float]:
        attacker = Attacker()
        try:
            start = asyncio.get_running_loop().time()
            # The bot-only attack waits `seconds` after its requests: 30 s, far past its limit of 1 s.
            overran = await attacker.run("bot-only games", {**kwargs, "seconds": 30.0}, 1.0)
            took = asyncio.get_running_loop().time() - start
            after = await attacker.run("bot-only games", {**kwargs, "seconds": 0.0}, 30.0)
            return overran, after, took
        finally:
            attacker.close()

    overran, after, took = asyncio.run(run())
    assert overran == "stopped at its time limit" and took < 15
    assert after == "0 of 1 accepted, 0 refused (429)"  # nobody answered: none accepted, none refused


def test_honest_addresses_are_never_an_attacks() -> None:
    import re
    from pathlib import Path

    from meeple.bench import abuse as module
    from meeple.bench.abuse import BOT_GAME, honest_address

    source = Path(module.__file__).read_text()
    # Every address the attacks use is 127.0.N.x or 127.0.{N + ...}.x (127.0.0.1 is the server's own).
    attack_nets = set(re.findall(r'"127\.0\.(?!0\.1")\{?([0-9]+)', source))
    assert attack_nets and all(int(n) >= 2 for n in attack_nets)
    honest = {honest_address(g, i) for g in range(600) for i in (*range(16), BOT_GAME)}
    assert all(a.startswith("127.1.") for a in honest)
    assert len({honest_address(g, 0) for g in range(250)}) == 250  # a fresh address for each of 250 games in a row
    assert honest_address(7, BOT_GAME) not in {honest_address(7, i) for i in range(16)}


def test_an_honest_client_opens_its_websocket_after_a_handshake_storm_refused_it() -> None:
    """While a storm of upgrades that say nothing holds every place among the WebSockets opening at once
    (`max_handshakes`), a new honest WebSocket is refused 503 `busy`; the honest client tries again after the
    answer's Retry-After, as the browser page does, and opens it once the storm is over (it used to give up: the
    game against the bot then made new games in a loop until its addresses ran out of their allowance)."""
    import asyncio
    import json
    import tempfile
    from pathlib import Path

    from meeple.bench.abuse import HOST, Honest, _http, _server, _ws_honest, honest_address

    async def run(port: int) -> tuple[int, int, str]:
        status, created = await _http(port, honest_address(0, 0), "POST", "/api/games", {
            "game": "bluemooncity", "seats": [{"kind": "human"}, {"kind": "human"}]})
        assert status == 201
        request = (f"GET /ws/games/{created['id']} HTTP/1.1\r\nHost: {HOST}\r\nUpgrade: websocket\r\n"
                   "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                   "Sec-WebSocket-Version: 13\r\n\r\n").encode()
        storm = []
        for i in range(70):  # more than the 64 places; one address each, as in the benchmark's storm
            reader, writer = await asyncio.open_connection(HOST, port, local_addr=(f"127.0.8.{1 + i}", 0))
            writer.write(request)
            storm.append((reader, writer))
        await asyncio.sleep(0.5)
        tally = Honest()
        opening = asyncio.create_task(_ws_honest(port, honest_address(0, 1), created["id"], tally))
        await asyncio.sleep(1.5)
        for _reader, writer in storm:  # the storm ends
            writer.close()
        ws = await asyncio.wait_for(opening, 20)
        async with ws:
            await ws.send(json.dumps({"type": "hello", "token": created["seats"][1]["token"]}))
            first = await asyncio.wait_for(ws.recv(), 10)
        return tally.retried, tally.errors, str(first)

    with tempfile.TemporaryDirectory() as tmp, \
            _server(f"sqlite:///{tmp}/abuse.sqlite3", 10.0, Path(tmp)) as (port, _pid):
        retried, errors, first = asyncio.run(run(port))
    assert retried >= 1 and errors == 0  # refused at first, then opened
    assert '"type":"state"' in first.replace(" ", "")
