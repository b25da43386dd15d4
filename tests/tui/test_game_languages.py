"""Coloma and City of Remnants in the terminal in the reader's language (`--lang es`, `--lang he`, `LANG`): the
phase help, the prompt's status, the legend, the log lines and the game's refusals come from each game's catalogue,
with the Spanish rulebooks' names and Hebrew plural forms."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result

from meeple.tui.commands import play


def run(game: str, lines: list[str], args: list[str], env: dict[str, str] | None = None) -> Result:
    return CliRunner().invoke(play, [game, "--players", "2", "--seats", "me,greedy", "--seed", "3", "--no-color",
                                     *args], input="".join(line + "\n" for line in lines), env=env)


COLOMA = ["help", "legend", "end", "dial 3", "1", "1", "1", "1", "quit"]


def test_coloma_in_spanish(tmp_path: Path) -> None:
    out = run("coloma", COLOMA, ["--lang", "es", "--save", str(tmp_path / "g.json")]).output
    assert "Te toca (devuelve cartas a tu mazo); `help` explica las opciones:" in out  # the game's status
    assert "Quédate 4 de las 6 cartas que robaste" in out  # the phase help
    assert "Rueda: [B] Barker (comercio / barril), [S] Poste indicador, X Bust" in out  # the legend
    assert "Logia: $ dólares, G oro, D tipos, T tiendas, H caballos" in out
    assert "Jugador 1 (tú) coloca una carta boca abajo en la parte inferior de su mazo" in out  # log lines
    assert "Ronda 1, capítulo 1: el Barker cubre el Sitio 1, el Poste indicador señala el Sitio 2" in out
    assert "Buster no irá a los Sitios 3, 4" in out
    assert "Te toca (elige un Sitio en secreto)" in out
    # the board's words: the wheel, the map, the supply, the players' boards and hands
    assert "Rueda  ronda 1, capítulo 1:  Barker en el Sitio 1, Poste indicador Sitio 2 (cubierto)" in out
    assert "Mapa de la frontera" in out and "Herraduras: .H1" in out and "Suministro: oro 10, carro del oro 18" in out
    assert "Jugador 1 (Sheriff): 0 PV" in out and "  Logia 2$ 1G 4D 1T 1H   reserva 8D 7T" in out
    assert "  Mano (6), mazo 10:" in out and "Mano 6 cartas, mazo 10" in out
    # the game's refusals, naming its phase (COL-5.2, COL-7.1)
    assert ("No es posible: eso pertenece al turno de un jugador; la partida está en Quedarse con cartas (COL-5.2)."
            in out)
    assert "No es posible: los diales se ajustan solo mientras se eligen Sitios, una vez por capítulo (COL-7.1)." in out


def test_coloma_in_hebrew_from_the_locale(tmp_path: Path) -> None:
    out = run("coloma", COLOMA, ["--save", str(tmp_path / "g.json")], env={"LANG": "he_IL.UTF-8"}).output
    assert "תורך (החזר/י קלפים לחפיסה)" in out
    assert "שמור/שמרי 4 מתוך 6 הקלפים ששלפת" in out
    assert "סיבוב 1, פרק 1: הכרוז מכסה את אתר 1, השלט מצביע על אתר 2" in out
    assert "שחקן 1 (את/ה) מניח/ה קלף הפוך בתחתית החפיסה שלו/ה" in out
    assert "באסטר לא ילך לאתרים 3, 4" in out
    assert "זה שייך לתור של שחקן; המשחק נמצא בשמירת קלפים (COL-5.2)" in out
    assert "גלגל  סיבוב 1, פרק 1:  הכרוז באתר 1, השלט באתר 2 (מכוסה)" in out and "מפת הספר" in out
    assert "שחקן 1 (שריף): 0 נק׳" in out and "יד: 6 קלפים, חפיסה 10" in out


CITY = ["help", "end", "recruit", "1", "1", "quit"]


def test_city_of_remnants_in_spanish(tmp_path: Path) -> None:
    out = run("cityofremnants", CITY, ["--lang", "es", "--save", str(tmp_path / "g.json")]).output
    assert "Te toca (Ronda 1: elige una acción)" in out
    assert "Juega cartas (`play <card>`) y declara una acción: `recruit`, `buy`" in out
    assert "Jugador 1 (tú) declara Reclutar" in out  # the rulebook's action name
    assert "Jugador 1 (tú) juega Chico de la calle" in out and "Jugador 1 (tú) roba 1 carta" in out  # plural: one
    assert "Te toca (Reclutar: nombra un miembro de la pandilla)" in out
    # the refusal names the phase and says what it expects, in the reader's language
    assert "No es posible: no es una opción de este momento (Elige una acción); Juega cartas" in out


def test_city_of_remnants_in_hebrew(tmp_path: Path) -> None:
    out = run("cityofremnants", CITY, ["--lang", "he", "--save", str(tmp_path / "g.json")]).output
    assert "תורך (סיבוב 1: בחר/י פעולה)" in out
    assert "שחקן 1 (את/ה) מכריז/ה על גיוס" in out
    assert "שחקן 1 (את/ה) שולף/ת קלף אחד" in out  # Hebrew's singular form
    assert "שחקן 1 (את/ה) משחק/ת את ילד רחוב" in out


def test_city_of_remnants_in_portuguese_from_the_locale(tmp_path: Path) -> None:
    out = run("cityofremnants", CITY, ["--save", str(tmp_path / "g.json")], env={"LANG": "pt_BR.UTF-8"}).output
    assert "Sua vez (Rodada 1: escolha uma ação)" in out
    assert "Não é possível: não é uma escolha deste momento (Escolha uma ação); Jogue cartas" in out
    assert "Jogador 1 (você) declara Recrutar" in out and "Jogador 1 (você) compra 1 carta" in out
