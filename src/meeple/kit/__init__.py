"""What the games share, written once: the data reader, events, rankings, scenarios, a state's copy, the
observation layout and the rules hooks that only pass a game's context on.

A game imports these instead of writing its own. The kit imports `meeple.engine` and the standard library only,
so that a game (and a game installed from outside) can use it without pulling in any face.
"""

from .data import PROVENANCES, DataReader, Entry, per_file, read_toml, shown
from .events import Events, say
from .layout import Field, Layout, clipped, index_of, relative, scaled_text, seat_order
from .ranking import per_seat, places
from .record import Record
from .rules import Board, ContextRules, Views
from .scenario import ScenarioReader, description

__all__ = [
    "PROVENANCES", "Board", "ContextRules", "DataReader", "Entry", "Events", "Field", "Layout", "Record",
    "ScenarioReader", "Views", "clipped", "description", "index_of", "per_file", "per_seat", "places", "read_toml",
    "relative", "say", "scaled_text", "seat_order", "shown",
]
