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

## The replays (the terminal's HTML replay and the web client's)

# Where the replay stands, at the setup: "ustawienie początkowe · 61 decyzji".
replay-setup = ustawienie początkowe · { $decisions ->
    [one] { $decisions } decyzja
    [few] { $decisions } decyzje
    [many] { $decisions } decyzji
   *[other] { $decisions } decyzji
}
replay-where = przetarg { $call } · decyzja { $at } z { $last }
replay-score = Wynik w obecnej pozycji:
replay-neighborhoods = Sąsiedztwa:
replay-not-over = Gra jeszcze trwa: ruch ma { $who }.
replay-keys = klawisze: w lewo/w prawo o decyzję, w górę/w dół o przetarg, Home/End
replay-setup-title = Przygotowanie

## Actions and turns

action-bid = złożyć ofertę: budynek { $building } w sąsiedztwie { $place }
action-pass = spasować

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

## Bot presets

preset-beginner = Początkujący
preset-casual = Rekreacyjny
preset-strong = Silny
preset-expert = Ekspert
preset-beginner-about = Często gra dobre ruchy, a czasem słabe.
preset-casual-about = Patrzy trochę do przodu i czasem wybiera drugi najlepszy ruch.
preset-strong-about = Przy każdym ruchu bada około tysiąca możliwych dalszych przebiegów gry.
preset-expert-about = Przy każdym ruchu bada do dwudziestu tysięcy możliwych dalszych przebiegów gry i ocenia je według tego, czego nauczył się z tysięcy partii; najsilniejszy.

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

## The board's legend (each symbol the board shows, and what it means)

# $kind: a kind's name (kind-*); the label is capitalised by the pages.
legend-kind-label = Sąsiedztwo: { $kind }
legend-kind-drawn = Oznaczone literą { $letter }
legend-kind-metropolys = { $drawn }; liczy się dla karty Metropolys, na której widnieje typ „{ $kind }”.
legend-kind-expert = { $drawn }; karta sąsiedztwa tego typu daje: { $score }
legend-kind-family = { $drawn }; w grze rodzinnej bez kart Metropolys typy sąsiedztw nie dają punktów.
legend-statue-label = Pomnik
legend-statue = Styka się z trzema sąsiedztwami; karta obszarowa „Pomniki” daje: { $score }
legend-lake-label = Jezioro
legend-lake = Sąsiedztwa wokół niego leżą nad jego brzegiem; karta obszarowa „Jeziora” daje: { $score }
legend-street-label = Ulica
legend-street = Łączy dwa przylegające sąsiedztwa: przelicytowanie stawia się obok ostatniej oferty.
legend-bridge-label = Most
legend-bridge = Łączy dwa sąsiedztwa po obu stronach rzeki, które liczą się jako przylegające; karta obszarowa „Mosty” daje: { $score }
legend-out-label = Dystrykt poza grą
legend-out = Przy mniej niż czterech graczach jeden lub dwa dystrykty peryferyjne są poza grą: nic się w nich nie buduje i nie zdobywa punktów.
legend-building-label = Budynek
legend-building = Postawiony budynek w kolorze właściciela, z jego numerem: zostaje na planszy do końca gry.
# $size: a size's name (size-*); $numbers: "1–5".
legend-size-label = { $size } budynek ({ $numbers })
legend-size = Budynek o numerze { $numbers } jest { $size }; w każdym dystrykcie żeton najwyższego budynku dostaje ten, kto ma tam najwyższe budynki.
legend-size-metropolys = Budynek o numerze { $numbers } jest { $size }; z kartami Metropolys wielkości nie dają punktów.
legend-bid-label = Oferta
legend-bid = Budynek zaoferowany w bieżącym przetargu; wraca do właściciela, chyba że wygra przetarg.
legend-latest-label = Ostatnia oferta
legend-latest = Ostatnia oferta, pogrubiona: przelicytowanie wymaga wyższego numeru w wolnym sąsiedztwie przylegającym do niej; gdy nikt nie przelicytuje, budynek zostaje postawiony.
legend-highlight-label = Właśnie postawiony
legend-highlight = Złoty pierścień oznacza ostatnio postawiony budynek.

## The web pages' own words (buttons, headings, notes)

ui-language = Język
ui-skip = Przejdź do gry
ui-lobby = Poczekalnia
ui-play-offline = Graj offline
ui-loading-engine = Ładowanie silnika gry…
ui-loading = Ładowanie…
ui-new-match = Nowa rozgrywka
ui-players = Gracze
ui-game = Gra
ui-family = Rodzinna
ui-expert = Zaawansowana
ui-metropolys-cards = Karty Metropolys
ui-turn-timer = Limit czasu ruchu
ui-timer-none = brak
ui-private = Prywatna: dołączyć mogą tylko osoby z linkiem zaproszenia
ui-who-plays = Kto gra na którym miejscu
ui-create = Utwórz i dołącz
ui-matches = Rozgrywki
ui-my-games = Twoje gry
ui-finished = Zakończone
ui-table = Stół
ui-board-view = Widok planszy
ui-zoom-out = Pomniejsz
ui-zoom-in = Powiększ
ui-fit = Dopasuj
ui-fit-board = Dopasuj planszę
ui-show-mine = Gdzie punktują moje karty
ui-board-region = Plansza: po powiększeniu przewijaj, aby ją przesuwać
ui-board = Plansza
ui-pass = Pasuj
ui-hint = Podpowiedź
ui-undo = Cofnij
ui-cancel = Anuluj
ui-rematch = Rewanż
ui-replay = Powtórka
ui-download-record = Pobierz zapis
ui-download-title = Pobierz zapis dotychczasowego przebiegu gry
ui-back-to-lobby = Wróć do poczekalni
ui-your-cards = Twoje karty
ui-panels = Panele
ui-events = Zdarzenia
ui-chat = Czat
ui-legend = Legenda
ui-rules = Jak grać
ui-scoring = Punktacja
ui-rules-call = Przetarg i koniec gry
ui-rules-picture = Trwający przetarg: { $bids }. Pierścień oznacza ostatnią ofertę, sąsiedztwo { $place }: następne przelicytowanie pada obok, z wyższym numerem budynku.
ui-skip-rules = Przejdź do zasad
ui-site = Strona
ui-rules-link = Zasady
ui-rules-title = Metropolys: jak grać
ui-play = Graj
ui-messages = Wiadomości
ui-message = Wiadomość
ui-say-something = Napisz coś
ui-send = Wyślij
ui-keys-online = Klawisze: Tab przechodzi do podświetlonego sąsiedztwa, Enter składa tam ofertę, 1–9, 0 (10), - (11), = (12) i + (13) wybierają budynek, P pas, H podpowiedź, Esc anuluj.
ui-keys-offline = Klawisze: Tab przechodzi do podświetlonego sąsiedztwa, Enter składa tam ofertę, 1–9, 0 (10), - (11), = (12) i + (13) wybierają budynek, P pas, H podpowiedź, U cofnij, Esc anuluj.
ui-copy-invite = Kopiuj zaproszenie
ui-copy-seat = Kopiuj link miejsca
ui-sound = Dźwięk, gdy mam ruch
ui-cancel-match = Anuluj rozgrywkę
ui-leave-seat = Opuść miejsce
ui-link = Link
ui-replay-controls = Sterowanie powtórką
ui-replay-first = ustawienie początkowe (Home)
ui-replay-prevcall = poprzedni przetarg (↑, Page Up)
ui-replay-prev = poprzednia decyzja (←)
ui-replay-next = następna decyzja (→)
ui-replay-nextcall = następny przetarg (↓, Page Down)
ui-replay-last = ostatnia decyzja (End)
ui-score-sheet = Tabela punktacji
ui-final-score = Wynik końcowy
ui-connecting = Łączenie…
ui-no-such-match = Nie ma takiej rozgrywki.
ui-cannot-open = Nie można otworzyć rozgrywki: { $error }
ui-reconnecting = Utracono połączenie; ponowne łączenie…
ui-timed-out = { $who }: czas minął, za tego gracza gra zachłanny bot
ui-waiting-players = Oczekiwanie na jeszcze { $count ->
    [one] { $count } gracza
    [few] { $count } graczy
    [many] { $count } graczy
   *[other] { $count } gracza
}…
ui-game-over = Koniec gry: { $winners }
ui-cancelled = Ta rozgrywka została anulowana
ui-your-turn = { $pass ->
    [yes] Twój ruch: wybierz podświetlone sąsiedztwo albo spasuj
   *[no] Twój ruch: wybierz podświetlone sąsiedztwo
}
ui-your-turn-seat = { $pass ->
    [yes] { $who }, twój ruch: wybierz podświetlone sąsiedztwo albo spasuj
   *[no] { $who }, twój ruch: wybierz podświetlone sąsiedztwo
}
ui-to-act = Teraz gra: { $who }
ui-call = przetarg { $call }
ui-move = ruch { $move }
ui-watching = jako widz
ui-decision = decyzja { $n }
ui-players-count = { $count ->
    [one] { $count } gracz
    [few] { $count } gracze
    [many] { $count } graczy
   *[other] { $count } gracza
}
ui-timer-waits = Limit czasu ruchu czeka, aż pojawi się jakiś gracz
ui-seconds-left-me = Na ruch zostało ci { $left } s
ui-seconds-left = { $who }: zostało { $left } s
ui-take-seat = Zajmij miejsce: { $color }
ui-cannot-join = Nie można dołączyć: { $error }
ui-join-rematch = Dołącz do rewanżu
ui-watch-rematch = Oglądaj rewanż
ui-rematch-waiting = Czeka rewanż z tymi samymi miejscami.
ui-no-rematch = Brak rewanżu: { $error }
ui-bid-on = Oferta w sąsiedztwie { $place }, budynek:
ui-hint-is = Podpowiedź: { $action }
ui-your-turn-title = ▶ Twój ruch · { $title }
ui-copied = { $what }: skopiowano.
ui-copy-from-box = { $what }: skopiuj go z pola tekstowego.
ui-only-players-chat = Czatować mogą tylko gracze; zajmij miejsce, aby dołączyć.
ui-invite-link = Link zaproszenia
ui-no-seat = Nie zajmujesz tu żadnego miejsca.
ui-seat-link = Link twojego miejsca
ui-confirm-leave = Opuścić swoje miejsce? Wtedy każdy będzie mógł je zająć.
ui-only-players-cancel = Tylko gracz tej rozgrywki może ją anulować.
ui-confirm-cancel = Anulować tę rozgrywkę dla wszystkich?
ui-match-cancelled = Rozgrywka została anulowana.
ui-winners = { $count ->
    [one] { $me ->
        [yes] { $names } wygrywasz
       *[no] { $names } wygrywa
    }
    [few] { $names } dzielą się zwycięstwem
    [many] { $names } dzielą się zwycięstwem
   *[other] { $names } dzielą się zwycięstwem
}
ui-a-person = człowiek
ui-a-person-here = człowiek przy tym ekranie
ui-bot = bot { $name }
ui-bot-option = bot: { $name }
ui-free = wolne
ui-seat-of = Miejsce: { $color }
ui-match-what = { $players } graczy, { $variant }
ui-match-cards = + karty Metropolys
ui-match-timer = { $seconds } s na ruch
ui-playing-move = w toku, ruch { $move }
ui-status-open = otwarta
ui-status-playing = w toku
ui-status-finished = zakończona
ui-status-cancelled = anulowana
ui-return-to-seat = Wróć na swoje miejsce
ui-join-as = Dołącz jako { $color }
ui-final-position = Stan końcowy
ui-watch = Oglądaj
ui-cannot-list = Nie można pobrać listy rozgrywek: { $error }
ui-no-match = Żadna rozgrywka nie czeka: utwórz nową.
ui-no-finished = Nie ma jeszcze zakończonych rozgrywek.
ui-no-replay = Nie można wyświetlić powtórki: { $error }
ui-replay-title = Powtórka: { $players } graczy, { $variant }
ui-seats = Miejsca:
ui-show-where = Pokaż, gdzie punktuje ({ $places })
ui-your-buildings = Twoje budynki:
ui-none-left = nie został żaden
ui-col-player = Gracz
ui-col-built = Stoją
ui-col-left = Zostało
ui-col-score = Punkty
ui-col-built-title = Postawione budynki
ui-col-left-title = Budynki w zapasie
ui-col-score-title = Znane dotąd punkty
ui-status-bot = bot
ui-status-connected = połączony
ui-status-away = nieobecny
ui-status-free = wolne miejsce
ui-you-mark = { $name } (ty)
ui-nothing-yet = jeszcze nic
ui-not-known = nieznane do końca gry: { $what } (sekretne karty)
ui-show-seat-scored = Pokaż na planszy, za co ten gracz zdobył punkty
ui-bid-here = Sąsiedztwo { $place }: złóż tu ofertę ({ $choices })
ui-deck-legend = Cztery karty Metropolys w talii
ui-deck-card = Karta { $n }
ui-deck-different = Talia zawiera cztery różne karty Metropolys.
ui-offline-title = Metropolys offline
ui-offline-headline = Offline: na tym urządzeniu, bez serwera
ui-offline-new = Gra na tym urządzeniu
ui-offline-about = Wszystko działa na tej stronie: zasady i boty (w wątkach w tle, więc strona odpowiada, gdy boty myślą). Przy jednym ekranie może grać kilka osób: strona ukrywa karty każdej z nich, dopóki nie nadejdzie jej ruch.
ui-seed = Ziarno
ui-random = losowe
ui-start = Rozpocznij
ui-continue-saved = Wczytaj zapisaną grę
ui-guided = Pierwsza gra z przewodnikiem
ui-go-on = Dalej
ui-new-game = Nowa gra
ui-play-again = Zagraj ponownie
ui-record = Zapis
ui-pass-device = Przekaż urządzenie: karty następnego gracza pozostają ukryte, dopóki nie będzie gotowy.
ui-seed-bad = Ziarno to liczba całkowita o co najwyżej 15 cyfrach.
ui-saved-bad = Nie można wczytać zapisanej gry: { $error }
ui-to-play = Teraz gra: { $who }
ui-show-my-cards = To ja, { $who }: pokaż moje karty
ui-thinking = { $who } ({ $bot }) myśli…
ui-offline-status = Offline · { $variant }, { $players } · { $call } · { $decision }
ui-bot-failed = Błąd bota: { $error }
ui-closed-seat-lost = Twoje miejsce zostało zwolnione (tutaj lub na innym urządzeniu): teraz oglądasz tę rozgrywkę jako widz.
ui-closed-stopping = Serwer uruchamia się ponownie; ponowne łączenie…
ui-closed-broken = Połączenie zerwane przez uszkodzoną wiadomość; ponowne łączenie…
ui-closed-flood = Zbyt wiele wiadomości naraz: serwer zamknął połączenie. Ponowne łączenie za kilka sekund…
ui-closed-too-big = Wiadomość była dla serwera zbyt długa; ponowne łączenie…
ui-closed-full = Zbyt wiele połączeń z tą rozgrywką (widzowie albo to miejsce w innych oknach): ponowna próba za { $seconds } s.
ui-name-label = Twoje imię, widoczne dla innych graczy
ui-name-about = Zostaw puste, a będziesz nazywany swoim kolorem.
ui-name-ok = Zajmij miejsce
ui-name-refused = Tego imienia nie można użyć: { $error }
ui-invite-title = Zaproś znajomych
ui-invite-about = Wyślij im ten link: otwiera tę rozgrywkę, w której zajmą wolne miejsce.
ui-copy = Kopiuj
ui-watching-note = Oglądasz tę rozgrywkę jako widz: karty graczy pozostają ukryte do końca.
ui-seat-link-summary = Link mojego miejsca: przenosi twoje miejsce na inne urządzenie — nie udostępniaj
ui-seat-link-warning = Otwórz ten link na własnym telefonie lub komputerze, aby grać tam na swoim miejscu. Nikomu go nie dawaj: kto go otworzy, gra na twoim miejscu. Znajomych zaproś linkiem zaproszenia.
ui-show-seat-qr = Pokaż jako kod QR
ui-seat-qr = Kod QR linku twojego miejsca
ui-seat-qr-caption = Zeskanuj go aparatem telefonu, aby grać tam na swoim miejscu.
ui-seat-qr-done = Gotowe
ui-discard-saved = W tej przeglądarce jest zapisana rozpoczęta gra. Nowa gra ją zastąpi: zapisanej nie będzie już można dokończyć.
ui-discard-yes = Rozpocznij nową grę
ui-discard-no = Zachowaj zapisaną grę

## Pierwsza gra z przewodnikiem (co się właśnie stało i dlaczego, gdy dzieje się to po raz pierwszy)

guide-intro = Pierwsza gra z przewodnikiem przeciwko początkującemu botowi: gdy po raz pierwszy dzieje się coś nowego, gra się zatrzymuje i wyjaśnia, co się stało i dlaczego.
guide-continue = Naciśnij Enter, aby kontynuować.
guide-opening = { $who } rozpoczyna przetarg, składając ofertę: jeden ze swoich budynków w dowolnym wolnym sąsiedztwie. Tak zaczyna się każdy przetarg, a gracz, który go rozpoczyna, nie może spasować.
guide-outbid = { $who } przelicytowuje: budynek o wyższym numerze w wolnym sąsiedztwie przylegającym do ostatniej oferty. Teraz to tę ofertę trzeba przelicytować.
guide-pass = { $who } pasuje: odpada z tego przetargu, ale swoje oferty zostawia na planszy do jego końca.
guide-forced-pass = { $who } nie może przelicytować (nie ma już wyższego budynku albo obok ostatniej oferty nie ma wolnego sąsiedztwa), więc pasuje automatycznie, bez pytania.
guide-call-end = Przetarg się skończył: nikt inny nie może już grać, więc autor ostatniej oferty, { $who }, stawia ten budynek tam, gdzie stoi. Wszystkie pozostałe oferty wracają do zapasów swoich właścicieli, a zwycięzca rozpoczyna następny przetarg.
guide-token = { $who } stawia budynek w sąsiedztwie z żetonem i bierze ten żeton ({ $token }, { $points } w końcowej punktacji).
guide-card = { $who } ma teraz: { $card } ({ $points } w końcowej punktacji). Ta karta przechodzi z rąk do rąk, w miarę jak gracze biorą żetony, które się z nią wiążą.
guide-game-end = Gra się skończyła: { $who } ma już postawione wszystkie swoje 13 budynków. Wszystkie sekretne karty są teraz odkryte, a tabela punktacji sumuje punkty każdego gracza.

## Analiza zakończonej partii przez boty
review-title = Analiza partii
review-by = Analiza: bot { $preset }
review-known = Z wiedzą, jaką miał gracz
review-revealed = Ze wszystkimi kartami odkrytymi
review-win-chance = Szansa na wygraną
review-accuracy = Dokładność
review-turning-point = Punkt zwrotny
review-decision = Decyzja
review-grade-forced = ruch wymuszony
review-grade-best = najlepszy
review-grade-good = dobry
review-grade-inaccuracy = niedokładność
review-grade-mistake = błąd
review-grade-blunder = poważny błąd
review-inaccuracies = Niedokładności
review-mistakes = Błędy
review-blunders = Poważne błędy
review-suggestion = Bot wybrałby: { $action } (+{ $gain } % szansy na wygraną)
review-settings = ziarno losowania { $seed } · { $worlds ->
    [one] { $worlds } próbka
    [few] { $worlds } próbki
   *[other] { $worlds } próbek
} na oszacowanie
review-label = { $label }: { $value }
review-turning-points = Punkty zwrotne
review-graph-hint = Kliknij wykres, aby zobaczyć planszę przy tej decyzji.
review-computing = Trwa analiza partii…
review-not-over = Analiza jest dostępna po zakończeniu gry.
review-start = Przeanalizuj partię
review-preset = Bot analizujący
review-failed = Brak analizy: { $error }
review-decision-n = Decyzja { $n }
review-chance = { $who }: { $chance } %

## Accounts and the leaderboard (the lobby)

ui-account = Twoje konto
ui-account-note = Konto odnajduje twoje gry na każdym urządzeniu i ocenia cię przy stołach, przy których każdy gracz ma konto.
ui-account-name = Imię
ui-password = Hasło
ui-sign-in = Zaloguj się
ui-sign-up = Załóż konto
ui-sign-out = Wyloguj się
ui-signed-in-as = Zalogowano jako { $name }
ui-account-failed = Nie zalogowano: { $error }
ui-ratings = Twoje rankingi
ui-no-ratings = Brak gier rankingowych: gra liczy się do rankingu, gdy każda osoba przy stole ma konto.
ui-timer-days = { $days ->
    [one] { $days } dzień na ruch
   *[other] { $days } dni na ruch
}
ui-match-hours = { $hours } godz. na ruch
ui-days-left-me = Na ruch zostało ci { $days } d { $hours } godz.
ui-days-left = { $who }: zostało { $days } d { $hours } godz.
ui-notices = Powiadomienia
ui-notices-contact = Gdy czeka na mnie gra korespondencyjna, powiadom mnie pod adresem
ui-notices-save = Zapisz
ui-notices-saved = Zapisano: serwer powiadomi cię, gdy będzie na ciebie czekać gra korespondencyjna.
ui-notices-none = Bez powiadomień.
ui-notices-off = Ten serwer nie wysyła powiadomień.
ui-notices-failed = Nie zapisano: { $error }
ui-rating-line = { $players } gracze, { $variant }: { $score } (gry: { $games })
ui-leaderboard = Ranking
ui-no-leaderboard = Nikt nie ma jeszcze rankingu w tym rodzaju gry.
ui-col-rank = Miejsce
ui-col-rating = Ranking
ui-col-games = Gry
