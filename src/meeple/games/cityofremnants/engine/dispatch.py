"""Legal actions and their dispatch by phase, and the timeout defaults (COR-27.3)."""

from __future__ import annotations

from meeple.kit import Events, say

from ..state import Revealed, State
from .core import Core

CARD_PHASES = ("pre", "post", "recruit", "bid", "produce", "build", "move")


class Dispatch(Core):
    """Legal actions and their dispatch by phase, and the timeout defaults."""

    def card_plays(self, s: State, p: int) -> list[int]:
        """COR-8.7, COR-9.8: applicable Turn and Permanent cards at the active player's own decisions."""
        if p != s.active or s.phase not in CARD_PHASES:
            return []
        return [self.cat.idx("play", c) for c in sorted(set(s.hand[p])) if self.applicable(s, p, c, s.phase)]

    def legal_actions(self, s: State, p: int) -> list[int]:
        if s.over or p not in self.deciders(s):
            return []
        cat, ph = self.cat, s.phase
        out: list[int] = []
        if ph == "leaders":
            taken = set(s.gang)
            out = [cat.idx("leader", g.index) for g in self.comp.gangs if g.index not in taken]
        elif ph == "reset":
            pend = list(s.reset_pending[p])
            rest = list(s.hand[p])
            for c in pend:
                rest.remove(c)
            out = [cat.idx("discard", c) for c in sorted(set(rest))] + [cat.idx("done")]
        elif ph == "pre":
            out = self.card_plays(s, p) + [cat.idx(w) for w in self.available(s, p)]
        elif ph == "post":
            out = [*self.card_plays(s, p), cat.idx("end")]
        elif ph == "recruit":
            out = self.card_plays(s, p) + [cat.idx("take", c) for c in s.gm_row]
        elif ph == "bid":
            out = self.bid_actions(s, p) + self.card_plays(s, p)
        elif ph == "buy":
            out = [cat.idx("take", c) for c in s.bm_row if self.bm_cost(s, p, c) <= s.arc[p]]
            out += [cat.idx("renown", n) for n in range(1, self.renown_max(s, p) + 1)]
        elif ph == "buy_renown":
            out = [cat.idx("renown", n) for n in range(0, self.renown_max(s, p) + 1)]
        elif ph == "produce":
            out = self.card_plays(s, p) + [cat.idx("use", s.built[i][1]) for i in self.producers(s, p)]
            out.append(cat.idx("finish"))
        elif ph == "build":
            out = self.card_plays(s, p) + self.builds(s, p) + [cat.idx("nobuild")]
        elif ph == "sell":
            out = [cat.idx("sell", s.built[i][1]) for i in self.sellable(s, p)]
            if s.action.sold >= 1:
                out.append(cat.idx("done"))
        elif ph == "refresh":
            out = [cat.idx("discard", c) for c in sorted(set(s.hand[p]))] + [cat.idx("done")]
        elif ph == "move":
            moves = []
            if s.action.count < self.move_limit(s, p):
                moves = self.move_actions(s, p, self.move_range(s), pool=True, card_move=False)
            out = self.card_plays(s, p) + moves
            if s.action.count >= 1 or not moves:
                out.append(cat.idx("stop"))
        elif ph == "effect":
            out = self.effect_actions(s, p)
        elif ph == "commit":
            assert s.battle is not None
            out = [cat.idx("commit", c) for c in sorted(set(s.hand[p]))] + [cat.idx("done")]
        elif ph == "option":
            out = [cat.idx("pay"), cat.idx("decline")]
        elif ph == "reroll":
            out = self.reroll_actions(s)
        elif ph == "lose":
            out = [cat.idx("take", c) for c in self.lose_options(s, p)]
        elif ph == "bribe":
            out = [cat.idx("bribe"), cat.idx("fight")]
        elif ph == "pick_token":
            assert s.battle is not None
            sp = s.battle.space
            out = [cat.idx("fight_token", t) for t in sorted(self.token_targets(s, p, sp))]
        return sorted(set(out))

    def apply_action(self, s: State, p: int, idx: int, events: Events) -> None:
        act = self.cat.acts[idx]
        if not self.secret_kind(s):
            # What the last public action rolled and revealed stays in view until the next one: a step of a secret
            # choice changes nothing anyone else sees.
            s.last_rolls = []  # the chance outcomes of this action, shown to everyone (COR-0.15)
            s.shown = Revealed()
        ph = s.phase
        if act.kind == "play":
            self.play_card(s, p, act.card, events)
            return
        if ph == "leaders":
            s.pick_order.pop(0)
            self.take_gang(s, p, act.gang, events)
            if not s.pick_order:
                self.start_round(s, events)
        elif ph == "reset":
            if act.kind == "discard":
                s.reset_pending[p].append(act.card)
                say(events, "reset.choose", frozenset([p]), card=self.cterm(act.card))
            else:
                s.reset_done[p] = True
                say(events, "reset.ready", seat=p)
                if all(s.reset_done):
                    self.apply_reset(s, events)
        elif ph == "pre":
            self.declare(s, p, act.kind, events)
        elif ph == "post":
            self.end_turn(s, events)
        elif ph == "recruit":
            s.gm_row.remove(act.card)
            self.start_auction(s, p, act.card, events)
        elif ph == "bid":
            self.auction_act(s, p, act, events)
        elif ph in ("buy", "buy_renown"):
            self.buy(s, p, act, events)
        elif ph == "produce":
            if act.kind == "finish":
                s.phase = "build"
            else:
                self.produce_use(s, p, self.dev_at(s, act.space), events)
        elif ph == "build":
            if act.kind == "nobuild":
                say(events, "build.none", seat=p)
                s.phase = "post"
            else:
                self.build(s, p, act, events)
        elif ph == "sell":
            if act.kind == "done":
                s.phase = "post"
            else:
                self.sell_one(s, p, self.dev_at(s, act.space), events)
                s.action.sold += 1
                if s.action.sold >= self.sell_limit(s, p) or not self.sellable(s, p):
                    s.phase = "post"
        elif ph == "refresh":
            if act.kind == "discard":
                s.action.chosen.append(act.card)
                s.hand[p].remove(act.card)
                s.discard[p].append(act.card)
                say(events, "refresh.discard", seat=p, card=self.cterm(act.card))
            else:
                say(events, "refresh.discarded", seat=p, cards=tuple(self.cterm(c) for c in s.action.chosen))
                self.refresh_cards(s, p, events)
                s.phase = "post"
        elif ph == "move":
            if act.kind == "stop":
                self.end_move(s, p, events)
            else:
                start, dest = act.start, act.dest
                self.do_move(s, p, start, dest, events)
                moved = s.action.moved
                moved[str(dest)] = moved.get(str(dest), 0) + 1
                s.action.count += 1
                if not self.move_more(s, p):
                    self.end_move(s, p, events)
        elif ph == "effect":
            self.effect_apply(s, p, act, events)
        elif ph == "commit":
            self.commit(s, p, act, events)
        elif ph == "option":
            self.option(s, p, act, events)
        elif ph == "reroll":
            self.reroll(s, p, act, events)
        elif ph == "lose":
            self.lose_card(s, p, act.card, events)
        elif ph == "bribe":
            if act.kind == "bribe":
                self.bribe(s, p, events)
            else:
                say(events, "ycu.fight", seat=p)
                s.phase = "commit"
        elif ph == "pick_token":
            self.ycu_token_chosen(s, p, act.token, events)

    def timeout_action(self, s: State, p: int) -> int:
        """The default a networked table plays for a seat that runs out of time (COR-27.3)."""
        legal = self.legal_actions(s, p)
        cat, ph = self.cat, s.phase
        wanted = {"bid": "pass", "commit": "done", "bribe": "fight", "reroll": "done", "reset": "done",
                  "refresh": "done", "pre": "refresh", "post": "end", "produce": "finish", "build": "nobuild",
                  "sell": "done", "move": "stop", "option": "decline", "buy_renown": "renown"}
        if ph == "lose":
            colour = s.gang[p]
            for pile in (s.discard[p], s.hand[p], s.draw[p]):
                units = [c for c in pile if self.cards[c].unit]
                if units:
                    best = min(units, key=lambda c: (self.cards[c].attack[colour], self.cards[c].id))  # type: ignore[index]
                    return cat.idx("take", best)
        word = wanted.get(ph)
        if word == "renown":
            return cat.idx("renown", 0)
        if word is not None and word in cat.table.index and cat.table.index[word] in legal:
            return cat.table.index[word]
        return legal[0]
