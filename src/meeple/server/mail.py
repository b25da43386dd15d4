"""'Your move' by e-mail, for slow games: a queue in the database, sent through the SMTP server of `--smtp`.

When a decision opens for a seat held by an account that gave an e-mail address (`PUT /api/accounts/me`), a mail
is queued (one per seat and position), due `Settings.mail_delay` seconds later. The server given `--smtp HOST:PORT`
sends the due mails every few seconds, each only if it is still that seat's move in that position and the seat
still the account's (else it is dropped), in the account's language; a seat handed to a bot drops its queued
mails. The queue is rows of the database, so a mail queued before a restart, or while the SMTP server did not answer
(tried again later, `MAIL_TRIES` times), is sent after it; among several server processes each mail is claimed by
one. Without `--smtp` nothing is queued.
"""

from __future__ import annotations

import asyncio
import logging
import re
import smtplib
import time
from email.message import EmailMessage
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field
from sqlalchemy import Engine, insert, select, update
from sqlalchemy.exc import IntegrityError

from meeple import i18n
from meeple.engine import get_rules

from .db import accounts, games, mail, seats
from .lobby import ERRORS, ApiError, _lang
from .schemas import Strict

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("meeple.server")
router = APIRouter(prefix="/api", tags=["accounts"])
MAIL_TRIES = 5
EMAIL = r"^[^@\s\x00-\x1f\x7f]{1,64}@[^@\s\x00-\x1f\x7f]{1,185}\.[^@\s\x00-\x1f\x7f]{2,63}$"


class MailIn(Strict):
    email: str | None = Field(None, max_length=254, description="where 'your move' is told (null: nowhere)")


class MailOut(BaseModel):
    email: str | None
    lang: str


# -- storage ---------------------------------------------------------------------------------------------------------
def set_address(engine: Engine, account_id: int, email: str | None, lang: str) -> None:
    with engine.begin() as conn:
        conn.execute(update(accounts).where(accounts.c.id == account_id).values(email=email, lang=lang))


def queue(engine: Engine, game_id: str, version: int, deciders: list[int], due: float) -> int:
    """Queue a mail for each deciding seat held by an account with an address (a seat its player resigned to a bot
    is held by nobody); returns how many. `version` is the game's move (public moments, `games.moves`): the mail
    goes only if no move was made since."""
    with engine.begin() as conn:
        held = conn.execute(select(seats.c.seat, seats.c.account_id).join(
            accounts, accounts.c.id == seats.c.account_id).where(
            seats.c.game_id == game_id, seats.c.seat.in_(deciders), seats.c.resigned_at.is_(None),
            accounts.c.email.is_not(None))).all()
    queued = 0
    for seat, account_id in held:
        try:
            with engine.begin() as conn:
                conn.execute(insert(mail).values(game_id=game_id, seat=seat, version=version, account_id=account_id,
                                                 due=due))
            queued += 1
        except IntegrityError:
            pass  # queued already (by another process)
    return queued


def claim(engine: Engine, now: float) -> list[dict[str, Any]]:
    """The due mails this process sends (each claimed by one process), with what each needs."""
    with engine.begin() as conn:
        rows = conn.execute(select(mail.c.id).where(mail.c.state == "queued", mail.c.due <= now).limit(50)).all()
    claimed = []
    for (mail_id,) in rows:
        with engine.begin() as conn:
            if conn.execute(update(mail).where(mail.c.id == mail_id, mail.c.state == "queued")
                            .values(state="sending")).rowcount != 1:
                continue
            row = conn.execute(
                select(mail.c.id, mail.c.seat, mail.c.version, mail.c.tries, mail.c.game_id, mail.c.account_id,
                       accounts.c.email, accounts.c.lang, accounts.c.name, games.c.game, games.c.moves.label("now"),
                       games.c.status, games.c.deciders, seats.c.account_id.label("holder"), seats.c.resigned_at)
                .join(accounts, accounts.c.id == mail.c.account_id).join(games, games.c.id == mail.c.game_id)
                .join(seats, (seats.c.game_id == mail.c.game_id) & (seats.c.seat == mail.c.seat))
                .where(mail.c.id == mail_id)).mappings().one()
        claimed.append(dict(row))
    return claimed


def settle(engine: Engine, mail_id: int, state: str, tries: int, due: float) -> None:
    with engine.begin() as conn:
        conn.execute(update(mail).where(mail.c.id == mail_id).values(state=state, tries=tries, due=due))


# -- sending ---------------------------------------------------------------------------------------------------------
def message(row: dict[str, Any], base: str) -> EmailMessage:
    """The mail in the account's language (the faces' messages `mail.your_move.*`)."""
    words = i18n.faces_catalogue(str(row["lang"]))
    title = get_rules(str(row["game"])).spec.title
    link = f"{base}/play/{row['game_id']}?seat={row['seat']}"
    msg = EmailMessage()
    msg["Subject"] = words.text("mail.your_move.subject", {"title": title})
    msg["To"] = str(row["email"])
    msg["From"] = "Meeple <meeple@localhost>"
    msg.set_content(words.text("mail.your_move.body", {"name": row["name"], "title": title, "link": link}))
    return msg


def deliver(smtp: str, msg: EmailMessage) -> None:
    host, _, port = smtp.rpartition(":")
    with smtplib.SMTP(host or "localhost", int(port or 25), timeout=10) as server:
        server.send_message(msg)


def still_due(row: dict[str, Any]) -> bool:
    """Whether a claimed mail is still to send: the game is on, in the position the mail was queued for, the seat
    decides there, and the seat is still the account's (not resigned to a bot, not held by another account)."""
    return (row["status"] == "active" and row["now"] == row["version"] and row["seat"] in (row["deciders"] or [])
            and row["holder"] == row["account_id"] and row["resigned_at"] is None)


async def send_due(hub: Hub) -> None:
    """Send the due mails (those whose move is still to make), trying again later when the SMTP server fails."""
    settings = hub.settings
    if not settings.smtp:
        return
    engine = hub.store.store.engine
    for row in await hub.store.run(claim, engine, time.time()):
        if not still_due(row):
            await hub.store.run(settle, engine, row["id"], "dropped", row["tries"], time.time())
            continue
        try:
            await asyncio.to_thread(deliver, settings.smtp, message(row, settings.public_url or "http://127.0.0.1"))
        except (OSError, smtplib.SMTPException) as exc:
            tries = int(row["tries"]) + 1
            state = "queued" if tries < MAIL_TRIES else "failed"
            log.warning("could not send a mail of game %s (try %d): %s", row["game_id"], tries, type(exc).__name__)
            await hub.store.run(settle, engine, row["id"], state, tries, time.time() + 30 * 2 ** tries)
            continue
        await hub.store.run(settle, engine, row["id"], "sent", row["tries"], time.time())


async def opened(hub: Hub, game_id: str, version: int, deciders: list[int]) -> None:
    """Decisions opened in a game: queue the mails of the seats that asked for them."""
    if not hub.settings.smtp or not deciders:
        return
    try:
        await hub.store.run(queue, hub.store.store.engine, game_id, version, deciders,
                            time.time() + hub.settings.mail_delay)
    except Exception:
        log.exception("could not queue the mails of game %s", game_id)


# -- HTTP ------------------------------------------------------------------------------------------------------------
@router.put("/accounts/me", response_model=MailOut, responses={**ERRORS, 401: ERRORS[403]})
async def set_mail(body: MailIn, request: Request) -> MailOut:
    """With the session: the address where 'your move' is told in slow games (null: nowhere), in the language of
    this request (`Accept-Language`)."""
    from .accounts import account_of

    hub: Hub = request.app.state.hub
    found = await account_of(request)
    if found is None:
        raise ApiError(401, "not logged in", "no_session")
    if body.email is not None and not re.match(EMAIL, body.email):
        raise ApiError(400, "this is not an e-mail address", "bad_email")
    lang = _lang(None, request.headers.get("accept-language"))
    await hub.store.run(set_address, hub.store.store.engine, found[0], body.email, lang)
    return MailOut(email=body.email, lang=lang)
