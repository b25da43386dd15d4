"""Blue Moon City's spec: what every face knows of the game before playing it (its own module, imported by the
rules and by the scenario builder alike)."""

from __future__ import annotations

from meeple.engine.spec import OptionSpec
from meeple.kit.spec import game_spec

from .actions import TABLE
from .messages import DESCRIPTION

# Version 2: the rebuilt city's last stage ends when nobody can pay an offering (BMC-10.2), and in kosmos2006 every
# receiver keeps reward cards face down until the end of the turn (BMC-6.7). Saves of version 1 are replayed
# under these rules and checked (`BlueMoonCity.replay_difference`).
VERSION = 2


SPEC = game_spec(
    "meeple.games.bluemooncity", (2, 4), title="Blue Moon City", version=VERSION,
    options=(
        OptionSpec("edition", "cmon2019", ("cmon2019", "kosmos2006"),
                   "rules edition (scale pools, start tiles, names)"),
        OptionSpec("expansion", False, (False, True), "special buildings on the full 5x5 city (cmon2019 only)"),
        OptionSpec("layout", "standard", ("standard", "open"), "open: every tile but the Courtyard is shuffled"),
    ),
    information="imperfect",
    # Other hands and pending rewards, the deck, and other seats' crystal totals (BMC views.hidden_values).
    hides={"hand": "cards", "pending": "cards", "deck": "cards", "crystals": "number"},
    chance="seeded",
    simultaneous=False,
    max_game_length=40_000,
    num_distinct_actions=len(TABLE),
    description=DESCRIPTION,
    metrics=("offerings", "crystals", "scales", "turns"),
    replays=(1,),
    # The search beat greedy 52 of 60 in a levels run (2 players; 145 of 176 in the bench), too far for one step, so
    # the ladder starts one step up: a tenth of random moves, greedy, then the search at 50 iterations a decision,
    # which beat greedy 50 of 70 in trials (2026-12-01). The steps are measured in `meeple.agents.ratings`
    # (bluemooncity.json).
    bot_levels={"easy": "greedy:10%", "medium": "greedy", "hard": "ismcts:50"},
    # At 4 players the search values its cut-offs with the network trained on 4-player games (learned-4p.npz): on
    # the bench's 64 deals it won 39 against greedy where `plan_value` won 20 (docs/benchmarks.md).
    search_networks=(4,),
)
