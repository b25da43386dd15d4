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
