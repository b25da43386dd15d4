"""`meeple train`: the CPU recipe of the learned bot (level `learned`, `meeple.agents.learned`).

1. **Record** (the first `--record` share of the time): the teacher (the search bot, `ismcts`) plays whole games
   against the opponent (`greedy`), taking every seat in turn. At each of the teacher's decisions with a choice,
   one state is sampled from the teacher's view, every legal action is applied to a copy of it, and the position
   each leads to is stored as the learned bot will see it (observation and the game's heuristics), with the
   action the teacher played. Games run in `--jobs` processes; a game started before the time is up is finished.
2. **Train** (the rest of the time): the scoring network learns, by cross-entropy over each decision's actions, to
   score the teacher's action highest. It starts as the greedy bot (only the evaluation counts); a tenth of the
   games is held out, and the weights with the best held-out loss are kept.
3. **Export**: the weights in NumPy (`--out FILE.npz`, the first layer in float16) and the provenance next to it
   (`FILE.json`: the command, the date, the data, the held-out agreement with the teacher).

Needs PyTorch (CPU) for step 2 only: `pip install torch==2.13.0` (or the `ppo` extra).
"""

from __future__ import annotations

import concurrent.futures
import datetime
import hashlib
import json
import math
import os
import pickle
import sys
import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import click
import numpy as np

import meeple
from meeple.agents import make_agent
from meeple.agents.learned import HEURISTICS, Network, afterstates, file_count, game_encoder
from meeple.engine.rng import seed_stream

_GAME_SALT = 0x7EA
GREEDY_SCALES = (1.0, 3.0, 10.0, 30.0, 100.0, 300.0, 1000.0)


@dataclass
class Decision:
    """One decision of the teacher: the first action's observation in full, the others' as differences from it."""

    first: np.ndarray  # float16 (size,)
    rows: list[tuple[np.ndarray, np.ndarray]]  # per further action: indices (int32) and values (float16)
    heuristics: np.ndarray  # float32 (actions, HEURISTICS)
    target: int  # index among the actions of the one the teacher played


def record_game(game_id: str, players: int, teacher: str, opponent: str, seed: int, number: int) -> list[Decision]:
    """Play one game, the teacher in seat `number % players`, and return the teacher's decisions."""
    game_seed = seed_stream(seed, _GAME_SALT + number) >> 2
    game = meeple.new_game(game_id, players, game_seed)
    me = number % players
    bots = [make_agent(teacher if s == me else opponent, seed=game_seed + s + 1) for s in range(players)]
    encoder = game_encoder(game_id, players)
    sampler = np.random.default_rng(game_seed)
    out: list[Decision] = []
    while not game.is_over():
        seat = game.deciders()[0]
        table = game.seat_table(seat)
        legal = table.legal_indices()
        if len(legal) == 1:
            game.apply(seat, legal[0], quiet=True)
            continue
        action = bots[seat].pick(table, legal)
        if seat == me:
            base = table.sample(int(sampler.integers(0, 2**62)))
            xs, hs = afterstates(game.rules, encoder, base, seat, legal)
            rows = []
            for x in xs[1:]:
                changed = np.flatnonzero(x != xs[0]).astype(np.int32)
                rows.append((changed, x[changed].astype(np.float16)))
            out.append(Decision(xs[0].astype(np.float16), rows, hs, legal.index(action)))
        game.apply(seat, action, quiet=True)
    return out


def dense(decisions: list[Decision], size: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """A batch padded to its widest decision: observations, heuristics, a mask of real actions and the targets."""
    width = max(len(d.rows) + 1 for d in decisions)
    xs = np.zeros((len(decisions), width, size), dtype=np.float32)
    hs = np.zeros((len(decisions), width, HEURISTICS), dtype=np.float32)
    mask = np.zeros((len(decisions), width), dtype=bool)
    for b, d in enumerate(decisions):
        n = len(d.rows) + 1
        xs[b, :n] = d.first
        for i, (idx, val) in enumerate(d.rows, start=1):
            xs[b, i, idx] = val
        hs[b, :n] = d.heuristics
        mask[b, :n] = True
    targets = np.array([d.target for d in decisions], dtype=np.int64)
    return xs, hs, mask, targets


def record(job: Callable[[int], list[Any]], seconds: float, jobs: int, unit: str = "decisions") -> list[list[Any]]:
    """Play games (`job(number)`, a picklable function) until `seconds` have passed, finishing those started; what
    each game recorded, per game."""
    from tqdm import tqdm

    games: list[list[Any]] = []
    deadline = time.monotonic() + seconds
    number = 0
    with concurrent.futures.ProcessPoolExecutor(jobs) as pool, \
            tqdm(total=round(seconds), unit="s", desc="recording", file=sys.stderr) as bar:
        running: set[concurrent.futures.Future[list[Any]]] = set()
        start = time.monotonic()
        while True:
            while len(running) < jobs and time.monotonic() < deadline:
                running.add(pool.submit(job, number))
                number += 1
            if not running:
                break
            done, running = concurrent.futures.wait(running, timeout=5,
                                                    return_when=concurrent.futures.FIRST_COMPLETED)
            for future in done:
                games.append(future.result())
            bar.n = min(round(time.monotonic() - start), bar.total)
            bar.set_postfix({"games": len(games), unit: sum(map(len, games))})
            bar.refresh()
    return games


def split_games(games: list[list[Any]], what: str) -> tuple[list[Any], list[Any]]:
    """The recorded rows, a tenth of the games held out (none of one game): (held out, to train on)."""
    held = max(1, len(games) // 10) if len(games) > 1 else 0
    valid = [row for g in games[:held] for row in g]
    train = [row for g in games[held:] for row in g]
    if not train:
        raise click.ClickException(f"no {what} was recorded: give the recording more time")
    return valid, train


def start_training(torch: Any, games: list[list[Any]], what: str, size: int, hidden: int,
                   seed: int) -> tuple[list[Any], list[Any], Any, np.random.Generator]:
    """Seed torch (one thread), split the games (`split_games`) and build the network: (held out, to train on, the
    network, the NumPy generator of the batches)."""
    torch.manual_seed(seed)
    torch.set_num_threads(1)
    valid, train = split_games(games, what)
    return valid, train, _torch_net(torch, size, hidden), np.random.default_rng(seed)


def best_scale(torch: Any, loss_of: Callable[[list[Any]], tuple[Any, float]], sample: list[Any],
               scales: tuple[float, ...], set_scale: Callable[[float], None]) -> float:
    """Set the network's starting heuristic to the scale, of `scales`, with the lowest loss on `sample`."""
    with torch.no_grad():
        losses = {}
        for scale in scales:
            set_scale(scale)
            losses[scale] = float(loss_of(sample)[0])
        start = min(losses, key=lambda k: losses[k])
        set_scale(start)
    return start


@dataclass
class Fitted:
    """What training reached: the held-out figures at the start and at the best epoch, its arrays, the epochs."""

    start_loss: float
    start_hits: float
    loss: float
    hits: float
    arrays: dict[str, np.ndarray]
    epochs: int


def held_out(torch: Any, loss_of: Callable[[list[Any]], tuple[Any, float]], valid: list[Any],
             chunk: int) -> tuple[float, float]:
    """The network's mean loss over the held-out rows and its share of hits (in chunks of `chunk` rows)."""
    if not valid:
        return math.nan, math.nan
    total, hits = 0.0, 0.0
    with torch.no_grad():
        for i in range(0, len(valid), chunk):
            loss, hit = loss_of(valid[i : i + chunk])
            total += float(loss)
            hits += hit
    return total / len(valid), hits / len(valid)


def train_network(torch: Any, net: Any, loss_of: Callable[[list[Any]], tuple[Any, float]], train: list[Any],
                  valid: list[Any], rng: np.random.Generator, seconds: float, batch: int, chunk: int,
                  weight_decay: float, skip_lr: float, hits_name: str, digits: int) -> Fitted:
    """Adam on the network's body and its heuristic weights (`skip`) for `seconds`, an epoch at a time over
    shuffled batches; after each epoch the held-out loss (in chunks of `chunk` rows) keeps the best weights."""
    from tqdm import tqdm

    def evaluate() -> tuple[float, float]:
        return held_out(torch, loss_of, valid, chunk)

    skip = [p for name, p in net.named_parameters() if name == "skip"]
    body = [p for name, p in net.named_parameters() if name != "skip"]
    optimiser = torch.optim.Adam([{"params": body, "lr": 1e-3, "weight_decay": weight_decay},
                                  {"params": skip, "lr": skip_lr}])
    start_loss, start_hits = evaluate()
    best = (start_loss, start_hits, _arrays(net))
    deadline = time.monotonic() + seconds
    epochs = 0
    with tqdm(total=round(seconds), unit="s", desc="training", file=sys.stderr) as bar:
        start = time.monotonic()
        while time.monotonic() < deadline:
            order = rng.permutation(len(train))
            for i in range(0, len(order), batch):
                loss, _ = loss_of([train[j] for j in order[i : i + batch]])
                optimiser.zero_grad()
                (loss / batch).backward()
                optimiser.step()
                if time.monotonic() >= deadline:
                    break
            epochs += 1
            valid_loss, hits = evaluate()
            if not valid or valid_loss < best[0]:
                best = (valid_loss, hits, _arrays(net))
            bar.n = min(round(time.monotonic() - start), bar.total)
            bar.set_postfix({"epochs": epochs, "held_out_loss": f"{valid_loss:.{digits}f}", hits_name: f"{hits:.3f}"})
            bar.refresh()
    return Fitted(start_loss, start_hits, best[0], best[1], best[2], epochs)


def fit(games: list[list[Decision]], size: int, hidden: int, seconds: float, seed: int,
        batch: int = 32) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
    """Train the scoring network for `seconds` and return its NumPy arrays and the held-out figures."""
    import torch

    valid, train, net, rng = start_training(torch, games, "decision", size, hidden, seed)

    def loss_of(batch_decisions: list[Decision]) -> tuple[Any, float]:
        xs, hs, mask, targets = dense(batch_decisions, size)
        scores = net(torch.from_numpy(xs), torch.from_numpy(hs))
        scores = scores.masked_fill(~torch.from_numpy(mask), -1e9)
        target = torch.from_numpy(targets)
        hits = int((scores.argmax(dim=1) == target).sum())
        return torch.nn.functional.cross_entropy(scores, target, reduction="sum"), hits

    # The evaluation's log-odds differ little between the actions of one decision: find the scale at which the
    # greedy start predicts the teacher best, so that training starts from the greedy bot at its best temperature.
    sample = [train[j] for j in rng.permutation(len(train))[:512]]

    def set_scale(scale: float) -> None:
        net.skip[0] = scale

    start_scale = best_scale(torch, loss_of, sample, GREEDY_SCALES, set_scale)
    got = train_network(torch, net, loss_of, train, valid, rng, seconds, batch, chunk=128, weight_decay=1e-5,
                        skip_lr=0.05, hits_name="agreement", digits=3)
    figures = {
        "train_decisions": len(train), "held_out_decisions": len(valid), "epochs": got.epochs,
        "greedy_start_scale": start_scale,
        "held_out_loss_greedy_start": round(got.start_loss, 4),
        "held_out_agreement_greedy_start": round(got.start_hits, 4),
        "held_out_loss": round(got.loss, 4), "held_out_agreement": round(got.hits, 4),
    }
    return got.arrays, figures


def load_into(torch: Any, net: Any, arrays: dict[str, np.ndarray]) -> None:
    """Set the torch network's weights to a saved network's arrays (`_arrays` read the other way round)."""
    with torch.no_grad():
        for layer, w, b in ((net.l1, "w1", "b1"), (net.l2, "w2", "b2")):
            layer.weight.copy_(torch.from_numpy(np.asarray(arrays[w], dtype=np.float32).T.copy()))
            layer.bias.copy_(torch.from_numpy(np.asarray(arrays[b], dtype=np.float32)))
        net.l3.weight.copy_(torch.from_numpy(np.asarray(arrays["w3"], dtype=np.float32).reshape(1, -1)))
        net.l3.bias.copy_(torch.from_numpy(np.asarray(arrays["b3"], dtype=np.float32).reshape(1)))
        net.skip.copy_(torch.from_numpy(np.asarray(arrays["skip"], dtype=np.float32).reshape(-1)))


def _torch_net(torch: Any, size: int, hidden: int) -> Any:
    nn = torch.nn

    class Scorer(nn.Module):  # type: ignore[misc,name-defined]
        def __init__(self) -> None:
            super().__init__()
            self.l1 = nn.Linear(size, hidden)
            self.l2 = nn.Linear(hidden, hidden)
            self.l3 = nn.Linear(hidden, 1)
            nn.init.zeros_(self.l3.weight)
            nn.init.zeros_(self.l3.bias)
            self.skip = nn.Parameter(torch.tensor([1.0] + [0.0] * (HEURISTICS - 1)))

        def forward(self, x: Any, h: Any) -> Any:
            body = self.l3(torch.relu(self.l2(torch.relu(self.l1(x))))).squeeze(-1)
            return body + (h * self.skip).sum(-1)

    return Scorer()


def _arrays(net: Any) -> dict[str, np.ndarray]:
    def a(t: Any) -> np.ndarray:
        return np.asarray(t.detach().numpy(), dtype=np.float32).copy()

    return {"w1": a(net.l1.weight).T.copy(), "b1": a(net.l1.bias), "w2": a(net.l2.weight).T.copy(),
            "b2": a(net.l2.bias), "w3": a(net.l3.weight).reshape(-1), "b3": a(net.l3.bias).reshape(()),
            "skip": a(net.skip)}


def export(arrays: dict[str, np.ndarray], meta: dict[str, Any], out: Path) -> None:
    """Write the network (`out`, the first layer in float16) and its provenance (`out` with `.json`)."""
    packed = {**arrays, "w1": arrays["w1"].astype(np.float16), "meta": np.array(json.dumps(meta))}
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("wb") as fh:
        np.savez_compressed(fh, **packed)  # type: ignore[arg-type]
    out.with_suffix(".json").write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")


def _check_writable(option: str, path: Path, *beside: Path) -> None:
    """Refuse, before any game is recorded and without changing anything, a file the command could not write at its
    end, or the files `beside` it in the same folder (the folders it lacks are made then), so that a long recording
    is never lost to a bad path."""
    folder = path.parent.absolute()
    while not os.path.lexists(folder) and folder != folder.parent:  # a broken link is in the way, not missing
        folder = folder.parent
    if not folder.is_dir():
        raise click.ClickException(f"{option} {path}: {folder} is not a folder")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise click.ClickException(f"{option} {path}: the folder {folder} cannot be written to")
    for file in (path, *beside):
        if os.path.lexists(file) and (file.is_dir() or not os.access(file, os.W_OK)):
            raise click.ClickException(f"{option} {path}: {file} cannot be written")


@click.command()
@click.option("--game", "game_id", required=True, help="The game (`meeple info` lists the installed ones).")
@click.option("--target", type=click.Choice(["value", "choice"]), default="value", show_default=True,
              help="value: learn the outcome of positions at the search's cut-off from self-play games (the bot "
                   "then searches with it); choice: learn to choose as the teacher does among afterstates.")
@click.option("--minutes", type=click.FloatRange(min=0.1), default=50.0, show_default=True,
              help="Total time: recording games, then training.")
@click.option("--record", "record_share", type=click.FloatRange(0.05, 0.95), default=0.8, show_default=True,
              help="Share of the time spent recording games.")
@click.option("--players", type=click.IntRange(min=2), default=2, show_default=True,
              help="Players of the recorded games. Put the network in the game's package as learned.npz (played at "
                   "every count) or learned-<N>p.npz (played at N players instead; where the game's spec names N in "
                   "search_networks, the search bot plays it too).")
@click.option("--selfplay", default="greedy:10%", show_default=True,
              help="--target value: the bot level that plays every seat of the recorded games.")
@click.option("--iterations", type=click.IntRange(min=1), default=None,
              help="--target value: the learned bot's search budget per decision (default: the game's own).")
@click.option("--teacher", default="ismcts", show_default=True,
              help="--target choice: bot level whose choices are learnt.")
@click.option("--opponent", default="greedy", show_default=True,
              help="--target choice: bot level the teacher plays against.")
@click.option("--hidden", type=click.IntRange(min=1), default=32, show_default=True, help="Units per hidden layer.")
@click.option("--jobs", type=click.IntRange(min=1), default=2, show_default=True, help="Games recorded in parallel.")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--keep-data", type=click.Path(dir_okay=False, path_type=Path),
              help="Also save the recorded games there (to train again with --from-data).")
@click.option("--from-data", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Train on games saved by --keep-data instead of recording (all the time goes to training).")
@click.option("--start", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="--target value: start training from this value network (.npz, the same --hidden and player "
                   "count) instead of from the game's plan_value, e.g. to go on from a shipped network with games "
                   "of stronger bots.")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="Where to write the network (.npz); the provenance goes next to it (.json).")
def train(game_id: str, target: str, minutes: float, record_share: float, players: int, selfplay: str,
          iterations: int | None, teacher: str, opponent: str, hidden: int, jobs: int, seed: int,
          keep_data: Path | None, from_data: Path | None, start: Path | None, out: Path) -> None:
    """Train the learned bot of a game and export its network.

    With --target value (the default), bots play whole games against each other, the positions where the search
    stops are labelled with who won, and a small network learns those outcomes; the bot level `learned` then
    searches with it. With --target choice, it learns the search bot's choices instead.

    \b
    Examples (Blue Moon City's shipped networks: the default one, and the one it plays with 4 players):
    meeple train --game bluemooncity --minutes 40 --record 0.6 --jobs 2 --out learned.npz
    meeple train --game bluemooncity --players 4 --minutes 40 --record 0.6 --jobs 2 --out learned-4p.npz
    """
    from meeple.agents import parse_level
    from meeple.engine import get_rules
    from meeple.engine.errors import MeepleError
    try:
        rules = get_rules(game_id)
        rules.spec.check_players(players)
        for level in (teacher, opponent, selfplay):
            parse_level(level)
        named = file_count(out.name)
        if named is not None and named != players:
            raise ValueError(f"--out {out.name} is the file the bot plays at {named} players, but the games "
                             f"would have {players}: give --players {named} or another file name")
    except (MeepleError, ValueError) as exc:
        raise click.ClickException(str(exc)) from None
    if out.suffix != ".npz":
        raise click.ClickException(f"the network is written as an .npz file, not {out}")
    _check_writable("--out", out, out.with_suffix(".json"))  # the network and its provenance
    if keep_data is not None:
        _check_writable("--keep-data", keep_data)
    try:
        size = game_encoder(game_id, players).size
    except ValueError as exc:
        raise click.ClickException(str(exc)) from None
    first: Network | None = None
    start_record: dict[str, Any] = {}
    if start is not None:
        if target != "value":
            raise click.ClickException("--start goes on from a value network: it needs --target value")
        try:
            first = Network.load(start)
        except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile) as exc:
            raise click.ClickException(f"{start}: not a network this command wrote ({exc})") from None
        if first.kind != "value" or not first.has_shape(size, hidden):
            raise click.ClickException(
                f"{start} is a {first.kind} network of {first.inputs} inputs and {first.w1.shape[1]} units a layer; "
                f"--start needs a value network of {size} inputs (the encoder of {players}-player games) and "
                f"{hidden} units in each layer (--hidden)")
        for key, wanted in (("game", game_id), ("players", players)):
            if first.meta.get(key, wanted) != wanted:
                raise click.ClickException(f"{start} learnt from games with {key} {first.meta[key]}, not {wanted}: "
                                           f"--start goes on from a network of the same game and player count")
        start_record = {"file": start.name, "sha256": hashlib.sha256(start.read_bytes()).hexdigest(),
                        **{key: first.meta[key] for key in ("date", "command", "games", "held_out_loss", "start")
                           if key in first.meta}}
    # Bad options and a bad --start are reported before PyTorch is looked for, so on any machine; a --from-data
    # file is read (it may be large) and checked only after.
    try:
        import torch  # noqa: F401
    except ImportError:
        raise click.ClickException("training needs PyTorch: pip install torch==2.13.0 (CPU)") from None
    started = datetime.datetime.now(datetime.UTC)
    command = "meeple train " + " ".join(sys.argv[2:])
    clock = time.monotonic()
    bots = {"teacher": teacher, "opponent": opponent} if target == "choice" else {"selfplay": selfplay}
    if from_data is not None:
        with from_data.open("rb") as fh:
            saved = pickle.load(fh)  # a file this command wrote (--keep-data)
        if saved["game"] != game_id or saved["players"] != players:
            raise click.ClickException(f"{from_data} holds {saved['game']} games of {saved['players']} players")
        if saved.get("target", "choice") != target:
            raise click.ClickException(f"{from_data} holds data for --target {saved.get('target', 'choice')}")
        games = saved["games"]
        bots = saved.get("bots") or {"teacher": saved["teacher"], "opponent": saved["opponent"]}
        recording = saved.get("recording", {})
        recorded = 0.0
    else:
        if target == "choice":
            games = record(partial(record_game, game_id, players, teacher, opponent, seed),
                           minutes * 60 * record_share, jobs)
        else:
            from .train_value import record_value_game
            games = record(partial(record_value_game, game_id, players, selfplay, seed),
                           minutes * 60 * record_share, jobs, unit="positions")
        recorded = time.monotonic() - clock
        recording = {"command": command, "date": started.strftime("%Y-%m-%dT%H:%M:%SZ"),
                     "seconds": round(recorded), "jobs": jobs, "seed": seed}
        if keep_data is not None:
            keep_data.parent.mkdir(parents=True, exist_ok=True)
            with keep_data.open("wb") as fh:
                pickle.dump({"game": game_id, "players": players, "target": target, "bots": bots,
                             **bots, "games": games, "recording": recording}, fh)
    # Training keeps at least its share of the time, even when the last recorded games ran past theirs.
    seconds = max(minutes * 60 - recorded, minutes * 60 * (1 - record_share))
    if target == "choice":
        arrays, figures = fit(games, size, hidden, seconds, seed)
    else:
        from .train_value import fit_value
        arrays, figures = fit_value(games, size, hidden, seconds, seed, start=first)
        figures = {"kind": "value", "iterations": iterations,
                   **({"start": start_record} if first is not None else {}), **figures}
    meta = {
        "game": game_id, "players": players, **bots, "hidden": hidden,
        "encoder_size": size, "command": command,
        "date": started.strftime("%Y-%m-%dT%H:%M:%SZ"), "recording": recording,
        "train_seconds": round(time.monotonic() - clock - recorded), "games": len(games), **figures,
    }
    export(arrays, meta, out)
    click.echo(json.dumps(meta, indent=2))
