"""The OpenSpiel adapter passes OpenSpiel's random-simulation test and its Python IS-MCTS bot plays Blue Moon City."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed: pip install -e '.[openspiel]'")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import meeple  # noqa: E402
from meeple.rl import openspiel  # noqa: E402
from meeple.rl.encoders import make_encoder  # noqa: E402


@pytest.fixture(scope="module")
def game():
    openspiel.register()
    return pyspiel.load_game("meeple_bluemooncity", {"players": 2, "seed": 3})


def _advance(state, steps, seed):
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_game_type_declares_chance_and_imperfect_information(game):
    gtype = game.get_type()
    assert gtype.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert gtype.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert gtype.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert game.num_distinct_actions() == 585
    assert game.max_chance_outcomes() == 0
    assert game.information_state_tensor_shape() == game.observation_tensor_shape()


@pytest.mark.slow
def test_openspiel_random_simulation_test():
    # OpenSpiel's own conformance run: legal actions sorted and unique, clones, observations of
    # every player at every step, returns within bounds and summing to 1 (serialisation aside:
    # pyspiel cannot save the random stream of a Python sampled-stochastic game). One game of some
    # two thousand random actions, with every check at every step, takes 10-20 s of CPU.
    openspiel.register()
    game = pyspiel.load_game("meeple_bluemooncity", {"players": 2, "seed": 2})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_resampling_keeps_the_seats_information_and_redeals_the_rest(game):
    state = _advance(game.new_initial_state(), 150, seed=1)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    changed = False
    for player in range(2):
        for _ in range(3):
            sample = state.resample_from_infostate(player, sampler)
            assert sample.information_state_string(player) == state.information_state_string(player)
            assert sample.information_state_tensor(player) == state.information_state_tensor(player)
            if player == state.current_player():
                assert sample.legal_actions() == state.legal_actions()
            changed |= str(sample) != str(state)
    assert changed


def test_information_state_hides_the_other_hand(game):
    state = _advance(game.new_initial_state(), 60, seed=2)
    view = state.view(0)
    info = state.information_state_string(0)
    assert '"hand":' in info and f'"crystals":{view["crystals"]}' in info
    assert info.count('"hand":') == 1  # the own hand only: the other one is not in the view
    assert info.count('"crystals":') == 1


@pytest.mark.parametrize(("game_id", "min_steps"), [("bluemooncity", 100), ("coloma", 100), ("cityofremnants", 500)])
def test_the_adapter_loads_and_plays_a_whole_game(game_id, min_steps):
    """Every game through the adapter: its actions and its encoder's vector, sorted unique legal actions to the end,
    a winner, and information states that differ between seats."""
    openspiel.register()
    g = pyspiel.load_game(f"meeple_{game_id}", {"players": 3, "seed": 4})
    assert g.num_players() == 3
    assert g.num_distinct_actions() == len(meeple.engine.get_rules(game_id).actions)
    assert g.observation_tensor_shape() == [make_encoder(game_id, 3).size]
    state = g.new_initial_state()
    rng = np.random.default_rng(4)
    steps = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal == sorted(set(legal))
        state.apply_action(int(rng.choice(legal)))
        steps += 1
    returns = state.returns()
    assert steps > min_steps and len(returns) == 3 and max(returns) > min(returns)
    assert state.information_state_tensor(0) != state.information_state_tensor(1)


def test_states_save_and_load(game):
    state = _advance(game.new_initial_state(), 90, seed=4)
    loaded = game.deserialize_state(state.serialize())
    assert str(loaded) == str(state)
    assert loaded.history() == state.history()
    assert loaded.information_state_string(1) == state.information_state_string(1)


def test_new_states_take_successive_seeds():
    openspiel.register()
    g = pyspiel.load_game("meeple_bluemooncity", {"players": 3, "seed": 40, "expansion": True})
    first, second = g.new_initial_state(), g.new_initial_state()
    assert (first.meeple.seed, second.meeple.seed) == (40, 41)
    assert first.meeple.options["expansion"] is True


def test_ismcts_bot_plays_with_random_rollouts(game):
    rs = np.random.RandomState(7)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), uct_c=2.0, max_simulations=3, random_state=rs)
    state = _advance(game.new_initial_state(), 5, seed=5)
    for _ in range(2):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_ismcts_bot_plays_a_turn_with_the_heuristic_evaluator():
    openspiel.register()
    g = pyspiel.load_game("meeple_bluemooncity", {"players": 3, "seed": 8})
    rs = np.random.RandomState(3)
    bot = ismcts.ISMCTSBot(g, openspiel.HeuristicEvaluator(), uct_c=2.0, max_simulations=25, random_state=rs)
    state = g.new_initial_state()
    first = state.current_player()
    while state.current_player() == first:
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert state.meeple.full_log()[-1][1].startswith("refill")


def test_evaluate_bots_plays_meeple_bots_against_openspiel_bots():
    from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
    from open_spiel.python.bots.uniform_random import UniformRandomBot

    openspiel.register()
    g = pyspiel.load_game("meeple_bluemooncity", {"players": 2, "seed": 11})
    rng = np.random.RandomState(2)
    state = g.new_initial_state()
    returns = evaluate_bots(state, [openspiel.MeepleBot("greedy", 0, seed=1), UniformRandomBot(1, rng)], rng)
    assert state.is_terminal() and sum(returns) == pytest.approx(1.0)
    assert list(returns) == state.returns()
    assert {seat for seat, _ in state.meeple.full_log()} == {0, 1}


def test_evaluate_bots_plays_openspiel_search_bots_made_restartable():
    """OpenSpiel's Python IS-MCTS bot defines no `restart_at`; `evaluate_bots` calls it: wrapped, it plays."""
    from open_spiel.python.algorithms.evaluate_bots import evaluate_bots

    from engine.games import registered

    with registered():
        openspiel.register(["skirmish"])
        g = pyspiel.load_game("meeple_skirmish", {"players": 2, "seed": 4})
        rng = np.random.RandomState(5)
        search = ismcts.ISMCTSBot(g, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0, max_simulations=4,
                                  random_state=rng)
        with pytest.raises(Exception, match="RestartAt"):
            evaluate_bots(g.new_initial_state(), [search, openspiel.MeepleBot("random", 1)], rng)
        state = g.new_initial_state()
        returns = evaluate_bots(state, [openspiel.Restartable(search), openspiel.MeepleBot("random", 1)], rng)
        assert state.is_terminal() and sum(returns) == pytest.approx(1.0)
