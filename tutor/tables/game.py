"""A live table's state, rebuilt by replaying its event log through the rules core.

No Flask and no database here: an :class:`Event` is ``(seq, type, data)`` with JSON-ready data,
and :class:`TableState` applies them one by one. The server decides the events that are not a
person's choice (the deal, with every dealt card, so that replay never depends on a random
generator; the redeals; the score; the bots' actions) with :meth:`TableState.next_automatic`,
appends them to the log, and applies them exactly as a replay would.

Seats of the table ("people", 0..n-1, what tokens and the API name) differ from the seats of a
deal only at six or seven people, where five play each deal and the others sit out in turn
(:class:`rules_fr.partie.Partie`); :attr:`TableState.people_of_deal` maps one to the other.

Bots play by the advice of :mod:`rules_fr.advice` (:func:`rules_fr.advice.bot.bot_action`):
the bid the hand is worth, the king to call, a good player's écart, « Jeu » (a chelem only when
it is certain), the card to play; they show no poignée. The policy is deterministic; the
generator it is handed is seeded by the table id and sequence number all the same, so a bot's
choice is reproducible whatever the policy becomes.

Between the contract and the first card (phase ``announcing``) the taker says « Jeu »
(``jeu``, ecart.jeu) or announces a chelem (``chelem``, chelem.announce); the bots wait for a
person taker's choice like for any other of his actions, since he is the seat to move.

A physical table (``mode="physical"``) deals no cards: its deal events carry no hand, its deal
is a :class:`~rules_fr.physical.PhysicalDonne` fed by the referee's records, and two more
events come from the server: ``revoke`` when a card reveals an earlier revoke, and
``irregularity`` when the finished deal proves a rule broken that could not be seen during
play. Both pause the table until the referee rules: ``resume`` (play on) or ``annul`` (the same
dealer deals again). A deal where a revoke was established is not scored by itself at its end:
no FFT text read states a penalty (play.revoke-ruling), so it waits for the referee's ruling,
``as-played`` (a ``ruled`` event, then the score) or ``annul``. Before the first bid the
referee may also rule a misdeal (``misdeal``: the same dealer deals again and may not bid,
deal.misdeal).

>>> s = TableState(TableMeta(people=4, names=("A", "B", "C", "D"), deals=3,
...                          bots=(True, True, True, True)))
>>> seq = 0
>>> while (e := s.next_automatic("doc")) is not None:
...     seq += 1
...     s.apply(Event(seq, *e))
>>> s.over, len(s.partie.entries)
(True, 3)
"""

from __future__ import annotations

import hashlib
import json
import random
import secrets
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from rules_fr.actions import DEALT_KINDS, PHYSICAL_KINDS, Action, action_from_data
from rules_fr.actions import action_to_data as core_action_to_data
from rules_fr.advice.bot import bot_action
from rules_fr.cards import BY_CODE, Card, CardSet
from rules_fr.contracts import Contract
from rules_fr.deal import Deal, RedealReason, deal, next_dealer, redeal
from rules_fr.donne import Donne, Phase
from rules_fr.partie import Partie
from rules_fr.physical import PhysicalDonne
from rules_fr.renonce import RevokeRuling
from rules_fr.scoring import Score, score_from_dict
from rules_fr.verdicts import Code, Violation

__all__ = [
    "ACTION_TYPES", "PHYSICAL_ACTION_TYPES", "Event", "TableMeta", "TableState",
    "action_from_data", "action_to_data", "as_people", "bot_action",
]

ACTION_TYPES: Final = DEALT_KINDS
PHYSICAL_ACTION_TYPES: Final = PHYSICAL_KINDS
"""What the referee of a physical table records (nobody records the écart, made face down;
« Jeu » may go unrecorded: the first card, or the first leader's poignée, implies it)."""
SNAPSHOT_VERSION: Final = 1
"""The shape of :meth:`TableState.snapshot`; a stored snapshot of another version is ignored
(the state is then replayed from the log, which is always possible)."""
MAX_AUTOMATIC: Final = 20_000
"""A guard against an endless automatic loop (a whole partie of bots is ~1,000 events)."""


@dataclass(frozen=True, slots=True)
class TableMeta:
    """What never changes at a table: set at creation, stored in the ``tables`` row (the
    rules of its deals are the core's, by player count)."""

    people: int
    names: tuple[str, ...]
    deals: int
    bots: tuple[bool, ...]
    mode: str = "live"
    """``live`` (server-dealt), ``duplicate`` (a given deal) or ``physical`` (real cards)."""
    fixed: tuple[int, Contract] | None = None
    """Duplicate: (taker person, contract) imposed on every deal, the bidding skipped."""
    preset: tuple[tuple[tuple[str, ...], ...], tuple[str, ...], int] | None = None
    """Duplicate: the deal to play (hands as codes, chien, dealer seat) instead of a shuffle."""
    first_dealer: int = 0
    """The table seat that deals the first deal (drawn at the table, or chosen by the
    referee of a physical table); the deal then passes to the right as usual."""

    @property
    def deal_key(self) -> str | None:
        """Duplicate: a name for the prepared deal with its imposed taker and contract (the
        same at every table playing it, whatever order its cards were given in)."""
        if self.preset is None or self.fixed is None:
            return None
        hands, chien, dealer = self.preset
        canonical = {"hands": [sorted(h, key=lambda c: BY_CODE[c].index) for h in hands],
                     "chien": sorted(chien, key=lambda c: BY_CODE[c].index),
                     "dealer": dealer, "taker": self.fixed[0], "contract": self.fixed[1].code}
        text = json.dumps(canonical, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:20]


@dataclass(frozen=True, slots=True)
class Event:
    seq: int
    type: str
    data: Mapping[str, Any]


def _cards(codes: Iterable[str]) -> tuple[Card, ...]:
    return tuple(BY_CODE[c] for c in codes)


def action_to_data(action: Action, person: int) -> dict[str, Any]:
    """The JSON of an action event: the core's (:func:`rules_fr.actions.action_to_data`;
    ``seat`` is the deal seat) with ``person``, the table seat."""
    data = core_action_to_data(action)
    return {"seat": data.pop("seat"), "person": person, **data}


@dataclass
class TableState:
    """The table after the events applied so far."""

    meta: TableMeta
    seq: int = 0
    partie: Partie = field(init=False)
    donne: Donne | PhysicalDonne | None = None
    people_of_deal: tuple[int, ...] = ()
    """The table seat of each deal seat (identity at 3-5 people)."""
    dealer_person: int = 0
    dealer_may_bid: bool = True
    deal_attempt: int = 0
    """Deals dealt so far, redeals included (a unique number for each deal event)."""
    scored: bool = False
    """Whether the current deal's score is on the scoresheet."""
    scores: list[Score] = field(default_factory=list)
    paused: bool = False
    ruling_needed: bool = False
    """Paused by a revoke or an irregularity: the referee resumes (play on) or annuls."""
    redeals: list[dict[str, Any]] = field(default_factory=list)
    irregularities: list[dict[str, Any]] = field(default_factory=list)
    """Physical tables: the irregularities logged at the end of the current deal."""
    robots: set[int] = field(default_factory=set)
    """The table seats a robot plays now: the bot seats of the creation, and the seats the
    referee handed to a robot since (a ``seat`` event), less those given back."""
    names: list[str] = field(default_factory=list)
    """Each seat's name now: the creation's, less those a seat changed itself (a ``renamed``
    event: an invitee writes their own name)."""
    deal_log: list[Event] = field(default_factory=list)
    """Physical tables: the current deal's records still in force (actions and the revokes
    they proved, in order; a record taken back is gone from it), to rebuild the deal when the
    referee takes his last record back."""
    deal_data: dict[str, Any] | None = None
    """Physical tables: the current deal's ``deal`` event data."""
    awaits_deal: bool = False
    """Rebuilt from a snapshot, which leaves the last deal out: only a ``deal`` event may
    come next (anything else would act on a deal the state does not hold)."""

    def __post_init__(self) -> None:
        self.partie = Partie(list(self.meta.names), deals=self.meta.deals)
        self.names = list(self.meta.names)
        self.dealer_person = self.meta.first_dealer
        self.robots = {i for i, bot in enumerate(self.meta.bots) if bot}

    # --- snapshots ------------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """What the table knows between two deals, as JSON data: the scoresheet and each
        deal's score (through the core's own serialisers), who deals next and whether he may
        bid, the redeals, the robots, the pause. Taken just before a ``deal`` event is
        applied, it leaves out the deal in hand: that event replaces it whole. So a state is
        rebuilt from the snapshot and the events after it — one deal's events, not the
        partie's (:meth:`from_snapshot`)."""
        return {
            "v": SNAPSHOT_VERSION, "seq": self.seq, "partie": self.partie.to_dict(),
            "scores": [s.to_dict() for s in self.scores],
            "dealer_person": self.dealer_person, "dealer_may_bid": self.dealer_may_bid,
            "deal_attempt": self.deal_attempt, "scored": self.scored, "paused": self.paused,
            "ruling_needed": self.ruling_needed, "redeals": [dict(r) for r in self.redeals],
            "irregularities": [dict(i) for i in self.irregularities],
            "robots": sorted(self.robots), "names": list(self.names),
        }

    @classmethod
    def from_snapshot(cls, meta: TableMeta, data: Mapping[str, Any]) -> TableState:
        """The state a :meth:`snapshot` was taken of, less the deal it leaves out: only the
        ``deal`` event that followed it may be applied next. Raises ``ValueError`` on a
        snapshot of another version, or one whose scoresheet the rules refuse."""
        if data.get("v") != SNAPSHOT_VERSION:
            raise ValueError(f"snapshot version {data.get('v')!r}")
        state = cls(meta)
        partie = Partie.from_dict(data["partie"])
        if list(partie.names) != list(meta.names) or partie.deals != meta.deals:
            raise ValueError("the snapshot is another table's")
        scores = [score_from_dict(s) for s in data["scores"]]
        if len(scores) != len(partie.entries):
            raise ValueError("a score for each deal of the scoresheet")
        state.partie, state.scores = partie, scores
        state.seq = int(data["seq"])
        state.dealer_person = int(data["dealer_person"])
        state.dealer_may_bid = bool(data["dealer_may_bid"])
        state.deal_attempt = int(data["deal_attempt"])
        state.scored = bool(data["scored"])
        state.paused = bool(data["paused"])
        state.ruling_needed = bool(data["ruling_needed"])
        state.redeals = [dict(r) for r in data["redeals"]]
        state.irregularities = [dict(i) for i in data["irregularities"]]
        state.robots = {int(p) for p in data["robots"]}
        if len(data.get("names", ())) == meta.people:
            state.names = [str(n) for n in data["names"]]
        state.awaits_deal = True
        return state

    # --- seats ------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.partie.is_over

    @property
    def physical(self) -> bool:
        return self.meta.mode == "physical"

    def seat_of(self, person: int) -> int | None:
        """The deal seat of a table seat (``None``: sitting out or no deal)."""
        try:
            return self.people_of_deal.index(person)
        except ValueError:
            return None

    def is_robot(self, person: int) -> bool:
        """Whether a robot plays table seat ``person`` now."""
        return person in self.robots

    @property
    def revoke_ruling_needed(self) -> bool:
        """A physical deal is over with a revoke established in it and the referee has not
        ruled: it is scored (``as-played``) or dealt again (``annul``) as he rules."""
        donne = self.donne
        return (isinstance(donne, PhysicalDonne) and not self.scored and not self.paused
                and donne.awaiting_ruling)

    @property
    def misdeal_possible(self) -> bool:
        """A physical deal with no bid recorded yet: the referee may rule a misdeal
        (deal.misdeal) — the cards go back, the same dealer deals again."""
        donne = self.donne
        return (isinstance(donne, PhysicalDonne) and not self.scored and not self.paused
                and donne.phase is Phase.BIDDING and not donne.bids)

    @property
    def take_back_possible(self) -> int | None:
        """Physical tables: the sequence number of the referee's last record of the deal in
        play, when he may take it back (a mis-tap: the record stays in the log, a
        ``taken-back`` event follows it) — not once the server answered it (a revoke shown, a
        score, a redeal) nor while play is stopped."""
        if (not self.physical or not isinstance(self.donne, PhysicalDonne) or self.scored
                or self.paused or not self.deal_log or self.deal_log[-1].type != "action"):
            return None
        return self.deal_log[-1].seq

    def _rebuild_physical(self) -> None:
        """The deal replayed from its ``deal`` data and the records still in force."""
        data = self.deal_data
        assert data is not None
        donne = PhysicalDonne(len(data["people"]), int(data["dealer_seat"]),
                              dealer_misdealt=not data.get("dealer_may_bid", True))
        for event in self.deal_log:
            if event.type == "action":
                donne.apply(action_from_data(event.data))
            elif event.type == "revoke":
                donne.log_revokes()
        self.donne = donne

    @property
    def to_move_person(self) -> int | None:
        if self.donne is None or self.scored:
            return None
        seat = self.donne.to_move
        return None if seat is None else self.people_of_deal[seat]

    # --- replay -----------------------------------------------------------------------------

    def apply(self, event: Event) -> None:
        """Apply one logged event; events must come in sequence."""
        if event.seq != self.seq + 1:
            raise ValueError(f"event {event.seq} after {self.seq}")
        if self.awaits_deal:
            if event.type != "deal":
                raise ValueError(f"a snapshot is followed by a deal, not {event.type!r}")
            self.awaits_deal = False
        data = event.data
        match event.type:
            case "deal" if data.get("physical"):
                self.donne = PhysicalDonne(len(data["people"]), int(data["dealer_seat"]),
                                           dealer_misdealt=not data.get("dealer_may_bid", True))
                self.irregularities = []
                self.people_of_deal = tuple(data["people"])
                self.dealer_person = int(data["dealer"])
                self.scored = False
                self.deal_attempt += 1
                self.deal_data, self.deal_log = dict(data), []
            case "deal":
                dealt = Deal(tuple(CardSet.of(_cards(h)) for h in data["hands"]),
                             CardSet.of(_cards(data["chien"])), int(data["dealer_seat"]))
                fixed = None
                if data.get("fixed") is not None:
                    taker, contract = data["fixed"]
                    fixed = (int(taker), Contract.parse(contract))
                self.donne = Donne(dealt, dealer_misdealt=not data.get("dealer_may_bid", True),
                                   fixed_contract=fixed)
                self.people_of_deal = tuple(data["people"])
                self.dealer_person = int(data["dealer"])
                self.scored = False
                self.deal_attempt += 1
            case "action":
                assert self.donne is not None
                self.donne.apply(action_from_data(data))
                if isinstance(self.donne, PhysicalDonne):
                    self.deal_log.append(event)
            case "revoke":
                assert isinstance(self.donne, PhysicalDonne)
                self.donne.log_revokes()
                self.deal_log.append(event)
                self.paused = self.ruling_needed = True
            case "renamed":  # a seat writes its own name (an invitee)
                self.names[int(data["person"])] = str(data["name"])
            case "taken-back":  # the referee takes his last record back (a mis-tap)
                if self.take_back_possible != int(data["seq"]):
                    raise ValueError(f"record {data['seq']} cannot be taken back")
                self.deal_log.pop()
                self._rebuild_physical()
            case "irregularity":
                assert isinstance(self.donne, PhysicalDonne)
                self.donne.end_checked = True
                self.irregularities = list(data["items"])
                self.paused = self.ruling_needed = True
            case "redeal":
                # all-passed: the deal passes on; petit-sec / referee annul: same dealer again
                # (rules_fr.deal.redeal says who deals and whether he may bid).
                again = redeal(RedealReason(data["reason"]), self.dealer_person,
                               self.meta.people)
                self.dealer_person, self.dealer_may_bid = again.dealer, again.dealer_may_bid
                if self.ruling_needed:  # the referee's ruling on a revoke: deal again
                    self.paused = self.ruling_needed = False
                self.redeals.append(dict(data))
                self.donne = None
                self.people_of_deal = ()
            case "scored":
                assert self.donne is not None
                result = self.donne.score()
                taker = self.people_of_deal[self.donne.taker]  # type: ignore[index]
                partner = (None if self.donne.partner is None
                           else self.people_of_deal[self.donne.partner])
                self.partie.record(result, taker=taker, partner=partner)
                self.scores.append(result)
                self.scored = True
                self.dealer_person = next_dealer(self.dealer_person, self.meta.people)
                self.dealer_may_bid = True
            case "ruled":  # the referee's ruling on the revokes of the finished deal
                assert isinstance(self.donne, PhysicalDonne)
                self.donne.rule(RevokeRuling(data["ruling"]))
            case "paused":
                self.paused = True
            case "resumed":
                self.paused = self.ruling_needed = False
            case "seat":  # the referee hands a seat to a robot, or gives it back
                if data["robot"]:
                    self.robots.add(int(data["person"]))
                else:
                    self.robots.discard(int(data["person"]))
            case _:
                raise ValueError(f"unknown event type {event.type!r}")
        self.seq = event.seq

    # --- what the server does next ------------------------------------------------------

    def _deal_event(self, draw_seed: Callable[[], int] | None = None) -> dict[str, Any]:
        number = len(self.partie.entries)
        people, dealer_seat = self.partie.seats_for_deal(number, self.dealer_person)
        if self.physical:
            return {"number": number + 1, "dealer": self.dealer_person,
                    "dealer_seat": dealer_seat, "people": list(people), "physical": True,
                    "dealer_may_bid": self.dealer_may_bid}
        extra: dict[str, Any] = {}
        if self.meta.preset is not None:
            hands, chien, dealer_seat = self.meta.preset
            hand_codes = [list(h) for h in hands]
            chien_codes = list(chien)
        else:
            # 128 bits from the OS CSPRNG, recorded (never shown to a seat): the deal can be
            # dealt again exactly from it, rules_fr.deal.deal(players, dealer_seat, seed=seed)
            seed = secrets.randbits(128) if draw_seed is None else draw_seed()
            dealt = deal(len(people), dealer_seat, seed=seed)
            hand_codes = [h.codes() for h in dealt.hands]
            chien_codes = dealt.chien.codes()
            extra["seed"] = seed
        fixed = None
        if self.meta.fixed is not None:
            fixed = [people.index(self.meta.fixed[0]), self.meta.fixed[1].code]
        return {"number": number + 1, "dealer": self.dealer_person, "dealer_seat": dealer_seat,
                "people": list(people), "hands": hand_codes, "chien": chien_codes,
                "dealer_may_bid": self.dealer_may_bid, "fixed": fixed, **extra}

    def next_automatic(self, table_id: str, draw_seed: Callable[[], int] | None = None,
                       ) -> tuple[str, dict[str, Any]] | None:
        """The next event the server appends by itself, or ``None`` when a person must act
        (or the table is paused or the partie over). A deal is shuffled from a seed of
        ``draw_seed()`` when given (the OpenAPI document's examples: the same deal at every
        start), else from 128 bits of the OS's CSPRNG."""
        if self.paused:
            return None
        donne = self.donne
        if donne is None or self.scored:
            if self.over:
                return None
            return "deal", self._deal_event(draw_seed)
        if donne.phase is Phase.ANNULLED and isinstance(donne, Donne):  # dealt decks only
            return "redeal", {"reason": "petit-sec",
                              "person": self.people_of_deal[donne.petit_sec_seat or 0]}
        if donne.phase is Phase.ALL_PASSED:
            return "redeal", {"reason": "all-passed"}
        if isinstance(donne, PhysicalDonne):
            return self._physical_automatic(donne)
        if donne.phase is Phase.FINISHED:
            return "scored", {"number": len(self.partie.entries) + 1}
        seat = donne.to_move
        if seat is None or not self.is_robot(self.people_of_deal[seat]):
            return None
        rng = random.Random(f"{table_id}:{self.seq}")
        action = bot_action(donne, seat, rng)
        if action is None:
            return None
        return "action", {**action_to_data(action, self.people_of_deal[seat]), "by": "bot"}

    def _physical_automatic(self, donne: PhysicalDonne) -> tuple[str, dict[str, Any]] | None:
        people = self.people_of_deal
        if donne.pending_revokes:
            trick, seat = donne.pending_at
            return "revoke", {"trick": trick, "person": people[seat], "violations": [
                as_people(v, people).as_dict() for v in donne.pending_revokes]}
        if donne.phase is Phase.FINISHED:
            found = [] if donne.end_checked else donne.irregularities()
            if found:
                return "irregularity", {"items": [
                    {"person": None if seat is None else people[seat],
                     "violation": as_people(v, people).as_dict()} for seat, v in found]}
            if donne.awaiting_ruling:
                return None  # play.revoke-ruling: the referee rules first
            # The cards never seen are public once the deal is over: the count used them.
            extra: dict[str, Any] = {}
            if donne.ruling is not None:
                extra = {"ruling": donne.ruling.value, "revokes": [
                    {"trick": trick, "person": people[seat], "violations": [
                        as_people(v, people).as_dict() for v in found]}
                    for trick, seat, found in donne.revokes]}
            return "scored", {"number": len(self.partie.entries) + 1,
                              "unseen": donne.unseen.codes(), **extra}
        return None

    def check(self, action: Action) -> list[Violation]:
        assert self.donne is not None
        return self.donne.check(action)

    # --- what a seat may do -------------------------------------------------------------

    def legal_for(self, person: int) -> dict[str, Any]:
        """The legal actions of table seat ``person`` now, as the core lists them (empty
        lists when none; a physical table's seats record nothing)."""
        donne, seat = self.donne, self.seat_of(person)
        out: dict[str, Any] = {"cards": [], "bids": [], "calls": [], "ecart": False,
                               "jeu": False, "poignees": [], "chelem": False}
        if donne is None or seat is None or self.scored or self.paused or isinstance(
                donne, PhysicalDonne) or self.is_robot(person):
            return out
        legal = donne.legal_actions(seat)
        out["cards"] = legal.cards.codes()
        out["bids"] = ["passe" if b is None else b.code for b in legal.bids]
        out["calls"] = legal.calls.codes()
        out["ecart"] = "ecart" in legal.kinds
        out["poignees"] = [level.value for level in legal.poignees]
        out["jeu"] = "jeu" in legal.kinds
        out["chelem"] = "chelem" in legal.kinds  # the taker's, until play has begun
        return out

    def expected_record(self) -> dict[str, Any] | None:
        """Physical tables: what the referee records next — the seat, the action kinds it may
        take now, its legal bids, and whether the taker may still announce a chelem.

        While the taker is to say « Jeu » or announce a chelem (``announcing``), the seat is
        the taker's; the first card (or poignée) of the player right of the dealer is also
        accepted then, and implies « Jeu ». After « Jeu », until play has begun, ``chelem``
        still says the taker may announce one (chelem.announce), whoever is to lead."""
        donne = self.donne
        if not isinstance(donne, PhysicalDonne) or self.scored or self.paused:
            return None
        seat = donne.to_move
        if seat is None:
            return None
        legal = donne.legal_actions(seat)
        taker = donne.taker
        return {"seat": self.people_of_deal[seat], "types": list(legal.kinds),
                "bids": ["passe" if b is None else b.code for b in legal.bids],
                "chelem": taker is not None and "chelem" in donne.legal_actions(taker).kinds}


def as_people(found: Violation, people: tuple[int, ...]) -> Violation:
    """``found`` with its deal seats (``seat``, ``expected``) as table seats."""
    params = dict(found.params)
    for key in ("seat", "expected"):
        if isinstance(params.get(key), int):
            params[key] = people[params[key]]
    return Violation(Code(found.code), found.rule, params)
