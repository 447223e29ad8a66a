# Every word a player reads, in English. One message per thing said; the
# other languages (cs, pl, fr) hold the same message ids with the same
# variables (tests/catalogues.rs). The game's terms come from the printed
# rulebook of each language (glossary.toml); the sentences are our own.
# Rule numbers never appear here: they stay in the errors' data
# and in messages meant for developers.
#
# Variables: $who, $whose, $holder: a seat as the caller names it ("Alice
# (black)", "Black" or the message `you`); $me: "yes" when the sentence is
# about the reader's own seat, else "no"; $place: a neighborhood as the
# message `place` writes it; $building: a building as `building` or
# `building-sized` writes it; $points: a number of points, signed text
# ("+3", "−1"); $count, $calls, $total, $n: plain numbers, which choose
# the plural form (CLDR: one/other in English and French, one/few/other
# in Czech, one/few/many/other in Polish).

## The language itself (the language menu)

language-name = English

## Seats (R-1 seat order: blue, brown, white, black)

color-blue = Blue
color-brown = Brown
color-white = White
color-black = Black
# A seat with a player's name: "Alice (black)".
seat-named = { $name } ({ $color })
# A seat with who plays it, colour first (the terminal): "Brown (ismcts)".
seat-played = { $color } ({ $name })
# The reader's own seat, as the subject of a sentence.
you = You

## The board

district-center = center
district-north = north
district-east = east
district-south = south
district-west = west

kind-industry = industry
kind-park = park
kind-housing = housing
kind-mall = mall
kind-administration = administration

# A neighborhood: "12 (center, mall)".
place = { $id } ({ $district }, { $kind })

size-small = small
size-medium = medium
size-tall = tall
# A building of the Expert game, with its size: "7 (medium)".
building-sized = { $number } ({ $size })

variant-family = Family game
variant-expert = Expert game

## Tokens and cards

token-trendy = trendy token
token-subway = subway token
token-archaeology = archaeological token
token-trendy-label = Trendy token
token-subway-label = Subway token
token-archaeology-label = Archaeological token
token-highest-label = Highest building

card-subway = Subway card
card-archaeology = Archaeological card

area-bridges = Bridges
area-statues = Statues
area-lakes = Lakes
area-border = Border
area-districts = Districts
area-chains = Chains
# An area card: "Bridges card".
area-card = { $area } card
# A neighborhood card of the Expert game: "Park neighborhood card".
neighborhood-card = Neighborhood card ({ $kind })
# A Metropolys card: "Metropolys card (industry, park, housing)".
metropolys-card = Metropolys card ({ $kinds })
metropolys-card-plain = Metropolys card
neighborhood-card-plain = Neighborhood card

## Points

# A total on its own: "31 points", "1 point".
points = { $n ->
    [one] { $n } point
   *[other] { $n } points
}
buildings-count = { $count ->
    [one] { $count } building
   *[other] { $count } buildings
}
neighborhoods-count = { $count ->
    [one] { $count } neighborhood
   *[other] { $count } neighborhoods
}
calls-count = { $count ->
    [one] { $count } call
   *[other] { $count } calls
}

## What happens (one line per event)

call-title = { $me ->
    [yes] Call { $call }: you open.
   *[no] Call { $call }: { $who } opens.
}
event-bid = { $me ->
    [yes] { $who } bid { $building } on { $place }.
   *[no] { $who } bids { $building } on { $place }.
}
event-pass = { $me ->
    [yes] { $who } pass.
   *[no] { $who } passes.
}
event-pass-forced = { $me ->
    [yes] { $who } cannot outbid and pass.
   *[no] { $who } cannot outbid and passes.
}
event-constructed = { $me ->
    [yes] { $who } win call { $call } and construct { $building } on { $place }.
   *[no] { $who } wins call { $call } and constructs { $building } on { $place }.
}
# The losing bids of a call: "Back to the supply: Blue 4, Brown 9."
event-returned = Back to the supply: { $list }.
returned-item = { $who } { $building }
event-token = { $me ->
    [yes] { $who } take the { $token } ({ $points }).
   *[no] { $who } takes the { $token } ({ $points }).
}
event-card = { $me ->
    [yes] { $who } take the { $card } ({ $points }).
   *[no] { $who } takes the { $card } ({ $points }).
}
event-card-from = { $me ->
    [yes] { $who } take the { $card } from { $holder } ({ $points }).
   *[no] { $who } takes the { $card } from { $holder } ({ $points }).
}
# Why the game ended (R-17): the seat that constructed its last building.
# $calls: the number of calls played.
end-reason = { $me ->
    [yes] { $who } constructed your 13th building: the game ends after { $calls ->
        [one] { $calls } call
       *[other] { $calls } calls
    }.
   *[no] { $who } constructed their 13th building: the game ends after { $calls ->
        [one] { $calls } call
       *[other] { $calls } calls
    }.
}
# $total: the winner's total of points.
winner-one = { $me ->
    [yes] { $who } win with { $total ->
        [one] { $total } point
       *[other] { $total } points
    }.
   *[no] { $who } wins with { $total ->
        [one] { $total } point
       *[other] { $total } points
    }.
}
# Several winners (R-20): "Blue and Black share the victory with 31 points."
winners-shared = { $names } share the victory with { $total ->
    [one] { $total } point
   *[other] { $total } points
}.
# Joins names: "Blue, Brown and Black".
list-and = { $first } and { $last }
list-comma = { $first }, { $rest }

## Actions and turns

action-bid = bid { $building } on { $place }
action-pass = pass
turn-open = { $me ->
    [yes] Your turn: open call { $call } with a bid on any free neighborhood.
   *[no] { $who } opens call { $call }.
}
turn-outbid = { $me ->
    [yes] Your turn: outbid { $building } on { $place } with a higher building next to it, or pass.
   *[no] { $who } to outbid { $building } on { $place } or pass.
}
turn-over = The game is over.

## The score sheet (one row per category)

category-trendy = Trendy tokens
category-subway = Subway tokens
category-subway_card = Subway card
category-archaeology = Archaeological tokens
category-archaeology_card = Archaeological card
category-area = Area card
category-neighborhood = Neighborhood card
category-highest_building = Highest buildings
category-metropolys = Metropolys card
category-total = Total
category-constructed = Buildings constructed

## The scoring rules (one line each, with the game's points)

rule-family-area = { $points } for each of your buildings { $where }; a building counts once, however many it touches.
rule-family-bridges = at an end of a bridge
rule-family-statues = next to a statue
rule-family-lakes = on the shore of a lake
rule-border = { $points } for each of your buildings on the edge of the city.
rule-family-none = Nothing: the Family game deals no such card.
rule-expert-districts = { $points } for each district where you have three or more buildings.
rule-expert-chains = { $points } for each chain of three of your buildings joined by streets or bridges; a building counts in one chain only.
rule-expert-bridges = { $points } for each bridge with your buildings at both ends; a building counts for one bridge only.
rule-expert-statues = { $points } for each statue whose three neighborhoods all hold your buildings; a building counts for one statue only.
rule-expert-lakes = { $points } for each lake with three of your buildings on its shore; a building counts for one lake only.
rule-neighborhood = { $points } for each of your buildings on a neighborhood of the card's kind.
rule-neighborhood-kind = { $points } for each of your buildings on a neighborhood of the kind { $kind }.
rule-metropolys = { $points } for each group of three of your buildings in one district, one on each of the card's three kinds; a building counts in one group only.
rule-metropolys-kinds = { $points } for each group of three of your buildings in one district, one each on { $kinds }; a building counts in one group only.
rule-trendy = { $points } for each trendy token you take: whoever builds on its neighborhood takes it.
rule-subway = { $points } for each subway token you take; the tokens also decide who holds the Subway card.
rule-archaeology = { $points } for each archaeological token you take; taking one also takes the Archaeological card.
rule-subway-card = { $points } to its holder: the first player to take a subway token takes it, and it moves to a player who then has more subway tokens than its holder; a tie never moves it.
rule-archaeology-card = { $points } to its holder: whoever takes an archaeological token takes it, from the supply or from another player.
rule-highest = { $points } in each district to the players whose buildings there stand tallest: sizes ({ $sizes }) are compared tallest first, one by one, and when one list runs out the longer wins; everyone tied for best scores.
rule-sizes = small { $small }, medium { $medium }, tall { $tall }
rule-winner-label = Winner
rule-winner = The highest total wins; among tied players, the one with more buildings constructed wins; players still tied share the victory.

## How to play (the legend, the rules page and `help`)

howto-goal = Build your 13 buildings across the city where your secret cards score, and collect prestige points.
howto-call = The game is a series of calls. The player who opens a call must bid: one of their buildings on any free neighborhood.
howto-outbid = Then, in turn, each player who has not passed either outbids or passes. An outbid is a building with a higher number, on a free neighborhood next to the latest bid (across a bridge counts, across water without a bridge does not). You may outbid several times in one call.
howto-pass = A player who passes is out of the call; their bids stay on the board until it ends. A player with no possible outbid passes without being asked.
howto-call-end = The call ends when nobody but the latest bidder can still play. That player constructs the building where it stands and takes the neighborhood's token; every other bid goes back to its owner's supply. The winner opens the next call.
howto-end = The game ends at once when a player has constructed all 13 of their buildings. Then every card is revealed and the score sheet is added up: the highest total wins.
howto-sizes = In the Expert game buildings have sizes: { $sizes }.
howto-keys = Click a neighborhood to choose it, then a building; - and = change the building, Enter bids, P passes.

## Bot presets

preset-beginner = Beginner
preset-casual = Casual
preset-strong = Strong
preset-expert = Expert
preset-beginner-about = Plays good moves often and poor ones sometimes.
preset-casual-about = Looks a little ahead and sometimes picks a second-best move.
preset-strong-about = Searches about a thousand futures per move.
preset-expert-about = Searches thirty thousand futures per move; the strongest.
player-person = Person
bot-named = Bot: { $name }

## Errors a player can meet (the rule's number stays in the error's data)

error-game-over = The game is over: no more moves.
error-wrong-player = It is not your turn.
error-unknown-neighborhood = There is no neighborhood { $neighborhood }.
error-unknown-building = There is no building { $building }: buildings are numbered 1 to 13.
error-out-of-play = Neighborhood { $neighborhood } is in the { $district } district, which is out of play in this game.
error-constructed = Neighborhood { $neighborhood } already holds a constructed building.
error-already-bid = Neighborhood { $neighborhood } already holds a bid of this call.
error-building-constructed = Your building { $building } is already constructed.
error-building-on-board = Your building { $building } is already on the board in this call.
error-not-adjacent = Neighborhood { $neighborhood } is not next to { $last }, where the latest bid stands.
error-not-higher = Building { $building } is not higher than { $last }, the latest bid.
error-opening-pass = The player who opens a call must bid; passing is not allowed.
error-unknown-action = That is not a move of this game.
error-other = That move cannot be played: { $detail }
