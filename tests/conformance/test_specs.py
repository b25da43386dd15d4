"""Every registered game: a consistent spec, a complete action notation, and explained refusals of options."""

from __future__ import annotations

import json

import pytest

import meeple
from meeple.engine import HIDING, get_rules

from .configs import Config, all_game_ids, all_starts, configurations

GAMES = all_game_ids()
STARTS = all_starts()


def test_some_game_is_registered() -> None:
    assert GAMES, "no game is registered"
    assert configurations(), "no game accepts any configuration"


@pytest.mark.parametrize("game_id", GAMES)
def test_spec_is_consistent(game_id: str) -> None:
    rules = get_rules(game_id)
    spec = rules.spec
    assert spec.id == game_id and spec.title and isinstance(spec.version, int) and spec.version >= 1
    assert all(isinstance(v, int) and 1 <= v < spec.version for v in spec.replays)  # older versions only
    assert 1 <= spec.min_players <= spec.max_players
    assert spec.information in ("perfect", "imperfect") and spec.chance in ("none", "seeded")
    assert spec.max_game_length > 0
    assert spec.num_distinct_actions == len(rules.actions) > 0
    names = spec.option_names()
    assert len(set(names)) == len(names)
    for option in spec.options:
        assert option.default in option.choices and len(set(map(json.dumps, option.choices))) == len(option.choices)
    assert spec.normalise_options(None) == spec.defaults()
    # What the game hides decides how the leak checks look for it (GameSpec.hides): a game with hidden information
    # or a random stream declares something; with perfect information, nothing one seat knows and another not.
    assert set(spec.hides.values()) <= set(HIDING)
    if spec.information == "imperfect" or spec.chance == "seeded":
        assert spec.hides, f"{game_id} has {spec.information} information and {spec.chance} chance: declare hides"
    if spec.information == "perfect":
        assert set(spec.hides.values()) <= {"stream", "order"}, spec.hides


@pytest.mark.parametrize("game_id", GAMES)
def test_every_action_text_round_trips(game_id: str) -> None:
    """The whole fixed index, not only the actions random games happen to list."""
    table = get_rules(game_id).actions
    assert len(set(table.texts)) == len(table)
    for i, text in enumerate(table.texts):
        assert text == " ".join(text.split()) and text, f"action {i} has a non-canonical text {text!r}"
        assert table.parse(text) == i and table.text(i) == text
        assert table.parse(f"  {text.replace(' ', '   ')} ") == i


@pytest.mark.parametrize(("cfg", "refused"), STARTS, ids=[c.label for c, _ in STARTS])
def test_every_option_combination_starts_or_is_refused_with_a_reason(cfg: Config, refused: str | None) -> None:
    if refused is not None:
        assert any(name in refused for name, _ in cfg.options), f"the refusal does not name an option: {refused}"
        return
    game = meeple.new_game(cfg.game_id, cfg.players, 3, cfg.opts)
    assert game.options == {**game.spec.defaults(), **cfg.opts}
    assert game.deciders() and not game.is_over()
    for viewer in [None, *range(cfg.players)]:
        json.dumps(game.view(viewer))
        assert isinstance(game.render(viewer), str)
    setups = {json.dumps(game.rules.to_data(meeple.new_game(cfg.game_id, cfg.players, s, cfg.opts).state),
                         sort_keys=True) for s in range(4)}
    assert len(setups) > 1, "different seeds give the same setup"
