"""The pictures of a game's how-to-play page: one for each action a player takes, drawn as SVG.

A game describes its pictures in `web/howto.json` of its package: per picture, the pieces of a small strip read in
order (a Site, a card, a token, an arrow to what it brings...) and a caption. Every word in a picture is a message
of the game's catalogue (`{"msg": id, "params": {...}}`, parameters as in events: `@id` for a game term), so the
server draws each picture in the reader's language; inside a piece only a figure or a symbol is written as it is.
On a right-to-left page the strip reads from the right: its pieces in the other order, its arrows pointing left,
its words written right to left.

    {"dial": {"caption": {"msg": "ui.do.dial", "params": {"site": 3}},
              "parts": [{"shape": "tile", "fill": "#f1dfb4", "text": "3", "label": {"msg": "ui.site", ...}},
                        {"shape": "arrow"}, {"shape": "token", "fill": "#e8731a", "text": "?"}]}}
"""

from __future__ import annotations

import html
import json
import re
from functools import lru_cache
from typing import Any

from meeple import i18n
from meeple.engine import Catalogue, get_rules

from . import faces

PICTURES_FILE = "howto.json"
NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,40}$")
SHAPES = {"tile": (64, 64), "token": (48, 48), "card": (50, 70), "arrow": (40, 20), "plus": (20, 20)}
LABEL_SIZE = 12  # font size of a piece's label
CAPTION_SIZE = 15
GAP = 12  # between pieces
INK = "#3d2a17"


def names(game_id: str) -> list[str]:
    """The pictures a game describes, in order (none when it describes none)."""
    return list(_described(game_id))


def _described(game_id: str) -> dict[str, Any]:
    found = faces.web_file(game_id, PICTURES_FILE)
    return dict(json.loads(found.read_text(encoding="utf-8"))) if found is not None else {}


def _width(text: str, size: float) -> float:
    """A generous estimate of a text's width (SVG does not measure for us)."""
    return 0.62 * size * len(text)


def _words(cat: Catalogue, value: Any) -> str:
    if isinstance(value, dict):
        return cat.text(str(value["msg"]), value.get("params") or {})
    return str(value)


def caption(game_id: str, name: str, lang: str) -> str | None:
    """A picture's caption in a language (the page's text for the picture), None: no such picture."""
    spec = _described(game_id).get(name) if NAME.match(name) else None
    return None if spec is None else _words(i18n.catalogue(get_rules(game_id), lang), spec["caption"])


@lru_cache(maxsize=256)
def picture(game_id: str, name: str, lang: str) -> str | None:
    """The SVG of one picture in a language (None: no such picture)."""
    if not NAME.match(name):
        return None
    spec = _described(game_id).get(name)
    if spec is None:
        return None
    cat = i18n.catalogue(get_rules(game_id), lang)
    rtl = i18n.direction(lang) == "rtl"
    parts = list(spec["parts"])
    if rtl:
        parts.reverse()
    caption = _words(cat, spec["caption"])
    labels = [_words(cat, p["label"]) if "label" in p else "" for p in parts]
    slots = [max(SHAPES[p["shape"]][0], _width(label, LABEL_SIZE)) for p, label in zip(parts, labels, strict=True)]
    strip = sum(slots) + GAP * (len(slots) - 1)
    width = int(max(strip, _width(caption, CAPTION_SIZE)) + 2 * GAP)
    tall = max(SHAPES[p["shape"]][1] for p in parts)
    has_labels = any(labels)
    height = int(GAP + tall + (LABEL_SIZE + 8 if has_labels else 0) + CAPTION_SIZE + 14)
    direction = "rtl" if rtl else "ltr"
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
           f'height="{height}" role="img" aria-label="{html.escape(caption)}" font-family="sans-serif">',
           f'<rect x="1" y="1" width="{width - 2}" height="{height - 2}" rx="8" fill="#fbf6ea" stroke="#d8c6a0"/>']
    x = (width - strip) / 2
    middle = GAP + tall / 2
    for part, label, slot in zip(parts, labels, slots, strict=True):
        cx = x + slot / 2
        out.append(_shape(part, cx, middle, rtl, cat))
        if label:
            out.append(f'<text x="{cx:.1f}" y="{GAP + tall + LABEL_SIZE + 4:.1f}" font-size="{LABEL_SIZE}" '
                       f'text-anchor="middle" direction="{direction}" fill="{INK}">{html.escape(label)}</text>')
        x += slot + GAP
    out.append(f'<text x="{width / 2:.1f}" y="{height - 10}" font-size="{CAPTION_SIZE}" font-weight="700" '
               f'text-anchor="middle" direction="{direction}" fill="{INK}">{html.escape(caption)}</text>')
    out.append("</svg>")
    return "\n".join(out)


def _shape(part: dict[str, Any], cx: float, cy: float, rtl: bool, cat: Catalogue) -> str:
    kind = part["shape"]
    fill = html.escape(str(part.get("fill", "#f1dfb4")))
    text = html.escape(_words(cat, part.get("text", "")))
    w, h = SHAPES[kind]
    inner = (f'<text x="{cx:.1f}" y="{cy + 6:.1f}" font-size="{18 if len(text) < 4 else 13}" font-weight="700" '
             f'text-anchor="middle" fill="{html.escape(str(part.get("ink", INK)))}">{text}</text>') if text else ""
    if kind == "arrow":
        tip, tail = (cx - w / 2, cx + w / 2) if rtl else (cx + w / 2, cx - w / 2)
        back = tip + (8 if rtl else -8)
        return (f'<path d="M{tail:.1f} {cy:.1f} L{tip:.1f} {cy:.1f} M{back:.1f} {cy - 7:.1f} L{tip:.1f} {cy:.1f} '
                f'L{back:.1f} {cy + 7:.1f}" stroke="{INK}" stroke-width="3" fill="none"/>')
    if kind == "plus":
        return (f'<path d="M{cx - 8:.1f} {cy:.1f} H{cx + 8:.1f} M{cx:.1f} {cy - 8:.1f} V{cy + 8:.1f}" '
                f'stroke="{INK}" stroke-width="3"/>')
    if kind == "token":
        return f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{w / 2}" fill="{fill}" stroke="{INK}" stroke-width="2"/>{inner}'
    if kind == "card":
        band = html.escape(str(part.get("band", "#8d5a2b")))
        return (f'<rect x="{cx - w / 2:.1f}" y="{cy - h / 2:.1f}" width="{w}" height="{h}" rx="5" fill="{fill}" '
                f'stroke="{INK}" stroke-width="2"/><rect x="{cx - w / 2 + 2:.1f}" y="{cy - h / 2 + 2:.1f}" '
                f'width="{w - 4}" height="12" rx="3" fill="{band}"/>{inner}')
    return (f'<rect x="{cx - w / 2:.1f}" y="{cy - h / 2:.1f}" width="{w}" height="{h}" rx="8" fill="{fill}" '
            f'stroke="{INK}" stroke-width="2"/>{inner}')
