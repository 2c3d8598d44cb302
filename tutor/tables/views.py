"""What a token may see of a table: the table's view and its events, rendered per viewer.

The rule is one function per output, each building its JSON from public facts plus, for a seat,
that seat's own cards: nothing here ever reads another seat's hand. Hidden from everyone but
their owner: the hands, the écart (only its trumps, which the taker must show, are public; the
taker sees his whole écart), the chien of a garde sans or garde contre (never shown), and the
partner at five players until the called card is played. The referee sees the public view.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules_fr.cards import BY_CODE
from rules_fr.donne import Donne, Phase
from tutor.i18n import score_payload
from tutor.tables.game import Event, TableState

__all__ = ["render_event", "render_view"]


def _chien_shown(donne: Donne) -> bool:
    """Petite and garde: the chien is turned face up once the contract is known."""
    return (donne.contract is not None and donne.contract.taker_takes_chien
            and donne.phase in (Phase.ECART, Phase.PLAYING, Phase.FINISHED))


def _called_card_played(donne: Donne) -> bool:
    card = donne.called_card
    return card is not None and (card in donne.trick
                                 or any(card in t.cards for t in donne.tricks))


def _person(state: TableState, seat: int | None) -> int | None:
    return None if seat is None else state.people_of_deal[seat]


def _deal_view(state: TableState, viewer: int | None) -> dict[str, Any] | None:
    donne = state.donne
    if donne is None:
        return None
    p = state.people_of_deal
    seat = state.seat_of(viewer) if viewer is not None else None
    view: dict[str, Any] = {
        "number": len(state.partie.entries) + (0 if state.scored else 1),
        "people": list(p),
        "dealer": p[donne.dealer],
        "phase": "scored" if state.scored else donne.phase.value,
        "to_move": state.to_move_person,
        "bids": [{"seat": p[(donne.dealer + 1 + i) % donne.players],
                  "bid": "passe" if b is None else b.code} for i, b in enumerate(donne.bids)],
        "taker": _person(state, donne.taker),
        "contract": None if donne.contract is None else donne.contract.code,
        "called_card": None if donne.called_card is None else donne.called_card.code,
        "partner": None,
        "chien": donne.chien.codes() if _chien_shown(donne) else None,
        "ecart_trumps_shown": state.ecart_trumps_shown(),
        "chelem_announced": donne.chelem_announced,
        "poignees": [{"seat": p[s], "cards": [c.code for c in cards]}
                     for s, cards in donne.poignees.items()],
        "tricks": [{"leader": p[t.leader], "cards": [c.code for c in t.cards],
                    "winner": p[t.winner_seat(donne.players)]} for t in donne.tricks],
        "trick": {"leader": p[donne.leader], "cards": [c.code for c in donne.trick]},
        "hand_sizes": {str(p[s]): len(h) for s, h in enumerate(donne.hands)},
    }
    if donne.players == 5 and donne.taker is not None and (
            _called_card_played(donne) or state.scored):
        view["partner"] = _person(state, donne.partner)
    if state.scored:
        view["score"] = score_payload(state.scores[-1])
    if seat is not None:
        view["hand"] = donne.hands[seat].codes()
        if seat == donne.taker and donne.ecart is not None:
            view["ecart"] = donne.ecart.codes()
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


def render_view(table_id: str, state: TableState, viewer: int | None) -> dict[str, Any]:
    """The table as ``viewer`` (a table seat, or ``None`` for the referee) may see it."""
    meta = state.meta
    out: dict[str, Any] = {
        "id": table_id,
        "mode": meta.mode,
        "seq": state.seq,
        "players": meta.people,
        "names": list(meta.names),
        "bots": [i for i, b in enumerate(meta.bots) if b],
        "deals": meta.deals,
        "paused": state.paused,
        "over": state.over,
        "dealer": state.dealer_person,
        "to_move": state.to_move_person,
        "deal": _deal_view(state, viewer),
        "scoresheet": scoresheet(state),
        "you": {"role": "referee"} if viewer is None else {
            "role": "seat", "seat": viewer, "name": meta.names[viewer],
            "playing": state.seat_of(viewer) is not None,
            "legal": state.legal_for(viewer)},
    }
    return out


def render_event(state: TableState, event: Event, viewer: int | None) -> dict[str, Any]:
    """One logged event as ``viewer`` may see it (the log itself holds every dealt card)."""
    data = event.data
    out: dict[str, Any] = {"seq": event.seq, "type": event.type}
    match event.type:
        case "deal":
            people = list(data["people"])
            out.update(number=data["number"], dealer=data["dealer"], people=people,
                       contract=None if data.get("fixed") is None else data["fixed"][1],
                       taker=None if data.get("fixed") is None
                       else people[data["fixed"][0]])
            if viewer is not None and viewer in people:
                out["hand"] = sorted(data["hands"][people.index(viewer)],
                                     key=lambda c: BY_CODE[c].index)
        case "action":
            kind = data["action"]
            out.update(seat=data["person"], action=kind, by=data.get("by", "seat"))
            if kind == "bid":
                out["bid"] = "passe" if data["contract"] is None else data["contract"]
            elif kind in ("call", "play"):
                out["card"] = data["card"]
            elif kind == "poignee":
                out["cards"] = list(data["cards"])
            elif kind == "ecart":
                out["trumps_shown"] = [c for c in data["cards"] if BY_CODE[c].is_trump]
                if viewer == data["person"]:
                    out["cards"] = list(data["cards"])
        case "scored":
            number = int(data["number"])
            entry = state.partie.entries[number - 1] if number <= len(
                state.partie.entries) else None
            out["number"] = number
            if entry is not None:
                out.update(scores=list(entry.scores), taker=entry.taker,
                           partner=entry.partner,
                           score=score_payload(state.scores[number - 1]))
        case "redeal":
            out.update({k: v for k, v in data.items() if k in ("reason", "person")})
        case _:
            out.update({k: v for k, v in data.items() if k in ("by",)})
    return out


def render_events(state: TableState, events: Iterable[Event],
                  viewer: int | None) -> list[dict[str, Any]]:
    return [render_event(state, e, viewer) for e in events]
