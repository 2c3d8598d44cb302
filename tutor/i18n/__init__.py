"""Explanations in French and English: the sentences of the tutor, from the Babel catalogs.

The rules core (:mod:`rules_fr`) returns codes and params; this package turns them into
sentences in the reader's language (``?lang=``, else Accept-Language, else French). Sentences
live only in the catalogs of ``translations/`` (domain ``messages``): the code holds English
msgids, the rule catalog French ones (see :mod:`tutor.i18n.catalogs`).

    from tutor.i18n import init_babel, violation_payload, explain_score
"""

from tutor.i18n.errors import error_text
from tutor.i18n.explain import (
    explain_bid,
    explain_deal,
    explain_ecart,
    explain_hand,
    explain_king_call,
    explain_play,
    explain_poignee,
)
from tutor.i18n.language import current_language, init_babel
from tutor.i18n.rules import rule_payload, rule_title
from tutor.i18n.scores import explain_score, line_text, score_payload
from tutor.i18n.violations import violation_message, violation_payload
from tutor.i18n.words import card_list, card_name

__all__ = [
    "card_list",
    "card_name",
    "current_language",
    "error_text",
    "explain_bid",
    "explain_deal",
    "explain_ecart",
    "explain_hand",
    "explain_king_call",
    "explain_play",
    "explain_poignee",
    "explain_score",
    "init_babel",
    "line_text",
    "rule_payload",
    "rule_title",
    "score_payload",
    "violation_message",
    "violation_payload",
]
