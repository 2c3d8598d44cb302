"""The words of the game in the reader's language: cards, lists of cards, suits, contracts,
poignées, camps and numbers.

Cards are named the way players say them: "le roi de cœur" / "the king of hearts", "le petit",
"le 21", "l'excuse", "le 7 d'atout" / "the 7 of trumps". A list of cards of one suit shares the suit
("le 7 et le roi de cœur" / "the 7 and the king of hearts"); lists are joined the locale's way
(Babel's ``format_list``). Numbers go through Babel too ("40,5" / "40.5"), and signed scores
use a real minus sign ("−106", "+318").

Every function here needs a Flask request (or app) context with :func:`init_babel` applied: the
words come from the catalogs of the current language.

Speed: the catalog and the locale are looked up in Flask-Babel once per call of a public
function of :mod:`tutor.i18n` (:func:`speaking`), not once per word; the gettext functions here
behave exactly as Flask-Babel's, for the language :func:`speech` gives. Card names are cached
per catalog, integers and half-points are written without Babel's number parser (the same
text: no grouping, the locale's decimal mark, a real minus sign).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from contextvars import ContextVar
from decimal import ROUND_HALF_EVEN, Decimal
from types import SimpleNamespace
from typing import Any, Final, Literal, ParamSpec, TypeVar
from weakref import WeakKeyDictionary

from babel import Locale
from babel.lists import format_list as _babel_format_list
from babel.numbers import format_decimal, get_decimal_symbol
from babel.support import NullTranslations
from flask import g, has_app_context
from flask.globals import _cv_app

from rules_fr.cards import BY_CODE, CAVALIER, DAME, ROI, VALET, Card, CardSet, Suit

__all__ = [
    "Speech",
    "bouts_phrase",
    "camp_name",
    "capitalized",
    "card_list",
    "cards_phrase",
    "card_name",
    "contract_name",
    "count_cards",
    "format_list",
    "gettext",
    "handful_name",
    "ngettext",
    "npgettext",
    "number",
    "pgettext",
    "players_phrase",
    "plural_count",
    "points",
    "request_memo",
    "signed",
    "speaking",
    "speech",
    "suit_name",
    "suit_to_follow",
    "to_cards",
    "trumps_phrase",
]

MINUS = "\u2212"
_OUTSIDE_LOCALE: Final = "fr"
"""The numbers' locale outside any app context (Flask-Babel has no locale there)."""


# --- the current language, looked up once per call ------------------------------------------

class Speech:
    """One catalog in one locale: its gettext lookups (bound, as Flask-Babel calls them), the
    locale's decimal mark, and the card names and score derivations already said.

    One per Flask-Babel domain (one per app: two apps with their own catalogs never share one)
    and locale.
    """

    __slots__ = ("__weakref__", "decimal", "gettext", "locale", "names", "ngettext",
                 "npgettext", "pgettext", "scores")

    def __init__(self, translations: Any, locale: str) -> None:
        self.locale = Locale.parse(locale)
        self.decimal: str = get_decimal_symbol(self.locale)
        self.gettext: Callable[[str], str] = translations.ugettext
        self.ngettext: Callable[[str, str, int], str] = translations.ungettext
        self.pgettext: Callable[[str, str], str] = translations.upgettext
        self.npgettext: Callable[[str, str, str, int], str] = translations.unpgettext
        self.names: dict[tuple[int, bool], str] = {}
        self.scores: dict[Any, dict[str, Any]] = {}
        """Score payloads already worded (:func:`tutor.i18n.scores.score_payload`)."""


_SPEECHES: WeakKeyDictionary[Any, dict[Locale, Speech]] = WeakKeyDictionary()
"""Speeches by Flask-Babel domain (one per app) and locale."""
_OUTSIDE: Final = Speech(NullTranslations(), _OUTSIDE_LOCALE)
_ACTIVE: ContextVar[Speech | None] = ContextVar("tutor_i18n_speech", default=None)
_G_STATE: Final = "_tutor_i18n"


class _RequestState:
    """What this app context (a request) already resolved: the Speech of its locale and
    domain, and the sentences already said (:func:`request_memo`)."""

    __slots__ = ("domain", "locale", "memo", "speech")

    def __init__(self, locale: Any, domain: Any, speech: Speech) -> None:
        self.locale, self.domain, self.speech = locale, domain, speech
        self.memo: dict[Any, Any] = {}


def _resolve() -> Speech:
    """The Speech of Flask-Babel's current catalog and locale (what its gettext would use).

    Kept on ``g`` for the rest of the request while Flask-Babel's locale and domain stay the
    same objects (``force_locale`` or ``refresh`` change them, and a new Speech is found).
    They are read from, and at a request's first word stored into, Flask-Babel's namespace on
    ``g`` as its ``get_locale`` and ``get_domain`` do (the locale selector's choice, else the
    default locale; the Babel instance's domain) — through Flask's proxies those two calls
    and the catalog lookup cost a tenth of a request, more than the words they serve."""
    app_context = _cv_app.get(None)
    if app_context is None:  # Flask-Babel answers with empty translations
        return _OUTSIDE
    found_g = app_context.g
    babel = getattr(found_g, "_flask_babel", None)
    if babel is None:
        babel = found_g._flask_babel = SimpleNamespace()
    locale = getattr(babel, "babel_locale", None)
    domain = getattr(babel, "babel_domain", None)
    known: _RequestState | None = getattr(found_g, _G_STATE, None)
    if known is not None and locale is not None and locale is known.locale and \
            domain is known.domain:
        return known.speech
    state = app_context.app.extensions["babel"]
    if locale is None:
        chosen = state.locale_selector() if state.locale_selector is not None else None
        locale = babel.babel_locale = state.instance.default_locale if chosen is None \
            else Locale.parse(chosen)
    if domain is None:
        domain = babel.babel_domain = state.instance.domain_instance
    by_locale = _SPEECHES.get(domain)
    if by_locale is None:
        by_locale = _SPEECHES[domain] = {}
    found = by_locale.get(locale)  # (a Locale: its string is a join of five fields, each time)
    if found is None:  # the domain's catalog of that locale, loaded once (Flask-Babel keeps it)
        found = by_locale[locale] = Speech(domain.get_translations(), str(locale))
    setattr(found_g, _G_STATE, _RequestState(locale, domain, found))
    return found


def request_memo() -> dict[Any, Any] | None:
    """A dict that lives as long as the current request and its language, for sentences a
    request would otherwise word twice (a violation in its payload, then in the
    explanation); ``None`` outside an app context."""
    if not has_app_context():
        return None
    current = speech()
    state: _RequestState | None = g.get(_G_STATE)
    if state is None or state.speech is not current:
        return None
    return state.memo


def speech() -> Speech:
    """The current language: the one :func:`speaking` resolved for this call, else looked up."""
    active = _ACTIVE.get()
    return active if active is not None else _resolve()


_P = ParamSpec("_P")
_R = TypeVar("_R")


def speaking(function: Callable[_P, _R]) -> Callable[_P, _R]:
    """Look the language up once for the whole call of ``function`` (a public function that
    says many words), rather than once per word; nested calls reuse it. (So a
    ``force_locale`` must wrap the public call, not run inside one: none does.)"""

    @functools.wraps(function)
    def wrapper(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        if _ACTIVE.get() is not None:
            return function(*args, **kwargs)
        token = _ACTIVE.set(_resolve())
        try:
            return function(*args, **kwargs)
        finally:
            _ACTIVE.reset(token)

    return wrapper


def gettext(string: str, **variables: Any) -> str:
    """Flask-Babel's ``gettext``, in the current :func:`speech`."""
    text = speech().gettext(string)
    return text % variables if variables else text


def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
    """Flask-Babel's ``ngettext`` (``num`` is a variable too), in the current :func:`speech`."""
    variables.setdefault("num", num)
    return speech().ngettext(singular, plural, num) % variables


def pgettext(context: str, string: str, **variables: Any) -> str:
    """Flask-Babel's ``pgettext``, in the current :func:`speech`."""
    text = speech().pgettext(context, string)
    return text % variables if variables else text


def npgettext(context: str, singular: str, plural: str, num: int, **variables: Any) -> str:
    """Flask-Babel's ``npgettext``, in the current :func:`speech`."""
    variables.setdefault("num", num)
    return speech().npgettext(context, singular, plural, num) % variables


ListStyle = Literal["standard", "or"]
"""How a list is joined: "a, b et c" or "a, b ou c"."""


# --- numbers --------------------------------------------------------------------------------

_PLAIN_LIMIT: Final = 10**15
"""Integers below this are written with ``str()``: exactly what Babel writes for them."""


def number(value: int | float | Decimal) -> str:
    """A number the locale's way, without thousands separators (scores read like the
    rulebook's "+1746"): ``40,5`` in French, ``40.5`` in English."""
    if type(value) is int and -_PLAIN_LIMIT < value < _PLAIN_LIMIT:
        return str(value) if value >= 0 else f"{MINUS}{-value}"
    exact = value if isinstance(value, Decimal) else Decimal(str(value))
    negative = exact < 0
    text = format_decimal(abs(exact), locale=speech().locale, group_separator=False)
    return f"{MINUS}{text}" if negative else text


def points(half_points: int) -> str:
    """Half-points as points: 97 → ``48,5`` / ``48.5``; 98 → ``49``."""
    if type(half_points) is int and -_PLAIN_LIMIT < half_points < _PLAIN_LIMIT:
        whole, half = divmod(abs(half_points), 2)
        text = f"{whole}{speech().decimal}5" if half else str(whole)
        return f"{MINUS}{text}" if half_points < 0 else text
    return number(Decimal(half_points) / 2)


def plural_count(value: int | float | Decimal) -> int:
    """The count to give :func:`ngettext` for a sentence about ``value`` (as :func:`number`
    writes it): the plural form the locale's CLDR rule gives that number, decimals included,
    as a whole number of the same form — gettext's Plural-Forms see whole numbers only.

    English: only a bare 1 is singular ("1 match point", "1.5 match points", "0.5 points");
    French: below 2 is singular ("1,5 point de match", "0,5 point", "2,5 points"). The sign is
    not counted ("−1 match point"). The count picks the form; the sentence says ``value``.
    """
    if type(value) is int:
        return abs(value)
    locale = speech().locale
    return _whole_of_form(locale, locale.plural_form(_as_written(value, locale)))


def _as_written(value: float | Decimal, locale: Locale) -> Decimal:
    """``abs(value)`` with the fraction digits :func:`number` writes (the rule reads them: an
    English "1" is singular, "1.5" is not): rounded as Babel rounds, trailing zeros dropped."""
    least, most = locale.decimal_formats[None].frac_prec
    exact = abs(value if isinstance(value, Decimal) else Decimal(str(value)))
    shown = exact.quantize(Decimal(1).scaleb(-most), rounding=ROUND_HALF_EVEN).normalize()
    exponent = shown.as_tuple().exponent
    if isinstance(exponent, int) and exponent > -least:  # 1E+2 is written 100
        shown = shown.quantize(Decimal(1).scaleb(-least))
    return shown


_WHOLE_OF_FORM: dict[tuple[str, str], int] = {}
"""(locale, CLDR plural category) -> the least whole number of that category."""


def _whole_of_form(locale: Locale, category: str) -> int:
    key = (str(locale), category)
    found = _WHOLE_OF_FORM.get(key)
    if found is None:
        candidates = [*range(1000), *(10**k for k in range(3, 13))]
        found = next((n for n in candidates if locale.plural_form(n) == category), 2)
        _WHOLE_OF_FORM[key] = found
    return found


def signed(value: int | float | Decimal) -> str:
    """A score with its sign, as the rulebook writes them: ``+318``, ``−106``, ``0``."""
    if value > 0:
        return f"+{number(value)}"
    return number(value)


def format_list(items: Iterable[str], style: ListStyle = "standard") -> str:
    """``a, b et c`` / ``a, b, and c``; ``style="or"`` for alternatives."""
    items = list(items)
    if len(items) <= 1:
        return items[0] if items else ""
    return _babel_format_list(items, style=style, locale=speech().locale)


# --- cards ----------------------------------------------------------------------------------

def to_cards(value: Any) -> list[Card]:
    """Cards from what a violation's params hold: codes (``"KH"``), Card objects, a CardSet,
    or a list of any of those; in deck order, without repeats. Unknown codes are dropped."""
    if value is None:
        return []
    if isinstance(value, Card):
        return [value]
    if isinstance(value, str):
        card = BY_CODE.get(value)
        return [card] if card is not None else []
    if isinstance(value, CardSet):
        return list(value)
    cards: dict[int, Card] = {}
    for item in value:
        for card in to_cards(item):
            cards[card.index] = card
    return [cards[index] for index in sorted(cards)]


def _rank_with_article(card: Card) -> str:
    rank = card.rank
    if rank == ROI:
        return pgettext("rank with article", "the king")
    if rank == DAME:
        return pgettext("rank with article", "the queen")
    if rank == CAVALIER:
        return pgettext("rank with article", "the knight")
    if rank == VALET:
        return pgettext("rank with article", "the jack")
    if rank == 1:
        return pgettext("rank with article", "the ace")
    return pgettext("rank with article", "the %(rank)s", rank=rank)


def _rank_bare(card: Card) -> str:
    rank = card.rank
    if rank == ROI:
        return pgettext("rank", "king")
    if rank == DAME:
        return pgettext("rank", "queen")
    if rank == CAVALIER:
        return pgettext("rank", "knight")
    if rank == VALET:
        return pgettext("rank", "jack")
    if rank == 1:
        return pgettext("rank", "ace")
    return str(rank)


def _of_suit(suit: Suit, ranks: str) -> str:
    """Ranks followed by their suit: "le 7 et le roi" → "le 7 et le roi de cœur"."""
    if suit is Suit.SPADES:
        return pgettext("cards of a suit", "%(ranks)s of spades", ranks=ranks)
    if suit is Suit.HEARTS:
        return pgettext("cards of a suit", "%(ranks)s of hearts", ranks=ranks)
    if suit is Suit.DIAMONDS:
        return pgettext("cards of a suit", "%(ranks)s of diamonds", ranks=ranks)
    return pgettext("cards of a suit", "%(ranks)s of clubs", ranks=ranks)


def _trumps(cards: list[Card], style: ListStyle = "standard") -> str:
    """Plain trumps (2 to 20) sharing the word, each named in full: "le 7 et le 12 d'atout" /
    "the 7 and the 12 of trumps" (not "trumps 7 and 12", which a learner reads as a code)."""
    ranks = format_list((pgettext("trump number in a list", "the %(rank)s", rank=card.rank)
                         for card in cards), style)
    return gettext("%(ranks)s of trumps", ranks=ranks)


def card_name(card: Card | str, *, article: bool = True) -> str:
    """The card's name in the current language: "le roi de cœur" / "the king of hearts",
    "le petit", "l'excuse", "le 21", "le 7 d'atout" / "the 7 of trumps"; ``article=False`` drops the
    article ("roi de cœur", "7 d'atout").
    """
    if isinstance(card, str):
        card = BY_CODE[card]
    names = speech().names
    key = (card.index, article)
    name = names.get(key)
    if name is None:
        name = names[key] = _card_name(card, article)
    return name


def _card_name(card: Card, article: bool) -> str:
    if card.is_excuse:
        if article:
            return pgettext("card with article", "the excuse")
        return pgettext("card", "excuse")
    if card.is_trump:
        if card.rank == 1:
            if article:
                return pgettext("card with article", "the petit")
            return pgettext("card", "petit")
        if card.rank == 21:
            if article:
                return pgettext("card with article", "the 21")
            return pgettext("card", "21")
        if article:
            return _trumps([card])
        return pgettext("card", "%(rank)s of trumps", rank=card.rank)
    rank = _rank_with_article(card) if article else _rank_bare(card)
    return _of_suit(card.suit, rank)


def _group_key(card: Card) -> str:
    if card.is_trump and card.rank not in (1, 21):
        return "T"
    if card.is_trump or card.is_excuse:
        return card.code  # the petit, the 21 and the excuse stand alone
    return card.suit.value


@speaking
def card_list(value: Any, style: ListStyle = "standard") -> str:
    """Cards named and joined the locale's way, those of one suit sharing it.

    One group: "le 7 et le roi de cœur" / "the 7 and the king of hearts"; "le 3 et le 12
    d'atout" / "the 3 and the 12 of trumps". Single cards of different suits: "le 7 de cœur et
    l'excuse". Several groups, some of more than one card: the groups are separated by semicolons,
    "le 2 et le 5 de pique ; le roi de cœur". ``style="or"`` joins alternatives ("le 7 ou le
    roi de cœur").
    """
    cards = to_cards(value)
    groups: dict[str, list[Card]] = {}
    for card in cards:
        groups.setdefault(_group_key(card), []).append(card)
    phrases: list[str] = []
    for key, members in groups.items():
        if key == "T":
            phrases.append(_trumps(members, style))
        elif len(members) == 1:
            phrases.append(card_name(members[0]))
        else:
            ranks = format_list((_rank_with_article(card) for card in members), style)
            phrases.append(_of_suit(members[0].suit, ranks))
    if len(phrases) <= 1 or all(len(members) == 1 for members in groups.values()):
        return format_list(phrases, style)
    return pgettext("separator between groups of cards", "; ").join(phrases)


def count_cards(value: Any) -> int:
    """How many distinct cards ``value`` names (for ngettext)."""
    return len(to_cards(value))


# --- suits ----------------------------------------------------------------------------------

def suit_name(suit: Suit | str) -> str:
    """The suit as a noun after "no"/"pas de": "hearts" / "cœur"; "trumps" / "atout"."""
    suit = Suit(suit)
    if suit is Suit.SPADES:
        return pgettext("suit name", "spades")
    if suit is Suit.HEARTS:
        return pgettext("suit name", "hearts")
    if suit is Suit.DIAMONDS:
        return pgettext("suit name", "diamonds")
    if suit is Suit.CLUBS:
        return pgettext("suit name", "clubs")
    return pgettext("suit name", "trumps")


def suit_to_follow(suit: Suit | str) -> str:
    """The suit one must play: "a heart" / "à cœur", "a trump" / "atout"."""
    suit = Suit(suit)
    if suit is Suit.SPADES:
        return pgettext("suit to play", "a spade")
    if suit is Suit.HEARTS:
        return pgettext("suit to play", "a heart")
    if suit is Suit.DIAMONDS:
        return pgettext("suit to play", "a diamond")
    if suit is Suit.CLUBS:
        return pgettext("suit to play", "a club")
    return pgettext("suit to play", "a trump")


# --- contracts, poignées, camps -----------------------------------------------------------

def contract_name(contract: Any, *, article: bool = False) -> str:
    """"garde sans" (the name players use in both languages); ``article=True``: "une garde
    sans" / "a garde sans". Accepts a Contract or its API code."""
    code = getattr(contract, "code", contract)
    code = str(code).lower()
    if article:
        if code == "petite":
            return pgettext("contract with article", "a petite")
        if code == "garde":
            return pgettext("contract with article", "a garde")
        if code == "garde_sans":
            return pgettext("contract with article", "a garde sans")
        if code == "garde_contre":
            return pgettext("contract with article", "a garde contre")
        return code
    if code == "petite":
        return pgettext("contract", "petite")
    if code == "garde":
        return pgettext("contract", "garde")
    if code == "garde_sans":
        return pgettext("contract", "garde sans")
    if code == "garde_contre":
        return pgettext("contract", "garde contre")
    return code


def handful_name(level: Any) -> str:
    """"single handful" / "poignée simple", "double handful" / "double poignée", …"""
    code = str(getattr(level, "value", level))
    if code == "simple":
        return pgettext("handful", "single handful")
    if code == "double":
        return pgettext("handful", "double handful")
    if code == "triple":
        return pgettext("handful", "triple handful")
    return code


def camp_name(camp: Any) -> str:
    """"the taker" / "le preneur", "the defence" / "la défense"."""
    if str(getattr(camp, "value", camp)) == "taker":
        return pgettext("camp", "the taker")
    return pgettext("camp", "the defence")


def bouts_phrase(count: int) -> str:
    """"2 oudlers" / "2 bouts"."""
    return npgettext("count", "%(num)d oudler", "%(num)d oudlers", count)


def trumps_phrase(count: int) -> str:
    """"10 trumps" / "10 atouts"."""
    return npgettext("count", "%(num)d trump", "%(num)d trumps", count)


def players_phrase(count: int) -> str:
    """"4 players" / "4 joueurs"."""
    return npgettext("count", "%(num)d player", "%(num)d players", count)


def cards_phrase(count: int) -> str:
    """"6 cards" / "6 cartes"."""
    return npgettext("count", "%(num)d card", "%(num)d cards", count)


def capitalized(text: str) -> str:
    """The text with its first letter in upper case ("le roi…" → "Le roi…")."""
    return text[:1].upper() + text[1:]
