"""The browser tutor: server-rendered pages (Flask + Jinja) that call the JSON API.

The pages hold no rule of the game. The server renders the layout, the rule catalog and the
situations to study (a random hand and trick, a hand and a chien); every verdict a learner sees
(legal cards, violations, explanations, score derivations) comes from ``/api/v1`` through
``fetch()`` in ``static/web/tutor.js``, which only draws what the API answered.

Language: ``?lang=fr|en`` on any page switches it and is remembered in the ``lang`` cookie;
without it the cookie decides, then Accept-Language, else French (:mod:`tutor.i18n.language`
chooses, for pages and API alike). Every sentence is a msgid of the shared catalogs; the script
receives its sentences already translated (a JSON blob in the page), never hard-coded.
"""

from __future__ import annotations

import random
from typing import Any, Final
from urllib.parse import quote, urlencode

from flask import Blueprint, Flask, Response, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.exceptions import HTTPException, NotFound

from rules_fr.cards import CardParseError, parse_card
from tutor.i18n.language import LANG_COOKIE
from tutor.web.cards import card_view, cards_table
from tutor.web.situations import ecart_situation, trick_situation
from tutor.web.texts import glossary_links, js_texts, practice_texts

__all__ = ["LANG_COOKIE", "LANGUAGES", "bp", "page_error", "register"]

LANGUAGES: Final = ("fr", "en")
_COOKIE_AGE: Final = 365 * 24 * 3600

bp = Blueprint(
    "web",
    __name__,
    template_folder="../templates",
    static_folder="../static/web",
    static_url_path="/static/web",
)


def register(app: Flask) -> None:
    """Mount the pages at the root of ``app`` (the API lives under ``/api/v1``); errors on
    page addresses become pages (see :data:`tutor.errors.PAGE_ERRORS`)."""
    from tutor.errors import PAGE_ERRORS

    app.register_blueprint(bp)
    app.jinja_env.globals["card_view"] = card_view
    app.extensions[PAGE_ERRORS] = page_error


# --- language ------------------------------------------------------------------------------


@bp.after_request
def _remember_language(response: Response) -> Response:
    """A page asked for with ``?lang=fr|en`` (the language switch) remembers that choice in
    the ``lang`` cookie, which :mod:`tutor.i18n.language` reads on the next requests."""
    chosen = request.args.get("lang")
    if chosen in LANGUAGES:
        response.set_cookie(LANG_COOKIE, chosen, max_age=_COOKIE_AGE, samesite="Lax",
                            httponly=False)
    return response


def current_lang() -> str:
    """``fr`` or ``en``: the language the page is rendered in."""
    from flask_babel import get_locale

    locale = get_locale()
    return locale.language if locale is not None and locale.language in LANGUAGES else "fr"


def _switch_url(lang: str) -> str:
    """This very address (whatever page, even one that does not exist) in ``lang``."""
    args = request.args.to_dict(flat=False)
    args["lang"] = [lang]
    return quote(request.script_root + request.path) + "?" + urlencode(args, doseq=True)


def _page(template: str, page: str, title: str, **context: Any) -> str:
    """A page in the layout: its language, the switch, the sentences and card faces the
    script needs (``texts``, ``cards``) and the API's address."""
    lang = current_lang()
    return render_template(
        f"web/{template}",
        page=page,
        title=title,
        lang=lang,
        other_lang="en" if lang == "fr" else "fr",
        switch_url=_switch_url,
        texts=js_texts(),
        glossary=glossary_links(lang),
        cards=cards_table(),
        api=url_for("web.home").rstrip("/") + "/api/v1",
        **context,
    )


# --- errors on pages -------------------------------------------------------------------------


def _error_texts(status: int) -> tuple[str, str]:
    if status == 404:
        return _("Page not found"), _("There is no page at this address: %(path)s.",
                                      path=request.path)
    if status == 405:
        return _("Not possible on this page"), _(
            "This page cannot be used with the method %(method)s.", method=request.method)
    if status >= 500:
        return _("Something went wrong"), _(
            "The tutor could not show this page. Try again in a moment.")
    return _("This page cannot be shown"), _("The request for this page was not understood "
                                             "(error %(status)s).", status=status)


def page_error(error: HTTPException) -> Response:
    """An error on a page address (not under ``/api/``) as a page in the layout, in the
    reader's language; :func:`tutor.errors.handle_http_exception` calls it, so the API keeps
    its problem+json."""
    status = error.code or 500
    title, detail = _error_texts(status)
    html = _page("error.html", "error", title, status=status, detail=detail)
    headers = {name: value for name, value in error.get_headers()
               if name.lower() != "content-type"}
    return Response(html, status=status, headers=headers, mimetype="text/html")


# --- pages ---------------------------------------------------------------------------------
# Routes alike by nature: each page's view gathers its data, then renders through _page.


@bp.get("/")
def home() -> str:
    """What the tutor offers, one link per page."""
    return _page("home.html", "home", _("Tarot tutor"))


@bp.get("/rules")
def rules() -> str:
    """The whole rule catalog by topic, searchable, with the scenarios that illustrate it."""
    from tutor.web.rules import catalog_view

    return _page("rules.html", "rules", _("Rules"), topics=catalog_view())


@bp.get("/examples/<path:example_id>")
def example(example_id: str) -> str:
    """One scenario as a worked example, written as the test suite runs it, with its rules."""
    from tutor.examples import example as find_example
    from tutor.web.examples import example_view

    entry = find_example(example_id)
    if entry is None:
        raise NotFound()
    view = example_view(entry)
    return _page("example_page.html", "example", view["title"], example=view)


def _players_arg() -> int:
    players = request.args.get("players", type=int)
    return players if players in (3, 4, 5) else 4


def _seed_arg() -> int:
    seed = request.args.get("seed", type=int)
    return seed if seed is not None and 0 <= seed < 2**63 else random.randrange(2**31)


def _codes(text: str) -> list[str]:
    """Typed card codes, canonical where the core's parser knows them; an unknown text is
    kept as typed, so that the API names it in its answer."""
    codes = []
    for word in text.replace(",", " ").split():
        try:
            codes.append(parse_card(word).code)
        except CardParseError:
            codes.append(word)
    return codes


def _typed_problems(kind: str, body: dict[str, Any]) -> list[str]:
    """Why a typed situation is no question about the rules (an unknown card text, a card
    twice, a trick longer than the table…), in the API's own words — or nothing. ``kind`` is
    ``play`` or ``ecart``: the API's schema and service that judge ``body``.

    The page asks them before drawing anything: a situation that would be a 422 is told on
    the page, never drawn (an unknown text once appeared as a card "ZZ") nor sent by the
    script (each refusal was a console error).
    """
    from marshmallow import ValidationError

    from tutor.api.check import EcartRequest, PlayRequest
    from tutor.errors import Unprocessable, field_problems
    from tutor.services import check as check_service

    schema, judge = ((PlayRequest(), check_service.play) if kind == "play"
                     else (EcartRequest(), check_service.ecart))
    try:
        judge(schema.load(body))
    except ValidationError as error:
        return [p.as_dict()["detail"] for p in field_problems({"json": error.messages})]
    except Unprocessable as error:
        return [p.as_dict()["detail"] for p in error.problems]
    return []


@bp.get("/trick")
def trick() -> str:
    """A hand and a trick in progress: typed codes, or a random moment of a random deal."""
    players = _players_arg()
    typed_hand = request.args.get("hand", "").strip()
    problems: list[str] = []
    if typed_hand:
        called = _codes(request.args.get("called_card", ""))
        situation = {
            "players": players,
            "hand": _codes(typed_hand),
            "trick": _codes(request.args.get("trick", "")),
            "first_trick": request.args.get("first_trick") == "1",
            "called_card": called[0] if called else None,
            "seed": None,
            "typed": True,
        }
        hand = _codes(typed_hand)
        problems = _typed_problems("play", {
            **{key: situation[key] for key in ("players", "hand", "trick", "first_trick",
                                               "called_card")},
            "card": hand[0] if hand else ""})
    else:
        situation = trick_situation(players, _seed_arg())
    return _page("trick.html", "trick", _("Trick trainer"), situation=situation,
                 problems=problems)


@bp.get("/ecart")
def ecart() -> str:
    """The taker's hand and the chien of a random deal, to choose an écart from; or a typed
    one (``?hand=…&chien=…``, card codes), judged by the API's schema before it is drawn."""
    players = _players_arg()
    contract = request.args.get("contract", "garde")
    if contract not in ("petite", "garde"):
        contract = "garde"
    problems: list[str] = []
    typed_hand = request.args.get("hand", "").strip()
    if typed_hand:
        situation: dict[str, Any] = {"players": players, "seed": None,
                                     "hand": _codes(typed_hand),
                                     "chien": _codes(request.args.get("chien", ""))}
        problems = _typed_problems("ecart", {
            "players": players, "contract": contract, "hand": situation["hand"],
            "chien": situation["chien"], "ecart": []})
    else:
        situation = ecart_situation(players, _seed_arg())
    situation["contract"] = contract
    return _page("ecart.html", "ecart", _("Écart trainer"), situation=situation,
                 problems=problems)


@bp.get("/score")
def score() -> str:
    """The score calculator and a partie scoresheet."""
    return _page("score.html", "score", _("Score calculator"))


@bp.get("/puzzles")
def puzzles() -> str:
    """An endgame puzzle (3 to 5 tricks, every hand shown, one best card): the position from
    the analysis service, the card pressed marked by ``POST /api/v1/puzzles/answer``."""
    from tutor.services.analysis import PUZZLE_SEEDS
    from tutor.services.analysis import puzzle as puzzle_of

    seed = request.args.get("seed", type=int)
    if seed is None or not 0 <= seed < PUZZLE_SEEDS:
        seed = random.randrange(PUZZLE_SEEDS)
    found = puzzle_of(_players_arg(), seed)
    seats = [{"seat": seat, "cards": hand,
              "role": ("taker" if seat == found["taker"] else "partner"
                       if seat == found["partner"] else "defence")}
             for seat, hand in enumerate(found["hands"])]
    return _page("puzzles.html", "puzzles", _("Puzzles"), puzzle=found, seats=seats,
                 next_seed=(seed + 1) % PUZZLE_SEEDS)


@bp.get("/course")
def course() -> str:
    """The beginner's course: its steps, from the cards to the score."""
    from tutor.web.course import steps

    return _page("course.html", "course", _("A course for beginners"), steps=steps())


@bp.get("/course/<int(min=1, max=99):number>")
def course_step(number: int) -> str:
    """One step of the course, with its live exercise (a quiz of the rules engine)."""
    from tutor.web.course import PLAN, STEPS, linked, step

    found = step(number)
    if found is None:
        raise NotFound()
    lang = current_lang()
    return _page("course_step.html", "course", _("Step %(number)s: %(title)s", number=number,
                                                  title=found["title"]),
                 step=found, number=number, count=STEPS,
                 slugs=[planned.slug for planned in PLAN],
                 linked=lambda text: linked(text, lang))


@bp.get("/glossary")
def glossary() -> str:
    """Every tarot word French ⇄ English (:func:`tutor.i18n.glossary.terms`), one anchor per
    term: ``/glossary#<id>`` is where the explanations' links lead."""
    from tutor.i18n.glossary import terms

    lang = current_lang()
    return _page("glossary.html", "glossary", _("Glossary"), terms=terms(lang),
                 other_label=_("in English:") if lang == "fr" else _("in French:"))


def _has_tables(app: Flask) -> bool:
    return any(rule.rule.startswith("/api/v1/tables") for rule in app.url_map.iter_rules())


@bp.get("/practice")
def practice() -> str:
    """A deal against robots on a table of the tables API."""
    from flask import current_app

    return _page("practice.html", "practice", _("Practice table"),
                 available=_has_tables(current_app), practice_texts=card_table_texts())


def card_table_texts() -> dict[str, Any]:
    """What the card table (``table.js``) is given: its sentences, and the trumps of each
    poignée by player count (the core's table rules, not the script's)."""
    from rules_fr.table import rules_for

    return {**practice_texts(), "sizes": {
        str(n): list(rules_for(n).poignee_thresholds) for n in (3, 4, 5)},
        # an online table: the referee's page, and the seats sitting out at six or seven
        "sits_out": _("sits out this deal"),
        "region_out": _("Sitting out this deal"),
        "spectating": _("You follow the table as its referee: no hand is shown."),
        "sitting_out": _("You sit out this deal: you follow it without a hand."),
    }


from tutor.web import referee as _referee  # noqa: E402,F401  (its routes join ``bp``)
