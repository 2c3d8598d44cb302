"""Advice for learners and the bots' play: how strong a hand is, what to bid, which écart to
make and which card to play, each with its reasons as codes (never sentences).

- :mod:`rules_fr.advice.evaluate` — the club points count of a hand;
- :mod:`rules_fr.advice.bid` — the bid it is worth at 3, 4 and 5 players, the card to call;
- :mod:`rules_fr.advice.ecart` — a legal écart a good player would make;
- :mod:`rules_fr.advice.play` — a card-play policy, always legal, deterministic;
- :mod:`rules_fr.advice.chelem` — whether to announce a chelem (only a certain one);
- :mod:`rules_fr.advice.bot` — a bot's next action in a :class:`~rules_fr.donne.Donne`;
- :mod:`rules_fr.advice.reasons` — the reason codes.
"""
