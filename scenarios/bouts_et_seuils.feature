# language: fr
Fonctionnalité: Les bouts et les points à réaliser
  Le petit (1 d'atout), le 21 d'atout et l'Excuse sont les trois bouts, ou oudlers. Le nombre
  de bouts que le preneur a dans ses levées à la fin de la donne fixe les points qu'il doit
  réaliser : 56 sans bout, 51 avec un bout, 41 avec deux, 36 avec les trois.

  @source-000_79ccdf50a49e58e5 @source-002_42b61915e8d93b37 @source-003_28a2a38e1528519c @source-004_d2c86554901730a1
  @rule-score.targets @rule-cards.bouts @rule-score.base
  Plan du Scénario: Les points à réaliser selon les bouts du preneur
    Soit une donne à 4 joueurs en "garde"
    Et le preneur réalise <seuil> points avec <bouts> bouts
    Quand je calcule la marque
    Alors les points à réaliser sont <seuil>
    Et le contrat est juste fait

    Exemples:
      | bouts | seuil |
      | 0     | 56    |
      | 1     | 51    |
      | 2     | 41    |
      | 3     | 36    |

  @source-000_79ccdf50a49e58e5 @source-002_42b61915e8d93b37 @source-003_28a2a38e1528519c @source-004_d2c86554901730a1
  @rule-score.targets @rule-score.base
  Plan du Scénario: Un point de moins que le seuil, et le contrat chute
    Soit une donne à 4 joueurs en "garde"
    Et le preneur réalise <points> points avec <bouts> bouts
    Quand je calcule la marque
    Alors les points à réaliser sont <seuil>
    Et le contrat est chuté de 1 point

    Exemples:
      | bouts | points | seuil |
      | 0     | 55     | 56    |
      | 1     | 50     | 51    |
      | 2     | 40     | 41    |
      | 3     | 35     | 36    |

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c @source-004_d2c86554901730a1
  @rule-cards.bouts @rule-ecart.no-king-no-bout
  Plan du Scénario: Les trois bouts, et eux seuls, sont des bouts
    Soit une table de 4 joueurs
    Et le contrat "garde"
    Et la main "KS QS 2S 3S 4S KH 5H 6H 7H 2D 3D 4D T1 T21 EX T5 T6 T7"
    Et le chien "8H 9H 5D 6D T8 KC"
    Quand le preneur écarte "<carte> 2S 3S 4S 5H 6H"
    Alors l'écart est interdit
    Et la violation "<violation>" est signalée

    Exemples:
      | carte | violation             |
      | T1    | ecart-bout            |
      | T21   | ecart-bout            |
      | EX    | ecart-bout            |
      | T5    | ecart-trump-avoidable |

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c @source-004_d2c86554901730a1
  @rule-petit.hunt @rule-cards.bouts
  Scénario: Le petit est vulnérable : tous les autres atouts le battent
    Soit une table de 4 joueurs
    Et la main "T1 T5 3S 4S"
    Et le pli en cours "T8"
    Quand je joue "T1"
    Alors le coup est permis
    Et l'avertissement "petit-exposed" est donné
    Et les cartes permises sont "T1 T5"
    Et l'explication contient "le petit risque d'être perdu : le 8 d'atout, un atout plus fort, est déjà dans le pli"

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c
  @rule-cards.bouts @rule-trick.winner
  Plan du Scénario: Le 21 est imprenable
    Quand le pli "<pli>" est complet
    Alors la carte "T21" remporte le pli

    Exemples:
      | pli             |
      | T21 T20 T19 T18 |
      | KH T21 T20 QH   |
      | EX T1 T21 T2    |
