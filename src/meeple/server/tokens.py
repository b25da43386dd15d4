"""Seat tokens and game ids: random secrets handed out once; only their SHA-256 is stored."""

from __future__ import annotations

import hashlib
import secrets

TOKEN_BYTES = 24


def new_token() -> str:
    """A fresh seat token (192 random bits, URL-safe)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    # Tokens carry 192 random bits, so a plain (fast) hash is enough: there is nothing to brute-force.
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def new_game_id() -> str:
    return secrets.token_urlsafe(9).replace("-", "x").replace("_", "y")


def new_seed() -> int:
    """A secret game seed (it fixes every hidden card, so it never leaves the server)."""
    return secrets.randbits(62)
