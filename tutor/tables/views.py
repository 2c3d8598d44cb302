"""What a token may see of a table: the table's view and its events, rendered per viewer.

The rule is one function per output, each building its JSON from public facts plus, for a seat,
that seat's own cards: nothing here ever reads another seat's hand. Hidden from everyone but
their owner: the hands, the écart (only its trumps, which the taker must show, are public; the
taker sees his whole écart), the chien of a garde sans or garde contre (never shown), and the
partner at five players until the called card is played. The referee sees the public view.

A physical table has no hidden hand to hide: its view is what the referee recorded (the chien
as turned over, the poignées, the tricks), what the plays proved (the revokes, the
irregularities found at the end) and, once the deal is scored, the cards never seen (the
écart, or the chien of a garde sans or contre) that the count used.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final

from rules_fr.cards import BY_CODE
from rules_fr.donne import Donne
from rules_fr.machine import Phase, PublicTrick
from rules_fr.physical import PhysicalDonne
from rules_fr.verdicts import Code, Violation
from tutor.i18n import score_payload, violation_payload
from tutor.tables.game import Event, TableState, as_people

__all__ = ["needs_state", "render_event", "render_view"]

_STATEFUL: Final = frozenset({"scored", "revoke"})
"""The events whose rendering reads the table's state (the score of the deal, the names a
revoke's sentences give); every other event is rendered from itself alone."""


def _violation(data: dict[str, Any], names: Sequence[str] | None = None) -> dict[str, Any]:
    """A logged violation (code, rule, params) as the check endpoints serve it; with the
    table's ``names``, its sentence names the player of its ``seat`` (a revoke's: never a
    seat number counted from 0)."""
    params = data["params"]
    seat = params.get("seat")
    if names is not None and isinstance(seat, int) and 0 <= seat < len(names):
        params = {**params, "name": names[seat]}
    return violation_payload(Violation(Code(data["code"]), data["rule"], params))


def _deal_view(state: TableState, viewer: int | None) -> dict[str, Any] | None:
    """The deal as the core's :meth:`~rules_fr.machine.DealMachine.public_view` shows it to
    ``viewer``, in table seats and card codes."""
    donne = state.donne
    if donne is None:
        return None
    p = state.people_of_deal
    seat = state.seat_of(viewer) if viewer is not None else None
    seen = donne.public_view(seat)
    physical = isinstance(donne, PhysicalDonne)

    def person(s: int | None) -> int | None:
        return None if s is None else p[s]

    def trick(t: PublicTrick) -> dict[str, Any]:
        out: dict[str, Any] = {"leader": p[t.leader], "cards": [c.code for c in t.cards]}
        if t.winner is not None:
            out["winner"] = p[t.winner]
        return out

    phase = seen.phase.value
    if physical and seen.phase is Phase.ECART:
        phase = "chien"  # what the referee records at that moment
    view: dict[str, Any] = {
        "number": len(state.partie.entries) + (0 if state.scored else 1),
        "people": list(p),
        "dealer": p[seen.dealer],
        "phase": "scored" if state.scored else phase,
        "to_move": state.to_move_person,
        "bids": [{"seat": p[s], "bid": "passe" if b is None else b.code} for s, b in seen.bids],
        "taker": person(seen.taker),
        "contract": None if seen.contract is None else seen.contract.code,
        "called_card": None if seen.called_card is None else seen.called_card.code,
        "partner": person(seen.partner),
        "chien": None if seen.chien is None else seen.chien.codes(),
        "ecart_trumps_shown": seen.ecart_trumps_shown.codes(),
        "chelem_announced": seen.chelem_announced,
        "poignees": [{"seat": p[s], "cards": [c.code for c in cards]}
                     for s, cards in seen.poignees],
        "tricks": [trick(t) for t in seen.tricks],
        "trick": trick(seen.trick),
    }
    if physical:
        view["trick_number"] = min(len(seen.tricks) + 1, donne.rules.tricks)
    view["hand_sizes"] = {str(p[s]): n for s, n in enumerate(seen.hand_sizes)}
    if isinstance(donne, PhysicalDonne):
        view["revokes"] = [
            {"trick": number, "seat": p[s],
             "violations": [_violation(as_people(v, p).as_dict(), state.names)
                            for v in found]}
            for number, s, found in donne.revokes]
        view["irregularities"] = [{"seat": item["person"], **_violation(item["violation"])}
                                  for item in state.irregularities]
        view["ruling"] = None if donne.ruling is None else donne.ruling.value
    if state.scored:
        view["score"] = score_payload(state.scores[-1])
        if isinstance(donne, PhysicalDonne):
            view["unseen"] = donne.unseen.codes()
    if seen.hand is not None:
        view["hand"] = seen.hand.codes()
    if seen.ecart is not None:
        view["ecart"] = seen.ecart.codes()
    return view


def scoresheet(state: TableState) -> dict[str, Any]:
    return {
        "entries": [{"number": e.number + 1, "players": list(e.players), "taker": e.taker,
                     "partner": e.partner, "scores": list(e.scores),
                     "totals": list(totals)}
                    for e, totals in zip(state.partie.entries, state.partie.running_totals(),
                                         strict=True)],
        "totals": list(state.partie.totals()),
        "winners": state.partie.leaders() if state.over else None,
    }


def _referee(state: TableState) -> dict[str, Any]:
    you: dict[str, Any] = {"role": "referee"}
    if state.physical:
        you["expected"] = state.expected_record()
        at_end = state.revoke_ruling_needed
        you["ruling_needed"] = state.ruling_needed or at_end
        # play.revoke-ruling: during play the referee plays on or annuls; at the end of a
        # deal with a revoke he scores it as played or annuls it; before the first bid he may
        # rule a misdeal (deal.misdeal).
        you["rulings"] = (["as-played", "annul"] if at_end
                          else ["resume", "annul"] if state.ruling_needed else [])
        you["misdeal"] = state.misdeal_possible
        you["take_back"] = state.take_back_possible
    return you


def _legal_with_why(state: TableState, person: int) -> dict[str, Any]:
    """The seat's legal actions, with ``why_allowed``: for each legal card whose play would
    surprise a beginner (undertrumping, discarding, the excuse…), why the rules allow it, as
    ``/check/play`` says it."""
    legal = state.legal_for(person)
    donne, seat = state.donne, state.seat_of(person)
    why: dict[str, list[dict[str, Any]]] = {}
    if isinstance(donne, Donne) and seat is not None:
        for code in legal["cards"]:
            found = donne.why_allowed(seat, BY_CODE[code])
            if found:
                why[code] = [violation_payload(v) for v in found]
    legal["why_allowed"] = why
    return legal


def render_view(table_id: str, state: TableState, viewer: int | None) -> dict[str, Any]:
    """The table as ``viewer`` (a table seat, or ``None`` for the referee) may see it."""
    meta = state.meta
    out: dict[str, Any] = {
        "id": table_id,
        "mode": meta.mode,
        "seq": state.seq,
        "players": meta.people,
        "names": list(state.names),
        "bots": sorted(state.robots),
        "deals": meta.deals,
        "paused": state.paused,
        "over": state.over,
        "dealer": state.dealer_person,
        "to_move": state.to_move_person,
        "deal": _deal_view(state, viewer),
        "scoresheet": scoresheet(state),
        "you": _referee(state) if viewer is None else {
            "role": "seat", "seat": viewer, "name": state.names[viewer],
            "playing": state.seat_of(viewer) is not None,
            "legal": _legal_with_why(state, viewer)},
    }
    if meta.deal_key is not None and meta.fixed is not None:
        out["duplicate"] = {"deal_key": meta.deal_key, "taker": meta.fixed[0],
                            "contract": meta.fixed[1].code}
    return out


def needs_state(events: Iterable[Event]) -> bool:
    """Whether rendering these events reads the table's state (else ``state`` may be
    ``None``: a stream then needs no read of the state to send them)."""
    return any(e.type in _STATEFUL for e in events)


def render_event(state: TableState | None, event: Event,
                 viewer: int | None) -> dict[str, Any]:
    """One logged event as ``viewer`` may see it (the log itself holds every dealt card).
    ``state`` (at or after the event) may be ``None`` unless :func:`needs_state`."""
    data = event.data
    out: dict[str, Any] = {"seq": event.seq, "type": event.type}
    match event.type:
        case "deal":
            people = list(data["people"])
            out.update(number=data["number"], dealer=data["dealer"], people=people,
                       contract=None if data.get("fixed") is None else data["fixed"][1],
                       taker=None if data.get("fixed") is None
                       else people[data["fixed"][0]])
            if viewer is not None and viewer in people and "hands" in data:
                out["hand"] = sorted(data["hands"][people.index(viewer)],
                                     key=lambda c: BY_CODE[c].index)
        case "action":
            kind = data["action"]
            out.update(seat=data["person"], action=kind, by=data.get("by", "seat"))
            if kind == "bid":
                out["bid"] = "passe" if data["contract"] is None else data["contract"]
            elif kind in ("call", "play"):
                out["card"] = data["card"]
            elif kind in ("poignee", "chien"):
                out["cards"] = list(data["cards"])
            elif kind == "ecart":
                out["trumps_shown"] = [c for c in data["cards"] if BY_CODE[c].is_trump]
                if viewer == data["person"]:
                    out["cards"] = list(data["cards"])
        case "scored":
            assert state is not None, "a scored event is rendered with the table's state"
            number = int(data["number"])
            entry = state.partie.entries[number - 1] if number <= len(
                state.partie.entries) else None
            out["number"] = number
            if "unseen" in data:  # physical tables: the écart, or a garde sans's chien
                out["unseen"] = list(data["unseen"])
            if "ruling" in data:  # physical tables: scored as the referee ruled on a revoke
                out["ruling"] = data["ruling"]
                out["revokes"] = [
                    {"trick": r["trick"], "seat": r["person"],
                     "violations": [_violation(v, state.names)
                                    for v in r["violations"]]}
                    for r in data["revokes"]]
            if entry is not None:
                out.update(scores=list(entry.scores), taker=entry.taker,
                           partner=entry.partner,
                           score=score_payload(state.scores[number - 1]))
        case "redeal":
            out.update({k: v for k, v in data.items() if k in ("reason", "person")})
        case "revoke":
            out.update(trick=data["trick"], seat=data["person"],
                       violations=[_violation(v, None if state is None else state.names)
                                   for v in data["violations"]])
        case "seat":
            out.update(seat=data["person"], robot=bool(data["robot"]))
        case "ruled":
            out.update(ruling=data["ruling"], by=data.get("by", "referee"))
        case "taken-back":
            out.update(taken_back=data["seq"], by=data.get("by", "referee"))
        case "renamed":
            out.update(seat=data["person"], name=data["name"])
        case "irregularity":
            out["items"] = [{"seat": item["person"], **_violation(item["violation"])}
                            for item in data["items"]]
        case _:
            out.update({k: v for k, v in data.items() if k in ("by",)})
    return out


def render_events(state: TableState | None, events: Iterable[Event],
                  viewer: int | None) -> list[dict[str, Any]]:
    return [render_event(state, e, viewer) for e in events]
