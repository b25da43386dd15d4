"""`tile SQ`: a tile described from the data file, in messages (what the terminal and other faces show); the text
board shows every name whole and what each building pays, within 80 columns and 24 lines."""

from __future__ import annotations

import re

import meeple
from meeple.agents import make_agent
from meeple.engine import Event
from meeple.games.bluemooncity.render import pays_text


def words(game: meeple.Game, question: str) -> list[str]:
    answer = game.explain(0, question.split())
    assert answer is not None
    return [game.catalogue().text(e.msg, e.params) for e in answer]


def crystals(n: int) -> str:
    return f"{n} crystal" if n == 1 else f"{n} crystals"


def test_a_building_says_its_boxes_and_what_it_pays() -> None:
    game = meeple.scenario("bluemooncity", {"players": 2, "city": {"c2": "earth-temple"}, "turn": {"active": 0}})
    tile = game.rules.ctx.comp.tile("earth-temple")
    lines = words(game, "tile c2")
    assert lines[0] == "c2: Earth Temple (ET)"
    assert [line for line in lines if "box" in line and "bonus" not in line] == [
        f"  box {i + 1}: {n} in Terrah cards, free" for i, n in enumerate(tile.boxes)]
    assert f"  majority bonus (most markers; a tie goes to the leftmost marker): {crystals(tile.majority.crystals)}" \
        in lines
    assert f"  construction bonus (every player with a marker, once): {crystals(tile.construction.crystals)}" in lines
    cards = tile.neighbourhood.cards
    assert any(line.startswith("  neighbourhood bonus") and line.endswith(f"{cards} card" + ("" if cards == 1 else "s"))
               for line in lines)
    design = sorted(f for f, src in tile.provenance.items() if src == "design")
    assert any(line.endswith(", ".join(design)) for line in lines if "[design]" in line)
    assert pays_text(tile) == f"{tile.majority.text()}/{tile.construction.text()} +{tile.neighbourhood.text()}"


def test_the_courtyard_and_who_stands_there() -> None:
    game = meeple.new_game("bluemooncity", 2, seed=3)
    square = next(sq for sq in ("c3", "b3", "c2") if "Courtyard" in words(game, f"tile {sq}")[0])
    lines = words(game, f"tile {square}")
    assert "Offerings are made here" in lines[1]
    assert not any(line.startswith(("  majority", "  construction", "  neighbourhood")) for line in lines)
    assert lines[-1] == "  figures here: Player 1, Player 2"


def test_bad_questions_get_a_clear_answer_and_other_words_none() -> None:
    game = meeple.new_game("bluemooncity", 2, seed=3)
    assert game.explain(0, ["tile", "z9"]) == [Event("explain.no_square", {"square": "z9"})]
    assert game.explain(0, ["tile"]) == [Event("explain.tile_usage")]
    assert game.explain(None, ["hello"]) is None
    assert "question.tile" in game.rules.messages()


def test_the_board_names_buildings_in_full_and_shows_what_they_pay() -> None:
    game = meeple.new_game("bluemooncity", 2, seed=3)
    board = game.render(0)
    ctx = game.rules.ctx
    for index in game.state.tile_at:
        if index >= 0:
            assert ctx.tiles[index].name in board
    assert "2c/3c +2k" in board  # the Earth Temple


def test_the_board_fits_a_terminal_of_80_columns_and_24_lines() -> None:
    """Every seat's board, at every step of random games (the expansion's 5x5 city and four players included)."""
    for seed, players, expansion in ((1, 4, True), (3, 2, True), (2, 3, False)):
        game = meeple.new_game("bluemooncity", players, seed, {"expansion": expansion})
        bots = [make_agent("random", seed=s) for s in range(players)]
        for _ in range(400):
            if game.is_over():
                break
            for viewer in [None, *range(players)]:
                lines = re.sub(r"\x1b\[[0-9;]*m", "", game.render(viewer, color=True)).splitlines()
                assert len(lines) <= 24 and max(map(len, lines)) <= 79, "\n".join(lines)
            seat = game.deciders()[0]
            game.apply(seat, bots[seat].choose(game.seat_table(seat)))
