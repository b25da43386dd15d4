"""The actions of a turn (COR-10, COR-12 .. COR-16): declare, buy, produce and build, sell, move."""

from __future__ import annotations

from meeple.kit import Events, say

from ..actions import Act
from ..data import space_name
from ..state import CardEffect, State
from .core import Core


class TurnActions(Core):
    """The actions of a turn."""

    def declare(self, s: State, p: int, what: str, events: Events) -> None:
        if events is not None:
            say(events, "action.declare", seat=p, action=f"@action.{what}")
        # the turn's TurnAction, made fresh at its start (`Rounds.next_turn`): nothing changes it before a declare
        s.action.kind = what
        if what == "recruit":
            self.recruit_declare(s, p, events)
        elif what == "buy":
            s.phase = "buy"
        elif what == "produce":
            s.phase = "produce"
            self.maybe_build(s, p)
        elif what == "sell":
            s.phase = "sell"
        elif what == "refresh":
            s.phase = "refresh"
        elif what == "move":
            s.phase = "move"

    def maybe_build(self, s: State, p: int) -> None:
        if s.phase == "produce" and not self.producers(s, p):
            s.phase = "build"

    def sell_one(self, s: State, p: int, i: int, events: Events) -> None:
        """COR-14.1: a token back to the supply, paying the development's price."""
        s.products[i] -= 1
        price = self.dev(s, i).price
        s.arc[p] += price
        if events is not None:
            say(events, "sell.one", seat=p, dev=self.dterm(s.built[i][0]), space=space_name(s.built[i][1]), arc=price)

    def produce_use(self, s: State, p: int, i: int, events: Events) -> None:
        """COR-13.1: one Produce ability of a controlled development."""
        s.action.used.append(i)
        eff = self.dev(s, i).produce
        assert eff is not None
        t = s.built[i][0]
        if events is not None:
            say(events, "produce.use", seat=p, dev=self.dterm(t), space=space_name(s.built[i][1]))
        n = eff.name
        if n == "produce_products":
            self.add_products(s, i, eff.num(), events)
        elif n == "produce_arc":
            self.gain_arc(s, p, eff.num(), events)
        elif n == "produce_draw":
            self.draw_cards(s, p, eff.num(), events)
        elif n == "produce_influence":
            self.change_influence(s, p, eff.num(), events)
        elif n in ("produce_casino", "produce_counterfeit"):
            roll = self.d6(s)
            say(events, "roll.d6", seat=p, roll=roll)
            table = self.comp.d6_tables["casino" if n == "produce_casino" else "counterfeit"]
            self.gain_arc(s, p, table[roll - 1], events)
        elif n == "produce_recruit_top":
            self.gain_arc(s, p, -eff.num(), events)
            card = self.deck_top(s, "gm")
            if card >= 0:
                say(events, "row.reveal", card=self.cterm(card))
                self.recruit(s, p, card, events)
        elif n == "produce_trash_for_arc" and s.hand[p]:
            s.resume.append("produce")
            s.effect = CardEffect(-1, "trash", eff.num())
            s.phase = "effect"
            return
        self.maybe_build(s, p)

    def build(self, s: State, p: int, act: Act, events: Events) -> None:
        t = act.dev
        cells = act.cells
        cost = self.dev_cost(s, p, t)
        s.arc[p] -= cost
        s.built.append((t, *cells))
        s.devs = ()  # read again when next asked for
        s.products.append(0)
        s.stats["built"][p] += 1
        if events is not None:
            say(events, "build.done", seat=p, dev=self.dterm(t), spaces=tuple(space_name(x) for x in cells), arc=cost)
        if self.comp.devs[t].level == "Heights":
            self.change_influence(s, p, self.k["INFLUENCE_HEIGHTS_BUILD"], events)  # COR-13.13
        s.phase = "post"

    def buy(self, s: State, p: int, act: Act, events: Events) -> None:
        """COR-12: a row card first, then renown at 3000 ARC each, up to the influence."""
        if act.kind == "take":
            cost = self.bm_cost(s, p, act.card)
            s.arc[p] -= cost
            s.bm_row.remove(act.card)
            s.hand[p].append(act.card)
            s.stats["bought"][p] += 1
            if events is not None:
                say(events, "buy.card", seat=p, card=self.cterm(act.card), arc=cost)
            s.phase = "buy_renown"
            if self.renown_max(s, p) == 0:
                s.phase = "post"
            return
        n = act.amount
        if n:
            s.arc[p] -= n * self.k["RENOWN_PRICE"]
            s.renown_supply -= n
            s.renown[p] += n
            say(events, "buy.renown", seat=p, count=n, arc=n * self.k["RENOWN_PRICE"])
        s.phase = "post"

    def do_move(self, s: State, p: int, start: int, dest: int, events: Events) -> None:
        figures, counts, bits = s.figures, s.counts, s.bits  # `set_figures` and `enemies_at`, written out
        if start < 0:
            s.pool[p] -= 1
        else:
            row = list(figures[start])
            n = row[p] = row[p] - 1
            figures[start] = tuple(row)
            counts[p] -= 1 << (8 * start)
            if n == 0:
                bits[p] &= ~(1 << start)
            elif n == 1:
                bits[s.players + 1 + p] &= ~(1 << start)
        row = list(figures[dest])
        n = row[p] = row[p] + 1
        figures[dest] = tuple(row)
        counts[p] += 1 << (8 * dest)
        if n == 1:
            bits[p] |= 1 << dest
        elif n == 2:
            bits[s.players + 1 + p] |= 1 << dest
        s.marks = s.devs = ()  # read again from `bits` when next asked for
        if s.ycu[dest] or sum(row) > row[p]:
            s.enemy_space = dest
        if events is not None:
            say(events, "move.figure", seat=p, start=space_name(start) if start >= 0 else "@term.pool",
                dest=space_name(dest))

    def end_move(self, s: State, p: int, events: Events) -> None:
        if events is not None:
            say(events, "move.end", seat=p)
        sp = s.enemy_space
        if sp >= 0 and self.contested(s, sp, p):
            self.start_battles(s, p, sp, "move_end", events)
        else:
            s.phase = "post"
