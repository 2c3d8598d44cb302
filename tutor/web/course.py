"""The beginner's course: twelve short steps from the cards to the score, each with a live
exercise on the rules engine (a quiz of ``GET /api/v1/quiz/<kind>``, see ``quiz.js``).

Each exercise is designed, not drawn: its questions are the quiz questions of fixed seeds
(:data:`EXERCISE_SEEDS`), chosen so that each shows its step's point — on following suit, a
position where the learner must follow; on trumping, one where they must trump; on the chien, a
chien to count… (``tests/test_course_exercises.py`` judges each by the core). Every load of a
step asks the same questions in the same order; after them "New question" draws at random.

The steps' sentences are msgids of the catalogs (FR and EN); every number they state is read
from the core (``rules_fr``: card points, hand and chien sizes, targets, contract base and
multipliers, the petit au bout bonus), never written in a sentence, so the course cannot say
a figure the referee does not apply. Tarot words are linked to the glossary when the page is
rendered (:func:`linked`).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Final

from flask_babel import gettext as _
from markupsafe import Markup, escape

from rules_fr.cards import CARDS, parse_card
from rules_fr.contracts import Contract
from rules_fr.scoring import CONTRACT_BASE, PETIT_AU_BOUT_BONUS, TARGETS
from rules_fr.table import rules_for
from tutor.web.texts import glossary_links

__all__ = ["EXERCISE_SEEDS", "STEPS", "linked", "step", "steps"]

STEPS: Final = 12
"""How many steps the course has."""

EXERCISE_SEEDS: Final[dict[int, tuple[int, ...]]] = {
    1: (7, 16, 25),  # trick: a trump beats the suit led, a face card of it among them
    2: (0, 10, 11),  # count: an oudler among the cards
    3: (3, 4, 7),  # count: two kinds of face card and low cards
    4: (18, 37, 59),  # count: a chien
    5: (0, 3, 5),  # bid: a bid no higher than one named before
    6: (24, 42, 43),  # écart: a king or an oudler put aside
    7: (3, 5, 11),  # play: a suit led that the hand holds: it must follow
    8: (12, 34, 70),  # play: a suit led that the hand lacks: it must trump
    9: (1, 6, 9),  # play: the excuse may be played when other cards may not
    10: (13, 115, 129),  # trick: no trump; the highest card of the suit led wins
    11: (25, 26, 49),  # count: an oudler and a face card among low cards
    12: (15, 31, 35),  # score: a garde made, no petit au bout, no chelem
}
"""Each step's questions (quiz seeds at four players), in the order they are asked."""


def _points(code: str) -> str:
    """A card's value in points as a reader writes it (4.5, 0.5)."""
    half = parse_card(code).points_half
    return str(half // 2) if half % 2 == 0 else f"{half / 2:g}"


def _contract_names() -> dict[Contract, str]:
    return {Contract.PETITE: _("Petite"), Contract.GARDE: _("Garde"),
            Contract.GARDE_SANS: _("Garde sans"), Contract.GARDE_CONTRE: _("Garde contre")}


def steps() -> list[dict[str, Any]]:
    """Every step in the request's language: ``title``, ``paragraphs`` (plain text) and
    ``exercise`` (``kind``, ``title``, ``lead``, ``seeds``: its designed questions)."""
    total = sum(card.points_half for card in CARDS) // 2
    sizes = {n: rules_for(n) for n in (3, 4, 5)}
    names = _contract_names()
    multipliers = ", ".join(f"{names[c]} × {c.multiplier}" for c in Contract)
    # Rows alike by nature: each exercise's title and hint, as catalog messages.
    exercise = {
        "trick": (_("Exercise: which card wins the trick?"),
                  _("A whole trick chosen for this step, then random ones: press the card "
                    "that wins it.")),
        "count": (_("Exercise: how many points are these cards worth?"),
                  _("A trick or a chien chosen for this step, then random ones: count its "
                    "card points.")),
        "bid": (_("Exercise: may you make this bid?"),
                _("Bids made so far at a table, and a bid: is it allowed?")),
        "ecart": (_("Exercise: is this écart legal?"),
                  _("A taker's hand, the chien and an écart chosen for this step, then "
                    "random ones: may the taker put these cards aside?")),
        "play": (_("Exercise: which cards may you play?"),
                 _("A position chosen for this step, then random ones: select every card you "
                   "may play, then check your answer.")),
        "score": (_("Exercise: what does the taker score?"),
                  _("The figures of a deal played out by the engine: work out the taker's "
                    "score.")),
    }

    def make(title: str, paragraphs: list[str], kind: str) -> dict[str, Any]:
        heading, lead = exercise[kind]
        return {"title": title, "paragraphs": paragraphs,
                "exercise": {"kind": kind, "title": heading, "lead": lead}}

    made = [
        make(_("The cards"), [
            _("French tarot is played with %(cards)s cards: four suits (spades, hearts, "
              "diamonds and clubs) of 14 cards each, 21 trumps numbered 1 to 21, and the "
              "excuse.", cards=len(CARDS)),
            _("In a suit the king is the highest card, then the queen, the knight, the jack, "
              "and the 10 down to the 1. Any trump beats any card of a suit, and a higher "
              "trump beats a lower one. The excuse is played to escape a trick, and almost "
              "never wins one (step 9)."),
        ], "trick"),
        make(_("The three oudlers"), [
            _("Three cards are special, the oudlers: the petit (the 1 of trumps), the 21 of "
              "trumps and the excuse."),
            _("They decide how many points the taker needs: the more oudlers among the cards "
              "his side wins, the fewer points he must make (step 11). The 21 always wins its "
              "trick, but the petit can be taken by any higher trump."),
        ], "count"),
        make(_("What the cards are worth"), [
            _("A king or an oudler is worth %(king)s points, a queen %(queen)s, a knight "
              "%(knight)s, a jack %(jack)s, and every other card %(other)s.",
              king=_points("KH"), queen=_points("QH"), knight=_points("CH"),
              jack=_points("JH"), other=_points("7H")),
            _("The %(cards)s cards together are worth %(total)s points: what one side does "
              "not win, the other does.", cards=len(CARDS), total=total),
        ], "count"),
        make(_("The deal and the chien"), [
            _("The dealer deals the cards in packets, and sets a few aside face down: the "
              "chien. With 3 players each holds %(h3)s cards and the chien has %(c3)s; with 4, "
              "%(h4)s and %(c4)s; with 5, %(h5)s and %(c5)s.",
              h3=sizes[3].hand_size, c3=sizes[3].chien_size, h4=sizes[4].hand_size,
              c4=sizes[4].chien_size, h5=sizes[5].hand_size, c5=sizes[5].chien_size),
            _("The cards of the chien count for the taker's side at the end of the deal (or, "
              "under a petite or a garde, the écart he puts aside in their place), except "
              "under a garde contre (step 6)."),
        ], "count"),
        make(_("The bidding"), [
            _("Each player speaks once, starting with the player on the dealer's right: he "
              "passes or names a contract higher than any named before. From the lowest: "
              "petite, garde, garde sans, garde contre."),
            _("The highest bid makes its player the taker; the others are the defence. If "
              "everybody passes, the cards are dealt again."),
        ], "bid"),
        make(_("The chien and the écart"), [
            _("Under a petite or a garde the taker shows the chien, takes it into his hand, "
              "and puts the same number of cards aside: the écart, which counts for him."),
            _("No king and no oudler may go into the écart, and a trump only when there is "
              "no other choice; trumps put aside are shown to the defence."),
            _("Under a garde sans the chien stays face down and counts for the taker; under a "
              "garde contre it counts for the defence."),
        ], "ecart"),
        make(_("Following suit"), [
            _("The first card of a trick sets the suit. Each player in turn must play a card "
              "of that suit if he has one; he need not play a higher one."),
        ], "play"),
        make(_("Trumping"), [
            _("A player without the suit led must play a trump. If a trump is already in "
              "the trick he must play a higher one when he can, even over his partner; if he "
              "cannot, he still plays a trump, a lower one."),
            _("Only a player with neither the suit led nor a trump may play any other card. "
              "When a trump is led, each player must play a higher trump if he has one."),
        ], "play"),
        make(_("The excuse"), [
            _("The excuse may be played at any time, whatever one holds. As a rule it wins no "
              "trick: its owner's side keeps it, and gives a low card to the trick's winner in "
              "exchange."),
            _("When the excuse is led, the next card sets the suit. Played in the last trick "
              "it goes to the winner of that trick, unless its side has won every other "
              "trick: then it wins the last one too (a slam)."),
        ], "play"),
        make(_("Winning a trick"), [
            _("The highest trump of the trick wins it; with no trump, the highest card of the "
              "suit led. The winner gathers the cards and leads the next trick."),
        ], "trick"),
        make(_("Counting the taker's points"), [
            _("At the end, the taker's side counts the cards of its tricks, with the écart "
              "(or the chien, under a garde sans). "
              "It needs %(t0)s points with no oudler, %(t1)s with one, %(t2)s with two and "
              "%(t3)s with all three.", t0=TARGETS[0], t1=TARGETS[1], t2=TARGETS[2],
              t3=TARGETS[3]),
            _("Reaching the target makes the contract; the gap between the points and the "
              "target is the difference."),
        ], "count"),
        make(_("The score"), [
            _("A deal is worth %(base)s plus the difference, multiplied by the contract: "
              "%(multipliers)s. The petit in the last trick adds %(petit)s times the "
              "multiplier to the side that wins that trick.", base=CONTRACT_BASE,
              multipliers=multipliers, petit=PETIT_AU_BOUT_BONUS),
            _("Each defender loses that total when the contract is made, and wins it when it "
              "fails; the taker's side wins or loses as much as all the defenders together."),
        ], "score"),
    ]
    for number, made_step in enumerate(made, 1):
        made_step["exercise"]["seeds"] = list(EXERCISE_SEEDS[number])
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
