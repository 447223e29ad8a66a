# Every word a player reads, in French. One message per thing said; the
# other languages (en, cs, pl) hold the same message ids with the same
# variables (tests/catalogues.rs). The game's terms come from the printed
# French rulebook (glossary.toml); the sentences are our own.
# Rule numbers never appear here: they stay in the errors' data and in
# messages meant for developers.
#
# Variables: $who, $whose, $holder: a seat as the caller names it ("Alice
# (Noir)", "Noir" or the message `you`); $me: "yes" when the sentence is
# about the reader's own seat, else "no"; $place: a neighborhood as the
# message `place` writes it; $building: a building as `building` or
# `building-sized` writes it; $points: a number of points, signed text
# ("+3", "−1"); $count, $calls, $total, $n: plain numbers, which choose
# the plural form (CLDR one/other in French; 0 is "one").
# Register: the reader is addressed as "vous". A no-break space stands
# before ":", ";", "!" and "?".

## The language itself (the language menu)

language-name = Français

## Seats (seat order: blue, brown, white, black)

color-blue = Bleu
color-brown = Marron
color-white = Blanc
color-black = Noir
# A seat with a player's name: "Alice (Noir)".
seat-named = { $name } ({ $color })
# A seat with who plays it, colour first (the terminal): "Marron (ismcts)".
seat-played = { $color } ({ $name })
# The reader's own seat, as the subject of a sentence.
you = Vous

## The board

district-center = centre
district-north = nord
district-east = est
district-south = sud
district-west = ouest

kind-industry = industrie
kind-park = parc
kind-housing = logement
kind-mall = loisirs
kind-administration = administration

# A neighborhood: "12 (centre, loisirs)".
place = { $id } ({ $district }, { $kind })

size-small = petit
size-medium = moyen
size-tall = grand
# A building of the Expert game, with its size: "7 (moyen)".
building-sized = { $number } ({ $size })

variant-family = Jeu Famille
variant-expert = Jeu Expert

## Tokens and cards

token-trendy = jeton Quartier branché
token-subway = jeton Métropolitain
token-archaeology = jeton Site archéologique
token-trendy-label = Jeton Quartier branché
token-subway-label = Jeton Métropolitain
token-archaeology-label = Jeton Site archéologique
token-highest-label = Construction la plus haute

card-subway = carte Métropolitain
card-archaeology = carte Site archéologique

area-bridges = Ponts
area-statues = Statues
area-lakes = Lacs
area-border = Bordures
area-districts = Arrondissements
area-chains = Chaînes
# An area card: "Carte Zone Ponts".
area-card = Carte Zone { $area }
# A neighborhood card of the Expert game: "Carte Quartier (parc)".
neighborhood-card = Carte Quartier ({ $kind })
# A Metropolys card: "Carte Metropolys (industrie, parc et logement)".
metropolys-card = Carte Metropolys ({ $kinds })
metropolys-card-plain = Carte Metropolys
neighborhood-card-plain = Carte Quartier

## Points

# A total on its own: "31 points", "1 point", "0 point".
points = { $n ->
    [one] { $n } point
   *[other] { $n } points
}
buildings-count = { $count ->
    [one] { $count } immeuble
   *[other] { $count } immeubles
}
neighborhoods-count = { $count ->
    [one] { $count } quartier
   *[other] { $count } quartiers
}
calls-count = { $count ->
    [one] { $count } appel d'offres
   *[other] { $count } appels d'offres
}

## What happens (one line per event)

call-title = { $me ->
    [yes] Appel d'offres { $call } : vous ouvrez.
   *[no] Appel d'offres { $call } : { $who } ouvre.
}
event-bid = { $me ->
    [yes] { $who } misez l'immeuble { $building } sur le quartier { $place }.
   *[no] { $who } mise l'immeuble { $building } sur le quartier { $place }.
}
event-pass = { $me ->
    [yes] { $who } passez.
   *[no] { $who } passe.
}
event-pass-forced = { $me ->
    [yes] { $who } ne pouvez pas surenchérir et passez.
   *[no] { $who } ne peut pas surenchérir et passe.
}
event-constructed = { $me ->
    [yes] { $who } remportez l'appel d'offres { $call } et construisez l'immeuble { $building } sur le quartier { $place }.
   *[no] { $who } remporte l'appel d'offres { $call } et construit l'immeuble { $building } sur le quartier { $place }.
}
# The losing bids of a call: "Retour à la réserve : Bleu 4, Marron 9."
event-returned = Retour à la réserve : { $list }.
returned-item = { $who } { $building }
event-token = { $me ->
    [yes] { $who } prenez le { $token } ({ $points }).
   *[no] { $who } prend le { $token } ({ $points }).
}
event-card = { $me ->
    [yes] { $who } prenez la { $card } ({ $points }).
   *[no] { $who } prend la { $card } ({ $points }).
}
event-card-from = { $me ->
    [yes] { $who } prenez la { $card } à { $holder } ({ $points }).
   *[no] { $who } prend la { $card } à { $holder } ({ $points }).
}
# Why the game ended: the seat that constructed its last building.
# $calls: the number of calls played.
end-reason = { $me ->
    [yes] { $who } avez construit votre treizième immeuble : la partie se termine après { $calls ->
        [one] { $calls } appel d'offres
       *[other] { $calls } appels d'offres
    }.
   *[no] { $who } a construit son treizième immeuble : la partie se termine après { $calls ->
        [one] { $calls } appel d'offres
       *[other] { $calls } appels d'offres
    }.
}
# $total: the winner's total of points.
winner-one = { $me ->
    [yes] { $who } gagnez avec { $total ->
        [one] { $total } point
       *[other] { $total } points
    }.
   *[no] { $who } gagne avec { $total ->
        [one] { $total } point
       *[other] { $total } points
    }.
}
# Several winners: "Bleu et Noir se partagent la victoire avec 31 points."
winners-shared = { $names } se partagent la victoire avec { $total ->
    [one] { $total } point
   *[other] { $total } points
}.
# Joins names: "Bleu, Marron et Noir".
list-and = { $first } et { $last }
list-comma = { $first }, { $rest }

## The replays (the terminal's HTML replay and the web client's)

# Where the replay stands, at the setup: "mise en place · 61 décisions".
replay-setup = mise en place · { $decisions ->
    [one] { $decisions } décision
   *[other] { $decisions } décisions
}
replay-where = appel d'offres { $call } · décision { $at } sur { $last }
replay-score = Score dans la position actuelle :
replay-neighborhoods = Quartiers :
replay-not-over = La partie n'est pas finie : { $who } doit jouer.
replay-keys = touches : gauche/droite une décision, haut/bas un appel d'offres, Début/Fin
replay-setup-title = Mise en place

## Actions and turns

action-bid = miser l'immeuble { $building } sur le quartier { $place }
action-pass = passer

## The score sheet (one row per category)

category-trendy = Jetons Quartier branché
category-subway = Jetons Métropolitain
category-subway_card = Carte Métropolitain
category-archaeology = Jetons Site archéologique
category-archaeology_card = Carte Site archéologique
category-area = Carte Zone
category-neighborhood = Carte Quartier
category-highest_building = Constructions les plus hautes
category-metropolys = Carte Metropolys
category-total = Total
category-constructed = Immeubles construits

## The scoring rules (one line each, with the game's points)

rule-family-area = { $points } pour chacun de vos immeubles { $where } ; un immeuble ne compte qu'une fois, même s'il en touche plusieurs.
rule-family-bridges = au bout d'un pont
rule-family-statues = à côté d'une statue
rule-family-lakes = au bord d'un lac
rule-border = { $points } pour chacun de vos immeubles en bordure de la ville.
rule-family-none = Rien : le jeu Famille ne distribue pas ce type de carte.
rule-expert-districts = { $points } par arrondissement où vous avez au moins trois immeubles.
rule-expert-chains = { $points } pour chaque chaîne de trois de vos immeubles reliés par des rues ou des ponts ; un immeuble ne compte que dans une seule chaîne.
rule-expert-bridges = { $points } pour chaque pont dont les deux extrémités portent vos immeubles ; un immeuble ne compte que pour un seul pont.
rule-expert-statues = { $points } pour chaque statue dont les trois quartiers voisins portent tous vos immeubles ; un immeuble ne compte que pour une seule statue.
rule-expert-lakes = { $points } pour chaque lac au bord duquel se trouvent trois de vos immeubles ; un immeuble ne compte que pour un seul lac.
rule-neighborhood = { $points } pour chacun de vos immeubles sur un quartier du type indiqué par la carte.
rule-neighborhood-kind = { $points } pour chacun de vos immeubles sur un quartier de type { $kind }.
rule-metropolys = { $points } pour chaque groupe de trois de vos immeubles dans un même arrondissement, un sur chacun des trois types de la carte ; un immeuble ne compte que dans un seul groupe.
rule-metropolys-kinds = { $points } pour chaque groupe de trois de vos immeubles dans un même arrondissement, un sur chacun de ces types : { $kinds } ; un immeuble ne compte que dans un seul groupe.
rule-trendy = { $points } pour chaque jeton Quartier branché que vous prenez : il revient à qui construit sur son quartier.
rule-subway = { $points } pour chaque jeton Métropolitain que vous prenez ; ces jetons décident aussi qui détient la carte Métropolitain.
rule-archaeology = { $points } pour chaque jeton Site archéologique que vous prenez ; prendre l'un de ces jetons, c'est aussi prendre la carte Site archéologique.
rule-subway-card = { $points } pour son détenteur : le premier joueur qui prend un jeton Métropolitain la reçoit, puis elle passe à tout joueur qui a alors plus de jetons Métropolitain que son détenteur ; une égalité ne la déplace jamais.
rule-archaeology-card = { $points } pour son détenteur : quiconque prend un jeton Site archéologique la prend aussi, dans la réserve ou chez un autre joueur.
rule-highest = { $points } dans chaque arrondissement pour les joueurs dont les immeubles y sont les plus hauts : les tailles ({ $sizes }) se comparent une à une, de la plus grande à la plus petite, et quand une liste s'épuise, la plus longue l'emporte ; tous les ex aequo en tête marquent.
rule-sizes = petits { $small }, moyens { $medium }, grands { $tall }
rule-winner-label = Vainqueur
rule-winner = Le total le plus élevé l'emporte ; entre ex aequo, celui qui a construit le plus d'immeubles gagne ; les joueurs encore à égalité se partagent la victoire.

## How to play (the legend, the rules page and `help`)

howto-goal = Construisez vos 13 immeubles dans la ville, là où vos cartes secrètes rapportent, et accumulez des points de prestige.
howto-call = La partie est une suite d'appels d'offres. Le joueur qui ouvre un appel d'offres doit miser : l'un de ses immeubles sur n'importe quel quartier libre.
howto-outbid = Ensuite, à tour de rôle, chaque joueur qui n'a pas passé surenchérit ou passe. Une surenchère est un immeuble de numéro plus élevé, sur un quartier libre voisin de la dernière mise (traverser un pont est permis, traverser l'eau sans pont ne l'est pas). Vous pouvez surenchérir plusieurs fois dans un même appel d'offres.
howto-pass = Un joueur qui passe sort de l'appel d'offres ; ses mises restent sur le plateau jusqu'à la fin de celui-ci. Un joueur qui ne peut pas surenchérir passe sans qu'on le lui demande.
howto-call-end = L'appel d'offres se termine quand plus personne, hormis l'auteur de la dernière mise, ne peut jouer. Ce joueur construit l'immeuble là où il se trouve et prend le jeton du quartier ; toutes les autres mises retournent dans la réserve de leur propriétaire. Le gagnant ouvre l'appel d'offres suivant.
howto-end = La partie s'arrête aussitôt qu'un joueur a construit ses 13 immeubles. On révèle alors toutes les cartes et on additionne la feuille de score : le total le plus élevé l'emporte.
howto-sizes = Dans le jeu Expert, les immeubles ont une taille : { $sizes }.

## Bot presets

preset-beginner = Débutant
preset-casual = Occasionnel
preset-strong = Fort
preset-expert = Expert
preset-beginner-about = Joue souvent de bons coups, parfois de mauvais.
preset-casual-about = Anticipe un peu et choisit parfois le deuxième meilleur coup.
preset-strong-about = Explore environ mille suites possibles à chaque coup.
preset-expert-about = Explore jusqu'à vingt mille suites possibles à chaque coup et les juge d'après ce qu'il a appris de milliers de parties ; le plus fort.

## Errors a player can meet (the rule's number stays in the error's data)

error-game-over = La partie est terminée : plus aucun coup n'est possible.
error-wrong-player = Ce n'est pas à vous de jouer.
error-unknown-neighborhood = Le quartier { $neighborhood } n'existe pas.
error-unknown-building = L'immeuble { $building } n'existe pas : les immeubles sont numérotés de 1 à 13.
error-out-of-play = Le quartier { $neighborhood } se trouve dans l'arrondissement { $district }, qui n'est pas en jeu dans cette partie.
error-constructed = Le quartier { $neighborhood } porte déjà un immeuble construit.
error-already-bid = Le quartier { $neighborhood } porte déjà une mise de cet appel d'offres.
error-building-constructed = Votre immeuble { $building } est déjà construit.
error-building-on-board = Votre immeuble { $building } est déjà sur le plateau dans cet appel d'offres.
error-not-adjacent = Le quartier { $neighborhood } n'est pas voisin du quartier { $last }, où se trouve la dernière mise.
error-not-higher = L'immeuble { $building } n'a pas un numéro plus élevé que la dernière mise ({ $last }).
error-opening-pass = Le joueur qui ouvre un appel d'offres doit miser ; il ne peut pas passer.
error-unknown-action = Ce n'est pas un coup de ce jeu.
error-other = Ce coup ne peut pas être joué : { $detail }

## The board's legend (each symbol the board shows, and what it means)

# $kind: a kind's name (kind-*); the label is capitalised by the pages.
legend-kind-label = Quartier { $kind }
legend-kind-drawn = Marqué de la lettre { $letter }
legend-kind-metropolys = { $drawn } ; il compte pour une carte Metropolys qui montre le type { $kind }.
legend-kind-expert = { $drawn } ; la carte Quartier de ce type rapporte { $score }
legend-kind-family = { $drawn } ; dans le jeu Famille sans cartes Metropolys, les types de quartier ne rapportent rien.
legend-statue-label = Statue
legend-statue = Touche trois quartiers ; la carte Zone Statues rapporte { $score }
legend-lake-label = Lac
legend-lake = Les quartiers qui l'entourent sont au bord du lac ; la carte Zone Lacs rapporte { $score }
legend-street-label = Rue
legend-street = Relie deux quartiers voisins : une surenchère se place à côté de la dernière mise.
legend-bridge-label = Pont
legend-bridge = Relie deux quartiers de part et d'autre du fleuve, qui comptent alors comme voisins ; la carte Zone Ponts rapporte { $score }
legend-out-label = Arrondissement hors jeu
legend-out = À moins de quatre joueurs, un ou deux arrondissements de la périphérie sont hors jeu : on n'y construit rien et on n'y marque rien.
legend-building-label = Immeuble
legend-building = Un immeuble construit, à la couleur de son propriétaire et avec son numéro : il reste en place jusqu'à la fin de la partie.
# $size: a size's name (size-*); $numbers: "1–5".
legend-size-label = { $size } immeuble ({ $numbers })
legend-size = Un immeuble numéroté { $numbers } est { $size } ; dans chaque arrondissement, le jeton Construction la plus haute revient aux joueurs dont les immeubles y sont les plus hauts.
legend-size-metropolys = Un immeuble numéroté { $numbers } est { $size } ; avec les cartes Metropolys, les tailles ne rapportent rien.
legend-bid-label = Mise
legend-bid = Un immeuble misé dans l'appel d'offres en cours ; il retourne à son propriétaire s'il ne remporte pas l'appel d'offres.
legend-latest-label = Dernière mise
legend-latest = La dernière mise, en gras : une surenchère exige un numéro plus élevé sur un quartier libre voisin ; si personne ne surenchérit, l'immeuble est construit.
legend-highlight-label = Tout juste construit
legend-highlight = Un anneau doré marque le dernier immeuble construit.

## The web pages' own words (buttons, headings, notes)

ui-language = Langue
ui-skip = Aller au jeu
ui-lobby = Salon
ui-play-offline = Jouer hors ligne
ui-loading-engine = Chargement du moteur…
ui-loading = Chargement…
ui-new-match = Nouvelle partie
ui-players = Joueurs
ui-game = Jeu
ui-family = Famille
ui-expert = Expert
ui-metropolys-cards = Cartes Metropolys
ui-turn-timer = Minuteur par coup
ui-timer-none = aucun
ui-private = Privée : seules les personnes ayant le lien d'invitation peuvent la rejoindre
ui-who-plays = Qui joue à chaque place
ui-create = Créer et jouer
ui-matches = Parties
ui-my-games = Vos parties
ui-finished = Terminées
ui-table = Table
ui-board-view = Vue du plateau
ui-zoom-out = Zoom arrière
ui-zoom-in = Zoom avant
ui-fit = Ajuster
ui-fit-board = Ajuster le plateau
ui-show-mine = Où mes cartes rapportent
ui-board-region = Le plateau : faites défiler pour le déplacer quand il est agrandi
ui-board = Le plateau
ui-pass = Passer
ui-hint = Indice
ui-undo = Annuler le coup
ui-cancel = Annuler
ui-rematch = Revanche
ui-replay = Revoir la partie
ui-download-record = Télécharger la partie
ui-download-title = Télécharger l'enregistrement de la partie jusqu'ici
ui-back-to-lobby = Retour au salon
ui-your-cards = Vos cartes
ui-panels = Panneaux
ui-events = Événements
ui-chat = Discussion
ui-legend = Légende
ui-rules = Comment jouer
ui-scoring = Décompte
ui-rules-call = Un appel d'offres, et la fin de la partie
ui-rules-picture = Un appel d'offres en cours : { $bids }. L'anneau marque la dernière mise, sur le quartier { $place } : la prochaine surenchère se fait à côté, avec un numéro d'immeuble plus élevé.
ui-skip-rules = Aller aux règles
ui-site = Site
ui-rules-link = Règles
ui-rules-title = Metropolys : comment jouer
ui-play = Jouer
ui-messages = Messages
ui-message = Message
ui-say-something = Écrivez quelque chose
ui-send = Envoyer
ui-keys-online = Touches : Tab va vers un quartier en surbrillance, Enter y mise, 1–9, 0 (10), - (11), = (12) et + (13) choisissent un immeuble, P passer, H indice, Esc annuler.
ui-keys-offline = Touches : Tab va vers un quartier en surbrillance, Enter y mise, 1–9, 0 (10), - (11), = (12) et + (13) choisissent un immeuble, P passer, H indice, U annuler le coup, Esc annuler.
ui-copy-invite = Copier l'invitation
ui-copy-seat = Copier mon lien de place
ui-sound = Son quand c'est mon tour
ui-cancel-match = Annuler cette partie
ui-leave-seat = Quitter ma place
ui-link = Lien
ui-replay-controls = Commandes de lecture
ui-replay-first = mise en place (Début)
ui-replay-prevcall = appel d'offres précédent (↑, Page préc.)
ui-replay-prev = décision précédente (←)
ui-replay-next = décision suivante (→)
ui-replay-nextcall = appel d'offres suivant (↓, Page suiv.)
ui-replay-last = dernière décision (Fin)
ui-score-sheet = Feuille de score
ui-final-score = Score final
ui-connecting = Connexion…
ui-no-such-match = Cette partie n'existe pas.
ui-cannot-open = Impossible d'ouvrir la partie : { $error }
ui-reconnecting = Connexion perdue ; reconnexion…
ui-timed-out = Temps écoulé pour { $who } : le bot glouton joue à sa place
ui-waiting-players = En attente de { $count ->
    [one] { $count } autre joueur
   *[other] { $count } autres joueurs
}…
ui-game-over = Partie terminée : { $winners }
ui-cancelled = Cette partie a été annulée
ui-your-turn = { $pass ->
    [yes] À vous : choisissez un quartier en surbrillance, ou passez
   *[no] À vous : choisissez un quartier en surbrillance
}
ui-your-turn-seat = { $pass ->
    [yes] { $who }, à vous : choisissez un quartier en surbrillance, ou passez
   *[no] { $who }, à vous : choisissez un quartier en surbrillance
}
ui-to-act = À jouer : { $who }
ui-call = appel d'offres { $call }
ui-move = coup { $move }
ui-watching = en spectateur
ui-decision = décision { $n }
ui-players-count = { $count ->
    [one] { $count } joueur
   *[other] { $count } joueurs
}
ui-timer-waits = Le minuteur attend qu'un joueur soit là
ui-seconds-left-me = Il vous reste { $left } s pour jouer
ui-seconds-left = { $who } : encore { $left } s
ui-take-seat = Prendre la place de { $color }
ui-cannot-join = Impossible de rejoindre : { $error }
ui-join-rematch = Rejoindre la revanche
ui-watch-rematch = Regarder la revanche
ui-rematch-waiting = Une revanche avec les mêmes places attend.
ui-no-rematch = Pas de revanche : { $error }
ui-bid-on = Miser sur le quartier { $place } avec l'immeuble
ui-hint-is = Indice : { $action }
ui-your-turn-title = ▶ À vous · { $title }
ui-copied = { $what } : copié.
ui-copy-from-box = { $what } : copiez-le depuis la zone de texte.
ui-only-players-chat = Seuls les joueurs peuvent discuter ; prenez une place pour participer.
ui-invite-link = Le lien d'invitation
ui-no-seat = Vous n'occupez aucune place ici.
ui-seat-link = Votre lien de place
ui-confirm-leave = Quitter votre place ? N'importe qui pourra alors la prendre.
ui-only-players-cancel = Seul un joueur de cette partie peut l'annuler.
ui-confirm-cancel = Annuler cette partie pour tout le monde ?
ui-match-cancelled = La partie est annulée.
ui-winners = { $count ->
    [one] { $me ->
        [yes] { $names } gagnez
       *[no] { $names } gagne
    }
   *[other] { $names } se partagent la victoire
}
ui-a-person = une personne
ui-a-person-here = une personne devant cet écran
ui-bot = bot { $name }
ui-bot-option = bot : { $name }
ui-free = libre
ui-seat-of = Place de { $color }
ui-match-what = { $players } joueurs, { $variant }
ui-match-cards = + cartes Metropolys
ui-match-timer = { $seconds } s par coup
ui-playing-move = en cours, coup { $move }
ui-status-open = ouverte
ui-status-playing = en cours
ui-status-finished = terminée
ui-status-cancelled = annulée
ui-return-to-seat = Retrouver votre place
ui-join-as = Rejoindre en tant que { $color }
ui-final-position = Position finale
ui-watch = Regarder
ui-cannot-list = Impossible de lister les parties : { $error }
ui-no-match = Aucune partie en attente : créez-en une.
ui-no-finished = Aucune partie terminée pour l'instant.
ui-no-replay = Impossible de revoir la partie : { $error }
ui-replay-title = Revoir la partie : { $players } joueurs, { $variant }
ui-seats = Places :
ui-show-where = Montrer où elle rapporte ({ $places })
ui-your-buildings = Vos immeubles :
ui-none-left = il n'en reste aucun
ui-col-player = Joueur
ui-col-built = Bâtis
ui-col-left = Restants
ui-col-score = Score
ui-col-built-title = Immeubles construits
ui-col-left-title = Immeubles en réserve
ui-col-score-title = Points connus à ce stade
ui-status-bot = bot
ui-status-connected = connecté
ui-status-away = absent
ui-status-free = place libre
ui-you-mark = { $name } (vous)
ui-nothing-yet = rien pour l'instant
ui-not-known = inconnu jusqu'à la fin : { $what } (cartes secrètes)
ui-show-seat-scored = Montrer sur le plateau ce qu'a marqué ce joueur
ui-bid-here = Quartier { $place } : miser ici ({ $choices })
ui-deck-legend = Les quatre cartes Metropolys de la pioche
ui-deck-card = Carte { $n }
ui-deck-different = La pioche contient quatre cartes Metropolys différentes.
ui-offline-title = Metropolys hors ligne
ui-offline-headline = Hors ligne : sur cet appareil, sans serveur
ui-offline-new = Une partie sur cet appareil
ui-offline-about = Tout fonctionne dans cette page : les règles et les bots (dans des tâches d'arrière-plan, si bien que la page reste réactive pendant qu'ils réfléchissent). Plusieurs personnes peuvent jouer devant un même écran : la page cache les cartes de chacun jusqu'à son tour.
ui-seed = Graine
ui-random = aléatoire
ui-start = Commencer
ui-continue-saved = Reprendre la partie
ui-guided = Une première partie guidée
ui-go-on = Continuer
ui-new-game = Nouvelle partie
ui-play-again = Rejouer
ui-record = Enregistrement
ui-pass-device = Passez l'appareil : les cartes du joueur suivant restent cachées jusqu'à ce qu'il soit prêt.
ui-seed-bad = La graine est un nombre entier d'au plus 15 chiffres.
ui-saved-bad = Impossible de charger la partie sauvegardée : { $error }
ui-to-play = À jouer : { $who }
ui-show-my-cards = Je suis { $who } : montrer mes cartes
ui-thinking = { $who } ({ $bot }) réfléchit…
ui-offline-status = Hors ligne · { $variant }, { $players } · { $call } · { $decision }
ui-bot-failed = Le bot a échoué : { $error }
ui-closed-seat-lost = Votre place a été libérée (ici ou sur un autre appareil) : vous regardez maintenant cette partie en spectateur.
ui-closed-stopping = Le serveur redémarre ; reconnexion…
ui-closed-broken = La connexion s'est rompue sur un message abîmé ; reconnexion…
ui-closed-flood = Trop de messages à la fois : le serveur a fermé la connexion. Reconnexion dans quelques secondes…
ui-closed-too-big = Un message était trop long pour le serveur ; reconnexion…
ui-closed-full = Trop de connexions à cette partie en ce moment (des spectateurs, ou cette place dans d'autres fenêtres) : nouvel essai dans { $seconds } s.
ui-name-label = Votre nom, montré aux autres joueurs
ui-name-about = Laissez-le vide pour être appelé par votre couleur.
ui-name-ok = Prendre la place
ui-name-refused = Ce nom ne peut pas être utilisé : { $error }
ui-invite-title = Invitez vos amis
ui-invite-about = Envoyez-leur ce lien : il ouvre cette partie, où ils prennent une place libre.
ui-copy = Copier
ui-watching-note = Vous regardez cette partie en spectateur : les cartes des joueurs restent cachées jusqu'à la fin.
ui-seat-link-summary = Mon lien de place : déplace votre place sur un autre appareil — ne le partagez pas
ui-seat-link-warning = Ouvrez ce lien sur votre propre téléphone ou ordinateur pour y jouer votre place. Ne le donnez à personne : qui l'ouvre joue à votre place. Pour faire venir des amis, envoyez le lien d'invitation.
ui-show-seat-qr = L'afficher en code QR
ui-seat-qr = Code QR de votre lien de place
ui-seat-qr-caption = Scannez-le avec l'appareil photo de votre téléphone pour y jouer votre place.
ui-seat-qr-done = Terminé
ui-discard-saved = Une partie en cours est sauvegardée dans ce navigateur. Une nouvelle partie la remplace : la partie sauvegardée ne pourra plus être reprise.
ui-discard-yes = Commencer la nouvelle partie
ui-discard-no = Garder la partie sauvegardée

## La première partie guidée (ce qui vient de se passer, et pourquoi, la première fois que cela arrive)

guide-intro = Une première partie guidée contre un bot débutant : la partie s'arrête la première fois que quelque chose de nouveau se produit, pour expliquer ce qui s'est passé et pourquoi.
guide-continue = Appuyez sur Entrée pour continuer.
guide-opening = { $who } a ouvert l'appel d'offres par une mise : l'un de ses immeubles sur n'importe quel quartier libre. Tout appel d'offres commence ainsi, et le joueur qui l'ouvre ne peut pas passer.
guide-outbid = { $who } a surenchéri : un immeuble de numéro plus élevé, sur un quartier libre voisin de la dernière mise. C'est désormais sur cette mise qu'il faut surenchérir.
guide-pass = { $who } a passé et ne joue plus dans cet appel d'offres ; ses mises restent toutefois sur le plateau jusqu'à la fin de celui-ci.
guide-forced-pass = { $who } ne pouvait pas surenchérir (plus aucun immeuble de numéro plus élevé, ou aucun quartier libre voisin de la dernière mise) et a donc passé sans qu'on le lui demande.
guide-call-end = L'appel d'offres est terminé : plus personne d'autre ne pouvait jouer, donc l'auteur de la dernière mise, { $who }, construit cet immeuble là où il se trouve. Toutes les autres mises retournent dans la réserve de leur propriétaire, et le gagnant ouvre l'appel d'offres suivant.
guide-token = { $who } a construit sur un quartier portant un jeton et l'a pris ({ $token }, { $points } en fin de partie).
guide-card = { $who } détient maintenant la { $card } ({ $points } en fin de partie) : elle passe d'un joueur à l'autre selon qui prend les jetons qui lui sont liés.
guide-game-end = La partie est terminée : { $who } a construit ses 13 immeubles. Toutes les cartes secrètes sont maintenant révélées, et la feuille de score additionne les points de chaque joueur.

## L'analyse d'une partie terminée par les bots
review-title = Analyse de la partie
review-by = Analyse : bot { $preset }
review-known = Avec ce que le joueur savait
review-revealed = Toutes les cartes révélées
review-win-chance = Chances de victoire
review-accuracy = Précision
review-turning-point = Tournant
review-decision = Décision
review-grade-forced = coup forcé
review-grade-best = meilleur
review-grade-good = bon
review-grade-inaccuracy = imprécision
review-grade-mistake = erreur
review-grade-blunder = gaffe
review-inaccuracies = Imprécisions
review-mistakes = Erreurs
review-blunders = Gaffes
review-suggestion = Le bot aurait choisi : { $action } (+{ $gain } % de chances de victoire)
review-settings = graine { $seed } · { $worlds ->
    [one] { $worlds } monde
   *[other] { $worlds } mondes
} par estimation
review-label = { $label } : { $value }
review-turning-points = Tournants
review-graph-hint = Cliquez sur le graphique pour voir le plateau à cette décision.
review-computing = Analyse de la partie…
review-not-over = L'analyse est proposée une fois la partie terminée.
review-start = Analyser la partie
review-preset = Bot d'analyse
review-failed = Pas d'analyse : { $error }
review-decision-n = Décision { $n }
review-chance = { $who } : { $chance } %

## Accounts and the leaderboard (the lobby)

ui-account = Votre compte
ui-account-note = Un compte retrouve vos parties sur tous vos appareils et vous classe aux tables où chaque joueur en a un.
ui-account-name = Nom
ui-password = Mot de passe
ui-sign-in = Se connecter
ui-sign-up = Créer un compte
ui-sign-out = Se déconnecter
ui-signed-in-as = Connecté : { $name }
ui-account-failed = Non connecté : { $error }
ui-ratings = Votre classement
ui-no-ratings = Aucune partie classée pour l'instant : une partie est classée quand chaque personne à la table a un compte.
ui-timer-days = { $days ->
    [one] { $days } jour par coup
   *[other] { $days } jours par coup
}
ui-match-hours = { $hours } h par coup
ui-days-left-me = Il vous reste { $days } j { $hours } h pour jouer
ui-days-left = { $who } : encore { $days } j { $hours } h
ui-notices = Notifications
ui-notices-contact = Quand une partie par correspondance m'attend, prévenez-moi à
ui-notices-save = Enregistrer
ui-notices-saved = Enregistré : le serveur vous prévient quand une partie par correspondance vous attend.
ui-notices-none = Aucune notification.
ui-notices-off = Ce serveur n'envoie pas de notifications.
ui-notices-failed = Non enregistré : { $error }
ui-rating-line = { $players } joueurs, { $variant } : { $score } (parties : { $games })
ui-leaderboard = Classement
ui-no-leaderboard = Personne n'est encore classé dans ce type de partie.
ui-col-rank = Rang
ui-col-rating = Cote
ui-col-games = Parties
