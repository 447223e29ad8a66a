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

## The replays (the terminal's HTML replay and the web client's)

# Where the replay stands, at the setup: "výchozí stav · 61 rozhodnutí".
replay-setup = výchozí stav · { $decisions ->
    [one] { $decisions } rozhodnutí
    [few] { $decisions } rozhodnutí
   *[other] { $decisions } rozhodnutí
}
replay-where = veřejná soutěž { $call } · rozhodnutí { $at } z { $last }
replay-score = Body v této pozici:
replay-neighborhoods = Pole:
replay-not-over = Hra ještě neskončila: na tahu je { $who }.
replay-keys = klávesy: vlevo/vpravo o rozhodnutí, nahoru/dolů o veřejnou soutěž, Home/End
replay-setup-title = Příprava

## Actions and turns

action-bid = podat nabídku: budova { $building } na poli { $place }
action-pass = pasovat

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

## Bot presets

preset-beginner = Začátečník
preset-casual = Příležitostný hráč
preset-strong = Silný
preset-expert = Expert
preset-beginner-about = Často hraje dobré tahy, občas i slabé.
preset-casual-about = Dívá se trochu dopředu a občas zvolí až druhý nejlepší tah.
preset-strong-about = Na každý tah prozkoumá asi tisíc možných pokračování.
preset-expert-about = Na každý tah prozkoumá až dvacet tisíc možných pokračování a posoudí je podle toho, co se naučil z tisíců her; nejsilnější.

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

## The board's legend (each symbol the board shows, and what it means)

# $kind: a kind's name (kind-*); the label is capitalised by the pages.
legend-kind-label = Pole: { $kind }
legend-kind-drawn = Označeno písmenem { $letter }
legend-kind-metropolys = { $drawn }; počítá se pro kartu Metropolys, která uvádí typ „{ $kind }“.
legend-kind-expert = { $drawn }; karta Městská rezidence tohoto typu přináší: { $score }
legend-kind-family = { $drawn }; v Rodinné hře bez karet Metropolys typy polí body nepřinášejí.
legend-statue-label = Socha
legend-statue = Sousedí se třemi poli; karta Okolí „Sochy“ přináší: { $score }
legend-lake-label = Jezero
legend-lake = Pole kolem něj leží na jeho břehu; karta Okolí „Jezera“ přináší: { $score }
legend-street-label = Ulice
legend-street = Spojuje dvě sousední pole: navýšení se klade na pole sousedící s poslední nabídkou.
legend-bridge-label = Most
legend-bridge = Spojuje dvě pole přes řeku, která tím spolu sousedí; karta Okolí „Mosty“ přináší: { $score }
legend-out-label = Městská čtvrť mimo hru
legend-out = Při méně než čtyřech hráčích je jedna nebo dvě okrajové městské čtvrti mimo hru: nestaví se v nich a nepřinášejí body.
legend-building-label = Budova
legend-building = Postavená budova v barvě svého majitele a se svým číslem: zůstává na plánu až do konce hry.
# $size: a size's name (size-*); $numbers: "1–5".
legend-size-label = { $size } budova ({ $numbers })
legend-size = Budova s číslem { $numbers } je { $size }; v každé městské čtvrti získá žeton Nejvyšší budova ten, kdo tam má nejvyšší budovy.
legend-size-metropolys = Budova s číslem { $numbers } je { $size }; s kartami Metropolys velikosti body nepřinášejí.
legend-bid-label = Nabídka
legend-bid = Budova nabídnutá v probíhající veřejné soutěži; vrátí se svému majiteli, pokud soutěž nevyhraje.
legend-latest-label = Poslední nabídka
legend-latest = Poslední nabídka, vyznačená tučně: navýšení musí mít vyšší číslo a ležet na volném poli, které s ní sousedí; když nikdo nenavýší, budova se postaví.
legend-highlight-label = Právě postaveno
legend-highlight = Zlatý kroužek označuje naposledy postavenou budovu.

## The web pages' own words (buttons, headings, notes)

ui-language = Jazyk
ui-skip = Přejít ke hře
ui-lobby = Herna
ui-play-offline = Hrát offline
ui-loading-engine = Načítání herního jádra…
ui-loading = Načítání…
ui-new-match = Nová partie
ui-players = Hráči
ui-game = Hra
ui-family = Rodinná
ui-expert = Pro experty
ui-metropolys-cards = Karty Metropolys
ui-turn-timer = Časový limit tahu
ui-timer-none = žádný
ui-private = Soukromá: připojit se mohou jen lidé s odkazem na pozvánku
ui-who-plays = Kdo hraje na kterém místě
ui-create = Vytvořit a hrát
ui-matches = Partie
ui-my-games = Tvoje hry
ui-finished = Dohrané
ui-table = Stůl
ui-board-view = Zobrazení plánu
ui-zoom-out = Oddálit
ui-zoom-in = Přiblížit
ui-fit = Celý plán
ui-fit-board = Zobrazit celý plán
ui-show-mine = Kde mi karty přinesou body
ui-board-region = Hrací plán: po přiblížení jím posouvej rolováním
ui-board = Hrací plán
ui-pass = Pasovat
ui-hint = Rada
ui-undo = Vrátit tah
ui-cancel = Zrušit
ui-rematch = Odveta
ui-replay = Přehrát
ui-download-record = Stáhnout záznam
ui-download-title = Stáhnout záznam dosavadního průběhu hry
ui-back-to-lobby = Zpět do herny
ui-your-cards = Tvé karty
ui-panels = Panely
ui-events = Události
ui-chat = Chat
ui-legend = Legenda
ui-rules = Jak hrát
ui-scoring = Bodování
ui-rules-call = Veřejná soutěž a konec hry
ui-rules-picture = Probíhající veřejná soutěž: { $bids }. Kroužek označuje poslední nabídku, pole { $place }: další navýšení přijde na sousední pole, s vyšším číslem budovy.
ui-skip-rules = Přejít k pravidlům
ui-site = Stránky
ui-rules-link = Pravidla
ui-rules-title = Metropolys: jak hrát
ui-play = Hrát
ui-messages = Zprávy
ui-message = Zpráva
ui-say-something = Napiš něco
ui-send = Odeslat
ui-keys-online = Klávesy: Tab přejde na zvýrazněné pole, Enter na něm podá nabídku, 1–9, 0 (10), - (11), = (12) a + (13) vyberou budovu, P pasovat, H rada, Esc zrušit.
ui-keys-offline = Klávesy: Tab přejde na zvýrazněné pole, Enter na něm podá nabídku, 1–9, 0 (10), - (11), = (12) a + (13) vyberou budovu, P pasovat, H rada, U vrátit tah, Esc zrušit.
ui-copy-invite = Kopírovat pozvánku
ui-copy-seat = Kopírovat odkaz místa
ui-sound = Zvuk, když jsem na tahu
ui-cancel-match = Zrušit tuto partii
ui-leave-seat = Opustit své místo
ui-link = Odkaz
ui-replay-controls = Ovládání přehrávání
ui-replay-first = výchozí stav (Home)
ui-replay-prevcall = předchozí veřejná soutěž (↑, Page Up)
ui-replay-prev = předchozí rozhodnutí (←)
ui-replay-next = další rozhodnutí (→)
ui-replay-nextcall = další veřejná soutěž (↓, Page Down)
ui-replay-last = poslední rozhodnutí (End)
ui-score-sheet = Bodovací tabulka
ui-final-score = Konečný výsledek
ui-connecting = Připojování…
ui-no-such-match = Taková partie neexistuje.
ui-cannot-open = Partii nelze otevřít: { $error }
ui-reconnecting = Spojení přerušeno; připojuji znovu…
ui-timed-out = { $who }: čas vypršel, místo něj hraje hladový bot
ui-waiting-players = Čeká se na { $count ->
    [one] { $count } dalšího hráče
    [few] { $count } další hráče
   *[other] { $count } dalších hráčů
}…
ui-game-over = Konec hry: { $winners }
ui-cancelled = Tato partie byla zrušena
ui-your-turn = { $pass ->
    [yes] Jsi na tahu: vyber zvýrazněné pole, nebo pasuj
   *[no] Jsi na tahu: vyber zvýrazněné pole
}
ui-your-turn-seat = { $pass ->
    [yes] { $who }, jsi na tahu: vyber zvýrazněné pole, nebo pasuj
   *[no] { $who }, jsi na tahu: vyber zvýrazněné pole
}
ui-to-act = Na tahu: { $who }
ui-call = veřejná soutěž { $call }
ui-move = tah { $move }
ui-watching = jako divák
ui-decision = rozhodnutí { $n }
ui-players-count = { $count ->
    [one] { $count } hráč
    [few] { $count } hráči
   *[other] { $count } hráčů
}
ui-timer-waits = Časový limit tahu čeká, dokud nebude přítomen některý hráč
ui-seconds-left-me = Na tah ti zbývá { $left } s
ui-seconds-left = { $who }: zbývá { $left } s
ui-take-seat = Obsadit místo: { $color }
ui-cannot-join = Nelze se připojit: { $error }
ui-join-rematch = Připojit se k odvetě
ui-watch-rematch = Sledovat odvetu
ui-rematch-waiting = Čeká odveta se stejnými místy.
ui-no-rematch = Odveta není možná: { $error }
ui-bid-on = Nabídka na pole { $place }, budova:
ui-hint-is = Rada: { $action }
ui-your-turn-title = ▶ Jsi na tahu · { $title }
ui-copied = { $what }: zkopírováno.
ui-copy-from-box = { $what }: zkopíruj si ho z textového pole.
ui-only-players-chat = Chatovat mohou jen hráči; obsaď místo a přidej se.
ui-invite-link = Odkaz na pozvánku
ui-no-seat = Nemáš tu žádné místo.
ui-seat-link = Odkaz tvého místa
ui-confirm-leave = Opustit své místo? Pak ho může obsadit kdokoli.
ui-only-players-cancel = Partii může zrušit jen některý z jejích hráčů.
ui-confirm-cancel = Zrušit tuto partii pro všechny?
ui-match-cancelled = Partie je zrušena.
ui-winners = { $count ->
    [one] { $me ->
        [yes] { $names } vítězíš
       *[no] { $names } vítězí
    }
    [few] { $names } se dělí o vítězství
   *[other] { $names } se dělí o vítězství
}
ui-a-person = člověk
ui-a-person-here = člověk u této obrazovky
ui-bot = bot { $name }
ui-bot-option = bot: { $name }
ui-free = volné
ui-seat-of = Místo: { $color }
ui-match-what = { $players } hráči, { $variant }
ui-match-cards = + karty Metropolys
ui-match-timer = { $seconds } s na tah
ui-playing-move = hraje se, tah { $move }
ui-status-open = otevřená
ui-status-playing = hraje se
ui-status-finished = dohraná
ui-status-cancelled = zrušená
ui-return-to-seat = Zpět na své místo
ui-join-as = Přidat se jako { $color }
ui-final-position = Konečný stav
ui-watch = Sledovat
ui-cannot-list = Partie nelze vypsat: { $error }
ui-no-match = Žádná partie nečeká: založ novou.
ui-no-finished = Zatím žádná dohraná partie.
ui-no-replay = Záznam nelze přehrát: { $error }
ui-replay-title = Přehrávání: { $players } hráči, { $variant }
ui-seats = Místa:
ui-show-where = Ukázat, kde karta přináší body ({ $places })
ui-your-buildings = Tvé budovy:
ui-none-left = žádná nezbývá
ui-col-player = Hráč
ui-col-built = Stavby
ui-col-left = Zbývá
ui-col-score = Body
ui-col-built-title = Postavené budovy
ui-col-left-title = Budovy v zásobě
ui-col-score-title = Dosud známé body
ui-status-bot = bot
ui-status-connected = připojen
ui-status-away = nepřítomen
ui-status-free = volné místo
ui-you-mark = { $name } (ty)
ui-nothing-yet = zatím nic
ui-not-known = do konce hry neznámé: { $what } (tajné karty)
ui-show-seat-scored = Ukázat na plánu, za co tento hráč získal body
ui-bid-here = Pole { $place }: podej zde nabídku ({ $choices })
ui-deck-legend = Čtyři karty Metropolys v balíčku
ui-deck-card = Karta { $n }
ui-deck-different = Balíček obsahuje čtyři různé karty Metropolys.
ui-offline-title = Metropolys offline
ui-offline-headline = Offline: na tomto zařízení, bez serveru
ui-offline-new = Hra na tomto zařízení
ui-offline-about = Vše běží přímo na této stránce: pravidla i boti (ve vláknech na pozadí, takže stránka reaguje, i když boti přemýšlejí). U jedné obrazovky může hrát více lidí: stránka skryje karty každého hráče, dokud není na tahu.
ui-seed = Semínko
ui-random = náhodné
ui-start = Začít
ui-continue-saved = Načíst uloženou hru
ui-guided = První hra s průvodcem
ui-go-on = Pokračovat
ui-new-game = Nová hra
ui-play-again = Hrát znovu
ui-record = Záznam
ui-pass-device = Předej zařízení: karty dalšího hráče zůstanou skryté, dokud nebude připraven.
ui-seed-bad = Semínko je celé číslo o nejvýše 15 číslicích.
ui-saved-bad = Uloženou hru nelze načíst: { $error }
ui-to-play = Na tahu: { $who }
ui-show-my-cards = Jsem { $who }: ukaž mé karty
ui-thinking = { $who } ({ $bot }) přemýšlí…
ui-offline-status = Offline · { $variant }, { $players } · { $call } · { $decision }
ui-bot-failed = Bot selhal: { $error }
ui-closed-seat-lost = Tvé místo bylo uvolněno (zde nebo na jiném zařízení): teď partii sleduješ jako divák.
ui-closed-stopping = Server se restartuje; připojuji znovu…
ui-closed-broken = Spojení se přerušilo kvůli poškozené zprávě; připojuji znovu…
ui-closed-flood = Příliš mnoho zpráv najednou: server spojení ukončil. Za pár sekund se připojím znovu…
ui-closed-too-big = Zpráva byla pro server příliš dlouhá; připojuji znovu…
ui-closed-full = K této partii je teď připojeno příliš mnoho spojení (diváci nebo toto místo v jiných oknech): zkusím to znovu za { $seconds } s.
ui-name-label = Tvé jméno, které uvidí ostatní hráči
ui-name-about = Nech ho prázdné a budeš se jmenovat podle své barvy.
ui-name-ok = Obsadit místo
ui-name-refused = Toto jméno nelze použít: { $error }
ui-invite-title = Pozvi přátele
ui-invite-about = Pošli jim tento odkaz: otevře tuto partii, kde si obsadí volné místo.
ui-copy = Kopírovat
ui-watching-note = Tuto partii sleduješ jako divák: karty hráčů zůstanou skryté až do konce.
ui-seat-link-summary = Odkaz mého místa: přenese tvé místo na jiné zařízení — nikomu ho nedávej
ui-seat-link-warning = Otevři tento odkaz na svém vlastním telefonu nebo počítači a hraj své místo tam. Nikomu ho nedávej: kdo ho otevře, hraje za tvé místo. Přátele pozvi odkazem na pozvánku.
ui-show-seat-qr = Zobrazit jako QR kód
ui-seat-qr = QR kód odkazu tvého místa
ui-seat-qr-caption = Naskenuj ho fotoaparátem telefonu a hraj své místo tam.
ui-seat-qr-done = Hotovo
ui-discard-saved = V tomto prohlížeči je uložená rozehraná hra. Nová hra ji nahradí: uloženou pak už nepůjde dohrát.
ui-discard-yes = Začít novou hru
ui-discard-no = Ponechat uloženou hru

## První hra s průvodcem (co se právě stalo a proč, když se to stane poprvé)

guide-intro = První hra s průvodcem proti botovi pro začátečníky: pokaždé, když se poprvé stane něco nového, se hra zastaví a vysvětlí, co se stalo a proč.
guide-continue = Pokračuj stisknutím klávesy Enter.
guide-opening = { $who } zahajuje veřejnou soutěž a podává nabídku: jednu ze svých budov na libovolné volné pole. Takhle začíná každá veřejná soutěž a hráč, který ji zahajuje, pasovat nesmí.
guide-outbid = { $who } navyšuje: budova s vyšším číslem na volném poli, které sousedí s poslední nabídkou. Teď je potřeba navýšit právě tuto nabídku.
guide-pass = { $who } pasuje: v této veřejné soutěži už nehraje, svoje nabídky ale nechává na plánu až do jejího konce.
guide-forced-pass = { $who } nemůže navýšit (nezbývá žádná vyšší budova, nebo vedle poslední nabídky už není volné pole), a tak pasuje automaticky, bez ptaní.
guide-call-end = Veřejná soutěž skončila: nikdo další už nemůže hrát, a tak autor poslední nabídky, { $who }, staví tuto budovu tam, kde stojí. Všechny ostatní nabídky se vracejí do zásoby svých majitelů a vítěz zahajuje další veřejnou soutěž.
guide-token = { $who } staví na poli se žetonem a bere si ho ({ $token }, na konci hry { $points }).
guide-card = { $who } teď drží: { $card } ({ $points } na konci hry). Tato karta mění majitele podle toho, kdo bere žetony, které k ní patří.
guide-game-end = Hra skončila: { $who } má postavených všech svých 13 budov. Všechny tajné karty se teď odkrývají a bodovací tabulka sečte body každého hráče.

## Rozbor dohrané partie boty
review-title = Rozbor partie
review-by = Rozbor: bot { $preset }
review-known = S tím, co hráč věděl
review-revealed = Se všemi kartami odkrytými
review-win-chance = Šance na výhru
review-accuracy = Přesnost
review-turning-point = Zlomový okamžik
review-decision = Rozhodnutí
review-grade-forced = vynucený tah
review-grade-best = nejlepší
review-grade-good = dobrý
review-grade-inaccuracy = nepřesnost
review-grade-mistake = chyba
review-grade-blunder = hrubá chyba
review-inaccuracies = Nepřesnosti
review-mistakes = Chyby
review-blunders = Hrubé chyby
review-suggestion = Bot by zvolil: { $action } (+{ $gain } % šance na výhru)
review-settings = náhodné semínko { $seed } · { $worlds ->
    [one] { $worlds } vzorek
    [few] { $worlds } vzorky
   *[other] { $worlds } vzorků
} na odhad
review-label = { $label }: { $value }
review-turning-points = Zlomové okamžiky
review-graph-hint = Klepnutím na graf zobrazíte plán v tom rozhodnutí.
review-computing = Probíhá rozbor partie…
review-not-over = Rozbor je k dispozici po skončení hry.
review-start = Rozebrat partii
review-preset = Bot pro rozbor
review-failed = Rozbor není k dispozici: { $error }
review-decision-n = Rozhodnutí { $n }
review-chance = { $who }: { $chance } %

## Accounts and the leaderboard (the lobby)

ui-account = Tvůj účet
ui-account-note = S účtem najdeš své hry na každém zařízení a dostaneš hodnocení u stolů, kde má účet každý hráč.
ui-account-name = Jméno
ui-password = Heslo
ui-sign-in = Přihlásit se
ui-sign-up = Založit účet
ui-sign-out = Odhlásit se
ui-signed-in-as = Přihlášen jako { $name }
ui-account-failed = Nepřihlášeno: { $error }
ui-ratings = Tvoje hodnocení
ui-no-ratings = Zatím žádná hodnocená hra: hra se hodnotí, když má účet každý člověk u stolu.
ui-timer-days = { $days ->
    [one] { $days } den na tah
    [few] { $days } dny na tah
    [many] { $days } dne na tah
   *[other] { $days } dní na tah
}
ui-match-hours = { $hours } h na tah
ui-days-left-me = Na tah ti zbývá { $days } d { $hours } h
ui-days-left = { $who }: zbývá { $days } d { $hours } h
ui-notices = Upozornění
ui-notices-contact = Když na mě čeká korespondenční hra, dej mi vědět na
ui-notices-save = Uložit
ui-notices-saved = Uloženo: server ti dá vědět, když na tebe čeká korespondenční hra.
ui-notices-none = Žádná upozornění.
ui-notices-off = Tento server upozornění neposílá.
ui-notices-failed = Neuloženo: { $error }
ui-rating-line = { $players } hráči, { $variant }: { $score } (hry: { $games })
ui-leaderboard = Žebříček
ui-no-leaderboard = V tomto druhu hry zatím nikdo nemá hodnocení.
ui-col-rank = Pořadí
ui-col-rating = Hodnocení
ui-col-games = Hry
