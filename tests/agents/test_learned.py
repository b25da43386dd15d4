"""The learned bot: its shipped network loads, it plays legal games in the arena, the terminal and the server's bot
path, an untrained network plays as the greedy bot, and bad networks are clear errors."""

from __future__ import annotations

import hashlib
import json
import math
import os
import pickle
import sys
from pathlib import Path

import numpy as np
import pytest

import meeple
from meeple.agents import is_bot_level, make_agent
from meeple.agents.ismcts import DEFAULT_ITERATIONS, ISMCTSAgent
from meeple.agents.learned import (
    HEURISTICS,
    LearnedAgent,
    Network,
    ValueSearchAgent,
    count_file,
    file_count,
    game_encoder,
    heuristics,
    network_path,
    shipped_network,
)
from meeple.agents.levels import NamedLevelAgent
from meeple.agents.simple import GreedyAgent
from meeple.arena.match import ArenaConfig, play_job

GAME = "bluemooncity"


def untrained_network(size: int, skip: list[float], meta: dict[str, object], hidden: int = 4) -> Network:
    """A network whose body is zero: its score is the heuristics weighted by `skip` alone."""
    arrays = {"w1": np.zeros((size, hidden)), "b1": np.zeros(hidden), "w2": np.zeros((hidden, hidden)),
              "b2": np.zeros(hidden), "w3": np.zeros(hidden), "b3": np.zeros(()), "skip": np.array(skip)}
    return Network(arrays, {"game": GAME, **meta})


def greedy_network(size: int) -> Network:
    """What choice training starts from: only the evaluation counts."""
    return untrained_network(size, [1.0] + [0.0] * (HEURISTICS - 1), {})


def test_the_shipped_network_loads_is_small_and_says_where_it_comes_from() -> None:
    path = network_path(GAME)
    assert path.is_file() and path.stat().st_size < 100_000
    network = shipped_network(GAME)
    assert network.inputs == game_encoder(GAME, 2).size
    provenance = json.loads(path.with_suffix(".json").read_text())
    value = network.kind == "value"
    kind_keys = ("selfplay", "held_out_loss_plan_value") if value else ("teacher", "held_out_agreement")
    for key in ("command", "date", "games", "held_out_loss", "arena", *kind_keys):
        assert key in provenance, key
    assert provenance["game"] == GAME and network.meta["game"] == GAME


def test_a_network_trained_at_four_players_ships_and_is_played_at_that_count_only() -> None:
    four = network_path(GAME, 4)
    assert four.name == count_file(4) == "learned-4p.npz" and four.is_file() and four.stat().st_size < 100_000
    assert file_count("learned-4p.npz") == 4 and file_count("learned.npz") is None and file_count("x-4p.npz") is None
    assert network_path(GAME, 2).name == network_path(GAME, 3).name == network_path(GAME).name == "learned.npz"
    network = shipped_network(GAME, 4)
    assert network.kind == "value" and network.meta["players"] == 4 and network.inputs == game_encoder(GAME, 4).size
    assert shipped_network(GAME, 2).meta["players"] == 2 and np.abs(network.w3).max() > 0
    provenance = json.loads(four.with_suffix(".json").read_text())
    for key in ("command", "date", "games", "selfplay", "held_out_loss", "held_out_loss_plan_value", "arena"):
        assert key in provenance, key
    assert provenance["players"] == 4 and "--players 4" in provenance["command"]
    assert provenance["held_out_loss"] < provenance["held_out_loss_plan_value"]


def test_the_learned_bot_searches_with_the_network_of_its_player_count() -> None:
    for players in (2, 4):
        game = meeple.new_game(GAME, players, 3)
        seat = game.deciders()[0]
        table = game.seat_table(seat)
        bot = LearnedAgent(seed=1)
        assert bot.pick(table, table.legal_indices()) in table.legal_indices()
        assert bot.played is not None and bot.played.meta["players"] == players
        assert bot.played.w1.shape == shipped_network(GAME, players).w1.shape
        assert np.array_equal(bot.played.w3, shipped_network(GAME, players).w3)
    assert not np.array_equal(shipped_network(GAME, 2).w3, shipped_network(GAME, 4).w3)


def test_a_count_network_trained_at_another_count_is_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import meeple.agents.learned as learned

    wrong = tmp_path / count_file(3)
    np.savez(wrong, **greedy_network(10).arrays(), meta=json.dumps({"game": GAME, "players": 4, "kind": "value"}))
    monkeypatch.setattr(learned, "network_path", lambda game_id, players=None: wrong)
    with pytest.raises(ValueError, match="named for 3 players but was trained with 4"):
        learned.shipped_network.__wrapped__(GAME, 3)


def test_learned_is_a_level_and_makes_its_bot() -> None:
    assert is_bot_level("learned") and is_bot_level(" Learned ")
    assert not is_bot_level("learned:2s")
    assert isinstance(make_agent("learned", seed=2), LearnedAgent)


def test_the_learned_bot_plays_a_legal_game_in_the_arena() -> None:
    job = ArenaConfig(GAME, ["learned", "greedy"], games=1, seed=4).job(0)
    record = play_job(job)  # every action goes through game.apply, which refuses an illegal one
    assert record["reason"] and record["actions"] > 20
    replay = meeple.load_game(record["save"])
    assert replay.is_over() and replay.full_log() == meeple.load_game(record["save"]).full_log()


def test_the_learned_bot_plays_a_game_to_the_end_in_the_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from meeple.tui.session import PlaySession

    monkeypatch.chdir(tmp_path)  # the session saves the finished game in the working directory
    game = meeple.new_game(GAME, players=2, seed=6)
    lines: list[str] = []
    session = PlaySession(game, ["learned", "greedy"], lambda _prompt: None, lines.append)
    assert session.run() == 0
    assert game.is_over()
    assert any("learned" in name for name in session.names())


def test_the_servers_bot_path_plays_the_learned_level() -> None:
    pytest.importorskip("fastapi")
    from meeple.server import bots

    assert bots.check_level("Learned") == "learned"
    game = meeple.new_game(GAME, 2, 11)
    for _ in range(4):
        seat = game.deciders()[0]
        game.apply(seat, game.legal_actions(seat)[0])
    job = bots.BotJob("learned-1", GAME, 2, 11, dict(game.options), tuple(game.full_log()), game.deciders()[0],
                      "learned", 3)
    action = bots.choose(job)
    assert action in game.legal_actions(job.seat)
    assert bots.choose(job) == action  # same seed, same position: same choice


def test_an_untrained_network_plays_as_the_greedy_bot() -> None:
    """Training starts from the greedy bot: with the network's body at zero, the learned bot picks what greedy picks
    (same sampled state, same tie-breaks from the same stream)."""
    game = meeple.new_game(GAME, 2, 8)
    network = greedy_network(game_encoder(GAME, 2).size)
    same = total = 0
    while not game.is_over() and total < 60:
        seat = game.deciders()[0]
        table = game.seat_table(seat)
        legal = table.legal_indices()
        if len(legal) > 1:
            learned = LearnedAgent(total, network).pick(table, legal)
            greedy = GreedyAgent(total).pick(table, legal)
            same += learned == greedy
            total += 1
        game.apply(seat, legal[total % len(legal)])
    assert total >= 30 and same >= total - 1, (same, total)


def test_a_trained_network_is_not_the_greedy_bot() -> None:
    """The shipped network learnt something: its scores are not a rescaled evaluation alone."""
    network = shipped_network(GAME)
    assert np.abs(network.w3).max() > 0


def test_bad_networks_are_clear_errors(tmp_path: Path) -> None:
    good = greedy_network(10)
    arrays = {"w1": good.w1, "b1": good.b1, "w2": good.w2, "b2": good.b2, "w3": good.w3, "b3": np.zeros(())}
    with pytest.raises(ValueError, match="missing: skip"):
        Network(arrays, {})
    with pytest.raises(ValueError, match="do not fit together"):
        Network({**arrays, "skip": np.zeros(HEURISTICS), "b1": np.zeros(3)}, {})
    with pytest.raises(ValueError, match="observation numbers"):
        good.scores(np.zeros((2, 11), dtype=np.float32), np.zeros((2, HEURISTICS), dtype=np.float32))
    with pytest.raises(ValueError, match="ships no learned network"):
        shipped_network("nosuchgame")


def test_the_recipe_records_trains_and_exports_a_network_the_bot_plays(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    from meeple.rl.train import dense, export, fit, record_game

    games = [record_game(GAME, 2, "ismcts:5", "greedy", seed=1, number=n) for n in range(2)]
    decisions = [d for g in games for d in g]
    assert len(decisions) > 50
    size = game_encoder(GAME, 2).size
    xs, _, mask, targets = dense(decisions[:5], size)
    assert xs.shape[0] == 5 and xs.shape[2] == size and (targets < mask.sum(axis=1)).all()
    arrays, figures = fit(games, size, hidden=8, seconds=3.0, seed=0)
    assert figures["train_decisions"] + figures["held_out_decisions"] == len(decisions)
    assert 0.0 <= figures["held_out_agreement"] <= 1.0
    out = tmp_path / "learned.npz"
    export(arrays, {"game": GAME, **figures}, out)
    network = Network.load(out)
    assert network.meta["game"] == GAME and json.loads(out.with_suffix(".json").read_text())["game"] == GAME
    game = meeple.new_game(GAME, 2, 3)
    seat = game.deciders()[0]
    bot = LearnedAgent(1, network)
    assert bot.choose(game.seat_table(seat)) in game.legal_actions(seat)


def test_the_training_command_refuses_bad_input_clearly(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Bad input is named before anything else, on a machine with PyTorch or without it (as here: the import is
    hidden); a good command without PyTorch says how to install it."""
    from click.testing import CliRunner

    from meeple.rl.train import train

    monkeypatch.setitem(sys.modules, "torch", None)  # `import torch` raises ImportError
    out = str(tmp_path / "learned.npz")
    result = CliRunner().invoke(train, ["--game", "chess", "--out", out])
    assert result.exit_code != 0 and "chess" in result.output
    result = CliRunner().invoke(train, ["--game", GAME, "--teacher", "genius", "--out", out])
    assert result.exit_code != 0 and "valid levels" in result.output
    result = CliRunner().invoke(train, ["--game", GAME, "--selfplay", "genius", "--out", out])
    assert result.exit_code != 0 and "valid levels" in result.output
    result = CliRunner().invoke(train, ["--game", GAME, "--target", "policy", "--out", out])
    assert result.exit_code != 0 and "policy" in result.output
    four = tmp_path / "learned-4p.npz"
    result = CliRunner().invoke(train, ["--game", GAME, "--players", "3", "--out", str(four)])
    assert result.exit_code != 0 and "give --players 4" in result.output and not four.exists()
    # --start: a value network of the same shape, for --target value only; nothing is recorded or written otherwise
    shipped = str(network_path(GAME, 4))
    result = CliRunner().invoke(train, ["--game", GAME, "--players", "4", "--start", shipped, "--hidden", "8",
                                        "--out", str(four)])
    assert result.exit_code != 0 and "--start needs a value network" in result.output and not four.exists()
    result = CliRunner().invoke(train, ["--game", GAME, "--players", "4", "--start", shipped, "--target", "choice",
                                        "--out", str(four)])
    assert result.exit_code != 0 and "needs --target value" in result.output and not four.exists()
    junk = tmp_path / "junk.npz"
    junk.write_bytes(b"not a network")
    result = CliRunner().invoke(train, ["--game", GAME, "--start", str(junk), "--out", out])
    assert result.exit_code != 0 and "not a network this command wrote" in result.output
    result = CliRunner().invoke(train, ["--game", GAME, "--out", str(tmp_path / "learned.pt")])
    assert result.exit_code != 0 and "written as an .npz file" in result.output
    # a file the command could not write at the end is refused before any game is recorded
    result = CliRunner().invoke(train, ["--game", GAME, "--minutes", "0.1", "--keep-data", str(junk / "games.data"),
                                        "--out", out])
    assert result.exit_code != 0 and "--keep-data" in result.output and "is not a folder" in result.output
    result = CliRunner().invoke(train, ["--game", GAME, "--minutes", "0.1", "--out", str(junk / "learned.npz")])
    assert result.exit_code != 0 and "--out" in result.output and "is not a folder" in result.output
    (tmp_path / "taken.json").mkdir()  # where --out's provenance would go
    result = CliRunner().invoke(train, ["--game", GAME, "--minutes", "0.1", "--out", str(tmp_path / "taken.npz")])
    assert result.exit_code != 0 and "taken.json cannot be written" in result.output
    # a folder, or an existing file, it may not write to (stood in for: as root everything is writable); nothing is
    # made or changed
    locked = tmp_path / "locked"
    locked.mkdir()
    kept = tmp_path / "kept.npz"
    kept.write_bytes(b"kept")
    denied: set[Path] = {locked}
    real = os.access
    monkeypatch.setattr(os, "access", lambda path, mode: not (mode & os.W_OK and Path(path) in denied)
                        and real(path, mode))
    result = CliRunner().invoke(train, ["--game", GAME, "--minutes", "0.1", "--keep-data",
                                        str(locked / "new" / "games.data"), "--out", out])
    assert result.exit_code != 0 and f"--keep-data {locked / 'new' / 'games.data'}: the folder {locked} cannot be " \
        "written to" in result.output and list(locked.iterdir()) == []
    denied = {kept}
    result = CliRunner().invoke(train, ["--game", GAME, "--minutes", "0.1", "--out", str(kept)])
    assert result.exit_code != 0 and f"--out {kept}: {kept} cannot be written" in result.output
    assert kept.read_bytes() == b"kept" and not kept.with_suffix(".json").exists()
    monkeypatch.setattr(os, "access", real)
    # short, so that a PyTorch check moved after the recording fails here in seconds rather than recording for long
    result = CliRunner().invoke(train, ["--game", GAME, "--players", "4", "--start", shipped, "--minutes", "0.1",
                                        "--out", str(four)])
    assert result.exit_code != 0 and "training needs PyTorch: pip install torch" in result.output
    assert not (tmp_path / "learned.npz").exists() and not four.exists()


def plan_value_network(size: int, iterations: int) -> Network:
    """A value network before training: the game's plan_value alone."""
    return untrained_network(size, [0.0] * (HEURISTICS - 1) + [1.0], {"kind": "value", "iterations": iterations})


def test_an_untrained_value_network_searches_as_ismcts() -> None:
    """A value network values the search's cut-offs: at the start of training (plan_value alone) the learned bot
    is the search bot, and chooses what it chooses with the same seed and budget."""
    game = meeple.new_game(GAME, 2, 12)
    network = plan_value_network(game_encoder(GAME, 2).size, iterations=40)
    same = total = 0
    while not game.is_over() and total < 12:
        seat = game.deciders()[0]
        table = game.seat_table(seat)
        legal = table.legal_indices()
        if len(legal) > 1:
            learned = LearnedAgent(total, network)
            choice = learned.pick(table, legal)
            same += choice == ISMCTSAgent(total, iterations=40).pick(table, legal)
            assert learned.stats()["iterations"] >= 1  # it searched
            total += 1
        game.apply(seat, legal[total % len(legal)])
    assert total == 12 and same >= total - 1, (same, total)


def test_a_network_of_an_unknown_kind_is_a_clear_error() -> None:
    good = greedy_network(10)
    arrays = {"w1": good.w1, "b1": good.b1, "w2": good.w2, "b2": good.b2, "w3": good.w3, "b3": np.zeros(()),
              "skip": good.skip}
    with pytest.raises(ValueError, match="kind choice or value, not 'policy'"):
        Network(arrays, {"kind": "policy"})
    assert Network(arrays, {}).kind == "choice"


def test_the_value_recipe_records_outcomes_trains_and_the_bot_searches_with_it(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    from meeple.rl.train import export
    from meeple.rl.train_value import dense_positions, fit_value, record_value_game

    games = [record_value_game(GAME, 2, "greedy:10%", seed=1, number=n) for n in range(3)]
    positions = [p for g in games for p in g]
    assert len(positions) > 40
    # every cut-off position is one seat's, labelled with its share of the win: both seats' labels appear
    assert {p.outcome for p in positions} <= {0.0, 0.5, 1.0} and len({p.outcome for p in positions}) >= 2
    size = game_encoder(GAME, 2).size
    xs, hs, ys = dense_positions(positions[:5], size)
    assert xs.shape == (5, size) and hs.shape == (5, HEURISTICS) and np.abs(xs).sum() > 0
    assert ys.tolist() == [p.outcome for p in positions[:5]]
    arrays, figures = fit_value(games, size, hidden=8, seconds=2.0, seed=0)
    assert figures["train_positions"] + figures["held_out_positions"] == len(positions)
    assert figures["held_out_loss"] <= figures["held_out_loss_plan_value"]  # the best held-out weights are kept
    out = tmp_path / "learned.npz"
    export(arrays, {"game": GAME, "kind": "value", "iterations": 20, **figures}, out)
    network = Network.load(out)
    assert network.kind == "value"
    game = meeple.new_game(GAME, 2, 3)
    seat = game.deciders()[0]
    bot = LearnedAgent(1, network)
    assert bot.choose(game.seat_table(seat)) in game.legal_actions(seat)
    assert bot.stats()["iterations"] >= 1


def _in_order_reference(arrays: dict[str, np.ndarray], x: np.ndarray, h: np.ndarray) -> float:
    """A network's score worked out number by number: each unit's inputs added one after the other in float32."""
    f32 = np.float32
    inputs, hidden = arrays["w1"].shape
    h1 = []
    for j in range(hidden):
        total = f32(0.0)
        for i in range(inputs):
            if x[i] != 0:
                total = f32(total + f32(arrays["w1"][i, j] * x[i]))
        h1.append(max(f32(total + arrays["b1"][j]), f32(0.0)))
    h2 = []
    for k in range(hidden):
        total = f32(0.0)
        for j in range(hidden):
            total = f32(total + f32(arrays["w2"][j, k] * h1[j]))
        h2.append(max(f32(total + arrays["b2"][k]), f32(0.0)))
    terms = [float(f32(h2[k] * arrays["w3"][k])) for k in range(hidden)]
    terms += [float(f32(h[i] * arrays["skip"][i])) for i in range(HEURISTICS)]
    return math.fsum(terms) + float(arrays["b3"])


def test_a_networks_score_is_its_units_summed_in_order() -> None:
    """A score adds each unit's inputs one after the other in float32 (a BLAS matrix product leaves the order to the
    kernel the CPU selects): it equals that sum worked out number by number, with one unit or several, whatever the
    order in memory of the arrays given; heuristics of the wrong length are refused."""
    rng = np.random.default_rng(3)
    for inputs, hidden in ((40, 8), (30, 1), (25, 3)):
        arrays = {"w1": rng.normal(0, 0.5, (inputs, hidden)).astype(np.float32),
                  "b1": rng.normal(0, 0.1, hidden).astype(np.float32),
                  "w2": rng.normal(0, 0.5, (hidden, hidden)).astype(np.float32),
                  "b2": rng.normal(0, 0.1, hidden).astype(np.float32),
                  "w3": rng.normal(0, 0.5, hidden).astype(np.float32), "b3": np.float32(0.2),
                  "skip": np.array([0.7, 1.3], np.float32)}
        net = Network(arrays, {"kind": "value"})
        fortran = Network({**arrays, "w1": np.asfortranarray(arrays["w1"]), "w2": np.asfortranarray(arrays["w2"])},
                          {"kind": "value"})
        for _ in range(20):
            x = np.where(rng.random(inputs) < 0.4, rng.random(inputs), 0.0).astype(np.float32)
            h = rng.normal(0, 1, HEURISTICS).astype(np.float32)
            expected = _in_order_reference(arrays, x, h)
            assert net.score(x, h) == expected and fortran.score(x, h) == expected
        assert net.score(np.zeros(inputs, np.float32), h) == _in_order_reference(arrays, np.zeros(inputs), h)
        with pytest.raises(ValueError, match="heuristic numbers"):
            net.score(x, h[:1])
        with pytest.raises(ValueError, match="rows of heuristics"):
            net.scores(np.stack([x, x]), h.reshape(1, -1))


def _openblas_picks_its_kernel() -> bool:
    """Whether numpy's BLAS is an OpenBLAS that chooses its kernel by the CPU (`OPENBLAS_CORETYPE` then applies)."""
    config = getattr(np, "__config__", None)
    blas = getattr(config, "CONFIG", {}).get("Build Dependencies", {}).get("blas", {})
    return "openblas" in str(blas.get("name", "")) and "DYNAMIC_ARCH" in str(blas.get("openblas configuration", ""))


@pytest.mark.skipif(not _openblas_picks_its_kernel(), reason="numpy's BLAS does not choose its kernel by the CPU")
def test_the_shipped_networks_scores_do_not_depend_on_the_blas_kernel() -> None:
    """The shipped 4-player network on 600 positions of a game, in a process on the CPU's own OpenBLAS kernel and in
    one on its generic kernel: the scores are the same to the last bit, where a float32 matrix product (the control)
    differs on some of them."""
    import subprocess

    script = (
        "import meeple, numpy as np\n"
        "from meeple.agents.learned import count_network, game_encoder, observation, heuristics\n"
        "net, enc = count_network('bluemooncity', 4), game_encoder('bluemooncity', 4)\n"
        "game = meeple.new_game('bluemooncity', 4, 11)\n"
        "ours, product = [], []\n"
        "while len(ours) < 600 and not game.is_over():\n"
        "    seat = game.deciders()[0]\n"
        "    legal = game.legal_actions(seat)\n"
        "    game.apply(seat, legal[len(ours) % len(legal)])\n"
        "    for p in range(4):\n"
        "        x = observation(enc, game.rules, game.state, p)\n"
        "        h = np.asarray(heuristics(game.rules, game.state, p), np.float32)\n"
        "        ours.append(net.score(x, h).hex())\n"
        "        h2 = np.maximum(np.maximum(x @ net.w1 + net.b1, 0) @ net.w2 + net.b2, 0)\n"
        "        product.append(float(h2 @ net.w3 + h @ net.skip).hex())\n"
        "print(len(ours), hash(tuple(ours)), hash(tuple(product)))\n")
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    own = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, env=env)
    generic = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                             env={**env, "OPENBLAS_CORETYPE": "Prescott"})
    count, ours, product = own.stdout.split()
    count_generic, ours_generic, product_generic = generic.stdout.split()
    assert count == count_generic == "600"
    if product == product_generic:
        pytest.skip("this CPU's own OpenBLAS kernel is the generic one: there is nothing to compare")
    assert ours == ours_generic


def test_value_training_can_go_on_from_a_network_trained_before(tmp_path: Path) -> None:
    """`--start`: training begins at the given network's weights (its held-out loss is the start's, worked out
    here with NumPy), keeps the best held-out weights, and refuses a network of another shape."""
    pytest.importorskip("torch")
    from meeple.rl.train_value import dense_positions, fit_value, record_value_game

    games = [record_value_game(GAME, 2, "greedy:10%", seed=2, number=n) for n in range(3)]
    size = game_encoder(GAME, 2).size
    rng = np.random.default_rng(5)
    arrays = {"w1": rng.normal(0, 0.05, (size, 8)).astype(np.float32), "b1": np.zeros(8, np.float32),
              "w2": rng.normal(0, 0.3, (8, 8)).astype(np.float32), "b2": np.zeros(8, np.float32),
              "w3": rng.normal(0, 0.3, 8).astype(np.float32), "b3": np.float32(0.1),
              "skip": np.array([0.0, 2.0], np.float32)}
    first = Network(arrays, {"kind": "value"})
    held = [p for g in games[: max(1, len(games) // 10)] for p in g]  # training holds out the first tenth of games
    xs, hs, ys = dense_positions(held, size)
    scores = first.scores(xs, hs)
    expected = float(np.mean(np.logaddexp(0.0, scores) - ys * scores))
    trained, figures = fit_value(games, size, hidden=8, seconds=1.0, seed=0, start=first)
    assert figures["held_out_loss_start"] == pytest.approx(expected, abs=1e-4)
    assert figures["held_out_loss"] <= figures["held_out_loss_start"]
    _, plain = fit_value(games, size, hidden=8, seconds=0.1, seed=0)  # plan_value's figures stay the baseline
    assert figures["held_out_loss_plan_value"] == plain["held_out_loss_plan_value"] != figures["held_out_loss_start"]
    assert figures["plan_value_scale"] == plain["plan_value_scale"]
    assert set(trained) == set(arrays)
    with pytest.raises(ValueError, match="units"):
        fit_value(games, size, hidden=16, seconds=0.1, seed=0, start=first)

    # The command: --from-data and --start write a network whose provenance names the start by its hash
    from click.testing import CliRunner

    from meeple.rl.train import export, train

    data, start, out = tmp_path / "games.data", tmp_path / "start.npz", tmp_path / "next.npz"
    with data.open("wb") as fh:
        pickle.dump({"game": GAME, "players": 2, "target": "value", "bots": {"selfplay": "greedy:10%"},
                     "selfplay": "greedy:10%", "games": games, "recording": {}}, fh)
    export(arrays, {"game": GAME, "players": 2, "kind": "value", "date": "2026-12-02T00:00:00Z"}, start)
    result = CliRunner().invoke(train, ["--game", GAME, "--from-data", str(data), "--start", str(start), "--hidden",
                                        "8", "--minutes", "0.1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    meta = json.loads(out.with_suffix(".json").read_text())
    assert meta["start"] == {"file": "start.npz", "sha256": hashlib.sha256(start.read_bytes()).hexdigest(),
                             "date": "2026-12-02T00:00:00Z"}
    assert meta["held_out_loss"] <= meta["held_out_loss_start"]
    # a network of another player count is refused, before anything is recorded or written
    four = tmp_path / "four.npz"
    result = CliRunner().invoke(train, ["--game", GAME, "--players", "4", "--start", str(start), "--hidden", "8",
                                        "--out", str(four)])
    assert result.exit_code != 0 and "players 2, not 4" in result.output and not four.exists()


def test_the_search_values_its_cut_offs_with_the_count_network_the_game_names() -> None:
    """Blue Moon City names 4 players in `search_networks`: there the search (every level that searches) values the
    positions where its iterations stop with learned-4p.npz, and decides as the learned level does; at 2 and 3
    players it keeps the game's plan_value."""
    from meeple.engine import get_rules

    assert get_rules(GAME).spec.search_networks == (4,)
    before = {2: (17, 11), 3: (11, 11)}  # what ismcts:60 and Hard chose here before the search could read a network
    for players in (2, 3, 4):
        game = meeple.new_game(GAME, players, 3)
        seat = game.deciders()[0]
        table = game.seat_table(seat)
        legal = table.legal_indices()
        search = make_agent("ismcts:60", seed=1)
        hard = make_agent("hard", seed=1)  # Blue Moon City's Hard is the search at 50 iterations
        assert isinstance(search, ISMCTSAgent) and search.stats()["cut_offs"] is None  # chosen at the first decision
        choice = search.pick(table, legal)
        hard_choice = hard.pick(table, legal)
        assert isinstance(search, ISMCTSAgent) and isinstance(hard, NamedLevelAgent)
        inner = hard.inner
        assert isinstance(inner, ISMCTSAgent)
        if players == 4:
            assert search.network is shipped_network(GAME, 4) is inner.network
            assert search.encoder is game_encoder(GAME, 4)
            learned = ValueSearchAgent(1, shipped_network(GAME, 4), game_encoder(GAME, 4), iterations=60)
            assert learned.pick(table, legal) == choice
            assert learned.total_iterations == search.total_iterations and learned.decisions == search.decisions == 1
            level, expert = make_agent("learned", seed=4), make_agent("ismcts", seed=4)  # the default budgets
            assert level.pick(table, legal) == expert.pick(table, legal)
            assert level.stats()["iterations"] == expert.stats()["iterations"]
            assert search.stats()["cut_offs"] == level.stats()["cut_offs"] == "value network (4-player games)"
        else:
            assert search.network is None and inner.network is None
            assert (choice, hard_choice) == before[players]
            assert search.stats()["cut_offs"] == inner.stats()["cut_offs"] == "plan_value"


def test_the_search_at_four_players_scores_a_cut_off_with_the_network_not_plan_value() -> None:
    game = meeple.new_game(GAME, 4, 5)
    seat = game.deciders()[0]
    table = game.seat_table(seat)
    search = make_agent("ismcts:5", seed=2)
    assert isinstance(search, ISMCTSAgent)
    search.pick(table, table.legal_indices())
    rules = table.rules
    state = table.sample(7)
    network = shipped_network(GAME, 4)
    by_network = network.value(
        np.asarray(game_encoder(GAME, 4).encode_state(rules, state, seat), dtype=np.float32),
        np.asarray(heuristics(rules, state, seat), dtype=np.float32))
    assert search._leaf_value(rules, state, seat) == pytest.approx(by_network)
    assert search._leaf_value(rules, state, seat) != pytest.approx(float(rules.plan_value([state], seat)))
    plain = make_agent("ismcts:5", seed=2)
    assert isinstance(plain, ISMCTSAgent)
    two = meeple.new_game(GAME, 2, 5)
    two_table = two.seat_table(two.deciders()[0])
    plain.pick(two_table, two_table.legal_indices())
    two_state = two_table.sample(7)
    assert plain._leaf_value(rules, two_state, two_table.seat) == float(rules.plan_value([two_state], two_table.seat))


def test_a_game_naming_a_count_without_its_value_network_is_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import meeple.agents.learned as learned
    from meeple.engine.spec import GameSpec

    encoder = "meeple.games.x.encoder:make_encoder"
    with pytest.raises(ValueError, match=r"search_networks names player counts the game is not played with: \[5\]; "
                                         r"it is played by 2 to 4 players"):
        GameSpec(id="x", title="X", version=1, min_players=2, max_players=4, encoder=encoder, search_networks=(4, 5))
    with pytest.raises(ValueError, match=r"search_networks is a tuple of player counts, such as \(4,\), not 4"):
        GameSpec(id="x", title="X", version=1, min_players=2, max_players=4, encoder=encoder,
                 search_networks=4)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="search_networks needs the game's observation encoder"):
        GameSpec(id="x", title="X", version=1, min_players=2, max_players=4, search_networks=(4,))
    with pytest.raises(ValueError, match="needs the network and the game's observation encoder"):
        ISMCTSAgent(1, network=shipped_network(GAME, 4))
    with pytest.raises(ValueError, match=r"names 3 players in search_networks but ships no learned-3p\.npz"):
        learned.count_network.__wrapped__(GAME, 3)
    with pytest.raises(ValueError, match=r"'nosuchgame' names 2 players in search_networks but ships no learned-2p"):
        learned.count_network.__wrapped__("nosuchgame", 2)
    choice = tmp_path / count_file(4)
    np.savez(choice, **greedy_network(10).arrays(), meta=json.dumps({"game": GAME, "players": 4, "kind": "choice"}))
    monkeypatch.setattr(learned, "network_path", lambda game_id, players=None: choice)
    monkeypatch.setattr(learned, "shipped_network", learned.shipped_network.__wrapped__)
    with pytest.raises(ValueError, match="of the kind 'choice'; the search values its cut-offs with a network of the "
                                         "kind 'value'"):
        learned.count_network.__wrapped__(GAME, 4)


@pytest.mark.parametrize("game_id", meeple.game_ids())
def test_every_count_a_game_names_for_its_search_ships_a_value_network_of_that_count(game_id: str) -> None:
    from meeple.agents.learned import count_network
    from meeple.engine import get_rules

    spec = get_rules(game_id).spec
    for players in spec.search_networks:
        network = count_network(game_id, players)
        assert network.kind == "value" and network.meta["players"] == players
        assert network.inputs == game_encoder(game_id, players).size
        # the learned level searches at the network's budget, the search at the game's: the same search only if equal
        assert network.meta.get("iterations") in (None, spec.search_iterations or DEFAULT_ITERATIONS)
