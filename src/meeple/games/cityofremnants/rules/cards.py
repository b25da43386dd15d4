"""Card effects (COR-9, COR-29.12): playing a card and resolving its primitives, with the choices they need."""

from __future__ import annotations

from meeple.kit import Events, say

from ..actions import Act
from ..data import NSPACE, Card, Effect, space_name
from ..state import CardEffect, State
from .core import Core

CHOICE_PRIMS = ("recruit_fixed", "sell_extra", "add_products", "move_figures", "place_from_pool", "peek_coords",
                "search_card", "remove_ycu", "strip_card")
# The primitives whose play the phase alone decides (COR-8.7): those of PHASE_PRIMS in the phases named, those of
# ANY_TIME in any; the others depend on the state (`prim_applicable`)
PHASE_PRIMS: dict[str, frozenset[str]] = {
    "bm_discount": frozenset(("pre",)), "dev_discount": frozenset(("pre", "produce", "build")),
    "extra_move_figures": frozenset(("pre", "move")), "move_range": frozenset(("pre", "move")),
    "min_first_bid": frozenset(("pre", "recruit"))}
ANY_TIME = frozenset(("gain_arc", "gamble"))


def phase_decides(name: str, phase: str) -> bool | None:
    """Whether a primitive may be played in this phase, when the phase alone decides it (None: the state does)."""
    phases = PHASE_PRIMS.get(name)
    if phases is not None:
        return phase in phases
    return True if name in ANY_TIME else None


class CardEffects(Core):
    """Card effects."""

    def applicable(self, s: State, p: int, c: int, phase: str) -> bool:
        checks = self.play_checks(phase)[c]
        return checks is None or any(self.prim_applicable(s, p, e, phase) for e in checks)

    def play_checks(self, phase: str) -> list[tuple[Effect, ...] | None]:
        """Per card, what decides whether it may be played in this phase (`applicable`): None when it always may
        (a Permanent card, or a Turn card with a primitive the phase alone allows), else the primitives whose
        `prim_applicable` depends on the state (none: it never may). Worked out once per phase from the data."""
        checks = self.kept.play_checks
        table = checks.get(phase)
        if table is None:
            table = checks[phase] = [self._play_check(card, phase) for card in self.cards]
        return table

    def play_table(self, phase: str) -> dict[int, tuple[Effect, ...] | None]:
        """`play_checks` of the cards that may ever be played in this phase (a check other than `()`), by card:
        the phase's card plays are the hand's cards among its keys (`phases.card_plays`)."""
        plays = self.kept.plays
        table = plays.get(phase)
        if table is None:
            table = plays[phase] = {c: check for c, check in enumerate(self.play_checks(phase)) if check != ()}
        return table

    @staticmethod
    def _play_check(card: Card, phase: str) -> tuple[Effect, ...] | None:
        if card.timing == "Permanent":
            return None
        if card.timing != "Turn":
            return ()
        dynamic: list[Effect] = []
        for e in card.effects:
            fixed = phase_decides(e.name, phase)
            if fixed is None:
                dynamic.append(e)
            elif fixed:
                return None
        return tuple(dynamic)

    def prim_applicable(self, s: State, p: int, e: Effect, phase: str) -> bool:
        fixed = phase_decides(e.name, phase)
        return self.state_allows(s, p, e) if fixed is None else fixed

    def state_allows(self, s: State, p: int, e: Effect) -> bool:
        """`prim_applicable` of a primitive the phase alone does not decide (`phase_decides` None)."""
        n = e.name  # the primitives asked most often first
        if n == "add_products":  # `product_targets` written out, stopping at the first
            devs = (s.devs or self.read_devs(s))[p]  # `controlled_devs`
            if not devs:
                return False
            products = s.products
            if int(self.k["PRODUCT_SUPPLY"]) - sum(products) <= 0:  # `product_supply`
                return False
            built, makes, cap = s.built, self.dev_makes_products, self.dev_cap
            for i in devs:
                t = built[i][0]
                if makes[t] and products[i] < cap[t]:
                    return True
            return False
        if n == "sell_extra":
            products = s.products  # as `sellable`
            if products:
                for i in (s.devs or self.read_devs(s))[p]:  # `controlled_devs`
                    if products[i] > 0:
                        return True
            return False
        if n == "move_figures":
            return self.any_move(s, p, e.num(1), pool=e.args[2] == "board_or_pool")
        if n == "draw":
            return bool(s.draw[p])
        if n == "gain_influence":
            return bool(s.influence[p] < self.k["INFLUENCE_MAX"])
        if n == "recruit_fixed":
            return bool(s.gm_row) and s.arc[p] >= e.num(0)
        if n == "reveal_gm_to_row":
            return bool(s.gm_deck or s.gm_discard)
        if n == "refresh_bm_row":
            return bool(s.bm_deck or s.bm_discard)
        if n == "place_from_pool":
            return s.pool[p] > 0 and bool(self.place_targets(s, p))
        if n == "reserve_to_pool":
            return s.reserve[p] > 0
        if n == "peek_coords":
            return bool(s.coord_deck)
        if n == "search_card":
            return bool(s.draw[p] or s.discard[p])
        if n == "remove_ycu":
            return s.counts[-1] != 0  # a token on the board (`State.counts`)
        if n == "strip_card":
            for q, hand in enumerate(s.hand):  # a loop: a generator reading `s` and `p` would make them cells
                if hand and q != p:
                    return True
        return False

    def add_products(self, s: State, i: int, n: int, events: Events) -> None:
        """COR-13.3: up to n, within the capacity and the supply."""
        room = min(n, self.dev(s, i).cap - s.products[i], self.product_supply(s))
        if room > 0:
            s.products[i] += room
        say(events, "dev.products", dev=self.dterm(s.built[i][0]), space=space_name(s.built[i][1]),
             added=max(room, 0), total=s.products[i])

    def play_card(self, s: State, p: int, c: int, events: Events) -> None:
        card = self.cards[c]
        s.hand[p].remove(c)
        if card.timing == "Permanent":
            s.tableau[p].append(c)  # COR-9.10
        else:
            s.discard[p].append(c)  # COR-9.6
        if events is not None:
            say(events, "card.play", seat=p, card=self.cterm(c))
        self.public(s, c)
        s.resume.append(s.phase)
        s.effect = CardEffect(c)
        s.phase = "effect"
        self.run_effects(s, p, events)

    def run_effects(self, s: State, p: int, events: Events) -> None:
        """Resolve the card's primitives in order; stop at one that needs a choice (COR-9.11)."""
        assert s.effect is not None
        card = self.cards[s.effect.card]
        if card.timing == "Permanent":
            self.end_effect(s, events)
            return
        while s.effect.prim < len(card.effects):
            e = card.effects[s.effect.prim]
            if e.name in CHOICE_PRIMS and self.start_choice(s, p, e, events):
                return
            if e.name not in CHOICE_PRIMS:
                self.auto_effect(s, p, e, events)
            s.effect.prim += 1
            s.effect.done = 0
            s.effect.stage = ""
        self.end_effect(s, events)

    def end_effect(self, s: State, events: Events) -> None:
        """COR-16.18: a space made contested by the card's movement is fought over once the card has resolved."""
        moved = s.effect is not None and bool(s.effect.moved)
        s.effect = None
        s.phase = s.resume.pop()
        p = s.active
        if s.phase == "recruit" and not s.gm_row:
            self.recruit_declare(s, p, events)  # COR-11.2: the card emptied the row
            return
        if moved and s.enemy_space >= 0 and self.contested(s, s.enemy_space, p):
            self.start_battles(s, p, s.enemy_space, s.phase, events)

    def auto_effect(self, s: State, p: int, e: Effect, events: Events) -> None:
        n = e.name
        if n == "gain_arc":
            self.gain_arc(s, p, e.num(0, len(self.controlled_devs(s, p))), events)
        elif n == "draw":
            self.draw_cards(s, p, e.num(), events)
        elif n == "gain_influence":
            self.change_influence(s, p, e.num(), events)
        elif n in ("dev_discount", "bm_discount", "extra_move_figures"):
            key = "extra_move" if n == "extra_move_figures" else n
            s.mods[key] = s.mods.get(key, 0) + e.num()
            if events is not None:
                say(events, "mod.set", seat=p, mod=f"@term.{key}", amount=s.mods[key])
        elif n in ("move_range", "min_first_bid"):
            s.mods[n] = max(s.mods.get(n, 0), e.num())
            if events is not None:
                say(events, "mod.set", seat=p, mod=f"@term.{n}", amount=s.mods[n])
        elif n == "reveal_gm_to_row":
            for _ in range(e.num()):
                card = self.deck_top(s, "gm")
                if card >= 0:
                    s.gm_row.append(card)
                    say(events, "row.reveal", card=self.cterm(card))
        elif n == "refresh_bm_row":
            s.bm_discard += s.bm_row
            s.bm_row = []
            self.fill_row(s, "bm")
            say(events, "row.bm", cards=tuple(map(self.cterm, s.bm_row)))
        elif n == "reserve_to_pool":
            moved = min(e.num(), s.reserve[p])
            s.reserve[p] -= moved
            s.pool[p] += moved
            say(events, "figures.to_pool", seat=p, count=moved)
        elif n == "gamble":
            roll = self.d6(s)
            say(events, "roll.d6", seat=p, roll=roll)
            self.gain_arc(s, p, self.comp.d6_tables["gamble"][roll - 1], events)

    def start_choice(self, s: State, p: int, e: Effect, events: Events) -> bool:
        """Set up the choice a primitive needs; False when it cannot be applied (skipped, COR-9.11)."""
        assert s.effect is not None
        n = e.name
        if n == "add_products" and e.args[1] == "each_producer":
            for i in self.product_targets(s, p):
                self.add_products(s, i, e.num(), events)
            return False
        if n == "peek_coords":
            k = min(e.num(), len(s.coord_deck))
            if k == 0:
                return False
            s.effect.stage = "coord"
            s.effect.look = sorted(s.coord_deck[:k])
            s.effect.order = []
            s.coord_known[p] = max(s.coord_known[p], k)
            say(events, "coords.peek", seat=p, count=k)
            say(events, "coords.seen", frozenset([p]),
                 cards=tuple(f"@coord.{self.comp.coords[c].id}" for c in sorted(s.coord_deck[:k])))
            return True
        if not self.prim_applicable(s, p, e, "effect"):
            return False
        s.effect.stage = n
        return True

    def effect_actions(self, s: State, p: int) -> list[int]:
        assert s.effect is not None
        eff = s.effect
        if eff.stage == "trash":
            return [self.cat.take[c] for c in sorted(set(s.hand[p]))] + [self.cat.word["done"]]
        card = self.cards[eff.card]
        e = card.effects[eff.prim]
        st = eff.stage
        cat = self.cat
        if st == "recruit_fixed":
            return [cat.take[c] for c in s.gm_row]
        if st == "sell_extra":
            out = [cat.sell[s.built[i][1]] for i in self.sellable(s, p)]
            return out + ([cat.word["done"]] if eff.done >= 1 else [])
        if st == "add_products":
            return [cat.use[s.built[i][1]] for i in self.product_targets(s, p)]
        if st == "move_figures":
            out = self.move_actions(s, p, e.num(1), pool=e.args[2] == "board_or_pool", card_move=True)
            return out + ([cat.word["stop"]] if eff.done >= 1 else [])
        if st == "place_from_pool":
            out = [cat.place[sp] for sp in self.place_targets(s, p)] if s.pool[p] else []
            return out + ([cat.word["done"]] if eff.done >= 1 else [])
        if st == "coord":
            return [cat.coord[c] for c in eff.look if c not in eff.order]
        if st == "search_card":
            return [cat.pile[i] for i, pile in enumerate((s.draw[p], s.discard[p])) if pile]
        if st == "search_pick":
            pile = s.draw[p] if eff.pile == 0 else s.discard[p]
            return [cat.take[c] for c in sorted(set(pile))]
        if st == "remove_ycu":
            return [cat.remove[t] for t in sorted({t for sp in s.ycu for t in sp})]
        if st == "strip_card":
            return [cat.seat[q] for q in range(s.players) if q != p and s.hand[q]]
        if st == "strip_pick":
            return [cat.take[c] for c in sorted(set(s.hand[eff.rival]))]
        return []

    def effect_apply(self, s: State, p: int, act: Act, events: Events) -> None:
        assert s.effect is not None
        eff = s.effect
        if eff.stage == "trash":
            self.trash_done(s, p, act, events)
            return
        card = self.cards[eff.card]
        e = card.effects[eff.prim]
        st = eff.stage
        more = False
        if st == "recruit_fixed":
            s.gm_row.remove(act.card)
            self.gain_arc(s, p, -e.num(0), events)
            self.recruit(s, p, act.card, events)
        elif st == "sell_extra":
            if act.kind == "sell":
                self.sell_one(s, p, self.dev_at(s, act.space), events)
                eff.done += 1
                more = eff.done < e.num() and bool(self.sellable(s, p))
        elif st == "add_products":
            self.add_products(s, self.dev_at(s, act.space), e.num(), events)
        elif st == "move_figures":
            if act.kind != "stop":
                self.do_move(s, p, act.start, act.dest, events)
                eff.done += 1
                eff.moved = True
                reach = e.num(1)
                more = eff.done < e.num(0) and bool(self.move_actions(
                    s, p, reach, pool=e.args[2] == "board_or_pool", card_move=True))
        elif st == "place_from_pool":
            if act.kind == "place":
                s.pool[p] -= 1
                self.set_figures(s, act.space, p, s.figures[act.space][p] + 1)
                say(events, "figures.place", seat=p, space=space_name(act.space))
                eff.done += 1
                more = eff.done < e.num() and s.pool[p] > 0 and bool(self.place_targets(s, p))
        elif st == "coord":
            eff.order.append(act.coord)
            more = len(eff.order) < len(eff.look) - 1
            if not more:
                order = eff.order + [c for c in eff.look if c not in eff.order]
                s.coord_deck[: len(order)] = order
                # the others no longer know the order of these cards (COR-4.6)
                s.coord_known = [max(n, len(order)) if q == p else 0 for q, n in enumerate(s.coord_known)]
                say(events, "coords.back", seat=p)
        elif st == "search_card":
            eff.pile = act.pile
            eff.stage = "search_pick"
            more = True
        elif st == "search_pick":
            pile = s.draw[p] if eff.pile == 0 else s.discard[p]
            pile.remove(act.card)
            s.hand[p].append(act.card)
            if eff.pile == 0:
                self.shuffle(s, s.draw[p])
            self.public(s, act.card)  # COR-4.6: which card changed zone is public
            say(events, "card.search", seat=p, pile="@term.draw" if eff.pile == 0 else "@term.discard",
                 card=self.cterm(act.card))
        elif st == "remove_ycu":
            for sp in range(NSPACE):
                if act.token in s.ycu[sp]:
                    self.take_token(s, sp, act.token)
                    say(events, "ycu.removed", token=self.tterm(act.token), space=space_name(sp))
            s.bag = sorted([*s.bag, act.token])
            eff.done += 1
            more = eff.done < e.num() and s.counts[-1] != 0
        elif st == "strip_card":
            eff.rival = act.seat
            eff.stage = "strip_pick"
            say(events, "card.look", seat=p, rival_seat=act.seat)
            more = True
        elif st == "strip_pick":
            q = eff.rival
            s.hand[q].remove(act.card)
            s.discard[q].append(act.card)
            self.public(s, act.card)
            say(events, "card.stripped", seat=p, rival_seat=q, card=self.cterm(act.card))
        if more:
            return
        eff.prim += 1
        eff.done = 0
        eff.stage = ""
        self.run_effects(s, p, events)

    def trash_done(self, s: State, p: int, act: Act, events: Events) -> None:
        """Slave Trader: remove a card from the hand for ARC (COR-29.12 produce_trash_for_arc)."""
        assert s.effect is not None
        amount = s.effect.amount
        if act.kind == "take":
            s.hand[p].remove(act.card)
            self.lose_card_to(s, act.card)
            self.public(s, act.card)
            say(events, "card.trashed", seat=p, card=self.cterm(act.card))
            self.gain_arc(s, p, amount, events)
        s.effect = None
        s.phase = s.resume.pop()
        self.maybe_build(s, p)
