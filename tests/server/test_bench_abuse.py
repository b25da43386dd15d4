"""`meeple bench abuse` with tiny counts: every attack runs against its own server, stops by itself, and is
reported side by side with honest play."""

from __future__ import annotations

from click.testing import CliRunner

from meeple.bench.abuse import ATTACKS, abuse


def test_bench_abuse_runs_every_attack_and_reports_the_targets() -> None:
    result = CliRunner().invoke(abuse, ["--seconds", "1", "--scale", "0.02", "--recovery", "1", "--warmup", "1",
                                        "--games", "1", "--header-timeout", "1", "--game", "bluemooncity"])
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
    assert "Targets:" in result.output and "RSS:" in result.output and "server CPU" in result.output
