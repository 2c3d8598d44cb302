"""The sentences the page script shows, translated on the server and handed to it as JSON.

The script never holds a sentence of its own: it picks these by key. ``%(name)s`` placeholders
are filled by the script with numbers it knows (how many cards are selected).
"""

from __future__ import annotations

from flask_babel import gettext as _

__all__ = ["js_texts"]


def js_texts() -> dict[str, str]:
    """Every sentence of ``tutor.js``, in the page's language, by key."""
    return {
        "legal": _("Legal"),
        "illegal": _("Not allowed"),
        "legal_card": _("may be played"),
        "selected_card": _("selected"),
        "from_chien": _("from the chien"),
        "checking": _("Asking the referee…"),
        "unreachable": _("The referee could not be reached. Try again."),
        "violations": _("Rules broken"),
        "warnings": _("Advice"),
        "legal_count": _("%(count)s of your cards may be played; they are highlighted."),
        "pick_card": _("Choose a card of your hand to see whether it may be played."),
        "selected_count": _("%(count)s of %(size)s cards selected"),
        "trumps_to_show": _("Trumps to show to the defence"),
        "no_trumps_to_show": _("No trump to show."),
        "ecart_legal": _("Legal écart"),
        "ecart_illegal": _("Illegal écart"),
        "won": _("Contract made"),
        "lost": _("Contract lost"),
        "taker": _("Taker"),
        "partner": _("Partner"),
        "defender": _("Each defender"),
        "derivation": _("Step by step"),
        "scores": _("Scores of the deal"),
        "points_suffix": _("points"),
        "deal_number": _("Deal %(number)s"),
        "remove": _("Remove"),
        "total": _("Total"),
        "added": _("Added to the scoresheet."),
        "choose_taker": _("Choose the taker's seat."),
        "rule_link": _("Read the rule"),
        "rules_shown": _("%(count)s rules shown"),
        "player": _("Player %(number)s"),
        "player_name": _("Name of player %(number)s"),
        "bot": _("Robot %(number)s"),
        "cards_left": _("%(count)s cards"),
        "last_trick": _("Last trick won by %(name)s."),
    }
