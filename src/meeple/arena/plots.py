"""PNG plots of an arena run (matplotlib, without a display)."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def plot_win_rates(summary: dict[str, Any], path: Path) -> Path:
    """Win rate per bot level with its 95% Wilson interval, and the fair share as a line."""
    plt = _pyplot()
    levels = list(summary["bots"])
    rates = [summary["bots"][lv]["win_rate"] for lv in levels]
    low = [r - summary["bots"][lv]["ci95"][0] for r, lv in zip(rates, levels, strict=True)]
    high = [summary["bots"][lv]["ci95"][1] - r for r, lv in zip(rates, levels, strict=True)]
    fig, ax = plt.subplots(figsize=(max(4.0, 1.4 * len(levels) + 2), 3.6))
    ax.bar(levels, rates, yerr=[low, high], capsize=6, color="#4c72b0")
    ax.axhline(1 / summary["players"], color="grey", linestyle="--", linewidth=1, label="fair share")
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% CI)")
    ax.set_title(f"{summary['game']}: {summary['games']} games")
    ax.legend(loc="upper right")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path


def plot_lengths(records: list[dict[str, Any]], path: Path, figure: str | None = None) -> Path:
    """Distribution of game lengths in actions, and of one figure of the whole game (`figure`, e.g. turns)."""
    plt = _pyplot()
    values = [r["figures"][figure] for r in records if figure and figure in r.get("figures", {})]
    panels = 2 if values else 1
    fig, axes = plt.subplots(1, panels, figsize=(4.2 * panels, 3.4), squeeze=False)
    axes[0][0].hist([r["actions"] for r in records], bins="auto", color="#55a868")
    axes[0][0].set_xlabel("actions per game")
    axes[0][0].set_ylabel("games")
    if values:
        axes[0][1].hist(values, bins="auto", color="#c44e52")
        axes[0][1].set_xlabel(f"{figure} per game")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path


def plot_positions(summary: dict[str, Any], path: Path) -> Path:
    """Win rate of each bot by turn position (95% intervals), and of whoever sat there, against the fair share."""
    plt = _pyplot()
    players = summary["players"]
    fig, ax = plt.subplots(figsize=(max(4.5, 1.2 * players * (len(summary["bots"]) + 1) + 2), 3.6))
    groups = [("any bot", summary["position_win_rates"])]
    groups += [(level, b["by_position"]) for level, b in summary["bots"].items()]
    width = 0.8 / len(groups)
    for g, (label, rates) in enumerate(groups):
        xs = [p + g * width for p in range(players)]
        ys = [r["win_rate"] for r in rates]
        err = [[y - r["ci95"][0] for y, r in zip(ys, rates, strict=True)],
               [r["ci95"][1] - y for y, r in zip(ys, rates, strict=True)]]
        ax.bar(xs, ys, width, yerr=err, capsize=3, label=label)
    ax.axhline(1 / players, color="grey", linestyle="--", linewidth=1)
    ax.set_xticks([p + 0.4 - width / 2 for p in range(players)], [f"position {p + 1}" for p in range(players)])
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% CI)")
    ax.legend(loc="upper right", fontsize="small")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path


def plot_margins(summary: dict[str, Any], path: Path) -> Path:
    """Distribution of the winning margin (best score minus the second best)."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(4.4, 3.4))
    ax.hist(summary["scores"]["margins"] or [0], bins="auto", color="#8172b2")
    ax.set_xlabel("winning margin (score)")
    ax.set_ylabel("games")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path


def plot_tally(name: str, keys: dict[str, dict[str, Any]], path: Path) -> Path:
    """One tally of the game: in what share of the games each key appears, and its mean value there."""
    plt = _pyplot()
    labels = list(keys)
    fig, axes = plt.subplots(1, 2, figsize=(9, max(2.6, 0.28 * len(labels) + 1)), sharey=True)
    axes[0].barh(labels, [keys[k]["share"] for k in labels], color="#4c72b0")
    axes[0].set_xlim(0, 1)
    axes[0].set_xlabel("share of games")
    axes[0].invert_yaxis()
    axes[1].barh(labels, [keys[k]["mean"] for k in labels], color="#dd8452")
    axes[1].set_xlabel("mean value where it appears")
    fig.suptitle(name)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path
