# language: fr
Fonctionnalité: Le petit au bout
  Si le petit fait partie de la dernière levée, il est « au bout » : le camp qui remporte cette
  dernière levée reçoit une prime de 10 points multipliée par le coefficient du contrat, quel que
  soit le résultat de la donne. Elle s'ajoute à sa marque, ou se déduit des gains de l'autre camp.

  @source-000_79ccdf50a49e58e5 @source-002_42b61915e8d93b37 @source-003_28a2a38e1528519c
  @rule-score.petit-au-bout @rule-score.multipliers
  Plan du Scénario: La prime de petit au bout est multipliée par le coefficient du contrat
    Soit une donne à 4 joueurs en "<contrat>"
    Et le preneur réalise 51 points avec 2 bouts
    Et le petit au bout est mené par le preneur
    Quand je calcule la marque
    Alors le petit au bout rapporte <prime>

    Exemples:
      | contrat      | prime |
      | petite       | +10   |
      | garde        | +20   |
      | garde_sans   | +40   |
      | garde_contre | +60   |

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c
  @rule-score.petit-au-bout @rule-petit.au-bout
  Scénario: Garde sans : un défenseur prend le petit au bout, le preneur gagne quand même
    # Le déclarant fait une garde sans le chien. Un défenseur lui prend le petit au bout. Le
    # déclarant donne une prime de 10 × 4 = 40 points à chaque défenseur ; s'il gagne malgré
    # tout son contrat, la prime est déduite de ses gains.
    Soit une donne à 4 joueurs en "garde_sans"
    Et le preneur réalise 43 points avec 2 bouts
    Et le petit au bout est pris par la défense
    Quand je calcule la marque
    Alors le contrat est gagné de 2 points
    Et le contrat rapporte +108
    Et le petit au bout rapporte -40
    Et la marque de la donne est 68

  @source-000_79ccdf50a49e58e5
  @rule-score.petit-au-bout @rule-petit.au-bout
  Plan du Scénario: Prise : un défenseur réalise le dernier pli avec le petit
    # Le déclarant fait une prise. Un défenseur réalise le dernier pli avec le petit. Le
    # déclarant donne une prime de 10 points à chaque défenseur ; si le déclarant gagne quand
    # même la donne, la prime est déduite de ses gains.
    Soit une donne à 4 joueurs en "petite"
    Et le preneur réalise <points> points avec 1 bout
    Et le petit au bout est mené par la défense
    Quand je calcule la marque
    Alors le contrat est <résultat>
    Et le contrat rapporte <contrat>
    Et le petit au bout rapporte -10
    Et la marque de la donne est <marque>

    Exemples:
      | points | résultat | contrat | marque |
      | 56     | gagné    | +30     | 20     |
      | 46     | chuté    | -30     | -40    |

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c
  @rule-petit.au-bout @rule-score.petit-au-bout @rule-counting.total
  Scénario: Une garde sans jouée carte par carte : la défense prend le petit au dernier pli
    # Au dernier pli, le preneur (joueur 0) entame le petit ; le 3 d'atout du joueur 2 le prend.
    # Le preneur gagne sa garde sans de 2 points, mais paie 40 points de petit au bout à chaque
    # défenseur.
    Soit une donne jouée à 4 joueurs en "garde_sans", le preneur étant le joueur 0
    Et le chien "4S QS KH 1D 10C T21"
    Et les plis joués sont :
      | pli | entame | cartes |
      | 1 | 1 | 6D 8D 5D JD |
      | 2 | 0 | T8 T13 T15 T20 |
      | 3 | 3 | 9S KS 5S 2S |
      | 4 | 0 | CH QH 4H JH |
      | 5 | 1 | 1C 8C 3C EX |
      | 6 | 2 | 10H 7H 8H 3H |
      | 7 | 2 | 3S JS 10S 7S |
      | 8 | 3 | JC 5C CC 2C |
      | 9 | 1 | 6H 5H T10 1H |
      | 10 | 3 | 2D KD 9D 7D |
      | 11 | 0 | QD T18 CD 10D |
      | 12 | 1 | 9H T6 T5 T12 |
      | 13 | 0 | T17 T19 T4 3D |
      | 14 | 1 | 7C 6C 9C T16 |
      | 15 | 0 | T9 T2 T11 QC |
      | 16 | 2 | T7 4D T14 2H |
      | 17 | 0 | CS 4C 6S 1S |
      | 18 | 0 | T1 KC T3 8S |
    Quand je calcule la marque de la donne jouée
    Alors le petit au bout revient à la défense
    Et le camp du preneur compte 43 points et 2 bouts
    Et les deux camps totalisent 91 points
    Et le contrat est gagné de 2 points
    Et le contrat rapporte +108
    Et le petit au bout rapporte -40
    Et la marque de la donne est 68
    Et les marques sont "preneur +204, défenseurs -68"
