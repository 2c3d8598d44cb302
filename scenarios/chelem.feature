# language: fr
Fonctionnalité: Le chelem
  Réussir le chelem, c'est remporter toutes les levées de la donne. Le chelem est annoncé en
  plus du contrat : annoncé et réalisé, il rapporte une prime de 400 points ; non annoncé mais
  réalisé, 200 points ; annoncé mais non réalisé, 200 points sont déduits. En cas d'annonce,
  l'entame revient au preneur. Si la défense inflige le chelem au preneur, chaque défenseur
  reçoit en plus une prime de 200 points. Le preneur qui fait le chelem joue l'Excuse en
  dernier : elle remporte alors le dernier pli, et le petit est au bout s'il est mené à
  l'avant-dernier pli.

  @source-000_79ccdf50a49e58e5 @source-002_42b61915e8d93b37
  @rule-score.chelem
  Plan du Scénario: Les primes de chelem ne sont pas multipliées par le contrat
    Soit une donne à 4 joueurs en "garde"
    Et le preneur réalise 91 points avec 3 bouts
    Et <annonce>
    Et le preneur remporte tous les plis
    Quand je calcule la marque
    Alors le contrat est gagné de 55 points
    Et le contrat rapporte +160
    Et le chelem rapporte <prime>
    Et la marque de la donne est <marque>
    Et les marques sont "<marques>"

    Exemples:
      | annonce                        | prime | marque | marques                         |
      | le preneur a annoncé le chelem | +400  | 560    | preneur +1680, défenseurs -560  |
      | le chelem n'a pas été annoncé  | +200  | 360    | preneur +1080, défenseurs -360  |

  @source-000_79ccdf50a49e58e5 @source-002_42b61915e8d93b37
  @rule-score.chelem
  Scénario: Un chelem annoncé mais non réalisé coûte 200 points
    Soit une donne à 4 joueurs en "garde"
    Et le preneur a annoncé le chelem
    Et le preneur réalise 80 points avec 2 bouts
    Quand je calcule la marque
    Alors le contrat est gagné de 39 points
    Et le contrat rapporte +128
    Et le chelem rapporte -200

  @derived
  @rule-score.chelem @rule-score.split
  Plan du Scénario: Un chelem annoncé et raté, à 3, 4 et 5 joueurs
    Soit une donne à <joueurs> joueurs en "garde"
    Et le preneur a annoncé le chelem
    Et le preneur réalise 80 points avec 2 bouts
    Quand je calcule la marque
    Alors le contrat est gagné de 39 points
    Et le chelem rapporte -200
    Et la marque de la donne est -72
    Et les marques sont "<marques>"
    Et la somme des marques est nulle

    Exemples:
      | joueurs | marques                                    |
      | 3       | preneur -144, défenseurs +72               |
      | 4       | preneur -216, défenseurs +72               |
      | 5       | preneur -144, partenaire -72, défenseurs +72 |

  @derived
  @rule-score.defence-chelem @rule-score.split
  Plan du Scénario: La défense inflige le chelem au preneur
    Soit une donne à <joueurs> joueurs en "garde"
    Et le preneur réalise 0 points avec 0 bouts
    Et la défense remporte tous les plis
    Quand je calcule la marque
    Alors le contrat est chuté de 56 points
    Et le contrat rapporte -162
    Et le chelem rapporte -200
    Et la marque de la donne est -362
    Et les marques sont "<marques>"
    Et la somme des marques est nulle
    Et l'explication contient "Chelem de la défense : 200. Total pour la défense : 362."

    Exemples:
      | joueurs | marques                                        |
      | 3       | preneur -724, défenseurs +362                  |
      | 4       | preneur -1086, défenseurs +362                 |
      | 5       | preneur -724, partenaire -362, défenseurs +362 |

  @source-000_79ccdf50a49e58e5
  @rule-score.defence-chelem
  Scénario: La prime de chelem de la défense s'ajoute à la marque normale de chaque défenseur
    Soit une donne à 4 joueurs en "petite"
    Et le preneur réalise 4 points avec 1 bout
    Et la défense remporte tous les plis
    Quand je calcule la marque
    Alors le contrat est chuté de 47 points
    Et le contrat rapporte -72
    Et le chelem rapporte -200
    Et les marques sont "preneur -816, défenseurs +272"

  @source-000_79ccdf50a49e58e5
  @rule-chelem.announce @rule-play.lead
  Plan du Scénario: Le chelem annoncé, l'entame revient au preneur quel que soit le donneur
    Soit le joueur <donneur> donne à 4 joueurs et le joueur <preneur> prend
    Quand le preneur <annonce>
    Alors le joueur <entame> entame la première levée

    Exemples:
      | donneur | preneur | annonce                  | entame |
      | 0       | 2       | annonce le chelem        | 2      |
      | 0       | 2       | n'annonce pas le chelem  | 1      |
      | 3       | 3       | annonce le chelem        | 3      |

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c
  @rule-excuse.chelem @rule-petit.au-bout-chelem @rule-score.chelem @rule-score.petit-au-bout
  Scénario: Chelem annoncé : le preneur joue l'Excuse en dernier, elle remporte le dernier pli, et le petit mené à l'avant-dernier pli est au bout
    Soit une donne jouée à 4 joueurs en "garde", le preneur étant le joueur 0
    Et le chien "2S 3S 4S 2H 3H 4H"
    Et l'écart "2S 3S 4S 2H 3H 4H"
    Et le preneur a annoncé le chelem
    Et les plis joués sont :
      | pli | entame | cartes |
      | 1 | 0 | T21 T2 T4 1C |
      | 2 | 0 | T20 T3 T5 2C |
      | 3 | 0 | T19 1S 1D 3C |
      | 4 | 0 | T18 1H 2D 4C |
      | 5 | 0 | T17 5S 3D 5C |
      | 6 | 0 | T16 5H 4D 6C |
      | 7 | 0 | T15 6S 5D 7C |
      | 8 | 0 | T14 6H 6D 8C |
      | 9 | 0 | T13 7S 7D 9C |
      | 10 | 0 | T12 7H 8D 10C |
      | 11 | 0 | T11 8S 9H JD |
      | 12 | 0 | T10 8H 9D JC |
      | 13 | 0 | T9 9S 10H CD |
      | 14 | 0 | T8 10S 10D CC |
      | 15 | 0 | T7 JS JH QD |
      | 16 | 0 | T6 CS CH QC |
      | 17 | 0 | T1 QS QH KD |
      | 18 | 0 | EX KS KH KC |
    Quand je calcule la marque de la donne jouée
    Alors le camp du preneur remporte 18 plis
    Et le camp du preneur compte 91 points et 3 bouts
    Et le chelem est réalisé par le preneur
    Et l'Excuse compte pour le preneur
    Et le petit au bout revient au preneur
    Et le contrat est gagné de 55 points
    Et le contrat rapporte +160
    Et le petit au bout rapporte +20
    Et le chelem rapporte +400
    Et la marque de la donne est 580
    Et les marques sont "preneur +1740, défenseurs -580"

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c
  @rule-excuse.chelem @rule-counting.excuse @rule-score.chelem @rule-poignee.bonus @rule-petit.au-bout
  Scénario: L'exemple du chelem, joué carte par carte : la défense conserve l'Excuse, qui compte pour 4 points
    # Sur une garde, le preneur annonce et réussit le chelem, montre une poignée de 10 atouts
    # et mène le petit au bout. La défense conserve l'excuse qu'elle possédait. Avec 2 bouts,
    # le preneur réalise 87 points : (46 + 25) × 2 + 20 + 20 + 400 = 582.
    Soit une donne jouée à 4 joueurs en "garde", le preneur étant le joueur 0
    Et le chien "2S 3S 4S 2H 3H 4H"
    Et l'écart "2S 3S 4S 2H 3H 4H"
    Et le preneur a annoncé le chelem
    Et le joueur 0 montre une poignée simple
    Et les plis joués sont :
      | pli | entame | cartes |
      | 1 | 0 | T21 EX T4 1C |
      | 2 | 0 | T20 T2 1D 2C |
      | 3 | 0 | T19 T3 2D 3C |
      | 4 | 0 | T18 1S 3D 4C |
      | 5 | 0 | T17 1H 4D 5C |
      | 6 | 0 | T16 5S 5D 6C |
      | 7 | 0 | T15 5H 6D 7C |
      | 8 | 0 | T14 6S 7D 8C |
      | 9 | 0 | T13 6H 8H 9C |
      | 10 | 0 | T12 7S 8D 10C |
      | 11 | 0 | T11 7H 9H JD |
      | 12 | 0 | T10 8S 9D JC |
      | 13 | 0 | T9 9S 10H CD |
      | 14 | 0 | T8 10S 10D CC |
      | 15 | 0 | T7 JS JH QD |
      | 16 | 0 | T6 CS CH QC |
      | 17 | 0 | T5 QS QH KD |
      | 18 | 0 | T1 KS KH KC |
    Quand je calcule la marque de la donne jouée
    Alors le camp du preneur remporte 18 plis
    Et le chelem est réalisé par le preneur
    Et l'Excuse compte pour la défense
    Et le camp du preneur compte 87 points et 2 bouts
    Et la défense compte 4 points et 1 bout
    Et le petit au bout revient au preneur
    Et le contrat est gagné de 46 points
    Et le contrat rapporte +142
    Et la poignée rapporte +20
    Et le petit au bout rapporte +20
    Et le chelem rapporte +400
    Et la marque de la donne est 582
    Et les marques sont "preneur +1746, défenseurs -582"

  @fft-2012
  @rule-chelem.announce
  Scénario: Le chelem s'annonce une fois le contrat fixé, même après « Jeu », et une seule fois
    Soit une donne duplicate à 4 joueurs où la garde est imposée au joueur 1
    Quand le preneur annonce le chelem à la table
    Alors l'annonce est refusée
    Et le refus cite la règle "chelem.announce"
    Quand le preneur fait son écart et dit « Jeu »
    Et le preneur annonce le chelem à la table
    Alors l'annonce est acceptée
    Et le preneur entame la première levée
    Quand le preneur annonce le chelem à la table
    Alors l'annonce est refusée
    Et le refus cite la règle "chelem.announce"
