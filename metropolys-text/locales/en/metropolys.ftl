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

## The replays (the terminal's HTML replay and the web client's)

# Where the replay stands, at the setup: "setup · 61 decisions".
replay-setup = setup · { $decisions ->
    [one] { $decisions } decision
   *[other] { $decisions } decisions
}
replay-where = call { $call } · decision { $at } of { $last }
replay-score = Score as the position stands:
replay-neighborhoods = Neighborhoods:
replay-not-over = The game is not over: { $who } to act.
replay-keys = keys: Left/Right a decision, Up/Down a call, Home/End
replay-setup-title = Setup

## Actions and turns

action-bid = bid { $building } on { $place }
action-pass = pass

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

## Bot presets

preset-beginner = Beginner
preset-casual = Casual
preset-strong = Strong
preset-expert = Expert
preset-beginner-about = Plays good moves often and poor ones sometimes.
preset-casual-about = Looks a little ahead and sometimes picks a second-best move.
preset-strong-about = Searches about a thousand futures per move.
preset-expert-about = Searches up to twenty thousand futures per move and judges them by what it learned from thousands of games; the strongest.

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

## The board's legend (each symbol the board shows, and what it means)

# $kind: a kind's name (kind-*); the label is capitalised by the pages.
legend-kind-label = { $kind } neighborhood
legend-kind-drawn = Drawn with the letter { $letter }
legend-kind-metropolys = { $drawn }; it counts for a Metropolys card showing { $kind }.
legend-kind-expert = { $drawn }; the neighborhood card of this kind scores { $score }
legend-kind-family = { $drawn }; kinds score nothing in the Family game without Metropolys cards.
legend-statue-label = Statue
legend-statue = Touches three neighborhoods; the Statues card scores { $score }
legend-lake-label = Lake
legend-lake = The neighborhoods around it are on its shore; the Lakes card scores { $score }
legend-street-label = Street
legend-street = Joins two neighboring neighborhoods: an outbid goes next to the latest bid.
legend-bridge-label = Bridge
legend-bridge = Joins two neighborhoods across the river, which count as next to each other; the Bridges card scores { $score }
legend-out-label = District out of play
legend-out = With fewer than four players, one or two outer districts are out of play: nothing is built or scored there.
legend-building-label = Building
legend-building = A constructed building, in its owner's colour with its number: it stays for the rest of the game.
# $size: a size's name (size-*); $numbers: "1–5".
legend-size-label = { $size } building ({ $numbers })
legend-size = Buildings { $numbers } are { $size }; in each district the tallest buildings take the highest-building token.
legend-size-metropolys = Buildings { $numbers } are { $size }; sizes score nothing with the Metropolys cards.
legend-bid-label = Bid
legend-bid = A building bid in the current call; it goes back to its owner unless it wins the call.
legend-latest-label = Latest bid
legend-latest = The latest bid, in bold: an outbid needs a higher number on a free neighborhood next to it; when nobody outbids, it is constructed.
legend-highlight-label = Just constructed
legend-highlight = A gold ring marks the building constructed last.

## The web pages' own words (buttons, headings, notes)

ui-language = Language
ui-skip = Skip to the game
ui-lobby = Lobby
ui-play-offline = Play offline
ui-loading-engine = Loading the engine…
ui-loading = Loading…
ui-new-match = New match
ui-players = Players
ui-game = Game
ui-family = Family
ui-expert = Expert
ui-metropolys-cards = Metropolys cards
ui-turn-timer = Turn timer
ui-timer-none = none
ui-private = Private: only people with the invite link can join
ui-who-plays = Who plays each seat
ui-create = Create and take a seat
ui-matches = Matches
ui-my-games = Your games
ui-finished = Finished
ui-table = Table
ui-board-view = Board view
ui-zoom-out = Zoom out
ui-zoom-in = Zoom in
ui-fit = Fit
ui-fit-board = Fit the board
ui-show-mine = Where my cards score
ui-board-region = The board: scroll to move it when zoomed
ui-board = The board
ui-pass = Pass
ui-hint = Hint
ui-undo = Undo
ui-cancel = Cancel
ui-rematch = Rematch
ui-replay = Replay
ui-download-record = Download the record
ui-download-title = Download the record of the game so far
ui-back-to-lobby = Back to the lobby
ui-your-cards = Your cards
ui-panels = Panels
ui-events = Events
ui-chat = Chat
ui-legend = Legend
ui-rules = How to play
ui-scoring = Scoring
ui-rules-call = A call, and the end of the game
ui-rules-picture = A call under way: { $bids }. The ring marks the latest bid, on { $place }: the next outbid goes next to it, with a higher building.
ui-skip-rules = Skip to the rules
ui-site = Site
ui-rules-link = Rules
ui-rules-title = Metropolys: how to play
ui-play = Play
ui-messages = Messages
ui-message = Message
ui-say-something = Say something
ui-send = Send
ui-keys-online = Keys: Tab to a highlighted neighborhood, Enter to bid there, 1–9, 0 (10), - (11), = (12) and + (13) to pick a building, P pass, H hint, Esc cancel.
ui-keys-offline = Keys: Tab to a highlighted neighborhood, Enter to bid there, 1–9, 0 (10), - (11), = (12) and + (13) to pick a building, P pass, H hint, U undo, Esc cancel.
ui-copy-invite = Copy the invite link
ui-copy-seat = Copy my seat link
ui-sound = Sound when it is my turn
ui-cancel-match = Cancel this match
ui-leave-seat = Leave my seat
ui-link = Link
ui-replay-controls = Replay controls
ui-replay-first = setup (Home)
ui-replay-prevcall = previous call (Up, Page Up)
ui-replay-prev = previous decision (Left)
ui-replay-next = next decision (Right)
ui-replay-nextcall = next call (Down, Page Down)
ui-replay-last = last decision (End)
ui-score-sheet = Score sheet
ui-final-score = Final score
ui-connecting = Connecting…
ui-no-such-match = There is no such match.
ui-cannot-open = Cannot open the match: { $error }
ui-reconnecting = Connection lost; reconnecting…
ui-timed-out = Time ran out for { $who }: the greedy bot plays for them
ui-waiting-players = Waiting for { $count ->
    [one] { $count } more player
   *[other] { $count } more players
}…
ui-game-over = Game over: { $winners }
ui-cancelled = This match was cancelled
ui-your-turn = { $pass ->
    [yes] Your turn: choose a highlighted neighborhood, or pass
   *[no] Your turn: choose a highlighted neighborhood
}
ui-your-turn-seat = { $pass ->
    [yes] { $who }, your turn: choose a highlighted neighborhood, or pass
   *[no] { $who }, your turn: choose a highlighted neighborhood
}
ui-to-act = { $who } to act
ui-call = call { $call }
ui-move = move { $move }
ui-watching = watching
ui-decision = decision { $n }
ui-players-count = { $count ->
    [one] { $count } player
   *[other] { $count } players
}
ui-timer-waits = The turn timer waits until a player is here
ui-seconds-left-me = { $left } s left to play
ui-seconds-left = { $left } s left for { $who }
ui-take-seat = Take the { $color } seat
ui-cannot-join = Cannot join: { $error }
ui-join-rematch = Join the rematch
ui-watch-rematch = Watch the rematch
ui-rematch-waiting = A rematch with the same seats is waiting.
ui-no-rematch = No rematch: { $error }
ui-bid-on = Bid on { $place } with building
ui-hint-is = Hint: { $action }
ui-your-turn-title = ▶ Your turn · { $title }
ui-copied = { $what } copied.
ui-copy-from-box = { $what }: copy it from the box.
ui-only-players-chat = Only the players can chat; take a seat to join in.
ui-invite-link = The invite link
ui-no-seat = You hold no seat here.
ui-seat-link = Your seat link
ui-confirm-leave = Leave your seat? Anyone may then take it.
ui-only-players-cancel = Only a player of this match can cancel it.
ui-confirm-cancel = Cancel this match for everybody?
ui-match-cancelled = The match is cancelled.
ui-winners = { $count ->
    [one] { $me ->
        [yes] { $names } win
       *[no] { $names } wins
    }
   *[other] { $names } share the victory
}
ui-a-person = a person
ui-a-person-here = a person at this screen
ui-bot = bot { $name }
ui-bot-option = bot: { $name }
ui-free = free
ui-seat-of = { $color } seat
ui-match-what = { $players } players, { $variant }
ui-match-cards = + Metropolys cards
ui-match-timer = { $seconds } s a turn
ui-playing-move = playing, move { $move }
ui-status-open = open
ui-status-playing = playing
ui-status-finished = finished
ui-status-cancelled = cancelled
ui-return-to-seat = Return to your seat
ui-join-as = Join as { $color }
ui-final-position = Final position
ui-watch = Watch
ui-cannot-list = Cannot list matches: { $error }
ui-no-match = No match is waiting: create one.
ui-no-finished = No finished match yet.
ui-no-replay = No replay: { $error }
ui-replay-title = Replay: { $players } players, { $variant }
ui-seats = Seats:
ui-show-where = Show where it scores ({ $places })
ui-your-buildings = Your buildings:
ui-none-left = none left
ui-col-player = Player
ui-col-built = Built
ui-col-left = Left
ui-col-score = Score
ui-col-built-title = Buildings constructed
ui-col-left-title = Buildings in the supply
ui-col-score-title = Points as far as known
ui-status-bot = bot
ui-status-connected = connected
ui-status-away = away
ui-status-free = free seat
ui-you-mark = { $name } (you)
ui-nothing-yet = nothing yet
ui-not-known = not known until the end: { $what } (secret cards)
ui-show-seat-scored = Show what this seat scored on the board
ui-bid-here = Neighborhood { $place }: bid here ({ $choices })
ui-deck-legend = The four Metropolys cards of the deck
ui-deck-card = Card { $n }
ui-deck-different = The deck holds four different Metropolys cards.
ui-offline-title = Metropolys offline
ui-offline-headline = Offline: on this device, with no server
ui-offline-new = A game on this device
ui-offline-about = Everything runs in this page: the rules and the bots (in background workers, so the page keeps answering while they think). Several people can play at one screen: the page hides each person's cards until it is their turn.
ui-seed = Seed
ui-random = random
ui-start = Start
ui-continue-saved = Continue the saved game
ui-guided = A guided first game
ui-go-on = Go on
ui-new-game = New game
ui-play-again = Play again
ui-record = Record
ui-pass-device = Pass the device: the next player's cards are hidden until they are ready.
ui-seed-bad = The seed is a whole number of at most 15 digits.
ui-saved-bad = The saved game cannot be loaded: { $error }
ui-to-play = { $who } to play
ui-show-my-cards = I am { $who }: show my cards
ui-thinking = { $who } ({ $bot }) is thinking…
ui-offline-status = Offline · { $variant }, { $players } · { $call } · { $decision }
ui-bot-failed = The bot failed: { $error }
ui-closed-seat-lost = Your seat was given up (here or on another device): you are watching this match now.
ui-closed-stopping = The server is restarting; reconnecting…
ui-closed-broken = The connection broke on a damaged message; reconnecting…
ui-closed-flood = Too many messages at once: the server closed the connection. Reconnecting in a few seconds…
ui-closed-too-big = A message was too long for the server; reconnecting…
ui-closed-full = Too many connections to this match right now (spectators, or this seat in other windows): trying again in { $seconds } s.
ui-name-label = Your name, shown to the other players
ui-name-about = Leave it empty to be called by your colour.
ui-name-ok = Take the seat
ui-name-refused = This name cannot be used: { $error }
ui-invite-title = Invite your friends
ui-invite-about = Send them this link: it opens this match, where they take a free seat.
ui-copy = Copy
ui-watching-note = You are watching this match: the players' cards stay hidden until the end.
ui-seat-link-summary = My seat link: moves your seat to another device — do not share
ui-seat-link-warning = Open this link on your own phone or computer to play your seat there. Do not give it to anyone: whoever opens it plays your seat. To bring friends in, send the invite link.
ui-show-seat-qr = Show it as a QR code
ui-seat-qr = QR code of your seat link
ui-seat-qr-caption = Scan it with your phone's camera to play your seat there.
ui-seat-qr-done = Done
ui-discard-saved = A game in progress is saved in this browser. A new game replaces it: the saved one cannot be continued then.
ui-discard-yes = Start the new game
ui-discard-no = Keep the saved game

## The guided first game (what just happened, and why, the first time it happens)

guide-intro = A guided first game against a beginner bot: the game stops the first time something new happens, to say what happened and why.
guide-continue = Press Enter to go on.
guide-opening = { $who } opened the call with a bid: one of their buildings on any free neighborhood. Every call starts this way, and the player who opens cannot pass.
guide-outbid = { $who } outbid: a building with a higher number, on a free neighborhood next to the latest bid. Now that bid is the one to beat.
guide-pass = { $who } passed: they are out of this call, but their bids stay on the board until it ends.
guide-forced-pass = { $who } could not outbid (no higher building left, or no free neighborhood next to the latest bid), so they passed without being asked.
guide-call-end = The call is over: nobody else could still play, so the latest bidder, { $who }, constructs that building where it stands. Every other bid goes back to its owner's supply, and the winner opens the next call.
guide-token = { $who } built on a neighborhood with a token and took it ({ $token }, { $points } at the end).
guide-card = { $who } now holds the { $card } ({ $points } at the end): it changes hands as the tokens that go with it are taken.
guide-game-end = The game is over: { $who } has constructed all 13 of their buildings. Every secret card is now shown, and the score sheet adds up each player's points.

## The review of a finished game by the bots (grades as lichess names them)
review-title = Review
review-by = Reviewed by the { $preset } bot
review-known = With what the player knew
review-revealed = With every card revealed
review-win-chance = Win chance
review-accuracy = Accuracy
review-turning-point = Turning point
review-decision = Decision
review-grade-forced = forced
review-grade-best = best
review-grade-good = good
review-grade-inaccuracy = inaccuracy
review-grade-mistake = mistake
review-grade-blunder = blunder
review-inaccuracies = Inaccuracies
review-mistakes = Mistakes
review-blunders = Blunders
review-suggestion = The bot would have chosen: { $action } (+{ $gain } % win chance)
review-settings = seed { $seed } · { $worlds } worlds per estimate
review-label = { $label }: { $value }
review-turning-points = Turning points
review-graph-hint = Click the graph to see the board at that decision.
review-computing = Reviewing the game…
review-not-over = The review is offered once the game is over.
review-start = Review the game
review-preset = Reviewer
review-failed = No review: { $error }
review-decision-n = Decision { $n }
review-chance = { $who }: { $chance } %

## Accounts and the leaderboard (the lobby)

ui-account = Your account
ui-account-note = An account finds your games on any device and rates you at tables where every player has one.
ui-account-name = Name
ui-password = Password
ui-sign-in = Sign in
ui-sign-up = Create an account
ui-sign-out = Sign out
ui-signed-in-as = Signed in as { $name }
ui-account-failed = Not signed in: { $error }
ui-ratings = Your ratings
ui-no-ratings = No rated game yet: a game is rated when every person at the table has an account.
ui-timer-days = { $days ->
    [one] { $days } day a move
   *[other] { $days } days a move
}
ui-match-hours = { $hours } h a move
ui-days-left-me = { $days } d { $hours } h left to play
ui-days-left = { $days } d { $hours } h left for { $who }
ui-notices = Notices
ui-notices-contact = When a correspondence game waits for me, tell me at
ui-notices-save = Save
ui-notices-saved = Saved: the server tells you there when a correspondence game waits for you.
ui-notices-none = No notices.
ui-notices-off = This server sends no notices.
ui-notices-failed = Not saved: { $error }
ui-rating-line = { $players } players, { $variant }: { $score } (rated games: { $games })
ui-leaderboard = Leaderboard
ui-no-leaderboard = Nobody is rated in this kind of game yet.
ui-col-rank = Rank
ui-col-rating = Rating
ui-col-games = Games
