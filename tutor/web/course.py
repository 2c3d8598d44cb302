"""The beginner's course: short steps from the cards to the score, then a few steps of play
from the advice engine, each with a live exercise on the rules engine (a quiz of
``GET /api/v1/quiz/<kind>``, see ``quiz.js``).

The steps come in teaching order: each has one goal (its ``topic``), and its exercise asks
only what that step and the earlier ones taught (``tests/test_course_exercises.py`` reads
every designed question's position with the core and checks that each topic it needs was
taught no later). Each exercise is designed, not drawn: its questions are the quiz
questions of fixed seeds, chosen so that each shows its step's point; every load of a step
asks the same questions in the same order, then asks them again (a wrong answer comes back:
``quiz.js`` keeps the learner's progress in this browser).

The steps' sentences are msgids of the catalogs (FR and EN); every number they state is read
from the core (``rules_fr``: card points, hand and chien sizes, targets, contract base and
multipliers, bonuses, thresholds), never written in a sentence, so the course cannot say a
figure the referee does not apply. Each step names the rules of the catalog it teaches
(``rules_fr/catalog.toml``), linked by title. Tarot words are linked to the glossary when the
page is rendered (:func:`linked`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from flask_babel import gettext as _
from markupsafe import Markup, escape

from rules_fr.cards import CARDS, parse_card
from rules_fr.contracts import Contract
from rules_fr.poignee import PoigneeLevel, poignee_size
from rules_fr.scoring import (
    CHELEM_ANNOUNCED,
    CHELEM_FAILED,
    CHELEM_UNANNOUNCED,
    CONTRACT_BASE,
    PETIT_AU_BOUT_BONUS,
    TARGETS,
    difference,
)
from rules_fr.table import rules_for
from tutor.i18n.rules import rule_title
from tutor.web.texts import glossary_links

__all__ = ["PLAN", "STEPS", "Planned", "linked", "step", "steps"]


@dataclass(frozen=True, slots=True)
class Planned:
    """One step of the course: its address and goal, its exercise, the rules it teaches."""

    slug: str
    """Stable name of the step, and the one thing it teaches (its topic: the order test
    reads it); the learner's progress is kept under it."""
    kind: str
    """The exercise: a kind of quiz question."""
    seeds: tuple[int, ...]
    """The exercise's designed questions, in the order they are asked."""
    rules: tuple[str, ...]
    """The catalog rules the step teaches."""
    players: int = 4

    @property
    def topic(self) -> str:
        return self.slug


PLAN: Final[tuple[Planned, ...]] = (
    Planned("cards", "trick", (7, 16, 35, 64), ("cards.deck", "cards.order")),
    Planned("tricks", "trick", (13, 115, 129, 177), ("trick.winner", "play.lead")),
    Planned("bouts", "trick", (10, 11, 22, 25), ("cards.bouts",)),
    Planned("values", "count", (0, 1, 2, 5), ("cards.points",)),
    Planned("pairs", "count", (3, 4, 7, 23), ("cards.points", "counting.total")),
    Planned("follow", "play", (3, 5, 11, 14), ("play.follow-suit",)),
    Planned("trump", "play", (12, 34, 70, 80), ("play.must-trump",)),
    Planned("overtrump", "play", (28, 31, 83, 92), ("play.overtrump", "play.trump-lead")),
    Planned("undertrump", "play", (4, 7, 15, 16), ("play.overtrump", "play.discard")),
    Planned("excuse", "play", (1, 6, 9, 73), ("play.excuse-anytime", "play.excuse-lead")),
    Planned("excuse-kept", "trick", (0, 26, 34, 49), ("excuse.exchange", "excuse.last-trick")),
    Planned("target", "target", (0, 1, 2, 5), ("score.targets",)),
    Planned("deal", "count", (18, 37, 59, 98), ("table.sizes", "deal.chien")),
    Planned("petit-sec", "hand", (1, 0, 3, 2), ("deal.petit-sec", "deal.misdeal")),
    Planned("bidding", "bid", (0, 3, 5, 7), ("bid.contracts", "bid.higher", "bid.all-pass")),
    Planned("ecart", "ecart", (24, 42, 43, 56),
            ("chien.shown", "ecart.size", "ecart.no-king-no-bout", "ecart.trumps",
             "chien.garde-sans-contre")),
    Planned("king-call", "king", (0, 1, 5, 2),
            ("call.king", "call.ladder", "call.alone"), players=5),
    Planned("poignee", "poignee", (0, 2, 1, 4),
            ("poignee.thresholds", "poignee.shown", "poignee.excuse", "poignee.bonus")),
    Planned("score", "score", (2, 8, 9, 10), ("score.base", "score.multipliers", "score.total")),
    Planned("five", "score", (0, 3, 7, 11), ("score.split", "score.zero-sum"), players=5),
    Planned("three", "score", (1, 2, 4, 5), ("score.split", "score.zero-sum"), players=3),
    Planned("rounding", "score", (0, 3, 6, 10), ("counting.half-point",), players=3),
    Planned("petit-au-bout", "score", (12, 73, 77, 98), ("petit.au-bout", "score.petit-au-bout")),
    Planned("chelem", "chelem", (1, 2, 5, 0),
            ("chelem.announce", "score.chelem", "score.defence-chelem", "excuse.chelem")),
    Planned("sitout", "sitout", (0, 1, 2, 3), ("partie.sit-out",)),
    Planned("revoke", "revoke", (0, 2, 1, 3), ("play.revoke", "play.revoke-ruling")),
    # Strategy: the advice engine's play (rules_fr.advice), no rule of the catalog.
    Planned("save-petit", "advice", (2, 244, 260, 391), ("petit.hunt", "petit.au-bout")),
    Planned("charge", "advice", (9, 78, 90, 109), ("cards.points",)),
    Planned("excuse-play", "advice", (154, 335, 381, 459),
            ("excuse.exchange", "excuse.last-trick")),
    Planned("voids", "void", (0, 1, 2, 3), ("ecart.size", "play.must-trump")),
)
"""Every step, in teaching order."""

STEPS: Final = len(PLAN)
"""How many steps the course has."""


def _points(code: str) -> str:
    """A card's value in points as a reader writes it (4.5, 0.5)."""
    half = parse_card(code).points_half
    return str(half // 2) if half % 2 == 0 else f"{half / 2:g}"


def _pair(code: str) -> str:
    """A card with a low card, in points (a king with a low card: 5)."""
    return f"{(parse_card(code).points_half + parse_card('7H').points_half) // 2}"


def _contract_names() -> dict[Contract, str]:
    return {Contract.PETITE: _("Petite"), Contract.GARDE: _("Garde"),
            Contract.GARDE_SANS: _("Garde sans"), Contract.GARDE_CONTRE: _("Garde contre")}


def _number(slug: str) -> int:
    return next(i for i, planned in enumerate(PLAN, 1) if planned.slug == slug)


def _texts() -> dict[str, tuple[str, list[str]]]:
    """Each step's title and paragraphs in the request's language, by slug."""
    total = sum(card.points_half for card in CARDS) // 2
    sizes = {n: rules_for(n) for n in (3, 4, 5)}
    names = _contract_names()
    multipliers = ", ".join(f"{names[c]} × {c.multiplier}" for c in Contract)
    handful = {n: {level: poignee_size(n, level) for level in PoigneeLevel} for n in (3, 4, 5)}
    thresholds = {key + str(n): handful[n][level] for n in (3, 4, 5)
                  for key, level in zip("sdt", PoigneeLevel, strict=True)}
    bonuses = [level.bonus for level in PoigneeLevel]
    # The rounding's example, from the core: with two oudlers, half a point under and over.
    two = TARGETS[2]
    under, over = 2 * two - 1, 2 * two + 1
    halves = [format(half / 2, "g") for half in (under, over)]
    return {
        "cards": (_("The cards"), [
            _("French tarot is played with %(cards)s cards: four suits (spades, hearts, "
              "diamonds and clubs) of 14 cards each, 21 trumps numbered 1 to 21, and the "
              "excuse.", cards=len(CARDS)),
            _("In a suit the king is the highest card, then the queen, the knight, the jack, "
              "and the 10 down to the 1. Each player plays one card in turn: together they "
              "make a trick. Any trump beats any card of a suit, and a higher trump beats a "
              "lower one."),
        ]),
        "tricks": (_("Who wins a trick"), [
            _("The first card of a trick sets its suit. The highest trump of the trick wins "
              "it; with no trump, the highest card of the suit led wins, even when a card of "
              "another suit is higher. The winner gathers the cards and leads the next "
              "trick."),
        ]),
        "bouts": (_("The three oudlers"), [
            _("Three cards are special, the oudlers: the petit (the 1 of trumps), the 21 of "
              "trumps and the excuse."),
            _("The 21 is the highest trump: it always wins its trick. The petit is the lowest "
              "trump: any higher trump takes it. The excuse follows rules of its own (step "
              "%(step)s).", step=_number("excuse")),
        ]),
        "values": (_("What the cards are worth"), [
            _("A king or an oudler is worth %(king)s points, a queen %(queen)s, a knight "
              "%(knight)s, a jack %(jack)s, and every other card %(other)s.",
              king=_points("KH"), queen=_points("QH"), knight=_points("CH"),
              jack=_points("JH"), other=_points("7H")),
            _("The %(cards)s cards together are worth %(total)s points: what one side does "
              "not win, the other does.", cards=len(CARDS), total=total),
        ]),
        "pairs": (_("Counting two by two"), [
            _("Rather than adding halves, count the cards two by two: a king or an oudler "
              "with a low card makes %(king)s points, a queen with a low card %(queen)s, a "
              "knight with a low card %(knight)s, a jack with a low card %(jack)s, and two "
              "low cards %(low)s.", king=_pair("KH"), queen=_pair("QH"), knight=_pair("CH"),
              jack=_pair("JH"), low=_pair("8H")),
            _("Put each king, queen, knight, jack and oudler with a low card, then the low "
              "cards together, and add up the pairs."),
        ]),
        "follow": (_("Following suit"), [
            _("Each player in turn must play a card of the suit led if he has one; he need "
              "not play a higher one. When the excuse is led, the next card sets the suit "
              "(step %(step)s).", step=_number("excuse")),
        ]),
        "trump": (_("Trumping"), [
            _("A player who has no card of the suit led must play a trump, even when his "
              "partner is winning the trick."),
        ]),
        "overtrump": (_("Overtrumping"), [
            _("When a trump is already in the trick, a player who plays a trump must play a "
              "higher one if he has one, even over his partner. When a trump is led, each "
              "player must play a trump, a higher one if he can."),
        ]),
        "undertrump": (_("Undertrumping and discarding"), [
            _("A player who must play a trump but has none higher than the trick's still plays "
              "a trump, a lower one: he undertrumps."),
            _("A player who has neither the suit led nor any trump discards: he plays any card "
              "he likes."),
        ]),
        "excuse": (_("The excuse"), [
            _("The excuse may be played at any time, instead of following suit or trumping. "
              "It does not win the trick (except in a slam: step %(step)s).",
              step=_number("chelem")),
            _("When the excuse is led, the next card played sets the suit of the trick."),
        ]),
        "excuse-kept": (_("Who keeps the excuse"), [
            _("The excuse stays with its owner's side: the owner takes it back and gives the "
              "trick's winner a low card from his side's tricks in exchange."),
            _("Played in the last trick, it goes to the side that wins that trick: lost when "
              "that is the other side, kept when it is its own."),
        ]),
        "target": (_("The oudlers and the target"), [
            _("At the end the taker's side counts the cards of its tricks. The oudlers among "
              "them set what it needs: %(t0)s points with no oudler, %(t1)s with one, %(t2)s "
              "with two and %(t3)s with all three.", t0=TARGETS[0], t1=TARGETS[1],
              t2=TARGETS[2], t3=TARGETS[3]),
            _("Reaching the target makes the contract; the gap between the points and the "
              "target is the difference."),
        ]),
        "deal": (_("The deal and the chien"), [
            _("The dealer deals the cards in packets, and sets a few aside face down: the "
              "chien. With 3 players each holds %(h3)s cards and the chien has %(c3)s; with 4, "
              "%(h4)s and %(c4)s; with 5, %(h5)s and %(c5)s.",
              h3=sizes[3].hand_size, c3=sizes[3].chien_size, h4=sizes[4].hand_size,
              c4=sizes[4].chien_size, h5=sizes[5].hand_size, c5=sizes[5].chien_size),
            _("Which side the chien counts for depends on the contract (step %(step)s).",
              step=_number("ecart")),
        ]),
        "petit-sec": (_("Petit sec and misdeal"), [
            _("A player whose only trump is the petit, with no excuse, holds the petit sec: "
              "he shows his hand and the deal is annulled before the bidding."),
            _("A misdeal (packets dealt the wrong way, a wrong number of cards in a hand or in "
              "the chien, a face card or a trump turned over) is dealt again by the same "
              "dealer, who then may not take."),
        ]),
        "bidding": (_("The bidding"), [
            _("Each player speaks once, starting with the player on the dealer's right: he "
              "passes or names a contract higher than any named before. From the lowest: "
              "petite, garde, garde sans, garde contre."),
            _("The highest bid makes its player the taker; the others are the defence. If "
              "everybody passes, the cards are dealt again."),
        ]),
        "ecart": (_("The chien and the écart"), [
            _("Under a petite or a garde the taker shows the chien, takes it into his hand, "
              "and puts the same number of cards aside: the écart, which counts for him."),
            _("No king and no oudler may go into the écart, and a trump only when there is "
              "no other choice; trumps put aside are shown to the defence."),
            _("Under a garde sans the chien stays face down and counts for the taker; under a "
              "garde contre it counts for the defence."),
        ]),
        "king-call": (_("Calling a king with five players"), [
            _("With five players the taker calls a king before the chien is shown: whoever holds "
              "it is his partner, unknown to all until the card is played."),
            _("He may call a queen only when he holds the four kings, a knight only with the "
              "four kings and the four queens. If he calls a card of his own hand, or the card "
              "is in the chien, he plays alone, one against four."),
        ]),
        "poignee": (_("The handful"), [
            _("A player with many trumps may show them just before playing his first card: a "
              "handful. With 4 players a single handful is %(s4)s trumps, a double %(d4)s and a "
              "triple %(t4)s; with 3 players %(s3)s, %(d3)s and %(t3)s; with 5 players %(s5)s, "
              "%(d5)s and %(t5)s.", **thresholds),
            _("The excuse may stand for a missing trump. The bonus, %(b1)s, %(b2)s or %(b3)s "
              "points, goes to the side that wins the deal, whoever showed it.",
              b1=bonuses[0], b2=bonuses[1], b3=bonuses[2]),
        ]),
        "score": (_("The score"), [
            _("A deal is worth %(base)s plus the difference, multiplied by the contract: "
              "%(multipliers)s.", base=CONTRACT_BASE, multipliers=multipliers),
            _("Each defender loses that total when the contract is made, and wins it when it "
              "fails; the taker wins or loses as much as all the defenders together, so the "
              "scores add up to zero."),
        ]),
        "rounding": (_("Rounding the difference"), [
            _("Points can end in a half. The difference is then rounded, and the half point "
              "goes to the side that wins: when the taker needs %(target)s points, %(under)s fails "
              "by %(by_under)s and %(over)s makes it by %(by_over)s.", target=two,
              under=halves[0], over=halves[1],
              by_under=difference(under, two)[1], by_over=difference(over, two)[1]),
        ]),
        "five": (_("The score with five players"), [
            _("With five players the taker marks twice the total and his partner once; each of "
              "the three defenders marks the total with the other sign. A taker playing "
              "alone marks four times the total."),
        ]),
        "three": (_("The score with three players"), [
            _("With three players the taker marks twice the total, and each of the two "
              "defenders the total with the other sign."),
        ]),
        "petit-au-bout": (_("The petit au bout"), [
            _("The petit in the last trick is “au bout”: the side that wins that trick gets "
              "%(petit)s times the contract's multiplier, whatever the result of the deal.",
              petit=PETIT_AU_BOUT_BONUS),
        ]),
        "chelem": (_("The slam"), [
            _("A side that wins every trick makes a slam. Announced before the first card and "
              "made, it adds %(announced)s; made without being announced, %(unannounced)s; "
              "announced and not made, it costs %(failed)s. The taker who announces it leads "
              "the first trick.", announced=CHELEM_ANNOUNCED, unannounced=CHELEM_UNANNOUNCED,
              failed=-CHELEM_FAILED),
            _("In a slam the taker who holds the excuse plays it in the last trick, and it wins "
              "that trick."),
        ]),
        "sitout": (_("Six or seven at the table"), [
            _("At six, a different person sits out each deal and the other five play a "
              "five-player deal, with its king call; at seven, two sit out. Those sitting out "
              "score nothing."),
        ]),
        "revoke": (_("The revoke and the referee"), [
            _("A player who does not follow suit, trump or overtrump when he could has "
              "revoked. It shows later, when he plays a card his earlier play said he did not "
              "hold."),
            _("Then call the referee: the deal stops, and the referee rules whether it is "
              "scored as played or dealt again."),
        ]),
        "save-petit": (_("Save or hunt the petit"), [
            _("The petit is an oudler worth %(points)s points: the side that ends with it "
              "needs fewer points. Its holder plays it where no opponent can take it: last to "
              "play, or under his partner's trump that holds the trick.",
              points=_points("T1")),
            _("The other side hunts it: leading trumps forces out the trumps that guard it. "
              "The exercises ask which card a good player plays, as the advice engine plays "
              "it."),
        ]),
        "charge": (_("Loading your partner's trick"), [
            _("When your side holds the trick and no opponent after you can take it, give it "
              "your points: a king, a queen, a knight. When the trick is lost, give it your "
              "lowest card."),
        ]),
        "excuse-play": (_("When to play the excuse"), [
            _("Play the excuse before the last trick, where it would go to the side that wins "
              "that trick. Played on a trick the other side wins, it saves a card that side "
              "would take."),
        ]),
        "voids": (_("Voids in the écart"), [
            _("A taker who puts a short suit whole in his écart has none of it left: when it "
              "is led he trumps it, and the cards of the écart count for him. Kings and "
              "oudlers stay in the hand."),
        ]),
    }


def steps() -> list[dict[str, Any]]:
    """Every step in the request's language: ``slug``, ``title``, ``paragraphs`` (plain
    text), ``rules`` (the catalog rules it teaches: ``id`` and ``title``) and ``exercise``
    (``kind``, ``title``, ``lead``, ``players``, ``seeds``: its designed questions)."""
    texts = _texts()
    lead = _("Questions chosen for this step, asked again until each is answered right.")
    # Rows alike by nature: each exercise's title, as catalog messages.
    exercise = {
        "trick": _("Exercise: which card wins the trick?"),
        "count": _("Exercise: how many points are these cards worth?"),
        "bid": _("Exercise: may you make this bid?"),
        "ecart": _("Exercise: is this écart legal?"),
        "play": _("Exercise: which cards may you play?"),
        "score": _("Exercise: what does the taker score?"),
        "target": _("Exercise: how many points does the taker need?"),
        "hand": _("Exercise: must the deal be annulled?"),
        "king": _("Exercise: may the taker call this card?"),
        "poignee": _("Exercise: which handful may you show?"),
        "chelem": _("Exercise: what does the slam bring?"),
        "sitout": _("Exercise: who plays this deal?"),
        "revoke": _("Exercise: was there a revoke?"),
        "advice": _("Exercise: which card would a good player play?"),
        "void": _("Exercise: which suit would you empty?"),
    }
    made = []
    for planned in PLAN:
        title, paragraphs = texts[planned.slug]
        made.append({
            "slug": planned.slug, "topic": planned.topic, "title": title,
            "paragraphs": paragraphs,
            "rules": [{"id": rule, "title": rule_title(rule)} for rule in planned.rules],
            "exercise": {"kind": planned.kind, "title": exercise[planned.kind], "lead": lead,
                         "players": planned.players, "seeds": list(planned.seeds)},
        })
    return made


def step(number: int) -> dict[str, Any] | None:
    """Step ``number`` (1 to :data:`STEPS`), or ``None``."""
    return steps()[number - 1] if 1 <= number <= STEPS else None


@lru_cache(maxsize=4)
def _pattern(lang: str) -> tuple[re.Pattern[str], dict[str, str]]:
    terms = sorted(glossary_links(lang), key=lambda t: -len(t["term"]))
    ids = {t["term"].lower(): t["id"] for t in terms}
    words = "|".join(re.escape(t["term"]) for t in terms)
    return re.compile(rf"(?<![\w-])({words})(s|x)?(?![\w-])", re.IGNORECASE), ids


def linked(text: str, lang: str) -> Markup:
    """``text`` with the first occurrence of each tarot word linked to its glossary entry
    (the words :func:`tutor.web.texts.glossary_links` lists, as ``tutor.js`` links them)."""
    pattern, ids = _pattern(lang)
    out: list[str] = []
    seen: set[str] = set()
    last = 0
    for match in pattern.finditer(text):
        term = ids.get(match.group(1).lower())
        if term is None or term in seen:
            continue
        seen.add(term)
        out.append(escape(text[last:match.start()]))
        out.append(Markup('<a class="term" href="/glossary#{}">{}</a>').format(term,
                                                                               match.group(0)))
        last = match.end()
    out.append(escape(text[last:]))
    return Markup("").join(out)
