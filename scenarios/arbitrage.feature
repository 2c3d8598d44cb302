# language: fr
Fonctionnalité: L'arbitrage d'une table
  À une table où l'on joue avec de vraies cartes, l'arbitre enregistre ce qui se passe et
  tranche les fautes : une fausse donne se constate avant les enchères et le même donneur
  redonne sans pouvoir prendre ; sur une garde sans ou une garde contre l'arbitre est appelé et
  le chien n'est pas montré ; une renonce établie par une carte jouée plus tard arrête le jeu
  jusqu'à sa décision, le service n'inventant aucune pénalité. À une table que le serveur
  distribue, l'écart est définitif dès la première carte.

  @source-000_79ccdf50a49e58e5 @fft-2012
  @rule-deal.misdeal
  Scénario: L'arbitre constate une fausse donne : le même donneur redonne et ne peut pas prendre
    Soit une table physique de 4 joueurs où le joueur 0 donne
    Quand l'arbitre constate une fausse donne
    Alors le joueur 0 redonne la donne
    Quand les enchères enregistrées sont "passe, passe, passe"
    Et le joueur 0 annonce "garde" à la table
    Alors l'enregistrement est refusé pour "bid-dealer-after-misdeal"

  @fft-2012
  @rule-deal.misdeal
  Scénario: Une fois les enchères commencées, la fausse donne ne se constate plus
    Soit une table physique de 4 joueurs où le joueur 2 donne
    Quand les enchères enregistrées sont "passe"
    Et l'arbitre constate une fausse donne
    Alors la fausse donne ne peut plus être constatée

  @fft-2012
  @rule-deal.misdeal
  Scénario: La fausse donne n'est pas que la carte retournée
    Alors la règle "deal.misdeal" dit « Faire fausse donne, c'est ne pas respecter les règles de la donne »
    Et la règle "deal.misdeal" dit « mettre au chien la première ou la dernière carte »
    Et la note de la règle "deal.misdeal" dit « pas une liste trouvée telle quelle dans un texte de la FFT »

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c
  @rule-deal.pick-up-early
  Scénario: Relever son jeu avant la fin de la distribution expose à une pénalité de l'arbitre
    Alors la règle "deal.pick-up-early" dit « peut recevoir une pénalité de l'arbitre »
    Et la note de la règle "deal.pick-up-early" dit « le service n'en calcule aucune »
    Et la règle "deal.pick-up-early" cite « Tarotman »

  @source-003_28a2a38e1528519c
  @rule-deal.chien-count-shown @rule-deal.chien
  Scénario: Le chien compte 6 cartes à 4 joueurs : un chien de 5 cartes est refusé
    Soit une table physique de 4 joueurs où le joueur 0 donne
    Quand les enchères enregistrées sont "garde, passe, passe, passe"
    Et l'arbitre enregistre le chien "KS 2H 3D 4C T5"
    Alors l'enregistrement est refusé pour "deal-chien-size"
    Et la règle "deal.chien-count-shown" dit « le donneur montre aux autres joueurs qu'il a bien mis au chien le nombre de cartes voulu »

  @source-003_28a2a38e1528519c
  @rule-chien.arbiter @rule-chien.garde-sans-contre
  Plan du Scénario: Sur une <contrat>, l'arbitre est appelé et le chien n'est pas montré
    Soit une table physique de 4 joueurs où le joueur 0 donne
    Quand les enchères enregistrées sont "<contrat>, passe, passe, passe"
    Alors l'arbitre doit enregistrer « Jeu » du joueur 1
    Quand l'arbitre enregistre le chien "KS 2H 3D 4C T5 T6"
    Alors l'enregistrement est refusé pour "wrong-phase"
    Et le refus cite la règle "chien.garde-sans-contre"
    Et la règle "chien.garde-sans-contre" dit « le chien reste face cachée »
    Et la règle "chien.arbiter" dit « l'arbitre doit être appelé »

    Exemples:
      | contrat      |
      | garde sans   |
      | garde contre |

  @derived
  @rule-play.revoke @rule-play.revoke-ruling
  Scénario: Une défausse puis une carte de la couleur plus tard : la renonce est établie et le jeu s'arrête
    Soit une table physique de 4 joueurs où le joueur 0 donne
    Quand les enchères enregistrées sont "garde sans, passe, passe, passe"
    Et les cartes jouées sont "1:5H 2:2S 3:3H 0:4H 1:7S 2:KH"
    Alors une renonce du joueur 2 au pli 1 est établie au pli 2 pour "revoke-follow-suit"
    Et le jeu est arrêté et l'arbitre peut "reprendre le jeu, annuler la donne"
    Et aucune carte n'est plus enregistrée avant sa décision

  @derived
  @rule-play.revoke
  Plan du Scénario: Une renonce à l'atout établie par un atout joué plus tard (<renonce>)
    Soit une table physique de 4 joueurs où le joueur 0 donne
    Quand les enchères enregistrées sont "garde sans, passe, passe, passe"
    Et les cartes jouées sont "<cartes>"
    Alors une renonce du joueur 2 au pli 1 est établie au pli 2 pour "<renonce>"

    Exemples:
      | renonce          | cartes                             |
      | revoke-trump     | 1:5H 2:2S 3:3H 0:4H 1:T3 2:T8      |
      | revoke-overtrump | 1:T10 2:T4 3:T2 0:T1 1:T3 2:T12    |

  @derived
  @rule-play.revoke-ruling
  Plan du Scénario: Une donne finie avec une renonce n'est marquée que sur décision de l'arbitre (<décision>)
    Soit une table physique de 4 joueurs où le joueur 0 donne
    Quand les enchères enregistrées sont "garde, passe, passe, passe"
    Et l'arbitre enregistre le chien "KS 4H 6H CC T3 T10"
    Et l'arbitre enregistre « Jeu » du preneur
    Et les plis sont joués à la table, l'arbitre reprenant le jeu à chaque renonce :
      | pli | entame | cartes          |
      | 1   | 1      | KS QS 2S 3S     |
      | 2   | 1      | 8S 10H JS 10S   |
      | 3   | 3      | KH 5H 2H EX     |
      | 4   | 3      | 10C 1C CC 3C    |
      | 5   | 1      | 6H 7H 9H 3H     |
      | 6   | 3      | 4C 7C 5C QC     |
      | 7   | 2      | 9D 2D QD 8D     |
      | 8   | 0      | T12 T6 T19 T20  |
      | 9   | 3      | T14 T16 T10 T11 |
      | 10  | 0      | CS 4S 5S T17    |
      | 11  | 3      | T18 T9 T7 T8    |
      | 12  | 3      | 8C KC JC T4     |
      | 13  | 2      | 10D T5 T13 KD   |
      | 14  | 0      | CH 4H QH 8H     |
      | 15  | 2      | 5D T21 T2 4D    |
      | 16  | 3      | T15 JH T3 3D    |
      | 17  | 3      | 2C 9C 7D 6S     |
      | 18  | 0      | 1S 9S 6D T1     |
    Alors les renonces établies sont "revoke-trump, revoke-follow-suit", toutes du joueur 2 au pli 2
    Et la donne finie n'est pas marquée
    Et l'arbitre peut maintenant "marquer la donne jouée, annuler la donne"
    Quand l'arbitre décide de <décision>
    Alors <résultat>

    Exemples:
      | décision               | résultat                                                            |
      | marquer la donne jouée | la donne est marquée : le joueur 1 marque -432 et chaque défenseur +144 |
      | annuler la donne       | la donne est annulée sans marque et le joueur 0 redonne             |

  @derived
  @rule-play.revoke-ruling
  Scénario: Aucune pénalité de la renonce n'est inventée
    Alors la note de la règle "play.revoke-ruling" dit « Aucune pénalité de la renonce n'a été trouvée dans un texte de la FFT »
    Et la règle "play.revoke-ruling" dit « L'arbitre décide de la suite et de la sanction »

  @source-003_28a2a38e1528519c @fft-2012
  @rule-ecart.jeu
  Scénario: L'écart ne peut plus être modifié une fois la première carte jouée
    Soit une donne duplicate à 4 joueurs où la garde est imposée au joueur 1
    Quand le preneur fait son écart et dit « Jeu »
    Et la première carte est jouée
    Alors le preneur ne peut plus modifier son écart
    Et le refus cite la règle "ecart.jeu"
