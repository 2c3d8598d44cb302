# language: fr
Fonctionnalité: L'échange de l'Excuse et le dernier pli
  L'Excuse ne remporte pas la levée (sauf en cas de chelem) mais reste la propriété du camp qui
  la détient : si l'adversaire gagne la levée, son détenteur la reprend et donne en échange une
  carte sans valeur prise dans les levées de son camp. Le camp qui garde l'Excuse y gagne donc
  4 points, l'autre camp 0,5 point. Jouée au dernier pli, l'Excuse est perdue par son
  propriétaire et revient au joueur qui remporte ce pli.

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c @source-004_d2c86554901730a1
  @rule-excuse.exchange @rule-counting.excuse @rule-counting.total
  Scénario: L'Excuse jouée dans un pli gagné par la défense reste au preneur, contre une carte basse
    # Au 3e pli, le preneur (joueur 0) joue l'Excuse sur le 2 de pique ; la dame de pique du
    # joueur 1 remporte le pli. Le preneur garde l'Excuse, son seul bout, et donne une carte
    # sans valeur en échange.
    Soit une donne jouée à 4 joueurs en "garde", le preneur étant le joueur 0
    Et le chien "10S 5H 6H T1 T11 T17"
    Et l'écart "10S JS 5H 9H 3D 6C"
    Et les plis joués sont :
      | pli | entame | cartes |
      | 1 | 2 | T6 T12 T17 T15 |
      | 2 | 0 | 5S 4S 7S KS |
      | 3 | 3 | 2S EX QS 6S |
      | 4 | 1 | 9C 1C 3C 7C |
      | 5 | 1 | 1S 9S CS T11 |
      | 6 | 0 | 1H CH 3H 8H |
      | 7 | 1 | T16 T18 T19 T4 |
      | 8 | 3 | T5 T1 T7 T10 |
      | 9 | 2 | 6D 10D 2D 5D |
      | 10 | 3 | T8 KC T2 T9 |
      | 11 | 2 | 5C 2C JC CC |
      | 12 | 1 | CD T13 JD KD |
      | 13 | 2 | 8C QC 10C T3 |
      | 14 | 1 | 9D T21 4D 1D |
      | 15 | 2 | 4H T20 QH JH |
      | 16 | 3 | 8S KH QD 2H |
      | 17 | 3 | 3S 7H 8D 4C |
      | 18 | 3 | T14 6H 7D 10H |
    Quand je calcule la marque de la donne jouée
    Alors l'Excuse compte pour le preneur
    Et l'Excuse a été échangée contre une carte basse
    Et le camp du preneur compte 14 points et 1 bout
    Et la défense compte 77 points et 2 bouts
    Et les deux camps totalisent 91 points
    Et le contrat est chuté de 37 points
    Et les marques sont "preneur -372, défenseurs +124"

  @derived @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c
  @rule-excuse.last-trick @rule-counting.total
  Scénario: L'Excuse jouée au dernier pli change de camp
    # Au dernier pli, le joueur 1, en défense, joue l'Excuse sur le 5 de cœur du preneur, qui
    # remporte le pli : l'Excuse revient au preneur, qui compte ainsi deux bouts.
    Soit une donne jouée à 4 joueurs en "petite", le preneur étant le joueur 0
    Et le chien "6S 7S 4H 5H 6D T9"
    Et l'écart "6S 7S JH 6D JD 7C"
    Et les plis joués sont :
      | pli | entame | cartes |
      | 1 | 3 | 10C 8C 9C 1C |
      | 2 | 3 | QC CC 4C T18 |
      | 3 | 2 | 3S 4S 9S QS |
      | 4 | 1 | T19 T10 T4 T21 |
      | 5 | 0 | T1 T5 T13 T12 |
      | 6 | 2 | 2S 5S KS JS |
      | 7 | 0 | 6C 2C T7 KC |
      | 8 | 2 | T2 T8 T14 T17 |
      | 9 | 1 | 7D 1D 9D 5D |
      | 10 | 3 | 2H 3H T6 KH |
      | 11 | 1 | T15 T3 10D T20 |
      | 12 | 0 | 4H 4D 10H QH |
      | 13 | 3 | CH 8H 3D 6H |
      | 14 | 3 | 3C T11 5C CS |
      | 15 | 0 | 7H JC 8S 1H |
      | 16 | 0 | T16 CD KD QD |
      | 17 | 0 | T9 10S 1S 9H |
      | 18 | 0 | 5H EX 2D 8D |
    Quand je calcule la marque de la donne jouée
    Alors l'Excuse, jouée au dernier pli, a changé de camp
    Et l'Excuse compte pour le preneur
    Et le camp du preneur compte 46 points et 2 bouts
    Et les deux camps totalisent 91 points
    Et le contrat est gagné de 5 points
    Et les marques sont "preneur +90, défenseurs -30"

  @derived @fft-2012
  @rule-excuse.last-trick
  Scénario: Jouer l'Excuse au dernier pli est permis, mais le tuteur avertit qu'elle sera perdue
    Soit une table de 4 joueurs
    Et la main "EX"
    Et le pli en cours "5H 9H"
    Quand je joue "EX"
    Alors le coup est permis
    Et l'avertissement "excuse-last-trick" est donné
    Et l'avertissement "excuse-last-trick" cite la règle "excuse.last-trick"
    Et l'explication contient "l'excuse jouée au dernier pli va au camp qui remporte ce pli"

  @derived
  @rule-excuse.last-trick
  Scénario: Avant le dernier pli, l'Excuse ne suscite aucun avertissement
    Soit une table de 4 joueurs
    Et la main "EX 2S"
    Et le pli en cours "5H 9H"
    Quand je joue "EX"
    Alors le coup est permis
    Et aucun avertissement n'est donné
