# Every word a player reads, in Czech. One message per thing said; the
# other languages (en, pl, fr) hold the same message ids with the same
# variables (tests/catalogues.rs). The game's terms come from the printed
# Czech rulebook (glossary.toml); the sentences are our own.
# Rule numbers never appear here: they stay in the errors' data and in
# messages meant for developers.
#
# Variables: $who, $whose, $holder: a seat as the caller names it ("Alice
# (Černý)", "Černý" or the message `you`); $me: "yes" when the sentence is
# about the reader's own seat, else "no"; $place: a neighborhood as the
# message `place` writes it; $building: a building as `building` or
# `building-sized` writes it; $points: a number of points, signed text
# ("+3", "−1"); $count, $calls, $total, $n: plain numbers, which choose
# the plural form (CLDR one/few/other in Czech).
# Register: the reader is addressed as "ty". Inserted names stay in the
# nominative, so sentences put them as subjects or after a colon.

## The language itself (the language menu)

language-name = Čeština

## Seats (seat order: blue, brown, white, black)

color-blue = Modrý
color-brown = Hnědý
color-white = Bílý
color-black = Černý
# A seat with a player's name: "Alice (Černý)".
seat-named = { $name } ({ $color })
# A seat with who plays it, colour first (the terminal): "Hnědý (ismcts)".
seat-played = { $color } ({ $name })
# The reader's own seat, as the subject of a sentence.
you = Ty

## The board

district-center = střed
district-north = sever
district-east = východ
district-south = jih
district-west = západ

kind-industry = průmyslová zóna
kind-park = park
kind-housing = obytné domy
kind-mall = nákupní centrum
kind-administration = správní budova

# A neighborhood: "12 (střed, nákupní centrum)".
place = { $id } ({ $district }, { $kind })

size-small = malá
size-medium = střední
size-tall = velká
# A building of the Expert game, with its size: "7 (střední)".
building-sized = { $number } ({ $size })

variant-family = Rodinná hra
variant-expert = Hra pro experty

## Tokens and cards

token-trendy = žeton Módní rezidence
token-subway = žeton Metro
token-archaeology = žeton Archeologické naleziště
token-trendy-label = Žeton Módní rezidence
token-subway-label = Žeton Metro
token-archaeology-label = Žeton Archeologické naleziště
token-highest-label = Nejvyšší budova

card-subway = karta Metro
card-archaeology = karta Archeologické naleziště

area-bridges = Mosty
area-statues = Sochy
area-lakes = Jezera
area-border = Okraj města
area-districts = Městská čtvrť
area-chains = Spojení
# An area card: "Karta Okolí: Mosty".
area-card = Karta Okolí: { $area }
# A neighborhood card of the Expert game: "Karta Městská rezidence (park)".
neighborhood-card = Karta Městská rezidence ({ $kind })
# A Metropolys card: "Karta Metropolys (průmyslová zóna, park a obytné domy)".
metropolys-card = Karta Metropolys ({ $kinds })
metropolys-card-plain = Karta Metropolys
neighborhood-card-plain = Karta Městská rezidence

## Points

# A total on its own: "31 bodů", "3 body", "1 bod".
points = { $n ->
    [one] { $n } bod
    [few] { $n } body
   *[other] { $n } bodů
}
buildings-count = { $count ->
    [one] { $count } budova
    [few] { $count } budovy
   *[other] { $count } budov
}
# "Pole" reads the same in the singular and the plural, so the count uses
# its diminutive "políčko", whose forms differ.
neighborhoods-count = { $count ->
    [one] { $count } políčko
    [few] { $count } políčka
   *[other] { $count } políček
}
calls-count = { $count ->
    [one] { $count } veřejná soutěž
    [few] { $count } veřejné soutěže
   *[other] { $count } veřejných soutěží
}

## What happens (one line per event)

call-title = { $me ->
    [yes] Veřejná soutěž { $call }: zahajuješ ty.
   *[no] Veřejná soutěž { $call }: zahajuje { $who }.
}
event-bid = { $me ->
    [yes] { $who } podáváš nabídku: budova { $building } na poli { $place }.
   *[no] { $who } podává nabídku: budova { $building } na poli { $place }.
}
event-pass = { $me ->
    [yes] { $who } pasuješ.
   *[no] { $who } pasuje.
}
event-pass-forced = { $me ->
    [yes] { $who } nemůžeš navýšit, a tak pasuješ.
   *[no] { $who } nemůže navýšit, a tak pasuje.
}
event-constructed = { $me ->
    [yes] { $who } vyhráváš veřejnou soutěž { $call } a stavíš budovu { $building } na poli { $place }.
   *[no] { $who } vyhrává veřejnou soutěž { $call } a staví budovu { $building } na poli { $place }.
}
# The losing bids of a call: "Zpět do zásoby: Modrý 4, Hnědý 9."
event-returned = Zpět do zásoby: { $list }.
returned-item = { $who } { $building }
event-token = { $me ->
    [yes] { $who } bereš { $token } ({ $points }).
   *[no] { $who } bere { $token } ({ $points }).
}
event-card = { $me ->
    [yes] { $who } bereš: { $card } ({ $points }).
   *[no] { $who } bere: { $card } ({ $points }).
}
event-card-from = { $me ->
    [yes] { $who } přebíráš: { $card }, dosavadní držitel: { $holder } ({ $points }).
   *[no] { $who } přebírá: { $card }, dosavadní držitel: { $holder } ({ $points }).
}
# Why the game ended: the seat that constructed its last building.
# $calls: the number of calls played.
end-reason = { $me ->
    [yes] { $who } stavíš svou třináctou budovu, a hra tak končí; { $calls ->
        [one] odehrála se { $calls } veřejná soutěž
        [few] odehrály se { $calls } veřejné soutěže
       *[other] odehrálo se { $calls } veřejných soutěží
    }.
   *[no] { $who } staví svou třináctou budovu, a hra tak končí; { $calls ->
        [one] odehrála se { $calls } veřejná soutěž
        [few] odehrály se { $calls } veřejné soutěže
       *[other] odehrálo se { $calls } veřejných soutěží
    }.
}
# $total: the winner's total of points.
winner-one = { $me ->
    [yes] { $who } vítězíš a máš { $total ->
        [one] { $total } bod
        [few] { $total } body
       *[other] { $total } bodů
    }.
   *[no] { $who } vítězí a má { $total ->
        [one] { $total } bod
        [few] { $total } body
       *[other] { $total } bodů
    }.
}
# Several winners: "Modrý a Černý se dělí o vítězství; každý má 31 bodů."
winners-shared = { $names } se dělí o vítězství; každý má { $total ->
    [one] { $total } bod
    [few] { $total } body
   *[other] { $total } bodů
}.
# Joins names: "Modrý, Hnědý a Černý".
list-and = { $first } a { $last }
list-comma = { $first }, { $rest }

## Actions and turns

action-bid = podat nabídku: budova { $building } na poli { $place }
action-pass = pasovat
turn-open = { $me ->
    [yes] Jsi na tahu: zahaj veřejnou soutěž { $call } nabídkou na libovolné volné pole.
   *[no] { $who } zahajuje veřejnou soutěž { $call }.
}
turn-outbid = { $me ->
    [yes] Jsi na tahu: navýš nabídku { $building } na poli { $place } budovou s vyšším číslem na sousedním poli, nebo pasuj.
   *[no] Na tahu je { $who }: navýšit nabídku { $building } na poli { $place }, nebo pasovat.
}
turn-over = Hra skončila.

## The score sheet (one row per category)

category-trendy = Žetony Módní rezidence
category-subway = Žetony Metro
category-subway_card = Karta Metro
category-archaeology = Žetony Archeologické naleziště
category-archaeology_card = Karta Archeologické naleziště
category-area = Karta Okolí
category-neighborhood = Karta Městská rezidence
category-highest_building = Nejvyšší budovy
category-metropolys = Karta Metropolys
category-total = Celkem
category-constructed = Postavené budovy

## The scoring rules (one line each, with the game's points)

rule-family-area = { $points } za každou svou budovu { $where }; budova se počítá jen jednou, i když sousedí s více takovými místy.
rule-family-bridges = na konci mostu
rule-family-statues = u sochy
rule-family-lakes = na břehu jezera
rule-border = { $points } za každou svou budovu na okraji města.
rule-family-none = Nic: v Rodinné hře se taková karta nerozdává.
rule-expert-districts = { $points } za každou městskou čtvrť, ve které máš alespoň tři budovy.
rule-expert-chains = { $points } za každé spojení tří tvých budov propojených ulicemi nebo mosty; budova se počítá jen do jednoho spojení.
rule-expert-bridges = { $points } za každý most, na jehož obou koncích stojí tvoje budovy; budova se počítá jen k jednomu mostu.
rule-expert-statues = { $points } za každou sochu, na jejíchž všech třech sousedních polích stojí tvoje budovy; budova se počítá jen k jedné soše.
rule-expert-lakes = { $points } za každé jezero, na jehož břehu stojí tři tvoje budovy; budova se počítá jen k jednomu jezeru.
rule-neighborhood = { $points } za každou svou budovu na poli toho typu, který uvádí karta.
rule-neighborhood-kind = { $points } za každou svou budovu na poli typu „{ $kind }“.
rule-metropolys = { $points } za každou trojici tvých budov v jedné městské čtvrti, po jedné na každém ze tří typů uvedených na kartě; budova se počítá jen do jedné trojice.
rule-metropolys-kinds = { $points } za každou trojici tvých budov v jedné městské čtvrti, po jedné na každém z typů: { $kinds }; budova se počítá jen do jedné trojice.
rule-trendy = { $points } za každý získaný žeton Módní rezidence: dostane ho ten, kdo postaví budovu na jeho poli.
rule-subway = { $points } za každý získaný žeton Metro; podle těchto žetonů se také určuje, kdo drží kartu Metro.
rule-archaeology = { $points } za každý získaný žeton Archeologické naleziště; kdo ho vezme, vezme si i kartu Archeologické naleziště.
rule-subway-card = { $points } pro jejího držitele: dostane ji první hráč, který získá žeton Metro, a přejde k hráči, který pak má více žetonů Metro než její dosavadní držitel; při shodě se nikdy nepřesouvá.
rule-archaeology-card = { $points } pro jejího držitele: vezme si ji každý, kdo získá žeton Archeologické naleziště, ať ze zásoby, nebo od jiného hráče.
rule-highest = { $points } v každé městské čtvrti pro hráče, jejichž budovy tam stojí nejvýš: velikosti ({ $sizes }) se porovnávají jedna po druhé od největší, a když jednomu hráči dojdou, vyhrává ten s delší řadou; body získá každý, kdo se o první místo dělí.
rule-sizes = malé { $small }, střední { $medium }, velké { $tall }
rule-winner-label = Vítěz
rule-winner = Vyhrává nejvyšší součet; ze shodných hráčů vyhrává ten, kdo postavil více budov; hráči, kteří jsou ve shodě i potom, se dělí o vítězství.

## How to play (the legend, the rules page and `help`)

howto-goal = Postav svých 13 budov po městě tam, kde ti body přinesou tvoje tajné karty, a sbírej body prestiže.
howto-call = Hra se skládá z řady veřejných soutěží. Hráč, který veřejnou soutěž zahajuje, musí podat nabídku: jednu ze svých budov na libovolné volné pole.
howto-outbid = Potom každý hráč, který dosud nepasoval, postupně buď navýší, nebo pasuje. Navýšení je budova s vyšším číslem na volném poli sousedícím s poslední nabídkou (přes most to jde, přes vodu bez mostu ne). V jedné veřejné soutěži můžeš navýšit i vícekrát.
howto-pass = Kdo pasuje, v této veřejné soutěži už nehraje; jeho nabídky zůstávají na plánu až do jejího konce. Hráč, který nemá čím navýšit, pasuje, aniž by se ho hra ptala.
howto-call-end = Veřejná soutěž končí, když už nikdo kromě autora poslední nabídky nemůže hrát. Ten hráč budovu postaví tam, kde stojí, a vezme si žeton z jejího pole; všechny ostatní nabídky se vracejí do zásoby svých majitelů. Vítěz zahajuje další veřejnou soutěž.
howto-end = Hra končí okamžitě, jakmile některý hráč postaví všech svých 13 budov. Pak se odkryjí všechny karty a sečte se bodovací tabulka: vyhrává nejvyšší součet.
howto-sizes = Ve hře pro experty mají budovy velikosti: { $sizes }.
howto-keys = Kliknutím vyber pole, pak budovu; - a = mění budovu, Enter podá nabídku, P pasuje.

## Bot presets

preset-beginner = Začátečník
preset-casual = Příležitostný hráč
preset-strong = Silný
preset-expert = Expert
preset-beginner-about = Často hraje dobré tahy, občas i slabé.
preset-casual-about = Dívá se trochu dopředu a občas zvolí až druhý nejlepší tah.
preset-strong-about = Na každý tah prozkoumá asi tisíc možných pokračování.
preset-expert-about = Na každý tah prozkoumá třicet tisíc možných pokračování; nejsilnější.
player-person = Člověk
bot-named = Bot: { $name }

## Errors a player can meet (the rule's number stays in the error's data)

error-game-over = Hra skončila: už nelze táhnout.
error-wrong-player = Nejsi na tahu.
error-unknown-neighborhood = Pole { $neighborhood } neexistuje.
error-unknown-building = Budova { $building } neexistuje: budovy mají čísla od 1 do 13.
error-out-of-play = Pole { $neighborhood } leží v městské čtvrti { $district }, která v této partii není ve hře.
error-constructed = Na poli { $neighborhood } už stojí postavená budova.
error-already-bid = Na poli { $neighborhood } už leží nabídka z této veřejné soutěže.
error-building-constructed = Tvoje budova { $building } už je postavená.
error-building-on-board = Tvoje budova { $building } už v této veřejné soutěži leží na plánu.
error-not-adjacent = Pole { $neighborhood } nesousedí s polem { $last }, kde leží poslední nabídka.
error-not-higher = Budova { $building } nemá vyšší číslo než poslední nabídka ({ $last }).
error-opening-pass = Kdo veřejnou soutěž zahajuje, musí podat nabídku; pasovat nesmí.
error-unknown-action = To není tah této hry.
error-other = Tento tah nelze zahrát: { $detail }
