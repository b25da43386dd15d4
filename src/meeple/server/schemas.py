"""Wire formats of the HTTP API (separate from the stored records and the engine's objects)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StrictBool, StrictStr

OptionValue = str | int | float | bool | None


def _whole_number(value: Any) -> Any:
    # The same rule as the WebSocket's: the position `true` (or "3") is no number.
    if isinstance(value, bool | str):
        raise ValueError("the position is a whole number, not true, false or a text")
    return value


# A position as requests give it: the number of moves so far (public moments: the steps of a secret choice are one).
Position = Annotated[int, BeforeValidator(_whole_number)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatIn(Strict):
    kind: Literal["human", "bot", "open"] = Field(description="a person (who gets an invite link), a bot, or a "
                                                           "seat anyone may take at an open table (GET /api/tables)")
    level: str | None = Field(None, max_length=32, description="bot level: random, greedy, ismcts, ismcts:2s …")
    name: str | None = Field(None, max_length=40, description="shown to everyone at the table")


class ClockIn(Strict):
    mode: Literal["move", "game"] = Field(description="time per move (a seat's whole turn) or for the whole game")
    seconds: float = Field(gt=0, le=30 * 86_400, description="seconds per move, or for the whole game")
    on_timeout: Literal["default", "bot", "forfeit"] = Field(
        "default", description="the game's own default move for a seat out of time (a bot plays where the game "
                               "names none), a bot plays for the seat, or the seat loses")
    bot: str = Field("greedy", max_length=32, description="level of the bot that plays for a seat out of time")


class CreateGame(Strict):
    game: str = Field(max_length=64, description="a registered game id, see /api/catalog")
    options: dict[str, OptionValue] = Field(default_factory=dict, description="game options, see /api/catalog")
    seats: list[SeatIn] = Field(min_length=1, max_length=16, description="one entry per seat, in seat order")
    clock: ClockIn | None = None
    rated: StrictBool = Field(True, description="whether the game counts on the ladder when it ends (it does only when "
                                          "every seat is an account or a bot and no seat took an action back or "
                                          "resigned); false: never")


class CreatedSeat(BaseModel):
    seat: int
    kind: str
    level: str | None
    name: str | None
    token: str | None = Field(description="secret of a human seat: give it only to the person who plays it")
    invite: str | None = Field(description="link that opens the game at this seat (holds the token)")


class Created(BaseModel):
    id: str
    watch: str = Field(description="link for spectators")
    host_token: str = Field(description="secret of whoever created the game: re-invites a seat "
                                        "(POST /api/games/{id}/seats/{seat}/invite)")
    token_expires: float = Field(description="when the seat tokens expire (Unix time)")
    seats: list[CreatedSeat]


class Invited(BaseModel):
    game_id: str
    seat: int
    token: str = Field(description="the seat's new token; the old one no longer works")
    invite: str
    token_expires: float


class SeatOut(BaseModel):
    seat: int
    kind: str
    level: str | None
    name: str | None


class GameSummary(BaseModel):
    id: str
    game: str
    title: str
    players: int
    options: dict[str, Any]
    version: int
    status: str
    deciders: list[int]
    seats: list[SeatOut]
    result: dict[str, Any] | None
    clock: dict[str, Any] | None
    created_at: float
    updated_at: float
    rated: bool = Field(True, description="created rated: it counts on the ladder when it ends, if every seat is an "
                                          "account or a bot and no seat took an action back or resigned")
    your_seat: int | None = None


class JoinIn(Strict):
    name: str = Field(min_length=1, max_length=40)


class Joined(BaseModel):
    game_id: str
    seat: int
    name: str


class TokensIn(Strict):
    tokens: list[str] = Field(max_length=200, description="seat tokens this browser holds")


class ActionIn(Strict):
    # The same rules as the WebSocket's `act`: texts are texts, and the position `true` is no number.
    action: StrictStr = Field(max_length=200, description="an action text, one of the legal actions")
    version: Position = Field(ge=0, description="the position (number of moves so far) the action was chosen in")
    ref: StrictStr | None = Field(None, max_length=64, description="a client id for the action, to detect duplicates")


class Accepted(BaseModel):
    version: int


class Resigned(BaseModel):
    version: int = Field(description="the position (in moves) after the resignation")
    outcome: Literal["bot", "over"] = Field(
        description="`bot`: a bot plays the seat on and the game goes on (three or more players); `over`: the game "
                    "ended")


class UndoIn(Strict):
    # The same rules as the WebSocket's `undo` (and as an action's position).
    version: Position = Field(ge=0, description="the position the seat sees: only its last action there is taken back")


class RematchIn(Strict):
    host_token: StrictStr | None = Field(None, max_length=200, description="the old game's host token, to be the "
                                                                            "host of the new game too")


class Rematch(BaseModel):
    game_id: str = Field(description="the new game, with the same seats, options and clock")
    seat: int = Field(description="your seat there (the same as in the old game)")
    token: str | None = Field(description="your seat's token in the new game; null when that seat was claimed "
                                          "already (by you, from another browser)")
    host_token: str | None = Field(None, description="the new game's host token, for the old game's host")
    token_expires: float


class ReplayStep(BaseModel):
    """One position of a finished game in a page of them."""

    at: int = Field(description="the position: the number of actions played")
    view: dict[str, Any]
    deciders: list[int] = Field(description="the seats deciding in this position")
    actor: int | None = Field(description="the seat that made the action leading here (null at the start)")
    moves: int = Field(description="the public moves made by then (what chat lines are counted in)")
    log: list[dict[str, Any]] = Field(description="the events of that action this viewer may read, as in the live log")


class ReplayPage(BaseModel):
    """Consecutive positions of a finished game, for a replay viewer that steps through them in the page."""

    game_id: str
    game: str
    length: int = Field(description="the number of actions of the whole game")
    turns: list[int] = Field(description="the positions at which a turn starts (a new seat acts)")
    turn_seats: list[int] = Field(description="the seat whose turn starts there, as `turns`")
    rounds: list[int] = Field(description="the positions at which a round starts, for a game whose view counts "
                                          "rounds (its `round` field); empty otherwise")
    seat: int | None = Field(description="whose view this is (null: a spectator's)")
    positions: list[ReplayStep]
    seats: list[SeatOut]
    result: dict[str, Any] | None
    chat: list[dict[str, Any]] = Field(default_factory=list, description="the game's chat lines up to the last of "
                                       "these positions, each with the move it was said at (`version`)")


class Replay(BaseModel):
    """One position of a finished game, for the replay viewer."""

    game_id: str
    game: str
    at: int = Field(description="the position shown: the number of actions played")
    length: int = Field(description="the number of actions of the whole game")
    turns: list[int] = Field(description="the positions at which a turn starts (a new seat acts)")
    turn_seats: list[int] = Field(description="the seat whose turn starts there, as `turns`")
    seat: int | None = Field(description="whose view this is (null: a spectator's)")
    view: dict[str, Any]
    deciders: list[int] = Field(description="the seats deciding in this position")
    actor: int | None = Field(description="the seat that made the action leading here (null at the start)")
    moves: int = Field(description="the public moves made by then (what chat lines are counted in)")
    log: list[dict[str, Any]] = Field(description="the events of that action this viewer may read, as in the live "
                                                  "log (never the stored action, which may be a secret choice)")
    seats: list[SeatOut]
    result: dict[str, Any] | None
    chat: list[dict[str, Any]] = Field(default_factory=list, description="the latest chat lines said up to this "
                                       "position (`seat`, null for a spectator; `text`, `version`, `at`)")


class OptionOut(BaseModel):
    name: str
    default: OptionValue
    choices: list[OptionValue]
    help: str
    label: str = Field(description="the option in words (the game's message `option.<name>`)")
    choice_labels: list[str] = Field(description="each value in words (`option.<name>.<value>`), as `choices`")


class LevelRating(BaseModel):
    """A named bot level's rating as the arena measured it (`meeple arena levels`), on the ladder's scale."""

    level: str = Field(description="the named level: easy, medium, hard or expert")
    rating: float = Field(description="displayed rating, mu - 3 sigma (as on the ladder)")
    mu: float
    sigma: float
    games: int = Field(description="arena games behind the rating")


class LevelStep(BaseModel):
    """How often a level finished ahead of the level below in the arena, with the 95 % Wilson interval."""

    upper: str
    lower: str
    games: int
    win_rate: float
    low: float
    high: float


class LevelRatings(BaseModel):
    """The measured ratings of a game's named bot levels."""

    measured: str = Field(description="when they were measured (UTC)")
    games: int = Field(description="arena games played for the measurement, all pairs together")
    players: int = Field(description="players in each measured game")
    levels: list[LevelRating]
    steps: list[LevelStep]


class GameInfo(BaseModel):
    id: str
    title: str
    description: str
    howto: str | None = Field(default=None, description="address of the game's how-to-play page; null: none")
    min_players: int
    max_players: int
    options: list[OptionOut]
    levels: LevelRatings | None = Field(default=None, description="the named bot levels' measured ratings in this "
                                        "game; null: not measured")
    bot_levels: list[str] = Field(default_factory=list, description="the bot levels offered for this game")


class GameFace(BaseModel):
    """What the browser needs to show one game."""

    id: str
    title: str
    description: str
    min_players: int
    max_players: int
    simultaneous: bool = Field(description="several seats may have to decide at once")
    options: list[OptionOut]
    messages: dict[str, Any] = Field(description="the game's message catalogue in the language asked for (then the "
                                                 "engine's and the faces'): phases, help, status lines, legend, "
                                                 "options, terms, events; a plural message is {count, forms}")
    client_data: dict[str, Any] = Field(description="what the game's renderer takes from its data files")
    renderer: str | None = Field(description="address of the game's renderer module; null: the generic one")
    rules: str | None = Field(default=None, description="address of the game's rules summary page; null: none")
    howto: str | None = Field(default=None, description="address of the game's how-to-play page; null: none")
    lang: str = Field(default="en", description="the language of the messages")
    languages: list[str] = Field(default_factory=lambda: ["en"], description="the languages the game ships")


class Catalog(BaseModel):
    games: list[GameInfo]
    bot_levels: list[str]
    bot_help: str


class Problem(BaseModel):
    detail: str
    code: str | None = None


class Health(BaseModel):
    ok: bool
    database: str
