"""The words a player reads, in their language (metropolys-text): the
module's default language, the ``lang=`` keywords, ``narrate``,
``describe_action``, ``how_to_play``, and the translated labels of the
score and card queries. No sentence said in a language carries a rule
number: those stay in the errors' ``rule`` attributes."""

from __future__ import annotations

import json
from typing import Any, Dict, Iterator, List

import pytest

import metropolys
from metropolys import Action, Game, types

from conftest import METROPOLYS_DECK, play_out

LANGS = ("en", "cs", "pl", "fr")


@pytest.fixture(autouse=True)
def english_default() -> Iterator[None]:
    """Each test starts and ends with the module's default, English."""
    metropolys.set_language("en")
    yield
    metropolys.set_language("en")


def record(seed: int, players: int = 3, variant: str = "expert") -> Dict[str, Any]:
    end, _ = play_out(Game(players=players, variant=variant, seed=seed), seed)
    return end.to_record()


def sentences(n: types.Narration) -> List[str]:
    return [c["title"] for c in n["calls"]] + [l for c in n["calls"] for l in c["lines"]] + n["ending"]


def polish_plural(n: int) -> str:
    """CLDR's Polish plural category of an integer."""
    if n == 1:
        return "one"
    if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
        return "few"
    return "many"


# ----- the module's language ---------------------------------------------


def test_the_default_is_english_and_set_language_reads_tags_and_locales() -> None:
    assert metropolys.get_language() == "en"
    for tag, lang in [
        ("cs", "cs"),
        ("pl-PL", "pl"),
        ("fr_FR.UTF-8", "fr"),
        ("CS_cz.utf8", "cs"),
        ("fr-CA", "fr"),
        ("en-GB", "en"),
    ]:
        metropolys.set_language(tag)
        assert metropolys.get_language() == lang, tag


@pytest.mark.parametrize("tag", ["de", "", "C", "polish", "\x00cs", "x" * 10_000, "en-XA"])
def test_an_unknown_language_is_a_value_error_naming_the_four(tag: str) -> None:
    metropolys.set_language("pl")
    with pytest.raises(ValueError, match="en, cs, pl and fr") as e:
        metropolys.set_language(tag)
    assert len(str(e.value)) < 200
    assert metropolys.get_language() == "pl"  # unchanged
    rec = record(1)
    for call in (
        lambda: metropolys.narrate(rec, lang=tag),
        lambda: metropolys.describe_action(Action.PASS, "expert", lang=tag),
        lambda: metropolys.scoring_rules("expert", lang=tag),
        lambda: metropolys.how_to_play("family", lang=tag),
        lambda: Game(players=2, seed=1).where_cards_score(0, lang=tag),
        lambda: Game(players=2, seed=1).running_scores(lang=tag),
    ):
        with pytest.raises(ValueError, match="en, cs, pl and fr"):
            call()


@pytest.mark.parametrize("tag", [5, None, b"cs", ["cs"], 1.5, True])
def test_a_language_that_is_not_a_str_is_a_type_error(tag: Any) -> None:
    if tag is not None:  # None is "no language given" for the keywords
        with pytest.raises(TypeError, match="language tag"):
            metropolys.describe_action(Action.PASS, "expert", lang=tag)
        with pytest.raises(TypeError, match="language tag"):
            metropolys.scoring_rules("expert", lang=tag)
    with pytest.raises(TypeError, match="language tag"):
        metropolys.set_language(tag)
    assert metropolys.get_language() == "en"


def test_languages_lists_the_four_in_menu_order_each_in_its_own_words() -> None:
    langs = metropolys.languages()
    assert [tag for tag, _ in langs] == list(LANGS)
    names = [name for _, name in langs]
    assert len(set(names)) == 4 and all(names)
    assert dict(langs)["en"] == "English"


# ----- narrate -----------------------------------------------------------


def test_each_language_narrates_the_same_game_in_its_own_words() -> None:
    rec = record(7)
    told = {lang: metropolys.narrate(rec, lang=lang) for lang in LANGS}
    shapes = {
        lang: ([c["call"] for c in n["calls"]], [len(c["lines"]) for c in n["calls"]], len(n["ending"]))
        for lang, n in told.items()
    }
    # The same calls and lines, one for one.
    assert len({json.dumps(s) for s in shapes.values()}) == 1
    calls, _, endings = shapes["en"]
    assert calls == list(range(1, len(calls) + 1)) and endings == 2
    # In different words: every title and ending differs between languages.
    for i, a in enumerate(LANGS):
        for b in LANGS[i + 1 :]:
            assert told[a]["calls"][0]["title"] != told[b]["calls"][0]["title"], (a, b)
            assert told[a]["ending"] != told[b]["ending"], (a, b)
            assert set(sentences(told[a])).isdisjoint(sentences(told[b])), (a, b)
    assert told["en"]["calls"][0]["title"].startswith("Call 1:")


def test_a_record_is_a_dict_or_its_json_text_and_the_narration_has_its_typed_keys() -> None:
    rec = record(3, players=2, variant="family")
    n = metropolys.narrate(rec)
    assert n == metropolys.narrate(json.dumps(rec))
    assert set(n) == set(types.Narration.__annotations__)
    for c in n["calls"]:
        assert set(c) == set(types.NarratedCall.__annotations__)
        assert all(isinstance(line, str) and "\n" not in line for line in c["lines"])


def test_an_unfinished_record_has_no_ending_and_its_call_going_on_last() -> None:
    game = Game(players=3, variant="expert", seed=2)
    for _ in range(5):
        game = game.apply(game.legal_actions()[0])
    n = metropolys.narrate(game.to_record())
    assert n["ending"] == []
    # The call going on is told once it has a line.
    assert n["calls"][-1]["call"] in (game.call_number - 1, game.call_number)
    assert metropolys.narrate(Game(players=2, seed=1).to_record()) == {"calls": [], "ending": []}


def test_a_record_that_does_not_replay_is_a_record_error() -> None:
    rec = record(4, players=2)
    # The opener acting again: not their turn, or a pass opening a
    # call.
    rec["actions"][1] = {"player": rec["actions"][0]["player"], "action": "pass"}
    with pytest.raises(metropolys.RecordError):
        metropolys.narrate(rec)
    with pytest.raises(metropolys.RecordError):
        metropolys.narrate("{not json")
    with pytest.raises(metropolys.RecordError):
        metropolys.narrate({"format": "chess"})


def test_polish_and_czech_plural_forms_follow_the_numbers() -> None:
    seen = set()
    for seed in range(30):
        game, _ = play_out(Game(players=2, variant="family", seed=seed), seed)
        rec = game.to_record()
        calls = game.call_number
        winners = game.winners
        if len(winners) != 1:
            continue
        total = game.totals()[winners[0]]
        pl = metropolys.narrate(rec, lang="pl")["ending"]
        form = polish_plural(total)
        word = {"one": "punkt", "few": "punkty", "many": "punktów"}[form]
        assert pl[1].endswith(f" {total} {word}."), (total, pl[1])
        calls_word = {"one": "przetarg", "few": "przetargi", "many": "przetargów"}[polish_plural(calls)]
        assert f"{calls} {calls_word}." in pl[0], (calls, pl[0])
        seen.add(form)
        cs = metropolys.narrate(rec, lang="cs")["ending"]
        # Czech: 1 bod, 2-4 body, 5 and more bodů; a game has more than 4
        # calls, so the genitive plural of "veřejná soutěž".
        cs_word = "bod" if total == 1 else "body" if 2 <= total <= 4 else "bodů"
        assert cs[1].endswith(f" {total} {cs_word}."), (total, cs[1])
        assert f"{calls} veřejných soutěží" in cs[0], cs[0]
        if seen >= {"few", "many"}:
            break
    assert seen >= {"few", "many"}, seen


def test_names_and_me_name_the_seats() -> None:
    rec = record(5)
    for lang in LANGS:
        n = metropolys.narrate(rec, lang=lang, names=["Alice", None, ""], me=1)
        lines = sentences(n)
        assert any("Alice" in l for l in lines), lang
        colors = metropolys.narrate(rec, lang=lang)
        you = metropolys.narrate(rec, lang=lang, me=1)
        assert sentences(you) != sentences(colors), lang
    en = sentences(metropolys.narrate(rec, lang="en", me=1))
    assert any(l.startswith("You ") for l in en)
    named = sentences(metropolys.narrate(rec, names=("Ann", "Bo", "Cy")))
    assert any("Ann (Blue)" in l for l in named) and any("Cy (White)" in l for l in named)


@pytest.mark.parametrize(
    "names",
    [
        ["a", "b", "c", "d", "e"],  # more than 4
        ["a", "b", "c", "d"],  # more than the 3 seats of this game
        ["x" * 65],
        [None, "line\nbreak"],
    ],
)
def test_bad_names_are_value_errors(names: List[Any]) -> None:
    with pytest.raises(ValueError, match="names"):
        metropolys.narrate(record(1), names=names)


def test_names_of_at_most_64_characters_are_fine() -> None:
    n = metropolys.narrate(record(1), names=["é" * 64, None, "Zoë"])
    assert any("é" * 64 in l for l in sentences(n))


@pytest.mark.parametrize("names", ["Alice", [1, 2], 7, {"a": 1}])
def test_names_of_the_wrong_type_are_type_errors(names: Any) -> None:
    with pytest.raises(TypeError, match="names"):
        metropolys.narrate(record(1), names=names)


@pytest.mark.parametrize("me", [3, -1, 4, 2**70])
def test_me_out_of_range_is_a_value_error(me: int) -> None:
    with pytest.raises(ValueError, match="me"):
        metropolys.narrate(record(1), me=me)


def test_me_of_the_wrong_type_is_a_type_error() -> None:
    for me in (True, "1", 1.0):
        with pytest.raises(TypeError):
            metropolys.narrate(record(1), me=me)  # type: ignore[arg-type]


# ----- lang= and the module's default -------------------------------------


def test_lang_beats_the_module_default() -> None:
    rec = record(6)
    english = metropolys.narrate(rec)
    czech = metropolys.narrate(rec, lang="cs")
    assert english != czech
    metropolys.set_language("cs")
    assert metropolys.narrate(rec) == czech
    assert metropolys.narrate(rec, lang="en") == english
    assert metropolys.narrate(rec, lang="fr") == metropolys.narrate(rec, lang="fr_FR")
    bid = Action.bid(12, 7)
    assert metropolys.describe_action(bid, "expert") == metropolys.describe_action(bid, "expert", lang="cs")
    assert metropolys.describe_action(bid, "expert", lang="en") == "bid 7 (medium) on 12 (center, mall)"
    assert metropolys.how_to_play("expert") == metropolys.how_to_play("expert", lang="cs")
    assert metropolys.how_to_play("expert", lang="en") != metropolys.how_to_play("expert")


def test_the_older_functions_keep_cores_words_unless_lang_is_given() -> None:
    core = metropolys.scoring_rules("expert")
    assert any("R-" in r["text"] for r in core)  # the developers' wording
    game, _ = play_out(Game(players=3, variant="expert", seed=8), 8)
    places = game.where_cards_score(0)
    running = game.running_scores()
    metropolys.set_language("pl")
    assert metropolys.scoring_rules("expert") == core
    assert game.where_cards_score(0) == places
    assert game.running_scores() == running
    assert running[0]["categories"][0]["label"] == "Trendy tokens"
    assert metropolys.scoring_rules("expert", lang=metropolys.get_language()) == metropolys.scoring_rules(
        "expert", lang="pl"
    )


# ----- describe_action ----------------------------------------------------


def test_describe_action_takes_every_form_of_an_action() -> None:
    bid = Action.bid(12, 7)
    for form in (bid, bid.id, bid.to_dict(), bid.to_json()):
        assert metropolys.describe_action(form, "expert") == "bid 7 (medium) on 12 (center, mall)"
    # The Family game has no building sizes.
    assert metropolys.describe_action(bid, "Family") == "bid 7 on 12 (center, mall)"
    assert metropolys.describe_action("pass", "family") == "pass"
    texts = {metropolys.describe_action(bid, "expert", lang=lang) for lang in LANGS}
    assert len(texts) == 4
    with pytest.raises(metropolys.IllegalActionError):
        metropolys.describe_action(716, "expert")
    with pytest.raises(ValueError, match="variant"):
        metropolys.describe_action(bid, "solo")
    with pytest.raises(TypeError):
        metropolys.describe_action(True, "expert")


# ----- labels and lines in a language ----------------------------------------


@pytest.mark.parametrize("variant,cards", [("family", False), ("family", True), ("expert", False), ("expert", True)])
def test_scoring_rules_in_a_language_follow_cores_topics(variant: str, cards: bool) -> None:
    core = metropolys.scoring_rules(variant, cards)
    for lang in LANGS:
        rules = metropolys.scoring_rules(variant, cards, lang=lang)
        assert [(r["topic"], r["category"]) for r in rules] == [(r["topic"], r["category"]) for r in core]
        assert all(set(r) == set(types.ScoringRule.__annotations__) for r in rules)
    assert metropolys.scoring_rules(variant, cards, lang="cs") != metropolys.scoring_rules(variant, cards, lang="en")


def test_where_cards_score_and_running_scores_in_a_language() -> None:
    game = Game.from_config({"players": 3, "variant": "expert", "seed": 9, "metropolys_deck": METROPOLYS_DECK})
    _, path = play_out(game, 9)
    middle = path[len(path) // 2]
    core = middle.where_cards_score(1)
    core_running = middle.running_scores()
    for lang in LANGS:
        places = middle.where_cards_score(1, lang=lang)
        assert [(p["card"], p["neighborhoods"]) for p in places] == [(p["card"], p["neighborhoods"]) for p in core]
        running = middle.running_scores(lang=lang)
        for r, c in zip(running, core_running):
            assert list(r) == list(c)  # core's keys, in core's order
            assert [(x["category"], x["value"]) for x in r["categories"]] == [
                (x["category"], x["value"]) for x in c["categories"]
            ]
    assert middle.where_cards_score(1, lang="fr")[0]["label"] != core[0]["label"]
    assert middle.running_scores(lang="pl")[0]["categories"][0]["label"] != "Trendy tokens"
    assert middle.running_scores(lang="en")[0]["categories"][0]["label"]
    # A view still refuses the cards it does not know, in any language.
    view = Game.from_dict(middle.view(1))
    with pytest.raises(ValueError, match="R-21"):
        view.where_cards_score(0, lang="cs")
    assert view.where_cards_score(1, lang="cs") == middle.where_cards_score(1, lang="cs")


def test_no_sentence_said_in_a_language_carries_a_rule_number() -> None:
    game, path = play_out(
        Game.from_config({"players": 4, "variant": "expert", "seed": 12, "metropolys_deck": METROPOLYS_DECK}), 12
    )
    family, _ = play_out(Game(players=2, variant="family", seed=12), 12)
    said: List[str] = []
    for lang in LANGS:
        for g in (game, family):
            said += sentences(metropolys.narrate(g.to_record(), lang=lang, names=["A", "B"], me=0))
            for p in range(g.players):
                for places in g.where_cards_score(p, lang=lang):
                    said += [places["label"], places["text"]]
            for r in g.running_scores(lang=lang):
                said += [c["label"] for c in r["categories"]]
        for variant in ("family", "expert"):
            said += metropolys.how_to_play(variant, lang=lang)
            for cards in (False, True):
                for rule in metropolys.scoring_rules(variant, cards, lang=lang):
                    said += [rule["label"], rule["text"]]
            for a in (Action.PASS, Action.bid(0, 1), Action.bid(54, 13)):
                said.append(metropolys.describe_action(a, variant, lang=lang))
    assert len(said) > 1000
    for s in said:
        assert s and "R-" not in s and "§" not in s, s
        assert "{" not in s and not s.startswith(("event-", "rule-", "category-")), s
