# language: fr
Fonctionnalité: La poignée
  Une poignée se montre juste avant de jouer sa première carte, complète et en une seule fois,
  les atouts classés dans l'ordre décroissant (l'Excuse peut remplacer un atout manquant, si le
  joueur n'a pas d'autre atout). Simple poignée : 8 atouts à 5 joueurs, 10 à 4, 13 à 3, prime de
  20 points ; double : 10, 13, 15 atouts, prime de 30 ; triple : 13, 15, 18 atouts, prime de 40.
  Ces primes gardent la même valeur quel que soit le contrat et sont acquises au camp vainqueur
  de la donne.

  @source-000_79ccdf50a49e58e5 @source-002_42b61915e8d93b37 @source-003_28a2a38e1528519c
  @rule-poignee.thresholds @rule-poignee.bonus
  Plan du Scénario: Les seuils et les primes de la poignée selon le nombre de joueurs
    Soit une table de <joueurs> joueurs
    Et la main "T1..T<atouts> KS 2H"
    Quand le joueur montre la poignée "T<atouts>..T1"
    Alors la poignée est permise
    Et c'est une poignée <niveau> qui rapporte <prime> points
    Et l'explication contient "<prime> points pour le camp qui gagne la donne"

    Exemples:
      | joueurs | atouts | niveau | prime |
      | 5       | 8      | simple | 20    |
      | 5       | 10     | double | 30    |
      | 5       | 13     | triple | 40    |
      | 4       | 10     | simple | 20    |
      | 4       | 13     | double | 30    |
      | 4       | 15     | triple | 40    |
      | 3       | 13     | simple | 20    |
      | 3       | 15     | double | 30    |
      | 3       | 18     | triple | 40    |

  @source-000_79ccdf50a49e58e5 @source-002_42b61915e8d93b37 @source-003_28a2a38e1528519c
  @rule-poignee.thresholds
  Plan du Scénario: Trop peu d'atouts ne font pas une poignée
    Soit une table de <joueurs> joueurs
    Et la main "T1..T<atouts> KS 2H"
    Quand le joueur montre la poignée "T<atouts>..T1"
    Alors la poignée est interdite
    Et la violation "poignee-size" est signalée

    Exemples:
      | joueurs | atouts |
      | 5       | 7      |
      | 4       | 9      |
      | 3       | 12     |

  @source-000_79ccdf50a49e58e5
  @rule-poignee.hide-extra
  Plan du Scénario: Avec des atouts en trop, on en cache pour montrer exactement un seuil
    Soit une table de 4 joueurs
    Et la main "T1..T<atouts> KS"
    Quand le joueur montre la poignée "<montrés>"
    Alors la poignée est permise
    Et c'est une poignée <niveau> qui rapporte <prime> points

    Exemples:
      | atouts | montrés  | niveau | prime |
      | 11     | T11..T2  | simple | 20    |
      | 12     | T12..T3  | simple | 20    |
      | 14     | T14..T2  | double | 30    |
      | 16     | T16..T2  | triple | 40    |
      | 17     | T17..T3  | triple | 40    |

  @source-000_79ccdf50a49e58e5
  @rule-poignee.hide-extra @rule-poignee.thresholds
  Plan du Scénario: Montrer tous ses atouts quand ils dépassent un seuil est refusé
    Soit une table de 4 joueurs
    Et la main "T1..T<atouts> KS 2H"
    Quand le joueur montre la poignée "T<atouts>..T1"
    Alors la poignée est interdite
    Et la violation "poignee-size" est signalée

    Exemples:
      | atouts |
      | 11     |
      | 12     |
      | 14     |

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c
  @rule-poignee.excuse
  Scénario: L'Excuse remplace un atout manquant quand le joueur n'a pas d'autre atout
    Soit une table de 4 joueurs
    Et la main "T1..T9 EX KS 2H"
    Quand le joueur montre la poignée "T9..T1 EX"
    Alors la poignée est permise
    Et c'est une poignée simple qui rapporte 20 points

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c
  @rule-poignee.excuse
  Scénario: L'Excuse dans la poignée ne doit pas cacher un atout
    Soit une table de 4 joueurs
    Et la main "T1..T11 EX KS 2H"
    Quand le joueur montre la poignée "T9..T1 EX"
    Alors la poignée est interdite
    Et la violation "poignee-excuse-hides-trump" est signalée
    Et la violation "poignee-excuse-hides-trump" cite la règle "poignee.excuse"
    Et l'explication contient "vous cachez le 10 et le 11 d'atout"

  @source-000_79ccdf50a49e58e5 @source-002_42b61915e8d93b37
  @rule-poignee.thresholds
  Scénario: Une poignée ne montre que des atouts
    Soit une table de 4 joueurs
    Et la main "T1..T9 KS 2H"
    Quand le joueur montre la poignée "T9..T1 KS"
    Alors la poignée est interdite
    Et la violation "poignee-not-trump" est signalée

  @source-000_79ccdf50a49e58e5 @source-002_42b61915e8d93b37 @source-003_28a2a38e1528519c
  @rule-poignee.thresholds
  Plan du Scénario: Les poignées qu'une main permet
    Soit une table de <joueurs> joueurs
    Et la main "<main>"
    Quand je vérifie la main
    Alors la main permet les poignées "<poignées>"

    Exemples:
      | joueurs | main                 | poignées              |
      | 4       | T1..T13 KS 2H        | simple, double        |
      | 4       | T1..T9 EX KS 2H      | simple                |
      | 5       | T1..T13 KS 2H        | simple, double, triple |
      | 3       | T1..T14 KS 2H        | simple                |
      | 3       | T1..T12 KS 2H        | aucune                |

  @source-000_79ccdf50a49e58e5 @source-002_42b61915e8d93b37 @source-003_28a2a38e1528519c
  @rule-poignee.shown
  Plan du Scénario: La poignée se montre juste avant de jouer sa première carte
    Soit un joueur qui a déjà joué <cartes> cartes
    Quand il montre sa poignée
    Alors la poignée est <verdict>

    Exemples:
      | cartes | verdict   |
      | 0      | permise   |
      | 1      | interdite |

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c
  @rule-poignee.bonus @rule-score.poignee
  Plan du Scénario: La prime de poignée garde la même valeur quel que soit le contrat
    Soit une donne à 4 joueurs en "<contrat>"
    Et le preneur réalise 51 points avec 2 bouts
    Et le preneur montre une poignée double
    Quand je calcule la marque
    Alors le contrat est gagné de 10 points
    Et le contrat rapporte <contrat_points>
    Et la poignée rapporte +30

    Exemples:
      | contrat      | contrat_points |
      | petite       | +35            |
      | garde        | +70            |
      | garde_sans   | +140           |
      | garde_contre | +210           |

  @source-000_79ccdf50a49e58e5 @source-002_42b61915e8d93b37 @source-003_28a2a38e1528519c
  @rule-score.poignee @rule-poignee.bonus
  Scénario: Le preneur montre une double poignée et gagne : chaque défenseur lui donne 30 points
    Soit une donne à 4 joueurs en "garde"
    Et le preneur réalise 51 points avec 2 bouts
    Et le preneur montre une poignée double
    Quand je calcule la marque
    Alors le contrat est gagné de 10 points
    Et le contrat rapporte +70
    Et la poignée rapporte +30
    Et la marque de la donne est 100
    Et les marques sont "preneur +300, défenseurs -100"

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c
  @rule-score.poignee @rule-poignee.bonus
  Scénario: Le preneur montre une double poignée et chute : il donne 30 points à chaque défenseur
    Soit une donne à 4 joueurs en "garde"
    Et le preneur réalise 31 points avec 2 bouts
    Et le preneur montre une poignée double
    Quand je calcule la marque
    Alors le contrat est chuté de 10 points
    Et le contrat rapporte -70
    Et la poignée rapporte -30
    Et la marque de la donne est -100
    Et les marques sont "preneur -300, défenseurs +100"

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c
  @rule-score.poignee
  Plan du Scénario: Un défenseur montre 10 atouts : la prime va au camp vainqueur
    Soit une donne à 4 joueurs en "garde"
    Et le preneur réalise <points> points avec 2 bouts
    Et un défenseur montre une poignée simple
    Quand je calcule la marque
    Alors le contrat est <résultat>
    Et la poignée rapporte <poignée>

    Exemples:
      | points | résultat | poignée |
      | 51     | gagné    | +20     |
      | 31     | chuté    | -20     |

  @derived
  @rule-score.poignee @rule-score.split
  Scénario: Un défenseur montre une poignée et perd la donne, à 5 joueurs
    Soit une donne à 5 joueurs en "garde"
    Et le preneur réalise 56 points avec 1 bout
    Et un défenseur montre une poignée simple
    Quand je calcule la marque
    Alors le contrat est gagné de 5 points
    Et le contrat rapporte +60
    Et la poignée rapporte +20
    Et la marque de la donne est 80
    Et les marques sont "preneur +160, partenaire +80, défenseurs -80"
    Et la somme des marques est nulle

  @derived
  @rule-score.poignee @rule-score.split
  Scénario: Un défenseur montre une poignée et perd la donne, à 3 joueurs
    Soit une donne à 3 joueurs en "petite"
    Et le preneur réalise 45,5 points avec 2 bouts
    Et un défenseur montre une poignée double
    Quand je calcule la marque
    Alors le contrat est gagné de 5 points
    Et le contrat rapporte +30
    Et la poignée rapporte +30
    Et la marque de la donne est 60
    Et les marques sont "preneur +120, défenseurs -60"
    Et la somme des marques est nulle
