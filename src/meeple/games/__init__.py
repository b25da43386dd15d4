"""The games shipped with Meeple; importing this package registers them."""

from meeple.engine.registry import register


def _bluemooncity(data: str | None = None) -> "BlueMoonCity":
    return BlueMoonCity(data)


from .bluemooncity.rules import BlueMoonCity  # noqa: E402

register("bluemooncity", _bluemooncity)
