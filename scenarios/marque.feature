# language: fr
Fonctionnalité: La marque d'une donne à 3, 4 et 5 joueurs
  Le preneur compare ses points au chiffre à atteindre ; on ajoute 25 (la valeur du contrat)
  aux points de gain ou de perte, on multiplie par le coefficient du contrat (× 1 petite, × 2
  garde, × 4 garde sans, × 6 garde contre), puis on ajoute le petit au bout, la poignée et le
  chelem. Chaque défenseur marque ce total, en négatif si le preneur gagne, en positif s'il
  chute. Le preneur marque 2 fois ce total à 3 joueurs et 3 fois à 4 joueurs ; à 5 joueurs, le
  preneur le marque 2 fois et son partenaire 1 fois. La somme des marques est toujours nulle.
  Les cinq exemples de la règle sont repris ici ; la « poignée de 10 atouts » de la règle est une
  poignée simple (8 atouts à 5 joueurs, 13 à 3 joueurs), que la règle compte 20 points à chaque
  nombre de joueurs. Les chiffres à 3 joueurs que la règle ne donne pas sont déduits (@derived).

  @source-000_79ccdf50a49e58e5 @source-002_42b61915e8d93b37 @source-003_28a2a38e1528519c @source-004_d2c86554901730a1
  @rule-score.multipliers @rule-bid.contracts
  Plan du Scénario: Le coefficient de chaque contrat
    Soit une donne à 4 joueurs en "<contrat>"
    Et le preneur réalise 51 points avec 2 bouts
    Quand je calcule la marque
    Alors le coefficient du contrat est <coefficient>
    Et le contrat est gagné de 10 points
    Et le contrat rapporte <contrat_points>

    Exemples:
      | contrat      | coefficient | contrat_points |
      | petite       | 1           | +35            |
      | garde        | 2           | +70            |
      | garde_sans   | 4           | +140           |
      | garde_contre | 6           | +210           |

  @rule-score.total @rule-score.split @rule-score.zero-sum @rule-score.poignee @rule-score.petit-au-bout @rule-table.camps
  Plan du Scénario: Exemple 1 — une garde gagnée avec une poignée et le petit au bout : 106
    # Le preneur tente une garde, présente une poignée de 10 atouts. Il mène le petit au bout et
    # réalise 49 points en détenant deux bouts. Il passe donc de 49 - 41 = 8. 25 (contrat) + 8 =
    # 33 multiplié par 2 (Garde) = 66. Poignée = 20, et petit au bout 2 × 10 = 20. Soit un total
    # de 66 + 20 + 20 = 106.
    Soit une donne à <joueurs> joueurs en "garde"
    Et le preneur réalise 49 points avec 2 bouts
    Et le preneur montre une poignée simple
    Et le petit au bout est mené par le preneur
    Quand je calcule la marque
    Alors les points à réaliser sont 41
    Et le contrat est gagné de 8 points
    Et le contrat rapporte +66
    Et la poignée rapporte +20
    Et le petit au bout rapporte +20
    Et la marque de la donne est 106
    Et les marques sont "<marques>"
    Et la somme des marques est nulle
    Et l'explication contient "49 − 41 = 8. 25 (contrat) + 8 = 33, × 2 (garde) = 66."
    Et l'explication contient "Poignée : 20. Petit au bout : 2 × 10 = 20. Total : 106."
    Et l'explication contient "<phrase>"

    @source-000_79ccdf50a49e58e5
    Exemples: les chiffres de la règle
      | joueurs | marques                                        | phrase                                                       |
      | 3       | preneur +212, défenseurs -106                  | Chaque défenseur marque −106, le preneur +212.               |
      | 4       | preneur +318, défenseurs -106                  | Chaque défenseur marque −106, le preneur +318.               |
      | 5       | preneur +212, partenaire +106, défenseurs -106 | Chaque défenseur marque −106, le preneur +212 et le partenaire +106. |

  @rule-score.total @rule-score.split @rule-score.zero-sum @rule-score.petit-au-bout
  Plan du Scénario: Exemple 2 — une garde sans gagnée de 4 points, le petit au bout mené par la défense : 76
    # Le preneur gagne une garde sans de 4 points, mais le petit est mené au bout par la défense :
    # (25 + 4) × 4 (garde sans) = 116, mais il faut retrancher 40 pour le petit au bout.
    Soit une donne à <joueurs> joueurs en "garde_sans"
    Et le preneur réalise 55 points avec 1 bout
    Et le petit au bout est mené par la défense
    Quand je calcule la marque
    Alors le contrat est gagné de 4 points
    Et le contrat rapporte +116
    Et le petit au bout rapporte -40
    Et la marque de la donne est 76
    Et les marques sont "<marques>"
    Et la somme des marques est nulle
    Et l'explication contient "25 (contrat) + 4 = 29, × 4 (garde sans) = 116."
    Et l'explication contient "Petit au bout pour la défense : 4 × 10 = 40, à retrancher. Total : 76."
    Et l'explication contient "<phrase>"

    @source-000_79ccdf50a49e58e5
    Exemples: les chiffres de la règle
      | joueurs | marques                                      | phrase                                                      |
      | 4       | preneur +228, défenseurs -76                 | Chaque défenseur marque −76, le preneur +228.               |
      | 5       | preneur +152, partenaire +76, défenseurs -76 | Chaque défenseur marque −76, le preneur +152 et le partenaire +76. |

    @derived
    Exemples: à 3 joueurs
      | joueurs | marques                      | phrase                                        |
      | 3       | preneur +152, défenseurs -76 | Chaque défenseur marque −76, le preneur +152. |

  @rule-score.total @rule-score.split @rule-score.zero-sum @rule-score.poignee @rule-score.petit-au-bout
  Plan du Scénario: Exemple 3 — une prise chutée de 7 points, avec une poignée et le petit au bout : 42
    # Le preneur chute une prise de 7 points après avoir présenté une poignée de 10 atouts, mais
    # en menant le petit au bout. Chaque défenseur marque 25 + 7 + 20 (poignée) - 10 (petit au
    # bout) = +42.
    Soit une donne à <joueurs> joueurs en "petite"
    Et le preneur réalise 44 points avec 1 bout
    Et le preneur montre une poignée simple
    Et le petit au bout est mené par le preneur
    Quand je calcule la marque
    Alors le contrat est chuté de 7 points
    Et le contrat rapporte -32
    Et la poignée rapporte -20
    Et le petit au bout rapporte +10
    Et la marque de la donne est -42
    Et les marques sont "<marques>"
    Et la somme des marques est nulle
    Et l'explication contient "25 (contrat) + 7 = 32, × 1 (petite) = 32."
    Et l'explication contient "Total pour la défense : 42."
    Et l'explication contient "<phrase>"

    @source-000_79ccdf50a49e58e5
    Exemples: les chiffres de la règle
      | joueurs | marques                                     | phrase                                                    |
      | 4       | preneur -126, défenseurs +42                | Chaque défenseur marque +42, le preneur −126.             |
      | 5       | preneur -84, partenaire -42, défenseurs +42 | Chaque défenseur marque +42, le preneur −84 et le partenaire −42. |

    @derived
    Exemples: à 3 joueurs
      | joueurs | marques                     | phrase                                       |
      | 3       | preneur -84, défenseurs +42 | Chaque défenseur marque +42, le preneur −84. |

  @rule-score.total @rule-score.split @rule-score.zero-sum @rule-score.poignee
  Plan du Scénario: Exemple 4 — une garde gagnée de 11 points, la défense ayant présenté une poignée : 92
    # Le preneur gagne une garde de 11 points, la défense ayant présenté une poignée.
    # (25 + 11) × 2 (garde) = 72, plus 20 de poignée (payée par la défense). Total 92.
    Soit une donne à <joueurs> joueurs en "garde"
    Et le preneur réalise 52 points avec 2 bouts
    Et un défenseur montre une poignée simple
    Quand je calcule la marque
    Alors le contrat est gagné de 11 points
    Et le contrat rapporte +72
    Et la poignée rapporte +20
    Et la marque de la donne est 92
    Et les marques sont "<marques>"
    Et la somme des marques est nulle
    Et l'explication contient "52 − 41 = 11. 25 (contrat) + 11 = 36, × 2 (garde) = 72."
    Et l'explication contient "Poignée montrée par la défense : 20. Total : 92."
    Et l'explication contient "<phrase>"

    @source-000_79ccdf50a49e58e5
    Exemples: les chiffres de la règle
      | joueurs | marques                                      | phrase                                                      |
      | 4       | preneur +276, défenseurs -92                 | Chaque défenseur marque −92, le preneur +276.               |
      | 5       | preneur +184, partenaire +92, défenseurs -92 | Chaque défenseur marque −92, le preneur +184 et le partenaire +92. |

    @derived
    Exemples: à 3 joueurs
      | joueurs | marques                      | phrase                                        |
      | 3       | preneur +184, défenseurs -92 | Chaque défenseur marque −92, le preneur +184. |

  @rule-score.total @rule-score.split @rule-score.zero-sum @rule-score.chelem @rule-score.poignee @rule-score.petit-au-bout
  Plan du Scénario: Exemple 5 — une garde avec chelem annoncé et réussi, poignée et petit au bout : 582
    # Sur une garde, le preneur annonce et réussit le chelem, montre une poignée de 10 atouts et
    # mène le petit au bout ; la défense conserve l'excuse qu'elle possédait. Avec 2 bouts, le
    # preneur réalise 87 points. Il gagne de 87 - 41 = 46. (46 + 25) × 2 (garde) + 20 (poignée)
    # + 20 (petit au bout) + 400 (chelem annoncé) = 582.
    Soit une donne à <joueurs> joueurs en "garde"
    Et le preneur réalise 87 points avec 2 bouts
    Et le preneur montre une poignée simple
    Et le petit au bout est mené par le preneur
    Et le preneur a annoncé le chelem
    Et le preneur remporte tous les plis
    Quand je calcule la marque
    Alors le contrat est gagné de 46 points
    Et le contrat rapporte +142
    Et la poignée rapporte +20
    Et le petit au bout rapporte +20
    Et le chelem rapporte +400
    Et la marque de la donne est 582
    Et les marques sont "<marques>"
    Et la somme des marques est nulle
    Et l'explication contient "87 − 41 = 46. 25 (contrat) + 46 = 71, × 2 (garde) = 142."
    Et l'explication contient "Chelem annoncé et réussi : 400. Total : 582."
    Et l'explication contient "<phrase>"

    @source-000_79ccdf50a49e58e5
    Exemples: les chiffres de la règle
      | joueurs | marques                                         | phrase                                                         |
      | 4       | preneur +1746, défenseurs -582                  | Chaque défenseur marque −582, le preneur +1746.                |
      | 5       | preneur +1164, partenaire +582, défenseurs -582 | Chaque défenseur marque −582, le preneur +1164 et le partenaire +582. |

    @derived
    Exemples: à 3 joueurs
      | joueurs | marques                        | phrase                                          |
      | 3       | preneur +1164, défenseurs -582 | Chaque défenseur marque −582, le preneur +1164. |

  @source-000_79ccdf50a49e58e5 @source-002_42b61915e8d93b37 @source-003_28a2a38e1528519c
  @rule-score.base @rule-score.split
  Scénario: Un contrat chuté perd 25 plus les points manquants, jamais 25 moins
    Soit une donne à 4 joueurs en "garde"
    Et le preneur réalise 33 points avec 2 bouts
    Quand je calcule la marque
    Alors le contrat est chuté de 8 points
    Et le contrat rapporte -66
    Et les marques sont "preneur -198, défenseurs +66"

  @derived
  @rule-score.multipliers @rule-score.split @rule-score.zero-sum @rule-score.petit-au-bout
  Plan du Scénario: Une garde contre gagnée, avec le petit au bout
    Soit une donne à <joueurs> joueurs en "garde_contre"
    Et le preneur réalise 60 points avec 1 bout
    Et le petit au bout est mené par le preneur
    Quand je calcule la marque
    Alors le contrat est gagné de 9 points
    Et le coefficient du contrat est 6
    Et le contrat rapporte +204
    Et le petit au bout rapporte +60
    Et la marque de la donne est 264
    Et les marques sont "<marques>"
    Et la somme des marques est nulle

    Exemples:
      | joueurs | marques                                        |
      | 3       | preneur +528, défenseurs -264                  |
      | 4       | preneur +792, défenseurs -264                  |
      | 5       | preneur +528, partenaire +264, défenseurs -264 |

  @derived
  @rule-score.multipliers @rule-score.split @rule-score.zero-sum
  Plan du Scénario: Une garde contre chutée
    Soit une donne à <joueurs> joueurs en "garde_contre"
    Et le preneur réalise 35 points avec 2 bouts
    Quand je calcule la marque
    Alors le contrat est chuté de 6 points
    Et le contrat rapporte -186
    Et la marque de la donne est -186
    Et les marques sont "<marques>"
    Et la somme des marques est nulle

    Exemples:
      | joueurs | marques                                        |
      | 3       | preneur -372, défenseurs +186                  |
      | 4       | preneur -558, défenseurs +186                  |
      | 5       | preneur -372, partenaire -186, défenseurs +186 |
