"""The worked examples told as stories: each seed example's situation read from its Gherkin
steps, played through the core, and told in the reader's language (``story`` of
``GET /rules/<id>``'s examples and of the MCP ``example://`` resource, the story on the rules
page).

The Gherkin stays the test (``tests/scenarios``): here its *Given* and *When* steps are only
read as data — a deal's figures, a hand and a trick, a hand, a chien and an écart — and every
figure of the story is the core's (:func:`rules_fr.scoring.score`, the check services), never
the scenario's own *Then* numbers. A scenario outline gives one story per row of its examples.
A scenario whose steps this module does not know (a bidding, a king call…) gets no story
(``[]``): it is never half told. ``tests/test_stories.py`` holds every story to the figures its
scenario states.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from rules_fr.actions import Action, Bid, ShowChien
from rules_fr.bidding import speaker_seat
from rules_fr.cards import CARDS, Card, parse_card
from rules_fr.catalog import RULES
from rules_fr.contracts import Camp, Contract
from rules_fr.deal import RedealReason, draw_dealer, must_redraw, redeal
from rules_fr.deal import deal as deal_cards
from rules_fr.donne import DeclareJeu, Discard, Donne, PlayCard
from rules_fr.duplicate import match_points
from rules_fr.machine import Phase
from rules_fr.partie import DEFAULT_DEALS, MAX_DEALS, MIN_DEALS, Partie
from rules_fr.physical import PhysicalDonne
from rules_fr.poignee import PoigneeLevel
from rules_fr.scoring import score
from rules_fr.table import rules_for
from tutor.errors import Unprocessable
from tutor.i18n import review, rule_payload, score_payload, violation_message
from tutor.i18n import stories as say
from tutor.i18n.facts import explain_draw, explain_partie
from tutor.i18n.violations import with_rule
from tutor.services import check
from tutor.services.count import count
from tutor.services.score import score_deal

__all__ = ["STORY_KINDS", "UNTOLD", "stories"]

STORY_KINDS: Final[Mapping[str, str]] = {
    "score": "a score from a deal's figures",
    "play": "a card played",
    "ecart": "an écart",
    "deal": "a whole deal played card by card",
    "call": "a king call",
    "poignee": "a poignée shown (or shown too late)",
    "hand": "a hand checked (petit sec, poignées)",
    "bid": "a bid",
    "trick": "a trick's winner",
    "draw": "the draw for the first dealer",
    "count": "cards counted",
    "plan": "the dealing plan (cut, packets, bidding order, next dealer)",
    "deal_check": "a deal checked (card counts, a card twice, the petit sec)",
    "partie": "a partie's scoresheet (its length, who sits out, the totals)",
    "match_points": "duplicate match points",
    "referee": "a physical table refereed",
    "duplicate": "a duplicate deal (imposed contract, fixed écart)",
    "refused": "a request the service refuses (a card that does not exist)",
}
"""Every ``kind`` a story may have, with what it tells (the OpenAPI document lists them;
``tests/test_stories.py`` fails on a story of another kind)."""

UNTOLD: Final[Mapping[str, str]] = {
    "arbitrage/relever-son-jeu-avant-la-fin-de-la-distribution-expose-a-une-penalite-de-l-arbitre":
        "Its steps only read the rule's own text, note and source, which the rule's page "
        "shows above its examples: no deal, hand or figure happens in it to be told.",
}
"""The seed examples deliberately left untold, each with why (``tests/test_stories.py`` fails
on a seed example with neither a story nor a reason here)."""

_CONTRACTS: Final = {"petite": "petite", "prise": "petite", "garde": "garde",
                     "garde sans": "garde_sans", "garde_sans": "garde_sans",
                     "garde contre": "garde_contre", "garde_contre": "garde_contre"}
_CAMPS: Final = {"le preneur": "taker", "la défense": "defense", "un défenseur": "defense",
                 "the taker": "taker", "the defence": "defense", "a defender": "defense"}
_RANGE: Final = re.compile(r"^T(\d{1,2})\.\.T(\d{1,2})$")


def _cards(text: str) -> list[Card]:
    """Cards as the features write them: codes, and ``T1..T10`` for a run of trumps."""
    found: list[Card] = []
    for token in text.replace(",", " ").split():
        run = _RANGE.match(token)
        if run:
            first, last = int(run.group(1)), int(run.group(2))
            step = 1 if last >= first else -1
            found.extend(parse_card(f"T{n}") for n in range(first, last + step, step))
        else:
            found.append(parse_card(token))
    return found


def _half_points(text: str) -> int:
    """``49`` → 98, ``40,5`` → 81 (the features write the rulebook's figures)."""
    whole, _, fraction = text.replace(",", ".").partition(".")
    return 2 * int(whole) + (1 if fraction == "5" else 0)


@dataclass
class _Situation:
    """What the Given and When steps of one case set up."""

    kind: str | None = None
    players: int = 4
    contract: str | None = None
    points_half: int | None = None
    bouts: int | None = None
    poignees: list[tuple[str, str]] = field(default_factory=list)
    petit_au_bout: str | None = None
    chelem_announced: bool = False
    chelem_by: str | None = None
    alone: bool = False
    hand: list[Card] = field(default_factory=list)
    trick: list[Card] = field(default_factory=list)
    chien: list[Card] = field(default_factory=list)
    called_card: Card | None = None
    first_trick: bool = False
    card: Card | None = None
    ecart: list[Card] | None = None
    taker: int | None = None
    partner: int | None = None
    seat_poignees: list[tuple[int, str]] = field(default_factory=list)
    tricks: list[tuple[int, list[Card]]] = field(default_factory=list)
    called: Card | None = None
    shown: list[Card] | None = None
    bids: list[Contract | None] | None = None
    bid: Contract | None = None
    misdealt: bool = False
    dealer: int | None = None
    event: str | None = None
    cut_at: int | None = None
    leader: int | None = None
    hand_size: int | None = None
    chien_size: int | None = None
    petit_sec_seat: int | None = None
    replaced: tuple[str, str] | None = None
    names: list[str] = field(default_factory=list)
    deals: int | None = None
    mort: bool = False
    entries: list[dict[str, Any]] = field(default_factory=list)
    all_passed: bool = False
    asked_deal: int | None = None
    gap: int | None = None
    cards_played: int | None = None
    pairs: bool = False
    unknown_card: str | None = None
    actions: list[tuple[str, Any]] = field(default_factory=list)


_Step = Callable[[_Situation, re.Match[str]], None]


def _set(**values: Callable[[re.Match[str]], Any]) -> _Step:
    def apply(situation: _Situation, match: re.Match[str]) -> None:
        for name, read in values.items():
            setattr(situation, name, read(match))
    return apply


def _poignee(situation: _Situation, match: re.Match[str]) -> None:
    situation.poignees.append((_CAMPS[match.group(1)], match.group(2)))


def _bid(text: str) -> Contract | None:
    """A bid as the features write it: ``passe`` or a contract."""
    text = text.strip()
    return None if text in ("passe", "pass") else Contract.parse(text)


def _seat_poignee(situation: _Situation, match: re.Match[str]) -> None:
    situation.seat_poignees.append((int(match.group(1)), match.group(2)))


def _entry(situation: _Situation, match: re.Match[str]) -> None:
    """A deal of a partie, as its scoresheet takes it (people by their index in the names)."""
    taker, contract, partner, figure, bouts = match.groups()
    situation.entries.append({
        "taker": situation.names.index(taker),
        "partner": situation.names.index(partner) if partner else None,
        "contract": _CONTRACTS[contract], "points_half": _half_points(figure),
        "bouts": int(bouts)})


def _act(kind: str, read: Callable[[re.Match[str]], Any] = lambda m: None) -> _Step:
    """A record of a physical table's referee, kept in order."""
    def apply(situation: _Situation, match: re.Match[str]) -> None:
        situation.actions.append((kind, read(match)))
    return apply


def _bids(text: str) -> list[Contract | None]:
    return [_bid(b) for b in text.split(",") if b.strip()]


def _card_or_unknown(situation: _Situation, match: re.Match[str]) -> None:
    """``je joue "T22"``: a code that names no card is the scenario of a refusal, told."""
    try:
        situation.card = parse_card(match.group(1))
    except ValueError:
        situation.unknown_card = match.group(1)
    situation.kind = "play"


_STEPS: Final[tuple[tuple[re.Pattern[str], _Step], ...]] = tuple(
    (re.compile(pattern), step) for pattern, step in (
        (r'^une donne jouée à (\d) joueurs en "([^"]+)", le preneur étant le joueur (\d)$',
         _set(kind=lambda m: "deal", players=lambda m: int(m.group(1)),
              contract=lambda m: _CONTRACTS[m.group(2)], taker=lambda m: int(m.group(3)))),
        (r'^la carte appelée est "([^"]+)", détenue par le joueur (\d)$',
         _set(called_card=lambda m: parse_card(m.group(1)), partner=lambda m: int(m.group(2)))),
        (r'^la carte appelée est "([^"]+)", qui est au chien$',
         _set(called_card=lambda m: parse_card(m.group(1)), partner=lambda m: None)),
        (r'^l\'écart "([^"]*)"$', _set(ecart=lambda m: _cards(m.group(1)))),
        (r"^le joueur (\d) montre une poignée (simple|double|triple)$", _seat_poignee),
        (r"^les plis joués sont :$", lambda s, m: None),
        (r'^le preneur appelle "([^"]+)"$',
         _set(kind=lambda m: "call", called=lambda m: parse_card(m.group(1)))),
        (r'^le joueur montre la poignée "([^"]*)"$',
         _set(kind=lambda m: "poignee", shown=lambda m: _cards(m.group(1)))),
        (r"^je vérifie la main$", _set(kind=lambda m: "hand")),
        (r'^le pli "([^"]+)" est complet$',
         _set(kind=lambda m: "trick", trick=lambda m: _cards(m.group(1)))),
        (r"^le donneur a fait une fausse donne$", _set(misdealt=lambda m: True)),
        (r'^les joueurs tirent "([^"]+)"$',
         _set(kind=lambda m: "draw", trick=lambda m: _cards(m.group(1)))),
        (r'^les annonces précédentes "([^"]*)"$', _set(bids=lambda m: [
            _bid(b) for b in m.group(1).split(",") if b.strip()])),
        (r'^le joueur annonce "([^"]+)"$',
         _set(kind=lambda m: "bid", bid=lambda m: _bid(m.group(1)))),
        (r"^je calcule la marque de la donne jouée$", lambda s, m: None),
        (r'^(?:une donne à|a deal at) (\d) (?:joueurs en|players in) "([^"]+)"$',
         _set(kind=lambda m: "score", players=lambda m: int(m.group(1)),
              contract=lambda m: _CONTRACTS[m.group(2)])),
        (r"^(?:le preneur réalise|the taker makes) (\d+(?:[,.]5)?) (?:points avec|points with) "
         r"(\d) bouts?$",
         _set(points_half=lambda m: _half_points(m.group(1)), bouts=lambda m: int(m.group(2)))),
        (r"^(le preneur|un défenseur) montre une poignée (simple|double|triple)$", _poignee),
        (r"^(the taker|a defender) shows a (simple|double|triple) poignée$", _poignee),
        (r"^(?:le petit au bout est (?:mené|pris) par|the petit au bout is won by) "
         r"(le preneur|la défense|the taker|the defence)$",
         _set(petit_au_bout=lambda m: _CAMPS[m.group(1)])),
        (r"^le preneur a annoncé le chelem$", _set(chelem_announced=lambda m: True)),
        (r"^le chelem n'a pas été annoncé$", _set(chelem_announced=lambda m: False)),
        (r"^(le preneur|la défense) remporte tous les plis$",
         _set(chelem_by=lambda m: _CAMPS[m.group(1)])),
        (r"^le preneur joue seul$", _set(alone=lambda m: True)),
        (r"^(?:je calcule la marque|I score the deal)$", lambda s, m: None),
        (r"^(?:une table de|a table of) (\d) (?:joueurs|players)$",
         _set(players=lambda m: int(m.group(1)))),
        (r'^(?:la main|the hand) "([^"]*)"$', _set(hand=lambda m: _cards(m.group(1)))),
        (r'^(?:le pli en cours|the trick so far) "([^"]*)"$',
         _set(trick=lambda m: _cards(m.group(1)))),
        (r'^c\'est la première levée et la carte appelée est "([^"]+)"$',
         _set(called_card=lambda m: parse_card(m.group(1)), first_trick=lambda m: True)),
        (r'^la carte appelée est "([^"]+)"$',
         _set(called_card=lambda m: parse_card(m.group(1)))),
        (r'^(?:je joue|I play) "([^"]+)"$', _card_or_unknown),
        (r'^le chien "([^"]*)"$', _set(chien=lambda m: _cards(m.group(1)))),
        (r'^le contrat "([^"]+)"$', _set(contract=lambda m: _CONTRACTS[m.group(1)])),
        (r'^le preneur écarte "([^"]*)"$',
         _set(kind=lambda m: "ecart", ecart=lambda m: _cards(m.group(1)))),
        # the deal's plan: who cuts, deals, speaks and leads
        (r"^le joueur (\d) donne à (\d) joueurs$",
         _set(kind=lambda m: "plan", dealer=lambda m: int(m.group(1)),
              players=lambda m: int(m.group(2)))),
        (r"^le joueur (\d) donne à (\d) joueurs et le joueur (\d) prend$",
         _set(kind=lambda m: "plan", dealer=lambda m: int(m.group(1)),
              players=lambda m: int(m.group(2)), taker=lambda m: int(m.group(3)))),
        (r"^le joueur (\d) distribue un paquet non battu à (\d) joueurs$",
         _set(kind=lambda m: "plan", dealer=lambda m: int(m.group(1)),
              players=lambda m: int(m.group(2)))),
        (r"^la donne a été jouée$", lambda s, m: None),
        (r"^le donneur fait une fausse donne$", _set(event=lambda m: "misdeal")),
        (r'^les enchères sont "([^"]*)"$',
         _set(event=lambda m: "auction", bids=lambda m: _bids(m.group(1)))),
        (r"^le preneur (annonce|n'annonce pas) le chelem$",
         _set(event=lambda m: "chelem", chelem_announced=lambda m: m.group(1) == "annonce")),
        # a whole deal checked
        (r"^une donne régulière à (\d) joueurs$",
         _set(kind=lambda m: "deal_check", players=lambda m: int(m.group(1)))),
        (r"^une donne à (\d) joueurs de (\d+) cartes par joueur et (\d+) cartes au chien$",
         _set(kind=lambda m: "deal_check", players=lambda m: int(m.group(1)),
              hand_size=lambda m: int(m.group(2)), chien_size=lambda m: int(m.group(3)))),
        (r"^une donne à (\d) joueurs où le joueur (\d) a le petit sec$",
         _set(kind=lambda m: "deal_check", players=lambda m: int(m.group(1)),
              petit_sec_seat=lambda m: int(m.group(2)))),
        (r'^la carte "(\w+)" est remplacée par "(\w+)"$',
         _set(replaced=lambda m: (m.group(1), m.group(2)))),
        (r"^je vérifie la donne$", lambda s, m: None),
        # a partie's scoresheet
        (r'^on ouvre une partie(?: de (\d+) donnes)? entre les joueurs "([^"]+)"$',
         _set(kind=lambda m: "partie", deals=lambda m: int(m.group(1)) if m.group(1) else None,
              names=lambda m: m.group(2).split())),
        (r'^une partie de (\d+) donnes (avec un mort )?entre les joueurs "([^"]+)"$',
         _set(kind=lambda m: "partie", deals=lambda m: int(m.group(1)),
              mort=lambda m: bool(m.group(2)), names=lambda m: m.group(3).split())),
        (r'^"([^"]+)" prend une (petite|prise|garde sans|garde contre|garde)(?: avec "([^"]+)" '
         r"pour partenaire)? et réalise (\d+(?:,5)?) points avec (\d) bouts?$", _entry),
        (r"^tout le monde passe$", _set(all_passed=lambda m: True)),
        # duplicate
        (r"^l'écart entre les deux preneurs est de (-?\d+) points$",
         _set(kind=lambda m: "match_points", gap=lambda m: int(m.group(1)))),
        # a poignée's moment
        (r"^un joueur qui a déjà joué (\d+) cartes$",
         _set(kind=lambda m: "poignee_timing", cards_played=lambda m: int(m.group(1)))),
        (r"^il montre sa poignée$", lambda s, m: None),
        # a physical table: what its referee records
        (r"^une table physique de (\d) joueurs où le joueur (\d) donne$",
         _set(kind=lambda m: "referee", players=lambda m: int(m.group(1)),
              dealer=lambda m: int(m.group(2)))),
        (r"^l'arbitre constate une fausse donne$", _act("misdeal")),
        (r"^une donne duplicate à (\d) joueurs où la garde est imposée au joueur (\d)$",
         _set(kind=lambda m: "duplicate", players=lambda m: int(m.group(1)),
              taker=lambda m: int(m.group(2)))),
        (r"^le preneur fait son écart et dit « Jeu »$", _act("ecart_jeu")),
        (r"^la première carte est jouée$", _act("first_card")),
        (r'^les enchères enregistrées sont "([^"]*)"$', _act("bids", lambda m: _bids(m.group(1)))),
        (r'^le joueur (\d) annonce "([^"]+)" à la table$',
         _act("bid", lambda m: (int(m.group(1)), _bid(m.group(2))))),
        (r'^l\'arbitre enregistre le chien "([^"]+)"$',
         _act("chien", lambda m: _cards(m.group(1)))),
    ))

_ASKED: Final[tuple[tuple[re.Pattern[str], _Step], ...]] = tuple(
    (re.compile(pattern), step) for pattern, step in (
        # a *Then* step read only for what it asks (a card, a cut, a deal's number): its
        # answer is the core's, never read here
        (r'^la carte "([^"]+)" vaut ',
         _set(kind=lambda m: "count", hand=lambda m: _cards(m.group(1)))),
        (r'^les cartes "([^"]+)" valent ',
         _set(kind=lambda m: "count", hand=lambda m: _cards(m.group(1)), pairs=lambda m: True)),
        (r"^les 78 cartes valent ",
         _set(kind=lambda m: "count", hand=lambda m: list(CARDS))),
        (r"^une coupe de (\d+) cartes est ",
         _set(event=lambda m: "cut", cut_at=lambda m: int(m.group(1)))),
        (r'^quand le joueur (\d) entame le pli "([^"]+)", ',
         _set(event=lambda m: "lead", leader=lambda m: int(m.group(1)),
              trick=lambda m: _cards(m.group(2)))),
        (r"^la donne (\d+) est jouée par ", _set(asked_deal=lambda m: int(m.group(1)))),
    ))


def _situation(steps: list[dict[str, Any]]) -> _Situation | None:
    """The situation the Given and When steps set up, or ``None`` if one is unknown here."""
    situation = _Situation()
    checking = False
    for step in steps:
        keyword = step["keyword"].strip()
        if keyword in ("Alors", "Then"):
            checking = True
        elif keyword in ("Quand", "When"):  # a referee's next record, after a check
            checking = False
        if checking:  # the outcome: what the test checks, never read here — only what a
            for pattern, apply in _ASKED:  # step asks about (a card, a cut, a deal)
                match = pattern.match(step["text"])
                if match:
                    apply(situation, match)
            continue
        for pattern, apply in _STEPS:
            match = pattern.match(step["text"])
            if match:
                apply(situation, match)
                break
        else:
            return None
        if step.get("table") and step["text"] == "les plis joués sont :":
            header, *rows = step["table"]
            if header != ["pli", "entame", "cartes"]:
                return None
            situation.tricks = [(int(leader), _cards(cards)) for _, leader, cards in rows]
    return situation if situation.kind else None


def _fill(text: str, values: Mapping[str, str]) -> str:
    """An outline's step with the ``<name>`` of a row filled in."""
    return re.sub(r"<([^>]+)>", lambda m: values.get(m.group(1), m.group(0)), text)


def _cases(entry: Mapping[str, Any]) -> list[tuple[dict[str, str] | None,
                                                   list[dict[str, Any]]]]:
    """``(row, steps)`` for each case: the scenario itself, or each row of an outline with the
    ``<name>`` of its steps filled in."""
    if not entry.get("examples"):
        return [(None, list(entry["steps"]))]
    cases: list[tuple[dict[str, str] | None, list[dict[str, Any]]]] = []
    for block in entry["examples"]:
        for row in block["rows"]:
            values = dict(zip(block["header"], row, strict=True))
            steps = [{**step, "text": _fill(step["text"], values)} for step in entry["steps"]]
            cases.append((values, steps))
    return cases


def _score_story(s: _Situation) -> dict[str, Any] | None:
    if s.contract is None or s.points_half is None or s.bouts is None:
        return None
    contract = Contract.parse(s.contract)
    result = score(players=s.players, contract=contract, bouts=s.bouts,
                   points_half=s.points_half,
                   petit_au_bout=Camp(s.petit_au_bout) if s.petit_au_bout else None,
                   poignees=[(Camp(c), PoigneeLevel(level)) for c, level in s.poignees],
                   chelem_announced=s.chelem_announced,
                   chelem=Camp(s.chelem_by) if s.chelem_by else None, alone=s.alone)
    payload = score_payload(result)
    deal = [say.score_deal_sentence(s.players, s.contract, alone=s.alone)]
    deal += [say.poignee_sentence(camp, level) for camp, level in s.poignees]
    if s.chelem_announced:
        deal.append(say.chelem_announced_sentence())
    count = [say.count_sentence(s.points_half, s.bouts)]
    if s.petit_au_bout:
        count.append(say.petit_au_bout_sentence(s.petit_au_bout))
    if s.chelem_by:
        count.append(say.chelem_by_sentence(s.chelem_by))
    lines = [{"part": "deal", "text": t} for t in deal] + \
            [{"part": "count", "text": t} for t in count] + \
            [{"part": "score", "text": line["text"], "points": line["points"]}
             for line in payload["derivation"] if line["text"]]
    return {"kind": "score", "lines": lines, "figures": {
        "won": result.won, "target": result.target, "difference": result.difference,
        "total": result.total, "scores": result.scores()}}


def _play_story(s: _Situation) -> dict[str, Any] | None:
    if s.unknown_card is not None:
        return _unknown_card_story(s)
    if s.card is None or not s.hand:
        return None
    if s.card not in s.hand:  # refused before any rule of play (play.own-cards)
        return _verdict_story("refused", s, [say.hand_sentence(s.players, s.hand),
                                             say.trick_sentence(s.trick)], [],
                              {"explanation": say.not_held_sentence(s.card)}, {"refused": True})
    answer = check.play({"players": s.players, "hand": s.hand, "trick": s.trick,
                         "card": s.card, "called_card": s.called_card,
                         "first_trick": s.first_trick})
    deal = [say.hand_sentence(s.players, s.hand)]
    if s.called_card is not None:
        deal.append(say.called_card_sentence(s.called_card, first_trick=s.first_trick))
    deal.append(say.trick_sentence(s.trick))
    lines = [{"part": "deal", "text": t} for t in deal] + [
        {"part": "play", "text": say.play_sentence(s.card)},
        {"part": "verdict", "text": answer["explanation"]}]
    return {"kind": "play", "lines": lines, "figures": {
        "legal": answer["legal"], "legal_cards": answer["legal_cards"]}}


def _ecart_story(s: _Situation) -> dict[str, Any] | None:
    if s.ecart is None or s.contract is None or not s.hand:
        return None
    answer = check.ecart({"players": s.players, "hand": s.hand, "chien": s.chien,
                          "contract": Contract.parse(s.contract), "ecart": s.ecart})
    lines = [{"part": "deal",
              "text": say.ecart_deal_sentence(s.players, s.contract, s.hand, s.chien)},
             {"part": "play", "text": say.ecart_sentence(s.ecart)},
             {"part": "verdict", "text": answer["explanation"]}]
    return {"kind": "ecart", "lines": lines, "figures": {
        "legal": answer["legal"], "trumps_to_show": answer["trumps_to_show"]}}


def _deal_story(s: _Situation) -> dict[str, Any] | None:
    if s.contract is None or s.taker is None or not s.tricks:
        return None
    contract = Contract.parse(s.contract)
    body = {
        "players": s.players, "contract": contract, "taker": s.taker, "partner": s.partner,
        "called_card": s.called_card, "chien": s.chien, "ecart": s.ecart or [],
        "tricks": [{"leader": leader, "cards": cards} for leader, cards in s.tricks],
        "announcements": {"poignees": [{"seat": seat, "level": PoigneeLevel(level)}
                                       for seat, level in s.seat_poignees],
                          "chelem_announced": s.chelem_announced}}
    deal = [say.played_deal_sentence(s.players, s.contract, s.taker)]
    if s.called_card is not None:
        deal.append(say.called_partner_sentence(s.called_card, s.partner))
    if s.chien:
        deal.append(say.chien_sentence(s.chien, contract.taker_takes_chien))
    if s.ecart:
        deal.append(say.ecart_aside_sentence(s.ecart))
    deal += [say.seat_poignee_sentence(seat, level) for seat, level in s.seat_poignees]
    if s.chelem_announced:
        deal.append(say.chelem_announced_sentence())
    try:
        answer = score_deal(body)
    except Unprocessable as refused:  # a card out of turn, an illegal card: told up to it
        return _refused_deal_story(s, deal, refused)
    play = [say.played_trick_sentence(number, leader, cards)
            for number, (leader, cards) in enumerate(s.tricks, start=1)]
    counted = answer["count"]
    count = [review.camp_sentence(side, counted[side]["tricks"],
                                  int(2 * counted[side]["points"]), counted[side]["bouts"])
             for side in ("taker", "defense")]
    count.append(review.chien_sentence(contract.code, contract.chien_camp.value))
    excuse = review.excuse_sentence(played=any(c.is_excuse for _, cards in s.tricks
                                               for c in cards),
                                    exchanged=counted["excuse"]["exchanged"],
                                    lost_last_trick=counted["excuse"]["lost_last_trick"],
                                    camp=counted["excuse"]["camp"],
                                    owner_won_a_trick=counted["excuse"]["camp"] is None or bool(
                                        counted[counted["excuse"]["camp"]]["tricks"]))
    if excuse:
        count.append(excuse)
    if counted["petit_au_bout"]:
        count.append(say.petit_au_bout_sentence(counted["petit_au_bout"]))
    lines = [{"part": "deal", "text": t} for t in deal] + \
            [{"part": "play", "text": t} for t in play] + \
            [{"part": "count", "text": t} for t in count] + \
            [{"part": "score", "text": line["text"], "points": line["points"]}
             for line in answer["derivation"] if line["text"]]
    return {"kind": "deal", "lines": lines, "figures": {
        "count": counted, "won": answer["won"], "target": answer["target"],
        "difference": answer["difference"], "total": next(
            (line["points"] for line in answer["derivation"] if line["code"] == "total"), None),
        "scores": answer["scores"]}}


def _refused_deal_story(s: _Situation, deal: list[str],
                        refused: Unprocessable) -> dict[str, Any] | None:
    """A played deal the service refuses at one trick: the tricks up to that one, and why."""
    found = [(p.extra["violation"], p) for p in refused.problems if "violation" in p.extra]
    if len(found) != 1 or "trick" not in found[0][1].params:
        return None
    violation, problem = found[0]
    at = int(problem.params["trick"])
    play = [say.played_trick_sentence(number, leader, cards)
            for number, (leader, cards) in enumerate(s.tricks[:at], start=1)]
    lines = [{"part": "deal", "text": t} for t in deal] + \
            [{"part": "play", "text": t} for t in play] + \
            [{"part": "verdict", "text": problem.as_dict()["detail"]},
             {"part": "verdict", "text": violation["message"]}]
    return {"kind": "deal", "lines": lines, "figures": {
        "refused": violation["code"], "refused_at": at}}


def _verdict_story(kind: str, s: _Situation, deal: list[str], action: list[str],
                   answer: dict[str, Any], figures: dict[str, Any]) -> dict[str, Any]:
    lines = [{"part": "deal", "text": t} for t in deal] + \
            [{"part": "play", "text": t} for t in action] + \
            [{"part": "verdict", "text": answer["explanation"]}]
    return {"kind": kind, "lines": lines, "figures": figures}


def _call_story(s: _Situation) -> dict[str, Any] | None:
    if s.called is None or not s.hand:
        return None
    answer = check.king_call({"players": s.players, "hand": s.hand, "card": s.called,
                              "chien": s.chien or None})
    deal = [say.hand_sentence(s.players, s.hand)]
    if s.chien:
        deal.append(say.unseen_chien_sentence(s.chien))
    return _verdict_story("call", s, deal, [], answer,  # the verdict names the card called
                          {"legal": answer["legal"], "alone": answer["alone"]})


def _poignee_story(s: _Situation) -> dict[str, Any] | None:
    if s.shown is None or not s.hand:
        return None
    answer = check.poignee({"players": s.players, "hand": s.hand, "shown": s.shown,
                            "cards_played": None})
    return _verdict_story("poignee", s, [say.hand_sentence(s.players, s.hand)],
                          [say.show_sentence(s.shown)], answer,
                          {"legal": answer["legal"], "level": answer["level"],
                           "bonus": answer["bonus"]})


def _hand_story(s: _Situation) -> dict[str, Any] | None:
    if not s.hand:
        return None
    answer = check.hand({"players": s.players, "hand": s.hand})
    return _verdict_story("hand", s, [say.hand_sentence(s.players, s.hand)], [], answer,
                          {"petit_sec": answer["petit_sec"],
                           "poignees": [p["level"] for p in answer["poignees"]]})


def _bid_story(s: _Situation) -> dict[str, Any] | None:
    if s.bids is None and s.kind != "bid":
        return None
    earlier = s.bids or []
    answer = check.bid({"players": s.players, "bids": earlier, "bid": s.bid,
                        "dealer_misdealt": s.misdealt})
    deal = [say.misdealt_sentence()] if s.misdealt else []
    return _verdict_story("bid", s, [*deal, say.earlier_bids_sentence(s.players, earlier)],
                          [], answer, {"legal": answer["legal"]})  # the verdict says the bid


def _trick_story(s: _Situation) -> dict[str, Any] | None:
    if not s.trick:
        return None
    answer = check.trick({"players": len(s.trick), "cards": s.trick, "leader": None})
    winner = answer["winner"]
    return _verdict_story("trick", s, [say.full_trick_sentence(s.trick)], [], answer,
                          {"winner": None if winner is None else winner["card"],
                           "half_points": answer["half_points"]})


def _draw_story(s: _Situation) -> dict[str, Any] | None:
    """Who deals first: the same core functions and sentence as ``POST /deal/draw``."""
    if not s.trick:
        return None
    dealer, redraw = draw_dealer(s.trick), must_redraw(s.trick)
    answer = {"explanation": explain_draw(s.trick, dealer, redraw)}
    return _verdict_story("draw", s, [say.draws_sentence(s.trick)], [], answer,
                          {"dealer": dealer, "redraw": redraw})


def _count_story(s: _Situation) -> dict[str, Any] | None:
    """What cards are worth: one card, a pair counted together, or the whole pack."""
    if not s.hand:
        return None
    answer = count({"cards": s.hand})
    deal: list[str] = []
    if len(s.hand) == len(CARDS):
        trumps = sum(1 for card in CARDS if card.is_trump)
        suits = {card.suit for card in CARDS if not card.is_trump and not card.is_excuse}
        deal.append(say.pack_sentence(trumps, len(suits), (len(CARDS) - trumps - 1) // len(suits)))
    elif s.pairs and len(s.hand) == 2:
        deal.append(say.pair_sentence(*s.hand))
    return _verdict_story("count", s, deal, [], answer, {
        "points": answer["points"], "half_points": answer["half_points"],
        "bouts": answer["bouts"]})


def _plan_story(s: _Situation) -> dict[str, Any] | None:
    """Before the first card: the cut, the packets, who speaks, leads and deals next."""
    if s.dealer is None:
        return None
    plan = check.deal_plan(s.players, s.dealer)
    figures: dict[str, Any] = {key: plan[key] for key in (
        "dealer", "cutter", "seats", "first_speaker", "last_speaker", "next_dealer",
        "packet_size", "hand_size", "chien_size", "chien_positions")}
    table = say.table_sentence(s.players)
    if s.event == "cut" and s.cut_at is not None:
        answer = check.cut({"pack": len(CARDS), "at": s.cut_at})
        figures |= {"legal": answer["legal"], "taken": answer["taken"], "left": answer["left"]}
        return _verdict_story("plan", s, [table], [say.cut_sentence(
            s.dealer, plan["cutter"], s.cut_at)], answer, figures)
    if s.event == "misdeal":
        again = plan["redeal"]["misdeal"]
        figures["redeal"] = again
        return _verdict_story("plan", s, [table, plan["explanation"]], [], {
            "explanation": say.misdeal_redeal_sentence(s.dealer, again["dealer"],
                                                       may_bid=again["dealer_may_bid"])},
            figures)
    if s.event == "auction" and s.bids is not None:
        answer = check.auction({"players": s.players, "dealer": s.dealer, "bids": s.bids,
                                "dealer_misdealt": False})
        figures |= {key: answer[key] for key in ("legal", "complete", "all_passed", "taker",
                                                 "contract", "redeal")}
        return _verdict_story("plan", s, [table, say.auction_bids_sentence(
            s.dealer, plan["first_speaker"], s.bids)], [], answer, figures)
    if s.event == "chelem" and s.taker is not None:
        deal = [say.taker_sentence(s.players, s.dealer, s.taker)]
        if s.chelem_announced:
            answer = check.chelem({"players": s.players, "dealer": s.dealer, "taker": s.taker,
                                   "seat": None, "cards_played": 0})
            figures["leader"] = answer["leader"]
            return _verdict_story("plan", s, deal, [], answer, figures)
        figures["leader"] = plan["first_speaker"]
        return _verdict_story("plan", s, deal, [], {"explanation": say.no_chelem_sentence(
            s.taker, plan["first_speaker"])}, figures)
    if s.event == "lead" and s.leader is not None and s.trick:
        answer = check.trick({"players": s.players, "cards": s.trick, "leader": s.leader})
        figures["next_leader"] = answer["next_leader"]
        return _verdict_story("plan", s, [table, plan["explanation"]],
                              [say.lead_trick_sentence(s.leader, s.trick)], answer, figures)
    if s.event is not None:
        return None
    return _verdict_story("plan", s, [table], [], plan, figures)


def _dealt_hands(s: _Situation) -> tuple[list[list[Card]], list[Card]] | None:
    """The deal the scenario sets up, card by card: the core's regular deal (seeded), the
    pack cut into hands of the sizes given, or a hand with the petit sec."""
    rules = rules_for(s.players)
    if s.petit_sec_seat is not None:
        plain = [c for c in CARDS if not c.is_trump and not c.is_excuse]
        rest = plain[rules.hand_size - 1:] + [c for c in CARDS if c not in plain and c.code != "T1"]
        hands: list[list[Card]] = []
        for seat in range(s.players):
            if seat == s.petit_sec_seat:
                hands.append([parse_card("T1"), *plain[:rules.hand_size - 1]])
            else:
                hands.append(rest[:rules.hand_size])
                rest = rest[rules.hand_size:]
        return hands, rest
    if s.hand_size is not None and s.chien_size is not None:
        pack = list(CARDS)
        if s.players * s.hand_size + s.chien_size != len(pack):
            return None
        return ([pack[i * s.hand_size:(i + 1) * s.hand_size] for i in range(s.players)],
                pack[s.players * s.hand_size:])
    dealt = deal_cards(s.players, seed=s.players)
    return [list(hand) for hand in dealt.hands], list(dealt.chien)


def _deal_check_story(s: _Situation) -> dict[str, Any] | None:
    dealt = _dealt_hands(s)
    if dealt is None:
        return None
    hands, chien = dealt
    deal = [say.deal_sizes_sentence(s.players, len(hands[0]), len(chien))]
    if s.replaced is not None:
        old, new = parse_card(s.replaced[0]), parse_card(s.replaced[1])
        holder = next(cards for cards in [*hands, chien] if old in cards)
        holder[holder.index(old)] = new
        deal.append(say.replaced_card_sentence(old, new))
    answer = check.deal({"players": s.players, "hands": hands, "chien": chien})
    story = _verdict_story("deal_check", s, deal, [], answer, {
        "valid": answer["valid"], "violations": [v["code"] for v in answer["violations"]],
        "petit_sec": answer["petit_sec"]})
    story["lines"] += [{"part": "verdict", "text": say.petit_sec_seat_sentence(seat)}
                       for seat in answer["petit_sec"]]
    return story


def _partie_story(s: _Situation) -> dict[str, Any] | None:
    """A partie's scoresheet: its length, who plays each deal, each deal's scores, the
    totals and the winner (:class:`rules_fr.partie.Partie`, as ``POST /partie`` keeps it)."""
    if not s.names:
        return None
    deals = DEFAULT_DEALS if s.deals is None else s.deals
    accepted = MIN_DEALS <= deals <= MAX_DEALS
    figures: dict[str, Any] = {"accepted": accepted, "deals": deals}
    if not accepted:
        return _verdict_story("partie", s, [], [], {"explanation": say.partie_length_sentence(
            s.deals, MIN_DEALS, MAX_DEALS, DEFAULT_DEALS, accepted=False)}, figures)
    partie = Partie(s.names, deals=deals, mort=s.mort)
    playing = len(partie.players_for_deal(0))
    deal = [say.partie_sentence(s.names, deals, playing, mort=s.mort)]
    if s.asked_deal is None and not s.entries and not s.all_passed:
        deal.append(say.partie_length_sentence(s.deals, MIN_DEALS, MAX_DEALS, DEFAULT_DEALS,
                                               accepted=True))

    def names(people: Any) -> list[str]:
        return [s.names[p] for p in people]

    def out(number: int) -> list[int]:
        return [p for p in range(partie.people) if p not in partie.players_for_deal(number)]

    figures["schedule"] = {n + 1: {"players": names(partie.players_for_deal(n)),
                                   "sitting_out": names(out(n))} for n in range(deals)}
    play: list[str] = []
    if s.asked_deal is not None and 1 <= s.asked_deal <= deals:
        n = s.asked_deal - 1
        play.append(say.schedule_sentence(s.asked_deal, names(partie.players_for_deal(n)),
                                          names(out(n))))
    if s.all_passed:
        n = len(partie.entries)
        play.append(say.all_passed_partie_sentence(n + 1, names(partie.players_for_deal(n))))
    for entry in s.entries:
        n = len(partie.entries)
        players = partie.players_for_deal(n)
        result = score(players=len(players), contract=Contract.parse(entry["contract"]),
                       bouts=entry["bouts"], points_half=entry["points_half"],
                       alone=len(players) == 5 and entry["partner"] is None)
        line = partie.record(result, taker=entry["taker"], partner=entry["partner"])
        play.append(say.entry_sentence(
            n + 1, s.names[entry["taker"]], entry["contract"],
            None if entry["partner"] is None else s.names[entry["partner"]],
            entry["points_half"], entry["bouts"]))
        play.append(say.entry_scores_sentence(
            [(s.names[p], line.scores[p]) for p in players], names(out(n))))
        figures["last_scores"] = dict(zip(s.names, line.scores, strict=True))
    totals = list(partie.totals())
    if len(partie.entries) > 1:
        play.append(say.totals_sentence(len(partie.entries), list(zip(s.names, totals,
                                                                      strict=True))))
    over = partie.is_over
    leaders = partie.leaders()
    figures |= {"totals": dict(zip(s.names, totals, strict=True)), "over": over,
                "leaders": names(leaders), "scored": len(partie.entries)}
    played = len(partie.entries)
    if s.asked_deal is not None and not played and not s.all_passed:
        return _verdict_story("partie", s, deal, play[:-1], {"explanation": play[-1]}, figures)
    answer = {"explanation": explain_partie(
        s.names, deals=deals, played=played, totals=totals, leaders=leaders, over=over,
        sitting_out_next=[] if over else out(played))}
    return _verdict_story("partie", s, deal, play, answer, figures)


def _match_points_story(s: _Situation) -> dict[str, Any] | None:
    if s.gap is None:
        return None
    value = match_points(s.gap)
    return _verdict_story("match_points", s, [say.gap_sentence(s.gap)], [], {
        "explanation": say.match_points_sentence(value)}, {"match_points": str(value)})


def _poignee_timing_story(s: _Situation) -> dict[str, Any] | None:
    """A simple poignée at four players (ten trumps): only the moment may be wrong."""
    if s.cards_played is None:
        return None
    trumps = _cards("T1..T10")
    plain = _cards("2S 3S 4S 5S 6S 7S 8S 9S")[s.cards_played:]
    answer = check.poignee({"players": 4, "hand": trumps + plain, "shown": trumps,
                            "cards_played": s.cards_played})
    return _verdict_story("poignee", s, [say.hand_sentence(4, trumps + plain),
                                         say.cards_played_sentence(s.cards_played)],
                          [say.show_now_sentence(trumps) if s.cards_played
                           else say.show_sentence(trumps)], answer,
                          {"legal": answer["legal"], "level": answer["level"],
                           "bonus": answer["bonus"]})


def _referee_story(s: _Situation) -> dict[str, Any] | None:
    """A physical table: what the referee records, in order, and what the core's deal
    (:class:`rules_fr.physical.PhysicalDonne`) accepts or refuses."""
    if s.dealer is None or not s.actions:
        return None
    donne = PhysicalDonne(players=s.players, dealer=s.dealer)
    lines: list[dict[str, Any]] = []
    refused: list[str] = []
    rules: list[str] = []
    for kind, value in s.actions:
        if refused:
            return None  # a record after a refusal: not a story told here
        if kind == "misdeal":
            again = redeal(RedealReason.MISDEAL, s.dealer, s.players)
            donne = PhysicalDonne(players=s.players, dealer=again.dealer,
                                  dealer_misdealt=not again.dealer_may_bid)
            lines.append({"part": "deal", "text": say.referee_misdeal_sentence(
                s.players, s.dealer, again.dealer)})
            continue
        actions: list[Action]
        if kind == "bids":
            actions = [Bid(speaker_seat(donne.dealer, s.players, spoken), bid)
                       for spoken, bid in enumerate(value)]
            text = (say.referee_bids_sentence(value) if lines
                    else say.recorded_bids_sentence(s.players, donne.dealer, value))
        elif kind == "bid":
            actions = [Bid(value[0], value[1])]
            text = say.table_bid_sentence(value[0], value[1])
        elif kind == "chien":
            if donne.phase is Phase.ANNOUNCING and donne.taker is not None:
                lines.append({"part": "play", "text": say.awaits_jeu_sentence(
                    donne.taker, donne.contract.code if donne.contract else "garde")})
            actions = [ShowChien(donne.taker if donne.taker is not None else 0, tuple(value))]
            text = say.recorded_chien_sentence(value)
        else:
            return None
        lines.append({"part": "play", "text": text})
        for action in actions:
            found = donne.check(action)
            if found:
                refused = [code.code.value for code in found]
                rules = [v.rule for v in found]
                lines.append({"part": "verdict", "text": " ".join(
                    violation_message(v) for v in found)})
                if kind == "chien" and donne.phase is Phase.ANNOUNCING:
                    lines.append(_rule_line("chien.arbiter"))  # why no chien is recorded
                break
            donne.apply(action)
    return {"kind": "referee", "lines": lines, "figures": {
        "refused": refused, "refused_rules": rules, "phase": donne.phase.value,
        "dealer": donne.dealer, "taker": donne.taker, "to_move": donne.to_move}}


def _rule_line(rule_id: str) -> dict[str, Any]:
    """The rule a refusal applies, its text in the reader's language, cited."""
    text = " ".join(rule_payload(RULES[rule_id])["text"].split())
    return {"part": "verdict", "text": with_rule(text, rule_id)}


def _duplicate_story(s: _Situation) -> dict[str, Any] | None:
    """A duplicate deal (:class:`rules_fr.donne.Donne` with a fixed contract): the garde
    imposed, and, when the scenario goes on, the écart, « Jeu », the first card and a change
    of écart refused. The deal is the core's seeded deal (the scenario names no card)."""
    if s.taker is None:
        return None
    donne = Donne(deal_cards(s.players, seed=s.players), fixed_contract=(s.taker, Contract.GARDE))
    if donne.phase is not Phase.ECART or donne.contract is None:
        return None
    deal = [say.imposed_garde_sentence(s.players, s.taker)]
    figures: dict[str, Any] = {"taker": donne.taker, "contract": donne.contract.code,
                               "bids": list(donne.bids), "phase": donne.phase.value}
    if not s.actions:
        return _verdict_story("duplicate", s, deal, [], {"explanation": say.imposed_taker_sentence(
            s.taker, donne.contract.code)}, figures)
    if [kind for kind, _ in s.actions] != ["ecart_jeu", "first_card"]:
        return None
    taker = s.taker
    pool = sorted(donne.hands[taker] | donne.chien, key=lambda c: c.index)
    plain = [c for c in pool if not c.is_trump and not c.is_excuse and not c.is_king]
    size = rules_for(s.players).chien_size
    ecart = plain[:size]
    play = [say.ecart_aside_sentence(ecart), say.jeu_sentence(taker)]
    for action in (Discard(taker, tuple(ecart)), DeclareJeu(taker)):
        if donne.check(action):
            return None
        donne.apply(action)
    seat = donne.to_move
    if seat is None:
        return None
    card = min(donne.legal_cards(seat), key=lambda c: c.index)
    donne.apply(PlayCard(seat, card))
    play.append(say.first_card_sentence(seat, card))
    other = [c for c in sorted(donne.hands[taker], key=lambda c: c.index)
             if c not in ecart][:size]
    play.append(say.change_ecart_sentence(taker, other))
    found = donne.check(Discard(taker, tuple(other)))
    if not found:
        return None
    lines = [{"part": "deal", "text": t} for t in deal] + \
            [{"part": "play", "text": t} for t in play] + \
            [{"part": "verdict", "text": " ".join(violation_message(v) for v in found)},
             _rule_line("ecart.jeu")]
    figures |= {"refused": [v.code.value for v in found], "refused_rules": [v.rule for v in found],
                "phase": donne.phase.value}
    return {"kind": "duplicate", "lines": lines, "figures": figures}


def _unknown_card_story(s: _Situation) -> dict[str, Any] | None:
    """``je joue "T22"``: the pack has no such card (the request is refused)."""
    if s.unknown_card is None:
        return None
    trumps = sum(1 for card in CARDS if card.is_trump)
    suits = {card.suit for card in CARDS if not card.is_trump and not card.is_excuse}
    deal = [say.hand_sentence(s.players, s.hand),
            say.pack_sentence(trumps, len(suits), (len(CARDS) - trumps - 1) // len(suits))]
    return _verdict_story("refused", s, deal, [], {
        "explanation": say.no_such_card_sentence(s.unknown_card)}, {"refused": True})


_TELLERS: Final = {"score": _score_story, "play": _play_story, "ecart": _ecart_story,
                   "deal": _deal_story, "call": _call_story, "poignee": _poignee_story,
                   "hand": _hand_story, "bid": _bid_story, "trick": _trick_story,
                   "draw": _draw_story, "count": _count_story, "plan": _plan_story,
                   "deal_check": _deal_check_story, "partie": _partie_story,
                   "match_points": _match_points_story, "poignee_timing": _poignee_timing_story,
                   "referee": _referee_story, "duplicate": _duplicate_story}


def stories(entry: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The example ``entry`` (:func:`tutor.examples.example`) told in the current language:
    one story per case, each ``{"case", "kind", "text", "lines", "figures"}`` — ``case`` the
    number of the outline's row it tells, counted over its example blocks (``None`` for a
    plain scenario), ``lines`` its sentences in order
    (``part``: ``deal``, ``count``, ``score``, ``play`` or ``verdict``), ``text`` them joined,
    ``figures`` the core's answer. ``[]`` when its steps are not a situation told here.
    Needs the app (the sentences come from the catalogs)."""
    told: list[dict[str, Any]] = []
    cases = _cases(entry)
    for number, (_row, steps) in enumerate(cases, start=1):
        try:
            situation = _situation(steps)
        except ValueError:  # a card that does not exist: the scenario of a refusal
            return []
        if situation is None or situation.kind is None:
            return []
        try:
            story = _TELLERS[situation.kind](situation)
        except (ValueError, Unprocessable):  # a case the core refuses (a scenario of a 422)
            story = None
        if story is None:
            return []
        told.append({"case": number if entry.get("examples") else None, **story,
                     "text": " ".join(line["text"] for line in story["lines"])})
    return told
