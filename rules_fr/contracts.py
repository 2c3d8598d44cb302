"""Contracts (the bids) and camps.

The four contracts, from the lowest: petite (also called prise), garde, garde sans le chien,
garde contre le chien. The contract sets the multiplier of the score and who the chien's
cards count for. The *preneur* (taker) plays against the *défense*; at five players a partner,
the holder of the called card, joins the taker's camp.

>>> Contract.parse("garde_sans").multiplier
4
"""

from __future__ import annotations

from enum import IntEnum, StrEnum

__all__ = ["Camp", "Contract"]


class Camp(StrEnum):
    """The two sides of a deal: the taker's camp (attack) and the defence."""

    TAKER = "taker"
    DEFENSE = "defense"

    @property
    def other(self) -> Camp:
        return Camp.DEFENSE if self is Camp.TAKER else Camp.TAKER


class Contract(IntEnum):
    """A contract; the integer order is the order of the bids."""

    PETITE = 1
    GARDE = 2
    GARDE_SANS = 3
    GARDE_CONTRE = 4

    @property
    def code(self) -> str:
        """The API's name: ``petite``, ``garde``, ``garde_sans``, ``garde_contre``."""
        return self.name.lower()

    @property
    def multiplier(self) -> int:
        """×1, ×2, ×4, ×6."""
        return _MULTIPLIERS[self]

    @property
    def taker_takes_chien(self) -> bool:
        """Petite and garde: the chien is shown, taken in hand, and an écart made."""
        return self <= Contract.GARDE

    @property
    def chien_camp(self) -> Camp:
        """Whose tricks the chien (or the écart) counts with."""
        return Camp.DEFENSE if self is Contract.GARDE_CONTRE else Camp.TAKER

    @classmethod
    def parse(cls, text: str) -> Contract:
        """A contract from its API name or a French alias (``prise`` is the petite).

        >>> Contract.parse("prise"), Contract.parse("Garde contre")
        (<Contract.PETITE: 1>, <Contract.GARDE_CONTRE: 4>)
        """
        key = " ".join(str(text).strip().lower().replace("_", " ").replace("-", " ").split())
        try:
            return _ALIASES[key]
        except KeyError:
            raise ValueError(f"unknown contract: {text!r}") from None


_MULTIPLIERS = {Contract.PETITE: 1, Contract.GARDE: 2, Contract.GARDE_SANS: 4,
                Contract.GARDE_CONTRE: 6}
_ALIASES = {
    "petite": Contract.PETITE, "prise": Contract.PETITE, "petite prise": Contract.PETITE,
    "garde": Contract.GARDE,
    "garde sans": Contract.GARDE_SANS, "garde sans le chien": Contract.GARDE_SANS,
    "garde contre": Contract.GARDE_CONTRE, "garde contre le chien": Contract.GARDE_CONTRE,
}
