# language: fr
Fonctionnalité: L'appel au roi, à 5 joueurs
  À 5 joueurs, avant de retourner le chien, le preneur appelle un roi ; le joueur qui le détient
  devient son partenaire secret. S'il a les quatre rois, il appelle une dame (un cavalier s'il a
  aussi les quatre dames). S'il appelle un roi de sa main, ou si le roi appelé est au chien, il
  joue seul contre les quatre autres et encaisse, ou paie, seul la totalité des points.

  @source-000_79ccdf50a49e58e5 @source-002_42b61915e8d93b37 @source-003_28a2a38e1528519c @source-004_d2c86554901730a1
  @rule-call.king @rule-call.partner-secret
  Scénario: Le preneur appelle un roi qu'il n'a pas : son détenteur sera son partenaire
    Soit une table de 5 joueurs
    Et la main "KS QH 2H 3H 4D 5D 6D 7C 8C T2 T5 T9 T12 T15 EX"
    Quand le preneur appelle "KH"
    Alors l'appel est permis
    Et le preneur aura un partenaire
    Et l'explication contient "son détenteur est votre partenaire, inconnu de tous jusqu'à ce que la carte soit jouée"

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c
  @rule-call.alone
  Scénario: Le preneur peut appeler un roi qu'il possède : il joue alors seul
    Soit une table de 5 joueurs
    Et la main "KS KH 2H 3H 4D 5D 6D 7C 8C T2 T5 T9 T12 T15 EX"
    Quand le preneur appelle "KS"
    Alors l'appel est permis
    Et le preneur jouera seul
    Et l'explication contient "vous jouez donc seul, à un contre quatre"

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c
  @rule-call.ladder
  Plan du Scénario: Avec les quatre rois, le preneur appelle une dame
    Soit une table de 5 joueurs
    Et la main "<main>"
    Quand le preneur appelle "<carte>"
    Alors l'appel est <verdict>

    Exemples:
      | main                                           | carte | verdict  |
      | KS KH KD KC QS 2H 3H 4D 5D T2 T5 T9 T12 T15 EX | QH    | permis   |
      | KS KH KD KC QS 2H 3H 4D 5D T2 T5 T9 T12 T15 EX | KD    | permis   |
      | KS KH KD QS 2H 3H 4D 5D 6C T2 T5 T9 T12 T15 EX | QH    | interdit |

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c
  @rule-call.ladder
  Scénario: Une dame ne s'appelle pas sans les quatre rois
    Soit une table de 5 joueurs
    Et la main "KS KH KD QS 2H 3H 4D 5D 6C T2 T5 T9 T12 T15 EX"
    Quand le preneur appelle "QH"
    Alors l'appel est interdit
    Et la violation "call-queen-without-four-kings" est signalée
    Et la violation "call-queen-without-four-kings" cite la règle "call.ladder"
    Et l'explication contient "il vous manque le roi de trèfle"

  @source-000_79ccdf50a49e58e5
  @rule-call.ladder
  Plan du Scénario: Un cavalier s'appelle avec les quatre rois et les quatre dames
    Soit une table de 5 joueurs
    Et la main "<main>"
    Quand le preneur appelle "CH"
    Alors l'appel est <verdict>

    Exemples:
      | main                                           | verdict  |
      | KS KH KD KC QS QH QD QC 2H 4D T2 T5 T9 T12 EX  | permis   |
      | KS KH KD KC QS QH QD 2C 2H 4D T2 T5 T9 T12 EX  | interdit |
      | KS KH KD KC QS 2H 3H 4D 5D T2 T5 T9 T12 T15 EX | interdit |

  @fft-2012
  @rule-call.ladder
  Scénario: Un cavalier ne s'appelle jamais avec les seuls quatre rois
    Soit une table de 5 joueurs
    Et la main "KS KH KD KC QS 2H 3H 4D 5D T2 T5 T9 T12 T15 EX"
    Quand le preneur appelle "CH"
    Alors l'appel est interdit
    Et la violation "call-cavalier-without-kings-queens" est signalée

  @fft-2012
  @rule-call.ladder
  Scénario: Un valet s'appelle avec les quatre rois, les quatre dames et les quatre cavaliers
    Soit une table de 5 joueurs
    Et la main "KS KH KD KC QS QH QD QC CS CH CD CC 2H T2 EX"
    Quand le preneur appelle "JD"
    Alors l'appel est permis
    Et le preneur aura un partenaire

  @source-000_79ccdf50a49e58e5 @source-002_42b61915e8d93b37
  @rule-call.king
  Plan du Scénario: On n'appelle qu'un roi (ou une figure), jamais une autre carte
    Soit une table de 5 joueurs
    Et la main "KS KH 2H 3H 4D 5D 6D 7C 8C T2 T5 T9 T12 T15 EX"
    Quand le preneur appelle "<carte>"
    Alors l'appel est interdit
    Et la violation "call-not-a-face" est signalée

    Exemples:
      | carte |
      | T21   |
      | EX    |
      | 10D   |
      | 1C    |

  @source-000_79ccdf50a49e58e5 @source-002_42b61915e8d93b37 @source-004_d2c86554901730a1
  @rule-call.king
  Scénario: Il n'y a pas d'appel au roi à 4 joueurs
    Soit une table de 4 joueurs
    Et la main "KS KH 2H 3H 4D 5D 6D 7C 8C T2 T5 T9 T12 T15 EX 9S 9H 9D"
    Quand le preneur appelle "KD"
    Alors l'appel est interdit
    Et la violation "call-not-five-players" est signalée

  @derived
  @rule-call.alone
  Scénario: Un roi appelé qui se trouve au chien : le preneur joue seul
    Soit une table de 5 joueurs
    Et la main "KS QH 2H 3H 4D 5D 6D 7C 8C T2 T5 T9 T12 T15 EX"
    Et le chien "KH 6S T20"
    Quand le preneur appelle "KH"
    Alors l'appel est permis
    Et le preneur jouera seul
    Et l'explication contient "vous jouez donc seul, à un contre quatre"

  @derived
  @rule-call.alone @rule-score.split
  Scénario: Le preneur seul, son roi étant au chien, encaisse la totalité des points
    Soit une donne à 5 joueurs en "garde"
    Et le preneur joue seul
    Et le preneur réalise 51 points avec 2 bouts
    Quand je calcule la marque
    Alors le contrat est gagné de 10 points
    Et la marque de la donne est 70
    Et les marques sont "preneur +280, défenseurs -70"
    Et l'explication contient "Chaque défenseur marque −70, le preneur, seul contre quatre, +280."
    Et la somme des marques est nulle

  @derived
  @rule-call.alone @rule-score.split @rule-counting.total
  Scénario: Une garde à 5 joueurs jouée carte par carte, le roi de pique appelé étant au chien
    # Le preneur (joueur 0) appelle le roi de pique, qui se trouve au chien : il le prend en main
    # avec le chien et joue seul contre quatre. Il chute et paie seul les quatre défenseurs.
    Soit une donne jouée à 5 joueurs en "garde", le preneur étant le joueur 0
    Et la carte appelée est "KS", qui est au chien
    Et le chien "KS 4D T15"
    Et l'écart "4S 5H QH"
    Et les plis joués sont :
      | pli | entame | cartes |
      | 1 | 2 | T6 T10 T20 T15 T21 |
      | 2 | 1 | 8H EX 1H 10H KH |
      | 3 | 0 | 3C 2C QC 8C KC |
      | 4 | 4 | 1D 10D 3D JD 2D |
      | 5 | 2 | 1S 2S 8S 6S JS |
      | 6 | 1 | T7 T11 T17 T13 T16 |
      | 7 | 3 | T8 T14 T9 T18 T3 |
      | 8 | 1 | T19 4H T5 T1 KS |
      | 9 | 1 | 8D JC CD QD 4D |
      | 10 | 4 | 6C 7C 9C 10C 1C |
      | 11 | 2 | 10S QS 4C 3S T12 |
      | 12 | 1 | JH CC 9H CH 6H |
      | 13 | 4 | KD 5D T4 CS 9D |
      | 14 | 1 | 5C 9S 5S 2H 7H |
      | 15 | 1 | T2 7S 6D 7D 3H |
    Quand je calcule la marque de la donne jouée
    Alors le camp du preneur compte 11 points et 0 bouts
    Et les deux camps totalisent 91 points
    Et le contrat est chuté de 45 points
    Et la marque de la donne est -140
    Et les marques sont "preneur -560, défenseurs +140"
    Et la somme des marques est nulle
