"""The course of a game (COL-4, COL-5): setup, rounds and chapters, the wheel, Events, the secret selection and the
Bust, the order of turns, the Shootout and the final scoring."""

from __future__ import annotations

from operator import itemgetter

from meeple.engine import rng
from meeple.engine.rules import Event, reveal
from meeple.kit import Events

from ..state import (
    BUSTER,
    CAT,
    CATEGORIES,
    EVENT,
    KEEP,
    NO_RIVER,
    NO_SUB,
    OVER,
    SELECT,
    SHADE,
    TURN,
    State,
    player_order,
)
from . import shade as shade_mod
from .context import Ctx
from .effects import add_vp, draw, gain

LEVELS = ("easy", "normal", "hard")


def new_state(ctx: Ctx, players: int, level: str, seed: int) -> State:
    """COL-4: the board, the supplies and every player's pieces; players = 1 is the solo game (COL-24)."""
    p = ctx.p
    comp = ctx.comp
    s = State.__new__(State)
    stream = rng.seed_stream(seed)
    solo = players == 1
    count = 2 if solo else players  # the solo game is set up as for 2 players (COL-24.1)
    s.players, s.solo, s.buster = players, solo, count == 2
    s.handicap = comp.shade["handicap"][level] if solo else 0
    s.phase, s.round, s.chapter = KEEP, 1, 1
    s.signpost_offset = p["signpost_offset"]
    s.gold_supply = p["gold_supply"][count]
    s.gold_cart = p["gold_total"] - s.gold_supply
    s.horse_supply = p["horses_total"]
    s.outlaws = p["outlaws_start"]
    s.neutral = p["neutral_gunmen_2p"] if s.buster else 0
    s.hotels = p["hotels_per_player"] * count
    s.bridge_stock = [p["bridge_copies"][count]] * len(comp.bridges)
    pile = list(ctx.barrel_pile)
    stream = rng.shuffle(stream, pile)
    spaces = p["barrel_spaces"][count]
    s.barrel_spaces, s.barrel_pile = pile[:spaces], pile[spaces:]
    s.buster_site = s.shade_site = s.bust = 0
    s.buster_shown, s.queue, s.visited, s.event_queue = [], [], [], []
    s.revealed, s.active, s.event_site = False, -1, 0
    _clear_turn(s)
    s.lands = [-1] * len(comp.lands)
    start = comp.start_lodge
    n = players
    s.vp, s.gunmen, s.graveyard, s.dials, s.positions, s.covered, s.wagons = ([0] * n for _ in range(7))
    s.bucks = [start.get("$", 0)] * n
    s.gold = [0] * n
    s.dudes = [start.get("D", 0)] * n
    s.tents = [start.get("T", 0)] * n
    s.horses = [0] * n
    s.reserve_dudes = [p["dudes_per_colour"] - start.get("D", 0)] * n
    s.reserve_tents = [p["tents_per_colour"] - start.get("T", 0)] * n
    s.returns = [p["start_draw"] - p["start_keep"]] * n
    s.hands, s.decks, s.known, s.tableau, s.fresh, s.used = (_lists(n) for _ in range(6))
    s.rivers = [[NO_RIVER] * 4 for _ in range(n)]
    s.vp_cat = [[0] * len(CATEGORIES) for _ in range(n)]
    for seat in range(n):
        s.horses[seat] = min(start.get("H", 0), s.horse_supply)
        s.horse_supply -= s.horses[seat]
        s.gold[seat] = min(start.get("G", 0), s.gold_supply)
        s.gold_supply -= s.gold[seat]
        deck = list(range(ctx.ncards))
        stream = rng.shuffle(stream, deck)  # the only shuffle of a Town Building deck (COL-4.16, COL-17.5)
        s.decks[seat] = deck
        s.known[seat] = [0] * len(deck)
    shade_mod.setup(ctx, s)
    if solo:
        s.sheriff = SHADE
    else:
        s.sheriff, stream = rng.below(stream, n)  # COL-4.18
    s.rng = stream
    s.over = False
    for seat in range(n):
        draw(ctx, s, seat, p["start_draw"], None)
    return s


def _lists(n: int) -> list[list[int]]:
    return [[] for _ in range(n)]


def _clear_turn(s: State) -> None:
    s.sub, s.done, s.activated, s.built_now, s.depot, s.timber = NO_SUB, 0, 0, 0, 0, 0
    s.trade_left = s.wagon_left = s.wagon_city = s.wagon_moved = s.wagon_more = 0
    s.wagon_skipping = False


# ---------------------------------------------------------------- the wheel
def barker(s: State) -> int:
    """COL-6.1: in chapter c the Barker covers Site c."""
    return s.chapter


def signpost_site(s: State) -> int:
    """COL-6.4: the Site clockwise-next to the Barker (SIGNPOST_OFFSET steps on; the state keeps it)."""
    return (barker(s) - 1 + s.signpost_offset) % 5 + 1


def signpost_active(s: State) -> bool:
    """COL-6.5: the Bust tile left the Signpost for a Bust elsewhere."""
    return s.bust != 0 and s.bust != signpost_site(s)


def sections(s: State, pos: int) -> tuple[int, int]:
    """COL-6.8: (site of the common action, site of the Boom action) at a position; 0 = the Barker's own
    sections (Trade, Barrel), -1 = no action."""
    b, x = s.chapter, s.bust  # the Barker (`barker`) and the Bust
    if pos == b:
        return 0, (0 if x != b else -1)
    if x == pos:
        return pos, -1
    if pos == (b - 1 + s.signpost_offset) % 5 + 1:  # the Signpost's Site (`signpost_site`), active unless Busted
        return pos, (b if x != 0 and x != pos else -1)
    return pos, pos


def own_boom(s: State, pos: int) -> bool:
    """COL-16.4: the printed Site's own Boom section is available at this position."""
    return pos != barker(s) and s.bust != pos and pos != signpost_site(s)


# ---------------------------------------------------------------- the course of the game
def advance(ctx: Ctx, s: State, ev: Events) -> None:
    """Carry out everything nobody decides, up to the next decision (COL-5.2)."""
    if s.phase == KEEP and not any(s.returns):
        if s.solo:
            shade_mod.new_destination(ctx, s, ev)  # COL-24.9: at the start of each round
        _begin_chapter(ctx, s, ev)
    if s.phase == EVENT and not s.event_queue:
        begin_select(ctx, s, ev)
    if s.phase == TURN and s.active < 0:
        next_turn(ctx, s, ev)


def _begin_round(ctx: Ctx, s: State, ev: Events) -> None:
    """ROUND_START: Outlaws join the Shootout (COL-19.2-19.3); Shade draws a destination (COL-24.9)."""
    added = ctx.comp.rounds[s.round - 1]["outlaws"]
    s.outlaws += added
    if ev is not None:
        ev.append(Event("round.start", {"round": s.round, "year": ctx.comp.rounds[s.round - 1]["year"],
                                        "outlaws": s.outlaws, "added": added}))
    if s.solo:
        shade_mod.new_destination(ctx, s, ev)


def _begin_chapter(ctx: Ctx, s: State, ev: Events) -> None:
    """CHAPTER_START and EVENT (COL-6.1, COL-18)."""
    first = s.round == 1 and s.chapter == 1
    s.bust = 0  # the Bust tile goes back onto the Signpost
    if ev is not None:
        ev.append(Event("chapter.start", {"round": s.round, "chapter": s.chapter, "barker": barker(s),
                                          "signpost": signpost_site(s)}))
    if not first or ctx.p["event_on_first_chapter"]:
        apply_event(ctx, s, ev)
    s.phase = EVENT
    if not s.event_queue:
        begin_select(ctx, s, ev)


def apply_event(ctx: Ctx, s: State, ev: Events) -> None:
    """COL-18: every player receives the Event of the Site under the Barker, once plus once per matching Camp."""
    site = barker(s)
    event = ctx.comp.events[site - 1]
    s.event_site = site
    if ev is not None:
        ev.append(Event("event", {"event": f"@event.{event.id}", "site": site}))
    for actor in player_order(s):
        if actor == SHADE:
            shade_mod.event(ctx, s, site, ev)
            continue
        times = event_times(ctx, s, actor, site)
        if event.effect.exchange:
            if s.gold[actor] > 0:
                s.event_queue.append(actor)
            continue
        gain(ctx, s, actor, event.effect, "events", ev, times)
        if ev is not None:
            ev.append(Event("event.gain", {"seat": actor, "event": f"@event.{event.id}", "times": times}))


def event_times(ctx: Ctx, s: State, seat: int, site: int) -> int:
    """COL-18.5: once, plus once per own Camp on a Land with the Event's Site icon."""
    lands = s.lands
    return 1 + [lands[land] for land in ctx.lands_of_site[site]].count(seat)


def exchange_limit(ctx: Ctx, s: State, seat: int) -> int:
    event = ctx.comp.events[s.event_site - 1]
    assert event.effect.exchange is not None
    return min(s.gold[seat], event.effect.exchange[0] * event_times(ctx, s, seat, s.event_site))


def apply_exchange(ctx: Ctx, s: State, seat: int, n: int, ev: Events) -> None:
    """The Gold-for-VP Event (D2.4): n Gold back to the Gold Cart, VP for each."""
    event = ctx.comp.events[s.event_site - 1]
    assert event.effect.exchange is not None
    s.gold[seat] -= n
    s.gold_cart += n
    add_vp(s, seat, n * event.effect.exchange[1], "events")
    s.event_queue.remove(seat)
    if ev is not None:
        ev.append(Event("event.exchange", {"seat": seat, "gold": n, "vp": n * event.effect.exchange[1]}))
    if not s.event_queue:
        begin_select(ctx, s, ev)


def begin_select(ctx: Ctx, s: State, ev: Events) -> None:
    """BUSTER_DRAW (COL-21.3-21.4) and SELECT (COL-7.1)."""
    s.dials = [0] * s.players
    s.revealed = False
    s.positions = [0] * s.players
    s.buster_shown = []
    s.buster_site = s.shade_site = 0
    if s.buster:
        cards = [1, 2, 3, 4, 5]
        s.rng = rng.shuffle(s.rng, cards)
        s.buster_shown = sorted(cards[:2])
        s.buster_site = cards[2]
        if ev is not None:
            ev.append(Event("buster.shown", {"sites": tuple(s.buster_shown)}))
    s.phase = SELECT


def set_dial(ctx: Ctx, s: State, seat: int, site: int, ev: Events) -> None:
    s.dials[seat] = site
    if ev is not None:
        ev.append(Event("dial.set", {"seat": seat}))
        ev.append(Event("dial.chosen", {"site": site}, frozenset([seat])))
    if all(s.dials):
        reveal_dials(ctx, s, ev)


def reveal_dials(ctx: Ctx, s: State, ev: Events) -> None:
    """REVEAL and BUST_CHECK (COL-7.3-7.8), then the turns in order (COL-8.1-8.3)."""
    if s.solo:
        coin, s.rng = rng.below(s.rng, 2)  # COL-24.5: heads the first revealed card, tails the second
        s.shade_site = s.buster_shown[coin]
    s.positions = s.dials[:]
    s.revealed = True
    counts = [0] * 6
    for pos in s.positions:
        counts[pos] += 1
    for extra in (s.buster_site, s.shade_site):
        if extra:
            counts[extra] += 1
    s.bust = bust_position(ctx, counts)
    if ev is not None:
        ev.append(reveal())
        ev.append(Event("dials.revealed", {"dials": tuple(s.dials)}))
        if s.buster_site:
            ev.append(Event("buster.site", {"site": s.buster_site}))
        if s.shade_site:
            ev.append(Event("shade.site", {"site": s.shade_site}))
        ev.append(Event("bust", {"site": s.bust, "signpost": signpost_active(s)}) if s.bust
                  else Event("bust.none", {}))
    # Positions 1 to 5 in turn; on one position, in player order (Shade stands on its own position): a stable sort
    # of (position, actor) by position.
    positions, shade = s.positions, s.shade_site
    where = [(shade if actor == SHADE else positions[actor], actor) for actor in player_order(s)]
    s.queue = [actor for pos, actor in sorted(where, key=itemgetter(0)) if pos > 0]
    s.phase = TURN
    s.active = -1
    next_turn(ctx, s, ev)


def bust_position(ctx: Ctx, counts: list[int]) -> int:
    """COL-7.5: the one position holding strictly more pioneers than every other, with at least BUST_MIN; a tie
    Busts nobody (with BUST_ON_TIE the lowest tied position Busts)."""
    positions = counts[1:]
    most = max(positions)
    if most < ctx.p["bust_min"] or (positions.count(most) > 1 and not ctx.p["bust_on_tie"]):
        return 0
    return positions.index(most) + 1  # the lowest position holding the most


def pioneer_count(s: State, pos: int) -> int:
    """Pioneers on a position, Buster and Shade included (COL-7.8)."""
    return sum(1 for p in s.positions if p == pos) + (s.buster_site == pos) + (s.shade_site == pos)


def next_turn(ctx: Ctx, s: State, ev: Events) -> None:
    """RESOLVE: the next pioneer's turn; Shade's turns are carried out at once (COL-24.7)."""
    _clear_turn(s)
    while s.queue:
        actor = s.queue.pop(0)
        if actor == SHADE:
            shade_mod.turn(ctx, s, *sections(s, s.shade_site), ev)
            continue
        s.active = actor
        s.visited = [s.wagons[actor]]
        if ev is not None:
            common, boom = sections(s, s.positions[actor])
            ev.append(Event("turn", {"seat": actor, "position": s.positions[actor], "common": common, "boom": boom}))
        return
    s.active = -1
    s.visited = []
    _end_chapter(ctx, s, ev)


def _end_chapter(ctx: Ctx, s: State, ev: Events) -> None:
    """CHAPTER_END: pioneers go home (COL-8.8); after the fifth chapter, the Shootout (COL-19.1)."""
    s.positions = [0] * s.players
    s.dials = [0] * s.players
    s.buster_site = s.shade_site = 0
    s.buster_shown = []
    s.revealed = False
    if s.chapter < ctx.p["chapters_per_round"]:
        s.chapter += 1
        _begin_chapter(ctx, s, ev)
        return
    shootout(ctx, s, ev)
    if s.round < ctx.p["rounds"]:
        s.round += 1
        s.chapter = 1
        _begin_round(ctx, s, ev)
        _begin_chapter(ctx, s, ev)
        return
    final_scoring(ctx, s, ev)


# ---------------------------------------------------------------- the Shootout (COL-19)
def shootout(ctx: Ctx, s: State, ev: Events) -> None:
    p = ctx.p
    n = s.players
    total = sum(s.gunmen) + s.neutral + s.shade_gunmen
    won = total > s.outlaws
    if ev is not None:
        ev.append(Event("shootout.won" if won else "shootout.lost", {"gunmen": total, "outlaws": s.outlaws}))
    # Step 1: the Sheriff (COL-19.5); never in solo games (COL-24.2a)
    most = max(s.gunmen) if n else 0
    if not s.solo and most > 0:
        leaders = [q for q in range(n) if s.gunmen[q] == most]
        if s.sheriff not in leaders:
            s.sheriff = next((s.sheriff + i) % n for i in range(1, n + 1) if (s.sheriff + i) % n in leaders)
            if ev is not None:
                ev.append(Event("sheriff", {"seat": s.sheriff}))
    # Step 2: rewards (COL-19.6)
    rate = p["shootout_win_vp"] if won else p["shootout_loss_vp"]
    for q in range(n):
        if s.gunmen[q]:
            add_vp(s, q, rate * s.gunmen[q], "shootouts")
            if ev is not None:
                ev.append(Event("shootout.vp", {"seat": q, "vp": rate * s.gunmen[q]}))
    s.shade_vp += rate * s.shade_gunmen
    # Step 3: casualties (COL-19.7-19.8); Shade takes them like a player (COL-24.10a)
    top = max([*s.gunmen, s.shade_gunmen])
    dead = [0] * n
    for q in range(n):
        dead[q] = _casualties(ctx, won, s.gunmen[q], top)
    shade_dead = _casualties(ctx, won, s.shade_gunmen, top)
    for q in range(n):
        s.gunmen[q] -= dead[q]
        s.graveyard[q] += dead[q]
        if ev is not None and dead[q]:
            ev.append(Event("shootout.dead", {"seat": q, "n": dead[q]}))
        # Step 4: survivors home (COL-19.9)
        s.dudes[q] += s.gunmen[q]
        s.gunmen[q] = 0
    s.shade_removed += s.shade_gunmen  # dead or surviving, Shade's gunmen leave the game (COL-24.10)
    if ev is not None and s.shade_gunmen:
        ev.append(Event("shade.gunmen_gone", {"n": s.shade_gunmen, "dead": shade_dead}))
    s.shade_gunmen = 0
    # Step 5: Outlaws (COL-19.10)
    if won:
        s.outlaws = 0


def _casualties(ctx: Ctx, won: bool, gunmen: int, top: int) -> int:
    if not gunmen:
        return 0
    if won:
        return min(gunmen, int(ctx.p["win_casualties_leaders"])) if gunmen == top else 0
    num, den = ctx.p["loss_casualty_numerator"], ctx.p["loss_casualty_denominator"]
    return min(gunmen, -(-gunmen * int(num) // int(den)))


# ---------------------------------------------------------------- the end (COL-20)
def bridge_score(ctx: Ctx, s: State, seat: int, bridge: int) -> int:
    b = ctx.comp.bridges[bridge]
    count = {
        "graveyard": s.graveyard[seat], "horses": s.horses[seat], "hand": len(s.hands[seat]),
        "buildings": len(s.tableau[seat]), "camps": sum(1 for o in s.lands if o == seat),
        "barrels": len(s.fresh[seat]) + len(s.used[seat]),
    }[b.per]
    return min(int(ctx.p["bridge_cap"]), b.vp * count)


def final_scoring(ctx: Ctx, s: State, ev: Events) -> None:
    for q in range(s.players):
        hotels = sum(1 for c in s.tableau[q] if s.covered[q] >> c & 1)
        add_vp(s, q, hotels * min(s.dudes[q], ctx.p["hotel_lodge_cap"]), "hotels_end")
        for bridge in s.rivers[q]:
            if bridge > 0:
                add_vp(s, q, bridge_score(ctx, s, q, bridge - 1), "bridges")
        for land in ctx.comp.lands:
            if s.lands[land.index] == q:
                add_vp(s, q, land.vp, "camps")
        if ev is not None:
            ev.append(Event("score.final", {"seat": q, "vp": s.vp[q], "hotels": s.vp_cat[q][CAT["hotels_end"]],
                                            "bridges": s.vp_cat[q][CAT["bridges"]],
                                            "camps": s.vp_cat[q][CAT["camps"]]}))
    if s.solo:
        shade_mod.final_score(ctx, s, ev)
    s.phase = OVER
    s.over = True
    s.active = -1


def ranking_key(ctx: Ctx, s: State, seat: int) -> tuple[int, ...]:
    """COL-20.7: VP, then the tie-breakers (Bucks + Gold, then Dudes in the Lodge)."""
    extra = {"money": s.bucks[seat] + s.gold[seat], "dudes": s.dudes[seat]}
    return (s.vp[seat], *(extra[t] for t in ctx.p["tiebreak"]))


__all__ = ["BUSTER", "LEVELS"]
