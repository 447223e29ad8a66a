# Every word a player reads, in Polish. One message per thing said; the
# other languages (en, cs, fr) hold the same message ids with the same
# variables (tests/catalogues.rs). The game's terms come from the printed
# Polish rulebook (glossary.toml); the sentences are our own.
# Rule numbers never appear here: they stay in the errors' data and in
# messages meant for developers.
#
# Variables: $who, $whose, $holder: a seat as the caller names it ("Alice
# (Czarny)", "Czarny" or the message `you`); $me: "yes" when the sentence
# is about the reader's own seat, else "no"; $place: a neighborhood as the
# message `place` writes it; $building: a building as `building` or
# `building-sized` writes it; $points: a number of points, signed text
# ("+3", "−1"); $count, $calls, $total, $n: plain numbers, which choose
# the plural form (CLDR one/few/many/other in Polish; `other` is for
# fractions only).
# Register: the reader is addressed as "ty". Inserted names stay in the
# nominative, so sentences put them as subjects or after a colon.

## The language itself (the language menu)

language-name = Polski

## Seats (seat order: blue, brown, white, black)

color-blue = Niebieski
color-brown = Brązowy
color-white = Biały
color-black = Czarny
# A seat with a player's name: "Alice (Czarny)".
seat-named = { $name } ({ $color })
# A seat with who plays it, colour first (the terminal): "Brązowy (ismcts)".
seat-played = { $color } ({ $name })
# The reader's own seat, as the subject of a sentence.
you = Ty

## The board

district-center = centralny
district-north = północny
district-east = wschodni
district-south = południowy
district-west = zachodni

kind-industry = przemysł
kind-park = park
kind-housing = domy mieszkalne
kind-mall = centrum handlowe
kind-administration = administracja

# A neighborhood: "12 (centralny, centrum handlowe)".
place = { $id } ({ $district }, { $kind })

size-small = mały
size-medium = średni
size-tall = wysoki
# A building of the Expert game, with its size: "7 (średni)".
building-sized = { $number } ({ $size })

variant-family = Gra rodzinna
variant-expert = Gra zaawansowana

## Tokens and cards

token-trendy = żeton modnego sąsiedztwa
token-subway = żeton metra
token-archaeology = żeton stanowiska archeologicznego
token-trendy-label = Żeton modnego sąsiedztwa
token-subway-label = Żeton metra
token-archaeology-label = Żeton stanowiska archeologicznego
token-highest-label = Najwyższy budynek

card-subway = karta metra
card-archaeology = karta stanowiska archeologicznego

area-bridges = Mosty
area-statues = Pomniki
area-lakes = Jeziora
area-border = Pogranicza
area-districts = Dystrykty
area-chains = Łańcuchy
# An area card: "Karta obszarowa: Mosty".
area-card = Karta obszarowa: { $area }
# A neighborhood card of the Expert game: "Karta sąsiedztwa (park)".
neighborhood-card = Karta sąsiedztwa ({ $kind })
# A Metropolys card: "Karta Metropolys (przemysł, park i domy mieszkalne)".
metropolys-card = Karta Metropolys ({ $kinds })
metropolys-card-plain = Karta Metropolys
neighborhood-card-plain = Karta sąsiedztwa

## Points

# A total on its own: "31 punktów", "22 punkty", "1 punkt".
points = { $n ->
    [one] { $n } punkt
    [few] { $n } punkty
    [many] { $n } punktów
   *[other] { $n } punktu
}
buildings-count = { $count ->
    [one] { $count } budynek
    [few] { $count } budynki
    [many] { $count } budynków
   *[other] { $count } budynku
}
neighborhoods-count = { $count ->
    [one] { $count } sąsiedztwo
    [few] { $count } sąsiedztwa
    [many] { $count } sąsiedztw
   *[other] { $count } sąsiedztwa
}
calls-count = { $count ->
    [one] { $count } przetarg
    [few] { $count } przetargi
    [many] { $count } przetargów
   *[other] { $count } przetargu
}

## What happens (one line per event)

call-title = { $me ->
    [yes] Przetarg { $call }: rozpoczynasz ty.
   *[no] Przetarg { $call }: rozpoczyna { $who }.
}
event-bid = { $me ->
    [yes] { $who } składasz ofertę: budynek { $building } w sąsiedztwie { $place }.
   *[no] { $who } składa ofertę: budynek { $building } w sąsiedztwie { $place }.
}
event-pass = { $me ->
    [yes] { $who } pasujesz.
   *[no] { $who } pasuje.
}
event-pass-forced = { $me ->
    [yes] { $who } nie możesz przelicytować, więc pasujesz.
   *[no] { $who } nie może przelicytować, więc pasuje.
}
event-constructed = { $me ->
    [yes] { $who } wygrywasz przetarg { $call } i stawiasz budynek { $building } w sąsiedztwie { $place }.
   *[no] { $who } wygrywa przetarg { $call } i stawia budynek { $building } w sąsiedztwie { $place }.
}
# The losing bids of a call: "Wracają do zapasu: Niebieski 4, Brązowy 9."
event-returned = Wracają do zapasu: { $list }.
returned-item = { $who } { $building }
event-token = { $me ->
    [yes] { $who } bierzesz { $token } ({ $points }).
   *[no] { $who } bierze { $token } ({ $points }).
}
event-card = { $me ->
    [yes] { $who } bierzesz: { $card } ({ $points }).
   *[no] { $who } bierze: { $card } ({ $points }).
}
event-card-from = { $me ->
    [yes] { $who } przejmujesz: { $card }, poprzedni posiadacz: { $holder } ({ $points }).
   *[no] { $who } przejmuje: { $card }, poprzedni posiadacz: { $holder } ({ $points }).
}
# Why the game ended: the seat that constructed its last building.
# $calls: the number of calls played.
end-reason = { $me ->
    [yes] { $who } stawiasz swój trzynasty budynek i gra się kończy; rozegrano { $calls ->
        [one] { $calls } przetarg
        [few] { $calls } przetargi
        [many] { $calls } przetargów
       *[other] { $calls } przetargu
    }.
   *[no] { $who } stawia swój trzynasty budynek i gra się kończy; rozegrano { $calls ->
        [one] { $calls } przetarg
        [few] { $calls } przetargi
        [many] { $calls } przetargów
       *[other] { $calls } przetargu
    }.
}
# $total: the winner's total of points.
winner-one = { $me ->
    [yes] { $who } wygrywasz, zdobywając { $total ->
        [one] { $total } punkt
        [few] { $total } punkty
        [many] { $total } punktów
       *[other] { $total } punktu
    }.
   *[no] { $who } wygrywa, zdobywając { $total ->
        [one] { $total } punkt
        [few] { $total } punkty
        [many] { $total } punktów
       *[other] { $total } punktu
    }.
}
# Several winners: "Niebieski i Czarny dzielą się zwycięstwem; każdy ma 31 punktów."
winners-shared = { $names } dzielą się zwycięstwem; każdy ma { $total ->
    [one] { $total } punkt
    [few] { $total } punkty
    [many] { $total } punktów
   *[other] { $total } punktu
}.
# Joins names: "Niebieski, Brązowy i Czarny".
list-and = { $first } i { $last }
list-comma = { $first }, { $rest }

## Actions and turns

action-bid = złożyć ofertę: budynek { $building } w sąsiedztwie { $place }
action-pass = spasować
turn-open = { $me ->
    [yes] Twój ruch: rozpocznij przetarg { $call }, składając ofertę w dowolnym wolnym sąsiedztwie.
   *[no] { $who } rozpoczyna przetarg { $call }.
}
turn-outbid = { $me ->
    [yes] Twój ruch: przelicytuj budynek { $building } w sąsiedztwie { $place } budynkiem o wyższym numerze w przylegającym sąsiedztwie albo spasuj.
   *[no] { $who } ma przelicytować budynek { $building } w sąsiedztwie { $place } albo spasować.
}
turn-over = Gra się skończyła.

## The score sheet (one row per category)

category-trendy = Żetony modnego sąsiedztwa
category-subway = Żetony metra
category-subway_card = Karta metra
category-archaeology = Żetony stanowisk archeologicznych
category-archaeology_card = Karta stanowiska archeologicznego
category-area = Karta obszarowa
category-neighborhood = Karta sąsiedztwa
category-highest_building = Najwyższe budynki
category-metropolys = Karta Metropolys
category-total = Suma
category-constructed = Postawione budynki

## The scoring rules (one line each, with the game's points)

rule-family-area = { $points } za każdy swój budynek { $where }; budynek liczy się raz, nawet jeśli sąsiaduje z kilkoma takimi miejscami.
rule-family-bridges = na końcu mostu
rule-family-statues = obok pomnika
rule-family-lakes = nad brzegiem jeziora
rule-border = { $points } za każdy swój budynek na pograniczu miasta.
rule-family-none = Nic: w grze rodzinnej nie rozdaje się takiej karty.
rule-expert-districts = { $points } za każdy dystrykt, w którym masz co najmniej trzy budynki.
rule-expert-chains = { $points } za każdy łańcuch trzech twoich budynków połączonych ulicami lub mostami; budynek liczy się tylko w jednym łańcuchu.
rule-expert-bridges = { $points } za każdy most, na którego obu końcach stoją twoje budynki; budynek liczy się tylko dla jednego mostu.
rule-expert-statues = { $points } za każdy pomnik, którego wszystkie trzy sąsiedztwa zajmują twoje budynki; budynek liczy się tylko dla jednego pomnika.
rule-expert-lakes = { $points } za każde jezioro, nad którego brzegiem stoją trzy twoje budynki; budynek liczy się tylko dla jednego jeziora.
rule-neighborhood = { $points } za każdy swój budynek w sąsiedztwie typu wskazanego na karcie.
rule-neighborhood-kind = { $points } za każdy swój budynek w sąsiedztwie typu „{ $kind }”.
rule-metropolys = { $points } za każdą trójkę twoich budynków w jednym dystrykcie, po jednym w sąsiedztwie każdego z trzech typów z karty; budynek liczy się tylko w jednej trójce.
rule-metropolys-kinds = { $points } za każdą trójkę twoich budynków w jednym dystrykcie, po jednym w sąsiedztwie każdego z typów: { $kinds }; budynek liczy się tylko w jednej trójce.
rule-trendy = { $points } za każdy zdobyty żeton modnego sąsiedztwa: dostaje go ten, kto postawi budynek w jego sąsiedztwie.
rule-subway = { $points } za każdy zdobyty żeton metra; żetony decydują też o tym, kto posiada kartę metra.
rule-archaeology = { $points } za każdy zdobyty żeton stanowiska archeologicznego; kto go zdobywa, bierze też kartę stanowiska archeologicznego.
rule-subway-card = { $points } dla jej posiadacza: bierze ją pierwszy gracz, który zdobędzie żeton metra, a przechodzi ona do gracza, który ma wtedy więcej żetonów metra niż jej posiadacz; remis nigdy jej nie przenosi.
rule-archaeology-card = { $points } dla jej posiadacza: bierze ją każdy, kto zdobędzie żeton stanowiska archeologicznego, z zapasu albo od innego gracza.
rule-highest = { $points } w każdym dystrykcie dla graczy, których budynki są tam najwyższe: wielkości ({ $sizes }) porównuje się po kolei, od największej, a gdy jednemu graczowi się skończą, wygrywa dłuższy ciąg; punkty dostają wszyscy remisujący o pierwsze miejsce.
rule-sizes = małe { $small }, średnie { $medium }, wysokie { $tall }
rule-winner-label = Zwycięzca
rule-winner = Wygrywa najwyższa suma; spośród remisujących wygrywa ten, kto postawił więcej budynków; gracze, którzy nadal remisują, dzielą się zwycięstwem.

## How to play (the legend, the rules page and `help`)

howto-goal = Postaw swoje 13 budynków w mieście tam, gdzie punktują twoje sekretne karty, i zbieraj punkty prestiżu.
howto-call = Gra składa się z serii przetargów. Gracz, który rozpoczyna przetarg, musi złożyć ofertę: jeden ze swoich budynków w dowolnym wolnym sąsiedztwie.
howto-outbid = Następnie po kolei każdy gracz, który jeszcze nie spasował, albo przelicytowuje, albo pasuje. Przelicytowanie to budynek o wyższym numerze w wolnym sąsiedztwie przylegającym do ostatniej oferty (przez most można, przez wodę bez mostu nie). W jednym przetargu możesz przelicytowywać wiele razy.
howto-pass = Gracz, który spasuje, odpada z przetargu; jego oferty zostają na planszy do końca przetargu. Gracz, który nie ma jak przelicytować, pasuje sam, bez pytania.
howto-call-end = Przetarg kończy się, gdy nikt poza autorem ostatniej oferty nie może już grać. Ten gracz stawia budynek tam, gdzie stoi, i bierze żeton z tego sąsiedztwa; wszystkie pozostałe oferty wracają do zapasów swoich właścicieli. Zwycięzca rozpoczyna następny przetarg.
howto-end = Gra kończy się natychmiast, gdy któryś gracz postawi wszystkie 13 swoich budynków. Wtedy odkrywa się wszystkie karty i podlicza tabelę punktacji: wygrywa najwyższa suma.
howto-sizes = W grze zaawansowanej budynki mają wielkości: { $sizes }.
howto-keys = Kliknij sąsiedztwo, aby je wybrać, potem budynek; - i = zmieniają budynek, Enter składa ofertę, P pasuje.

## Bot presets

preset-beginner = Początkujący
preset-casual = Rekreacyjny
preset-strong = Silny
preset-expert = Ekspert
preset-beginner-about = Często gra dobre ruchy, a czasem słabe.
preset-casual-about = Patrzy trochę do przodu i czasem wybiera drugi najlepszy ruch.
preset-strong-about = Przy każdym ruchu bada około tysiąca możliwych dalszych przebiegów gry.
preset-expert-about = Przy każdym ruchu bada trzydzieści tysięcy możliwych dalszych przebiegów gry; najsilniejszy.
player-person = Człowiek
bot-named = Bot: { $name }

## Errors a player can meet (the rule's number stays in the error's data)

error-game-over = Gra się skończyła: nie ma już ruchów.
error-wrong-player = To nie twój ruch.
error-unknown-neighborhood = Nie ma sąsiedztwa { $neighborhood }.
error-unknown-building = Nie ma budynku { $building }: budynki mają numery od 1 do 13.
error-out-of-play = Sąsiedztwo { $neighborhood } (dystrykt { $district }) leży poza obszarem gry w tej rozgrywce.
error-constructed = W sąsiedztwie { $neighborhood } stoi już postawiony budynek.
error-already-bid = W sąsiedztwie { $neighborhood } leży już oferta z tego przetargu.
error-building-constructed = Twój budynek { $building } jest już postawiony.
error-building-on-board = Twój budynek { $building } stoi już na planszy w tym przetargu.
error-not-adjacent = Sąsiedztwo { $neighborhood } nie przylega do sąsiedztwa { $last }, w którym leży ostatnia oferta.
error-not-higher = Budynek { $building } nie ma wyższego numeru niż ostatnia oferta ({ $last }).
error-opening-pass = Gracz, który rozpoczyna przetarg, musi złożyć ofertę; nie może spasować.
error-unknown-action = To nie jest ruch w tej grze.
error-other = Tego ruchu nie można wykonać: { $detail }
