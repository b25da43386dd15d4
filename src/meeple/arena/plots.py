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
