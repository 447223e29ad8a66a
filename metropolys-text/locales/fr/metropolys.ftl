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

## Actions and turns

action-bid = miser l'immeuble { $building } sur le quartier { $place }
action-pass = passer
turn-open = { $me ->
    [yes] À vous : ouvrez l'appel d'offres { $call } en misant sur n'importe quel quartier libre.
   *[no] { $who } ouvre l'appel d'offres { $call }.
}
turn-outbid = { $me ->
    [yes] À vous : surenchérissez sur l'immeuble { $building } du quartier { $place } avec un immeuble de numéro plus élevé sur un quartier voisin, ou passez.
   *[no] { $who } doit surenchérir sur l'immeuble { $building } du quartier { $place } ou passer.
}
turn-over = La partie est terminée.

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
howto-keys = Cliquez sur un quartier pour le choisir, puis sur un immeuble ; - et = changent d'immeuble, Entrée mise, P passe.

## Bot presets

preset-beginner = Débutant
preset-casual = Occasionnel
preset-strong = Fort
preset-expert = Expert
preset-beginner-about = Joue souvent de bons coups, parfois de mauvais.
preset-casual-about = Anticipe un peu et choisit parfois le deuxième meilleur coup.
preset-strong-about = Explore environ mille suites possibles à chaque coup.
preset-expert-about = Explore trente mille suites possibles à chaque coup ; le plus fort.
player-person = Humain
bot-named = Bot : { $name }

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
