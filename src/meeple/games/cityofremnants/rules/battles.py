"""Battles (COR-18 .. COR-20): against a rival or a YCU token (COR-19), from the commits to the Alert roll."""

from __future__ import annotations

from collections.abc import Sequence

from meeple.engine.rules import reveal
from meeple.kit import Events, say

from ..actions import Act
from ..data import Card, Effect, space_name
from ..state import Battle, BattleResult, Revealed, Snapshot, State
from .core import Core


def card_ids(cards: Sequence[Card], piles: list[list[int]]) -> list[list[str]]:
    """The ids of the cards of each pile (a function of its own: a comprehension in a method that read its names
    would make them cells, made on every call)."""
    return [[cards[c].id for c in pile] for pile in piles]


class Battles(Core):
    """Battles."""

    def start_battles(self, s: State, p: int, sp: int, resume: str, events: Events) -> None:
        """COR-16.17: a battle on the contested space; rivals first (there is never both, COR-18.2)."""
        rivals = [q for q in range(s.players) if q != p and s.figures[sp][q] > 0]
        if rivals:
            self.start_rival(s, p, rivals[0], sp, resume, events)
        elif s.ycu[sp]:
            self.start_ycu(s, p, sp, "attacker", resume, events)
        else:
            s.phase = resume

    def snapshot(self, s: State, p: int, sp: int, ignore: tuple[int, int], token: int) -> Snapshot:
        """COR-17.6, 17.7: passive bonuses and Defense, once, at the start of the battle."""
        dice = atk = 0
        seen: list[int] = []
        bonus = self.battle_bonus
        for i, b in enumerate(s.built):
            t = b[0]
            gain = bonus[t]  # a dice or attack bonus counts once per type
            if gain is None or t in seen or not self.controls_dev(s, p, i, ignore, token):
                continue
            seen.append(t)
            dice += gain[0]
            atk += gain[1]
        di = self.dev_at(s, sp)
        defense = self.dev(s, di).defense if di >= 0 and self.controls_dev(s, p, di, ignore, token) else 0
        return Snapshot(dice, atk, defense)

    def start_rival(self, s: State, att: int, dfn: int, sp: int, resume: str, events: Events) -> None:
        if events is not None:
            say(events, "battle.start", seat=att, defender_seat=dfn, space=space_name(sp))
        s.battle = Battle("rival", sp, [att, dfn], ["attacker", "defender"], resume,
                          [self.snapshot(s, att, sp, (sp, att), -1), self.snapshot(s, dfn, sp, (sp, att), -1)])
        s.phase = "commit"

    def start_ycu(self, s: State, p: int, sp: int, role: str, resume: str, events: Events) -> None:
        """COR-19.1, 19.3: the player picks the next token when several could be fought."""
        targets = self.token_targets(s, p, sp)
        s.battle = Battle("ycu", sp, [p, -1], [role, ""], resume, [])
        if len(targets) == 1:
            self.ycu_token_chosen(s, p, targets[0], events)
        else:
            s.phase = "pick_token"

    def ycu_token_chosen(self, s: State, p: int, t: int, events: Events) -> None:
        b = s.battle
        assert b is not None
        sp = self.token_space(s, t)
        b.token = t
        b.space = sp
        role = b.roles[0]
        ignore = (sp, p) if role == "attacker" else (-1, -1)
        b.snap = [self.snapshot(s, p, sp, ignore, t), Snapshot()]
        if events is not None:
            say(events, "ycu.battle", seat=p, token=self.tterm(t), space=space_name(sp), role=f"@term.{role}")
        if s.arc[p] >= self.bribe_cost(s, p, t):
            s.phase = "bribe"
        else:
            s.phase = "commit"

    def bribe_cost(self, s: State, p: int, t: int) -> int:
        """COR-19.6: halved (rounded up to 100) by the Liaison Office, then the Uniform's cut, floored at 0."""
        cost = self.comp.tokens[t].bribe
        for i in self.controlled_devs(s, p):  # a loop: a generator reading `self` and `s` would make them cells
            passive = self.dev(s, i).passive
            if passive is not None and passive.name == "passive_bribe_half":
                half = -(-cost // 2)
                cost = -(-half // 100) * 100
                break
        return max(0, cost - self.perm(s, p, "bribe_minus"))

    def bribe(self, s: State, p: int, events: Events) -> None:
        b = s.battle
        assert b is not None
        t = b.token
        cost = self.bribe_cost(s, p, t)
        s.arc[p] -= cost
        self.take_token(s, b.space, t)
        s.bag = sorted([*s.bag, t])
        if events is not None:
            say(events, "ycu.bribe", seat=p, token=self.tterm(t), arc=cost)
        self.after_ycu(s, p, events)

    def battle_card_effects(self, b: Battle, side: int) -> list[Effect]:
        cards = b.spent[side] if b.spent is not None else b.cards[side]
        table = self.battle_effects
        out: list[Effect] = []
        for c in cards:  # a loop: a comprehension reading `table` would make it a cell
            out += table[c]
        return out

    def commit(self, s: State, p: int, act: Act, events: Events) -> None:
        b = s.battle
        assert b is not None
        side = b.side
        if act.kind == "commit":
            s.hand[p].remove(act.card)
            b.cards[side].append(act.card)
            if events is not None:
                say(events, "battle.commit", frozenset([p]), seat=p, count=len(b.cards[side]))
            return
        if events is not None:
            say(events, "battle.committed", seat=p, count=len(b.cards[side]))
        if b.kind == "rival" and side == 0:
            b.side = 1
            b.who = b.seats[1]
            return
        if events is not None:
            events.append(reveal([x for x in b.seats if x >= 0], ["commit"]))
        s.shown = Revealed(battle=card_ids(self.cards, b.cards))
        if events is not None:
            for i, x in enumerate(b.seats):
                if x >= 0:
                    say(events, "battle.reveal", seat=x, cards=tuple(map(self.cterm, b.cards[i])))
        b.asked = []
        self.next_option(s, events)

    def next_option(self, s: State, events: Events) -> None:
        """COR-18.11 step 1: Hired Muscle payments, the attacker's first."""
        b = s.battle
        assert b is not None
        for side in (0, 1):
            x = b.seats[side]
            if x < 0 or side in b.asked:
                continue
            costs = [e.num(0) for e in self.battle_card_effects(b, side) if e.name == "pay_for_atk"]
            if costs and s.arc[x] >= costs[0]:
                b.who = x
                b.side = side
                s.phase = "option"
                return
        self.roll(s, events)

    def option(self, s: State, p: int, act: Act, events: Events) -> None:
        b = s.battle
        assert b is not None
        side = b.side
        b.asked.append(side)
        if act.kind == "pay":
            eff = next(e for e in self.battle_card_effects(b, side) if e.name == "pay_for_atk")
            s.arc[p] -= eff.num(0)
            b.pay[side] = eff.num(1)
            if events is not None:
                say(events, "battle.pay", seat=p, arc=eff.num(0), bonus=eff.num(1))
        self.next_option(s, events)

    def dice_count(self, s: State, b: Battle, side: int) -> int:
        x = b.seats[side]
        figs = s.figures[b.space][x]
        n = figs + b.snap[side].dice
        for e in self.battle_card_effects(b, side):
            if e.name == "dice":
                n += e.num()
            elif e.name == "dice_per_figure":
                n += e.num() * figs
        return int(min(n, self.k["MAX_DICE_PER_SIDE"]))

    def roll(self, s: State, events: Events) -> None:
        """COR-18.8, 18.11 step 4: the attacker's dice first."""
        b = s.battle
        assert b is not None
        for side in (0, 1):
            if b.seats[side] < 0:
                continue
            dice = []
            for _ in range(self.dice_count(s, b, side)):  # a loop: a comprehension would make `self`, `s` cells
                dice.append(self.die(s))
            b.dice[side] = dice
            if events is not None:
                say(events, "battle.roll", seat=b.seats[side], dice=tuple(b.dice[side]))
        b.asked = []
        self.next_reroll(s, events)

    def reroll_allowance(self, b: Battle, side: int) -> int:
        total = 0
        for e in self.battle_card_effects(b, side):
            if e.name == "reroll":
                total += 99 if e.args[0] == "all" else e.num()
        return total

    def next_reroll(self, s: State, events: Events) -> None:
        b = s.battle
        assert b is not None
        for side in (0, 1):
            if b.seats[side] < 0 or side in b.asked:
                continue
            if self.reroll_allowance(b, side) > 0 and b.dice[side]:
                b.who = b.seats[side]
                b.side = side
                s.phase = "reroll"
                return
        self.resolve(s, events)

    def reroll_actions(self, s: State) -> list[int]:
        b = s.battle
        assert b is not None
        side = b.side
        out = []
        if len(b.rerolled[side]) < self.reroll_allowance(b, side):
            out = [self.cat.reroll[i] for i in range(len(b.dice[side])) if i not in b.rerolled[side]]
        return [*out, self.cat.word["done"]]

    def reroll(self, s: State, p: int, act: Act, events: Events) -> None:
        b = s.battle
        assert b is not None
        side = b.side
        if act.kind == "reroll":
            b.rerolled[side].append(act.die)
            old = b.dice[side][act.die]
            b.dice[side][act.die] = self.die(s)
            say(events, "battle.reroll", seat=p, die=act.die + 1, old=old, new=b.dice[side][act.die])
            if len(self.reroll_actions(s)) > 1:
                return
        b.asked.append(side)
        self.next_reroll(s, events)

    def negated(self, s: State, b: Battle, side: int) -> int:
        """Sniper Rifle (COR-29.12 negate_top_unit): the opponent's highest unit card counts 0 (rival battles)."""
        if b.kind != "rival":
            return -1
        for e in self.battle_card_effects(b, 1 - side):  # loops: a generator or lambda reading the names of this
            if e.name == "negate_top_unit":  # function would make them cells, made on every call
                return self.top_unit(s, b, side)
        return -1

    def top_unit(self, s: State, b: Battle, side: int) -> int:
        """The side's highest unit card (`negated`), or -1."""
        colour = s.gang[b.seats[side]]
        units = [c for c in b.cards[side] if self.cards[c].unit]
        if not units:
            return -1
        return int(max(units, key=lambda c: (self.cards[c].attack[colour], -c)))  # type: ignore[index]

    def total(self, s: State, b: Battle, side: int) -> int:
        """COR-18.9."""
        x = b.seats[side]
        colour = s.gang[x]
        neg = self.negated(s, b, side)
        figs = s.figures[b.space][x]
        role = b.roles[side]
        t = 0
        for c in b.cards[side]:
            card = self.cards[c]
            if card.unit and c != neg:
                t += self.attack[colour][c]
        for e in self.battle_card_effects(b, side):
            if e.name == "atk" or (e.name == "atk_if_attacker" and role == "attacker") or (
                    e.name == "atk_if_defender" and role == "defender"):
                t += e.num()
            elif e.name == "atk_per_figure":
                t += e.num() * figs
        t += b.pay[side] + self.perm(s, x, "atk_all") + b.snap[side].atk
        if role == "defender":
            t += b.snap[side].defense
        return int(t + sum(b.dice[side]))

    def resolve(self, s: State, events: Events) -> None:
        """COR-18.10, 18.12, COR-19.9: totals, discards, casualties."""
        b = s.battle
        assert b is not None
        totals = [self.total(s, b, 0), self.total(s, b, 1) if b.kind == "rival" else 0]
        if b.kind == "ycu":
            minus = sum(e.num() for e in self.battle_card_effects(b, 0) if e.name == "ycu_minus")
            totals[1] = max(0, self.comp.tokens[b.token].attack - minus)
        win_side = 0 if totals[0] > totals[1] else 1
        b.result = BattleResult(totals, win_side)
        if events is not None:
            say(events, "battle.totals", seat=b.seats[0], total=totals[0], other=totals[1])
        for i, x in enumerate(b.seats):
            if x >= 0:
                s.discard[x] += b.cards[i]
        b.spent = b.cards
        b.cards = [[], []]
        lose_side = 1 - win_side
        loser = b.seats[lose_side]
        if loser < 0:
            self.battle_end(s, events)
            return
        sp = b.space
        effs = self.battle_card_effects(b, lose_side)
        figs = s.figures[sp][loser]
        self.set_figures(s, sp, loser, 0)
        if any(e.name == "no_casualty" for e in effs):
            s.pool[loser] += figs
            if events is not None:
                say(events, "battle.retreat", seat=loser, count=figs, space=space_name(sp))
            self.battle_end(s, events)
            return
        killed = 1 if figs else 0
        s.reserve[loser] += killed
        s.pool[loser] += figs - killed
        b.result.killed = killed
        if events is not None:
            say(events, "battle.casualties", seat=loser, killed=killed, retreated=figs - killed, space=space_name(sp))
        if killed and not any(e.name == "no_card_loss" for e in effs) and self.lose_options(s, loser):
            b.who = loser
            s.phase = "lose"
            return
        self.battle_end(s, events)

    def lose_options(self, s: State, p: int) -> list[int]:
        """COR-20.4, 20.6: a unit card from hand or discard pile, else from the draw pile."""
        unit = self.card_unit
        near = sorted({c for c in s.hand[p] + s.discard[p] if unit[c]})
        if near:
            return near
        return sorted({c for c in s.draw[p] if unit[c]})

    def lose_card(self, s: State, p: int, c: int, events: Events) -> None:
        if c in s.hand[p] or c in s.discard[p]:
            (s.discard[p] if c in s.discard[p] else s.hand[p]).remove(c)
        else:
            s.draw[p].remove(c)
            self.shuffle(s, s.draw[p])
        self.lose_card_to(s, c)
        self.public(s, c)
        if events is not None:
            say(events, "battle.card_lost", seat=p, card=self.cterm(c))
        self.battle_end(s, events)

    def battle_end(self, s: State, events: Events) -> None:
        """COR-18.12 steps 3 and 4, COR-19.10, 19.13: influence, triggers, the Alert roll."""
        b = s.battle
        assert b is not None
        res = b.result
        assert res is not None
        win, lose = b.seats[res.win], b.seats[1 - res.win]
        for x in (win, lose):
            if x >= 0:
                self.change_influence(s, x, self.k["INFLUENCE_WIN"] if x == win else self.k["INFLUENCE_LOSS"], events)
                s.stats["battles_won" if x == win else "battles_lost"][x] += 1
        if b.kind == "ycu" and win >= 0:
            self.take_token(s, b.space, b.token)
            s.bag = sorted([*s.bag, b.token])
            if events is not None:
                say(events, "ycu.defeated", seat=win, token=self.tterm(b.token))
        if win >= 0:
            if events is not None:
                say(events, "battle.won", seat=win)
            for e in self.battle_card_effects(b, res.win):
                if e.name == "on_win":
                    inner = Effect(e.args[0].split("(")[0], (e.args[0].split("(")[1].rstrip(")"),))
                    self.auto_effect(s, win, inner, events)
            if self.perm(s, win, "win_renown"):
                self.gain_renown(s, win, self.perm(s, win, "win_renown"), events)
        if b.kind == "ycu":
            p = b.seats[0]
            roll = self.d6(s)
            row = self.comp.alert[roll - 1]
            won = win == p
            if events is not None:
                say(events, "alert.roll", seat=p, roll=roll, result="@alert.won" if won else "@alert.lost",
                     text=f"@alert.{roll}.{'won' if won else 'lost'}")
            for e in row.won if won else row.lost:
                if e.name == "gain_arc":
                    self.gain_arc(s, p, e.num(), events)
                elif e.name == "lose_arc":
                    self.gain_arc(s, p, -e.num(), events)
                elif e.name == "gain_renown":
                    self.gain_renown(s, p, e.num(), events)
                elif e.name == "lose_renown":
                    self.lose_renown(s, p, e.num(), events)
                elif e.name == "slipped_away" and res.killed and s.reserve[p] > 0:
                    s.reserve[p] -= 1
                    s.pool[p] += 1
                    say(events, "alert.slipped", seat=p)
            self.after_ycu(s, p, events)
            return
        resume = b.resume
        s.battle = None
        s.phase = resume
        self.after_battle(s, events)

    def after_ycu(self, s: State, p: int, events: Events) -> None:
        """COR-19.3: the next token on the same space while the player still has figures there."""
        b = s.battle
        assert b is not None
        resume, sp = b.resume, b.space
        s.battle = None
        if resume == "patrol":
            s.phase = "patrol"
            self.patrol_next(s, events)
            return
        if self.token_targets(s, p, sp):
            self.start_ycu(s, p, sp, "attacker", resume, events)
            return
        s.phase = resume
        self.after_battle(s, events)

    def after_battle(self, s: State, events: Events) -> None:
        if s.phase == "move_end" or (s.phase == "move" and not self.move_more(s, s.active)):
            s.phase = "post"
