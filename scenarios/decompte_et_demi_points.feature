# language: fr
Fonctionnalité: Le décompte des points et les demi-points
  À la fin de la donne, on compte les points des levées du preneur d'une part, de la défense
  d'autre part : les deux totaux font toujours 91 points. Si le nombre de points du preneur
  n'est pas entier, le demi-point va au camp gagnant : s'il manque un demi-point au preneur, son
  contrat est chuté. Le contrat exactement réalisé est « juste fait », donc gagné.

  @source-000_79ccdf50a49e58e5 @source-002_42b61915e8d93b37 @source-003_28a2a38e1528519c
  @rule-score.base
  Scénario: Le contrat juste fait est gagné
    Soit une donne à 4 joueurs en "petite"
    Et le preneur réalise 41 points avec 2 bouts
    Quand je calcule la marque
    Alors le contrat est juste fait
    Et le contrat rapporte +25
    Et les marques sont "preneur +75, défenseurs -25"
    Et l'explication contient "41 − 41 = 0 : le contrat est juste fait."

  @source-000_79ccdf50a49e58e5 @source-002_42b61915e8d93b37 @source-003_28a2a38e1528519c
  @rule-counting.half-point
  Plan du Scénario: S'il manque un demi-point au preneur, son contrat est chuté
    Soit une donne à <joueurs> joueurs en "petite"
    Et le preneur réalise <points> points avec <bouts> bouts
    Quand je calcule la marque
    Alors le contrat est chuté de 1 point
    Et le contrat rapporte -26

    Exemples:
      | joueurs | points | bouts |
      | 3       | 35,5   | 3     |
      | 5       | 50,5   | 1     |
      | 5       | 55,5   | 0     |

  @derived
  @rule-counting.half-point @rule-score.split
  Plan du Scénario: À 3 joueurs, 40,5 points avec 2 bouts chutent d'un point, 41,5 points passent d'un point
    Soit une donne à 3 joueurs en "garde"
    Et le preneur réalise <points> points avec 2 bouts
    Quand je calcule la marque
    Alors le contrat est <résultat> de 1 point
    Et le contrat rapporte <contrat>
    Et les marques sont "<marques>"
    Et la somme des marques est nulle
    Et l'explication contient "<calcul>"
    Et l'explication contient "le demi-point va au camp gagnant"

    Exemples:
      | points | résultat | contrat | marques                      | calcul                                |
      | 40,5   | chuté    | -52     | preneur -104, défenseurs +52 | 40,5 − 41 = −0,5, compté −1           |
      | 41,5   | gagné    | +52     | preneur +104, défenseurs -52 | 41,5 − 41 = 0,5, compté 1             |

  @source-002_42b61915e8d93b37 @source-003_28a2a38e1528519c
  @rule-counting.half-point
  Plan du Scénario: La différence est arrondie au point entier, en faveur du camp gagnant
    Soit une donne à 5 joueurs en "garde"
    Et le preneur réalise <points> points avec 1 bout
    Quand je calcule la marque
    Alors le contrat est <résultat> de <écart> points

    Exemples:
      | points | résultat | écart |
      | 55,5   | gagné    | 5     |
      | 46,5   | chuté    | 5     |
      | 51,5   | gagné    | 1     |

  @source-003_28a2a38e1528519c @source-000_79ccdf50a49e58e5
  @rule-counting.half-point @rule-counting.total @rule-counting.excuse @rule-counting.defence-tricks
  Scénario: Une garde à 3 joueurs jouée carte par carte : 46,5 points avec un bout chutent de 5
    Soit une donne jouée à 3 joueurs en "garde", le preneur étant le joueur 0
    Et le chien "4S 8H CH 2C 7C CC"
    Et l'écart "4S 5H 8H 10H 3C 7C"
    Et les plis joués sont :
      | pli | entame | cartes |
      | 1 | 2 | 4D KD 8D |
      | 2 | 0 | T14 T21 T17 |
      | 3 | 1 | 4H QH 2H |
      | 4 | 2 | 9S CS EX |
      | 5 | 0 | T20 T2 T8 |
      | 6 | 0 | 1H 9H 3H |
      | 7 | 1 | 4C JC KC |
      | 8 | 0 | JH 7H KH |
      | 9 | 2 | QD 1D CD |
      | 10 | 2 | 9D T13 5D |
      | 11 | 0 | 1S 3S 2S |
      | 12 | 1 | T4 T18 T19 |
      | 13 | 0 | T12 T3 T7 |
      | 14 | 0 | 2C 8C 10C |
      | 15 | 2 | 2D T9 3D |
      | 16 | 0 | CH 6H T5 |
      | 17 | 2 | 7S KS QS |
      | 18 | 0 | CC 1C T11 |
      | 19 | 2 | 10D T15 T1 |
      | 20 | 0 | T16 T10 JD |
      | 21 | 0 | 5C QC 7D |
      | 22 | 1 | 8S 10S 6S |
      | 23 | 2 | 5S T6 JS |
      | 24 | 0 | 9C 6C 6D |
    Quand je calcule la marque de la donne jouée
    Alors le camp du preneur compte 46,5 points et 1 bout
    Et la défense compte 44,5 points et 2 bouts
    Et les deux camps totalisent 91 points
    Et le contrat est chuté de 5 points
    Et les marques sont "preneur -120, défenseurs +60"
    Et la somme des marques est nulle

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c
  @rule-counting.half-point @rule-counting.total @rule-score.split @rule-call.king @rule-table.camps @rule-counting.defence-tricks
  Scénario: Une petite à 5 joueurs jouée carte par carte : 61,5 points avec 2 bouts passent de 21
    # Le preneur (joueur 0) appelle le roi de carreau, que le joueur 1 détient et joue au 3e pli.
    Soit une donne jouée à 5 joueurs en "petite", le preneur étant le joueur 0
    Et la carte appelée est "KD", détenue par le joueur 1
    Et le chien "8D T12 T19"
    Et l'écart "2H 10H JC"
    Et les plis joués sont :
      | pli | entame | cartes |
      | 1 | 1 | T2 T6 EX T10 T13 |
      | 2 | 0 | QC 10C 9C 6C KC |
      | 3 | 4 | JD QD KD 2D 7D |
      | 4 | 1 | QH CH 8H 6H 9H |
      | 5 | 1 | T14 T15 T17 T1 T19 |
      | 6 | 0 | 3S 9S 7S 10S 2S |
      | 7 | 3 | T9 T16 T20 T21 4C |
      | 8 | 1 | 7C 8C 2C CC T8 |
      | 9 | 0 | 3D 1D 10D 9D 6D |
      | 10 | 2 | 8S QS 4S T12 KS |
      | 11 | 0 | T4 T18 3C T3 5D |
      | 12 | 1 | 7H 4D 5H KH 1H |
      | 13 | 4 | 1C T7 T11 5C JS |
      | 14 | 1 | JH 1S CS 3H T5 |
      | 15 | 0 | 8D 4H 6S 5S CD |
    Quand je calcule la marque de la donne jouée
    Alors le camp du preneur compte 61,5 points et 2 bouts
    Et la défense compte 29,5 points et 1 bout
    Et les deux camps totalisent 91 points
    Et le contrat est gagné de 21 points
    Et les marques sont "preneur +92, partenaire +46, défenseurs -46"
    Et la somme des marques est nulle
