"""Every registered game speaks every language of the faces; the games' events and refusals are message ids (no
English built in the rules) and read right in Spanish, Portuguese and Hebrew, plural forms included."""

from __future__ import annotations

from pathlib import Path

import pytest

import meeple
from meeple import i18n
from meeple.engine import get_rules
from meeple.engine.rules import Event
from meeple.i18n import tools


@pytest.mark.parametrize("game", meeple.game_ids())
def test_every_registered_game_ships_a_catalogue_for_every_language(game: str) -> None:
    """The completeness check (test_catalogues) then covers each of them: no game is left in English."""
    assert i18n.game_languages(get_rules(game)) == sorted(i18n.LANGUAGES)


def test_every_event_of_a_played_game_is_a_message_id_with_fields_its_template_knows() -> None:
    """A seeded game of each game, played by random choices: each event names an id of the game's catalogue (or
    the engine's), so nothing reaches a player as an English sentence built in the rules."""
    from meeple.engine.messages import ENGINE_MESSAGES, fields
    from meeple.engine.rng import Stream

    for game_id in ("coloma", "cityofremnants"):
        game = meeple.new_game(game_id, 2, 5)
        english = {**ENGINE_MESSAGES, **game.rules.messages()}
        stream = Stream(5, 1)
        seen: set[str] = set()
        for _ in range(300):
            if game.is_over():
                break
            seat = game.deciders()[0]
            legal = game.legal_indices(seat)
            game.apply(seat, legal[stream.below(len(legal))])
        for events in game.events(None, 0):
            for event in events:
                msg, params = event["msg"], event["params"]
                assert msg in english, (game_id, msg)
                assert set(params) >= fields(english[msg]), (game_id, msg, params)
                for value in params.values():
                    if isinstance(value, str) and value.startswith("@"):
                        assert value[1:] in english, (game_id, msg, value)
                seen.add(msg)
        assert len(seen) > 10, game_id


def test_city_of_remnants_refuses_with_message_ids() -> None:
    """COR refusals name the phase and its help as terms, so a Spanish reader reads them in Spanish."""
    game = meeple.new_game("cityofremnants", 2, 3)
    rules, state = game.rules, game.state
    seat = game.deciders()[0]
    illegal = next(a for a in range(len(rules.actions)) if a not in rules.legal(state, seat))
    reason = rules.check(state, seat, illegal)
    assert reason == Event("error.not_now", {"phase": f"@phase.{state.phase}", "help": f"@help.{state.phase}"})
    assert isinstance(reason, Event)
    said = i18n.catalogue(rules, "es").text(reason.msg, reason.params)
    assert said.startswith("no es una opción de este momento (Elige una acción); Juega cartas")


def test_the_d6_roll_off_says_what_it_is_for_in_each_language() -> None:
    rules = get_rules("cityofremnants")
    events: list[Event] = []
    rules.eng.setup(2, {"leaders": "pick"}, 3, events)
    rolls = [e for e in events if e.msg == "setup.rolls"]
    assert {e.params["what"] for e in rolls} == {"@term.roll_first", "@term.roll_pick"}
    said = {lang: i18n.catalogue(rules, lang).text(rolls[0].msg, rolls[0].params, ["Ana", "Bo"]).split(":")[0]
            for lang in i18n.LANGUAGES}
    assert said == {"en": "The d6 is rolled (for the first player token)",
                    "es": "Se lanza el dado de seis caras (por la ficha de primer jugador)",
                    "pt": "O d6 é rolado (pela ficha de primeiro jogador)",
                    "he": "מטילים את הקובייה (על אסימון השחקן הראשון)"}


@pytest.mark.parametrize(("lang", "counts"), [
    ("en", {1: "Ana sends 1 gunman to the Shootout", 2: "Ana sends 2 gunmen to the Shootout"}),
    ("es", {1: "Ana envía 1 pistolero al Shootout", 3: "Ana envía 3 pistoleros al Shootout"}),
    ("pt", {0: "Ana envia 0 pistoleiro ao Tiroteio", 3: "Ana envia 3 pistoleiros ao Tiroteio"}),
    ("he", {1: "Ana שולח/ת אקדוחן אחד לקרב היריות", 2: "Ana שולח/ת שני אקדוחנים לקרב היריות",
            3: "Ana שולח/ת 3 אקדוחנים לקרב היריות"}),
])
def test_coloma_counts_take_each_languages_plural_forms(lang: str, counts: dict[int, str]) -> None:
    cat = i18n.catalogue(get_rules("coloma"), lang)
    assert {n: cat.text("deputise", {"seat": 0, "n": n}, names=["Ana"]) for n in counts} == counts


@pytest.mark.parametrize(("lang", "words"), [
    ("es", {"phase.select": "Selección de Sitios", "sutter": "Ana trabaja el Molino de Sutter",
            "sheriff": "Ana toma la Insignia de Sheriff"}),
    ("pt", {"phase.select": "Escolha de Locais", "sutter": "Ana trabalha no Moinho de Sutter",
            "sheriff": "Ana pega o Distintivo de Xerife"}),
    ("he", {"phase.select": "בחירת אתרים", "sutter": "Ana עובד/ת בטחנה של סאטר",
            "sheriff": "Ana לוקח/ת את תג השריף"}),
])
def test_coloma_terms_in_each_language(lang: str, words: dict[str, str]) -> None:
    cat = i18n.catalogue(get_rules("coloma"), lang)
    assert {k: cat.text(k, {"seat": 0}, names=["Ana"]) for k in words} == words


def test_city_of_remnants_terms_follow_the_spanish_rulebook() -> None:
    """The rulebook's names: the actions (Recluta(r), Comprar, Producir >>> Desarrollar, Vender, Actualizar,
    Moverse), the Patrulla Yugai, renombre and the mercado negro."""
    cat = i18n.catalogue(get_rules("cityofremnants"), "es")
    assert [cat.text(f"action.{a}") for a in ("recruit", "buy", "produce", "sell", "refresh", "move")] == [
        "Reclutar", "Comprar", "Producir>>>Desarrollar", "Vender", "Actualizar", "Moverse"]
    assert cat.text("phase.patrol") == "Patrulla Yugai"
    assert cat.text("renown.gain", {"seat": 1, "amount": 2}, names=["Ana", "Bo"]) == "Bo gana 2 de renombre"
    assert cat.text("row.bm", {"cards": ["@card.BM-01"]}) == "Nueva fila del mercado negro: Dispositivo de comunicación"


def test_city_of_remnants_card_and_development_powers_are_messages_in_each_language() -> None:
    """What a card or a development does is the message `power.<id>` (its data entry's words in English), so a
    face shows it in the reader's language."""
    rules = get_rules("cityofremnants")
    english = rules.messages()
    assert all(english[f"power.{c.id}"] == c.text for c in rules.comp.cards)
    assert all(english[f"power.{d.id}"] == d.text for d in rules.comp.devs)
    said = {lang: i18n.catalogue(rules, lang).text("power.HUM-08") for lang in i18n.LANGUAGES}
    assert said == {"en": "Draw 2 cards.", "es": "Roba 2 cartas.", "pt": "Compre 2 cartas.", "he": "שלוף/שלפי 2 קלפים."}


def test_update_gives_a_returning_id_its_translation_back(tmp_path: Path) -> None:
    """A translation written ahead of its id (or for an id removed and added again) waits as an obsolete entry
    and is used again, not fuzzy, once the id comes back with the same English; with another English it is not."""
    tools.update({"a": "one", "b": "two"}, tmp_path, ["es"], "Test")
    po = tmp_path / "es" / "LC_MESSAGES" / "messages.po"
    po.write_text(po.read_text(encoding="utf-8").replace('msgid "two"\nmsgstr ""', 'msgid "two"\nmsgstr "dos"'),
                  encoding="utf-8")
    tools.update({"a": "one"}, tmp_path, ["es"], "Test")
    assert '#~ msgctxt "b"' in po.read_text(encoding="utf-8")
    tools.update({"a": "one", "b": "two"}, tmp_path, ["es", "pt"], "Test")  # pt has no translation to revive
    assert i18n.read(tmp_path, "es", {"a": "one", "b": "two"}) == {"b": "dos"}
    assert i18n.read(tmp_path, "pt", {"a": "one", "b": "two"}) == {}
    tools.update({"a": "one"}, tmp_path, ["es"], "Test")
    tools.update({"a": "one", "b": "two!"}, tmp_path, ["es"], "Test")
    assert i18n.read(tmp_path, "es", {"a": "one", "b": "two!"}) == {}
