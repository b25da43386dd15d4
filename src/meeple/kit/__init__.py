"""What the games share, written once: the data reader, events, rankings, scenarios and the observation layout.

A game imports these instead of writing its own. The kit imports `meeple.engine` and the standard library only,
so that a game (and a game installed from outside) can use it without pulling in any face.
"""

from .data import PROVENANCES, DataReader, per_file, read_toml
from .events import Events, say
from .layout import Field, Layout, clipped, index_of, relative
from .ranking import per_seat, places
from .scenario import ScenarioReader, description

__all__ = [
    "PROVENANCES", "DataReader", "Events", "Field", "Layout", "ScenarioReader", "clipped", "description", "index_of",
    "per_file", "per_seat", "places", "read_toml", "relative", "say",
]
