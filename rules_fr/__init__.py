"""French tarot rules (FFT), as data and pure functions: no web, no database, no catalogs.

Modules of one concern each: :mod:`~rules_fr.cards`, :mod:`~rules_fr.table`,
:mod:`~rules_fr.contracts`, :mod:`~rules_fr.verdicts`, :mod:`~rules_fr.deal`,
:mod:`~rules_fr.bidding`, :mod:`~rules_fr.kingcall`, :mod:`~rules_fr.ecart`,
:mod:`~rules_fr.poignee`, :mod:`~rules_fr.play`, :mod:`~rules_fr.counting`,
:mod:`~rules_fr.scoring`, :mod:`~rules_fr.partie`, :mod:`~rules_fr.catalog`; and around them
:mod:`~rules_fr.donne` (one deal as a state machine), :mod:`~rules_fr.replay` (hands rebuilt
from a played deal), :mod:`~rules_fr.renonce` (revokes at a physical table),
:mod:`~rules_fr.duplicate` (duplicate tournaments), :mod:`~rules_fr.simulate` (random
complete deals) and :mod:`~rules_fr.advice` (hand evaluation, advice and bots).
"""

from rules_fr.cards import (
    BOUTS,
    DECK,
    EXCUSE,
    PETIT,
    TWENTY_ONE,
    Card,
    CardParseError,
    CardSet,
    Suit,
    parse_card,
    parse_cards,
    points_half,
)
from rules_fr.contracts import Camp, Contract
from rules_fr.table import TableRules, rules_for
from rules_fr.verdicts import Code, IllegalActionError, Violation

__all__ = [
    "BOUTS", "DECK", "EXCUSE", "PETIT", "TWENTY_ONE", "Camp", "Card", "CardParseError",
    "CardSet", "Code", "Contract", "IllegalActionError", "Suit", "TableRules", "Violation",
    "parse_card", "parse_cards", "points_half", "rules_for",
]
