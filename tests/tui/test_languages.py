"""`meeple play` and `meeple replay` in the reader's language: `--lang`, else the locale (LANGUAGE, LC_ALL,
LC_MESSAGES, LANG); the terminal's words, the phase help, the log lines and the errors come from the catalogues."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

import meeple
from meeple.tui.commands import play, replay
from meeple.tui.session import PlaySession

INPUT = ["xyz", "999", "help", "end", "end", "refill", "log 3", "quit"]


def run_play(args: list[str], env: dict[str, str] | None = None) -> Result:
    return CliRunner().invoke(play, ["bluemooncity", "--seats", "me,greedy", "--seed", "3", "--no-color", *args],
                              input="".join(line + "\n" for line in INPUT), env=env)


def test_play_in_spanish_with_lang(tmp_path: Path) -> None:
    out = run_play(["--lang", "es", "--save", str(tmp_path / "g.json")]).output
    assert "Te toca (movimiento, quedan 2 pasos); `help` explica las opciones:" in out  # status, plural form
    assert "No es posible: `xyz` no es una acción ni un comando aquí. Escribe un número del 1 al" in out
    assert "No hay acción 999: elige un número del 1 al" in out
    assert "Movimiento: da hasta los pasos que te quedan" in out and "Legal ahora: " in out  # phase help
    assert "Jugador 1 (tú) descarta nada y roba 2 cartas" in out and "Turno 3: Jugador 2 (codicioso)" in out  # log
    assert "Jugador 1 (tú)> " in out
    assert f"Has salido: partida guardada en {tmp_path / 'g.json'}; para seguir: meeple play --resume" in out


def test_play_in_portuguese_from_lang_environment(tmp_path: Path) -> None:
    out = run_play(["--save", str(tmp_path / "g.json")], env={"LANG": "pt_BR.UTF-8"}).output
    assert "Sua vez (movimentação, restam 2 passos)" in out
    assert "Movimentação: dê até os passos que restam" in out
    assert "Jogador 1 (você) descarta nada e compra 2 cartas" in out
    assert "Não há ação 999: escolha um número de 1 a" in out
    # the game's own reason in Portuguese too, with the rulebook's name of the phase
    assert "Não é possível: `end` encerra a movimentação ou a contribuição, não Reposição." in out


def test_play_in_hebrew_and_lang_over_the_environment(tmp_path: Path) -> None:
    out = run_play(["--lang", "he", "--save", str(tmp_path / "g.json")], env={"LANG": "es_ES.UTF-8"}).output
    assert "תורך (תנועה, נשארו 2 צעדים)" in out
    assert "שחקן 1 (את/ה) זורק/ת כלום ולוקח/ת 2 קלפים" in out


def test_an_unknown_language_is_refused_clearly() -> None:
    result = run_play(["--lang", "xx"])
    assert result.exit_code == 2 and "'xx' is not one of the languages: en, es, pt, he" in result.output


def test_replay_in_spanish(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    run_play(["--lang", "es", "--save", str(save)])
    out = CliRunner().invoke(replay, [str(save), "--no-color", "--lang", "es"], input="n\n99\nq\n").output
    assert "acciones. Intro o n: acción siguiente" in out and "Inicio de la partida." in out
    assert "Acción 1/18: Jugador 2: vulca1 b3" in out  # the bot moves first in this deal
    assert "La partida tiene 18 acciones." in out


@pytest.mark.parametrize(("lang", "words"), [("en", ["(greedy)", "(strong)", "(strongest)"]),
                                             ("es", ["(codicioso)", "(fuerte)"]),
                                             ("pt", ["(forte)", "(ganancioso)"]),
                                             ("he", ["(חזק)", "(חמדן)"])])
def test_bots_are_named_by_the_catalogue_words_of_their_level(lang: str, words: list[str]) -> None:
    """As in the browser ("Easy", "Strong"), never by the level's notation (`ismcts:0.5s`); a level without a
    name keeps its notation."""
    game = meeple.new_game("coloma", players=5, seed=1)
    seats = ["me", "greedy", "ismcts:0.5s", "ismcts:2s", "ismcts:3s"]
    session = PlaySession(game, seats, lambda _prompt: None, lambda _line: None, lang=lang)
    names = " ".join(session.names())
    for word in words:
        assert word in names, names
    assert "ismcts:0.5s" not in names and "ismcts:2s" not in names and "(ismcts:3s)" in names


@pytest.mark.parametrize(("lang", "words"), [("en", ["(Easy)", "(Medium)", "(Hard)", "(Expert)"]),
                                             ("es", ["(Fácil)", "(Intermedio)", "(Difícil)", "(Experto)"]),
                                             ("pt", ["(Fácil)", "(Médio)", "(Difícil)", "(Especialista)"]),
                                             ("he", ["(קל)", "(בינוני)", "(קשה)", "(מומחה)"])])
def test_named_levels_are_named_in_every_language(lang: str, words: list[str]) -> None:
    game = meeple.new_game("coloma", players=5, seed=1)
    seats = ["me", "easy", "Medium", "hard", "expert"]
    session = PlaySession(game, seats, lambda _prompt: None, lambda _line: None, lang=lang)
    names = " ".join(session.names())
    for word in words:
        assert word in names, names


def test_the_bot_option_seats_bots_of_a_named_level(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = CliRunner().invoke(play, ["coloma", "--players", "3", "--bot", "HARD", "--seed", "3", "--no-color",
                                       "--save", str(save)], input="quit\n")
    assert result.exit_code == 0, result.output
    assert json.loads(save.read_text(encoding="utf-8"))["seats"] == ["me", "hard", "hard"]
    refused = CliRunner().invoke(play, ["coloma", "--bot", "grandmaster"], input="quit\n")
    assert refused.exit_code != 0 and "'grandmaster' is neither `me` nor a bot level" in refused.output
