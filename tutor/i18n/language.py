"""Which language a response speaks: ``?lang=``, else the ``lang`` cookie, else
Accept-Language, else French.

French is the language of the rules (the rulebook and the rule catalog are French), so it is
the fallback for a reader whose languages we do not have. A regional tag gives its language
(``fr-CA`` → ``fr``, ``en-GB`` → ``en``). The cookie is the reader's remembered choice: the
browser tutor sets it when a page is asked for with ``?lang=`` (the language switch), so that
the next pages keep that language whatever the browser's Accept-Language says. Every response
says which language it chose in its ``Content-Language`` header (and ``Vary: Accept-Language,
Cookie``, so a cache keeps one per language).
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Final

from babel import Locale
from flask import Flask, Response, g, has_request_context, request
from flask_babel import Babel, get_locale
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from tutor.i18n.catalogs import TRANSLATIONS_DIR, available_languages, compile_catalogs

__all__ = ["DEFAULT_LANGUAGE", "LANG_COOKIE", "current_language", "init_babel", "pick_language",
           "primary_language", "response_language", "supported_languages"]

DEFAULT_LANGUAGE: Final = "fr"
LANG_COOKIE: Final = "lang"
"""The cookie that remembers the reader's choice of language (set by the pages' switch)."""
_CONFIG_LANGUAGES: Final = "TUTOR_LANGUAGES"


def primary_language(tag: str) -> str:
    """The language subtag of a language tag, lowercased: ``fr-CA`` → ``fr``."""
    return tag.strip().replace("_", "-").split("-", 1)[0].lower()


def pick_language(
    query: str | None, accept: LanguageAccept | None, supported: tuple[str, ...],
    cookie: str | None = None,
) -> str:
    """The language to answer in, from ``?lang=``, then the ``lang`` cookie, then the
    Accept-Language header.

    An unsupported ``lang`` (in the query or the cookie) is ignored: the next source decides.
    In the header the highest quality wins and a region gives its language; werkzeug's
    ``best_match`` would prefer an exact ``fr;q=0.9`` to ``en-US`` (q=1), which is not what a
    reader of ``en-US`` wants.

    >>> from werkzeug.http import parse_accept_header
    >>> accept = lambda header: parse_accept_header(header, LanguageAccept)
    >>> pick_language(None, accept("en-US,fr;q=0.9"), ("en", "fr"))
    'en'
    >>> pick_language(None, accept("fr-CA"), ("en", "fr")), pick_language("EN", None, ("en", "fr"))
    ('fr', 'en')
    >>> pick_language("de", accept("de-AT, de;q=0.9"), ("en", "fr"))
    'fr'
    >>> pick_language(None, accept("fr"), ("en", "fr"), cookie="en")
    'en'
    >>> pick_language("fr", None, ("en", "fr"), "en"), pick_language(None, None, ("fr",), "x")
    ('fr', 'fr')
    """
    for chosen in (query, cookie):
        if chosen:
            wanted = primary_language(chosen)
            if wanted in supported:
                return wanted
    if accept:
        for tag, quality in sorted(accept, key=lambda item: -item[1]):  # stable: header order
            if quality <= 0:
                continue
            if tag == "*":
                return DEFAULT_LANGUAGE if DEFAULT_LANGUAGE in supported else supported[0]
            wanted = primary_language(tag)
            if wanted in supported:
                return wanted
    return DEFAULT_LANGUAGE


def supported_languages() -> tuple[str, ...]:
    """The languages of the current app (those with a catalog in ``translations/``)."""
    from flask import current_app

    return tuple(current_app.config.get(_CONFIG_LANGUAGES) or (DEFAULT_LANGUAGE,))


_CACHED_HEADER: Final = 256
"""Accept-Language headers up to this length have their choice cached (longer ones, rare and
maybe hostile, are parsed each time and never fill the cache)."""


@functools.lru_cache(maxsize=1024)
def _choice(query: str | None, header: str, cookie: str | None,
            supported: tuple[str, ...]) -> Locale:
    """The language of a request's three sources, parsed once per distinct value: a request
    pays a lookup, not a header parse and a ``Locale`` of its own."""
    accept = parse_accept_header(header, LanguageAccept) if header else None
    return _locale(pick_language(query, accept, supported, cookie))


@functools.cache
def _locale(code: str) -> Locale:
    return Locale.parse(code)


def _select_locale() -> str | Locale:
    if not has_request_context():
        return DEFAULT_LANGUAGE
    environ = request.environ  # raw strings: parsing the query and cookies costs more
    query = request.args.get("lang") if "lang" in environ.get("QUERY_STRING", "") else None
    cookie = request.cookies.get(LANG_COOKIE) if LANG_COOKIE in environ.get("HTTP_COOKIE", "") \
        else None
    header = environ.get("HTTP_ACCEPT_LANGUAGE", "")
    if len(header) > _CACHED_HEADER or len(query or "") > 32 or len(cookie or "") > 32:
        return pick_language(query, request.accept_languages, supported_languages(), cookie)
    return _choice(query, header, cookie, supported_languages())


def current_language() -> str:
    """The language of the current request (``"fr"`` or ``"en"``); French outside a request.

    >>> current_language()
    'fr'
    """
    locale = get_locale() if has_request_context() else None
    return locale.language if locale is not None else DEFAULT_LANGUAGE


_VARY: Final = "Accept-Language, Cookie"


def response_language() -> str:
    """:func:`current_language` for the response's header, without Flask-Babel's bookkeeping
    when no view asked for the locale (a ping, a count, a 404): the selector's own answer,
    which ``get_locale()`` would store and return. (A fifth of a ping went to that lookup.)"""
    babel = g.get("_flask_babel")  # Flask-Babel's namespace, where get_locale keeps its answer
    locale = getattr(babel, "babel_locale", None)
    if locale is None:
        chosen = _select_locale()
        locale = chosen if isinstance(chosen, Locale) else _locale(chosen)
    return str(locale.language)


def _content_language(response: Response) -> Response:
    headers = response.headers
    headers["Content-Language"] = response_language()
    if "Vary" in headers:  # merged into what the view said (parsed: a rarer, slower path)
        response.vary.add("Accept-Language")
        response.vary.add("Cookie")
    else:
        headers["Vary"] = _VARY
    return response


def init_babel(app: Flask) -> None:
    """Configure Flask-Babel on ``app``: the catalogs of ``translations/`` (compiled now if a
    ``.mo`` is missing or stale), the language chosen per request, ``Content-Language`` on
    every response, and ``get_locale``/``current_language`` in Jinja templates.

    ``BABEL_TRANSLATION_DIRECTORIES`` may point elsewhere (an absolute path); the languages
    served are those with a catalog there.
    """
    directory = Path(app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES",
                                           str(TRANSLATIONS_DIR)))
    if not directory.is_absolute():
        directory = Path(app.root_path) / directory
    compile_catalogs(directory)
    languages = available_languages(directory)
    if DEFAULT_LANGUAGE not in languages:
        languages.append(DEFAULT_LANGUAGE)
    app.config[_CONFIG_LANGUAGES] = tuple(languages)
    app.config.setdefault("BABEL_DEFAULT_LOCALE", DEFAULT_LANGUAGE)
    Babel(app, locale_selector=_select_locale)
    app.after_request(_content_language)
    app.jinja_env.globals.update(get_locale=get_locale, current_language=current_language)
