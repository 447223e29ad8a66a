//! The catalogues agree with each other: the same message ids in every
//! language, each with the same variables; every plural form of each
//! language written and reached; the rulebooks' terms used (glossary.toml);
//! no rule number in a player's sentence.

use fluent_syntax::ast;
use fluent_syntax::parser::parse;
use metropolys_text::{Arg, Lang, Texts};
use std::collections::{BTreeMap, BTreeSet};

fn source(lang: Lang) -> String {
    let path = format!(
        "{}/locales/{}/metropolys.ftl",
        env!("CARGO_MANIFEST_DIR"),
        lang.tag()
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Every variable a pattern refers to, anywhere (selectors and nested
/// placeables included).
fn variables(p: &ast::Pattern<String>, out: &mut BTreeSet<String>) {
    for el in &p.elements {
        if let ast::PatternElement::Placeable { expression } = el {
            expression_vars(expression, out);
        }
    }
}

fn expression_vars(e: &ast::Expression<String>, out: &mut BTreeSet<String>) {
    match e {
        ast::Expression::Select { selector, variants } => {
            inline_vars(selector, out);
            for v in variants {
                variables(&v.value, out);
            }
        }
        ast::Expression::Inline(i) => inline_vars(i, out),
    }
}

fn inline_vars(i: &ast::InlineExpression<String>, out: &mut BTreeSet<String>) {
    match i {
        ast::InlineExpression::VariableReference { id } => {
            out.insert(id.name.clone());
        }
        ast::InlineExpression::Placeable { expression } => expression_vars(expression, out),
        ast::InlineExpression::FunctionReference { arguments, .. }
        | ast::InlineExpression::TermReference {
            arguments: Some(arguments),
            ..
        } => {
            for a in &arguments.positional {
                inline_vars(a, out);
            }
            for n in &arguments.named {
                inline_vars(&n.value, out);
            }
        }
        _ => {}
    }
}

/// A language's messages by id: each one's variables, and its text as
/// written (for the glossary).
type Messages = BTreeMap<String, (BTreeSet<String>, String)>;

/// Each message of a language.
fn messages(lang: Lang) -> Messages {
    let src = source(lang);
    let res = match parse(src.clone()) {
        Ok(r) => r,
        Err((_, errors)) => panic!("{lang}: syntax errors {errors:?}"),
    };
    let mut out = BTreeMap::new();
    for entry in &res.body {
        match entry {
            ast::Entry::Message(m) => {
                let mut vars = BTreeSet::new();
                if let Some(v) = &m.value {
                    variables(v, &mut vars);
                }
                let text = fluent_syntax::serializer::serialize(&ast::Resource {
                    body: vec![ast::Entry::Message(m.clone())],
                });
                let old = out.insert(m.id.name.clone(), (vars, text));
                assert!(old.is_none(), "{lang}: message {} twice", m.id.name);
            }
            ast::Entry::Junk { content } => panic!("{lang}: cannot parse {content:?}"),
            _ => {}
        }
    }
    out
}

#[test]
fn every_language_has_the_same_messages_with_the_same_variables() {
    let en = messages(Lang::En);
    assert!(en.len() > 120, "{}", en.len());
    for lang in [Lang::Cs, Lang::Pl, Lang::Fr] {
        let other = messages(lang);
        let want: BTreeSet<&String> = en.keys().collect();
        let have: BTreeSet<&String> = other.keys().collect();
        assert_eq!(
            want.difference(&have).collect::<Vec<_>>(),
            Vec::<&&String>::new(),
            "{lang} lacks these"
        );
        assert_eq!(
            have.difference(&want).collect::<Vec<_>>(),
            Vec::<&&String>::new(),
            "{lang} has these that English has not"
        );
        for (id, (vars, _)) in &en {
            assert_eq!(&other[id].0, vars, "{lang}: the variables of {id}");
        }
    }
}

/// Rule numbers are for developers: no player's sentence carries one.
#[test]
fn no_rule_numbers_in_the_catalogues() {
    for lang in Lang::ALL {
        for (id, (_, text)) in messages(lang) {
            let value = text.split_once('=').map_or("", |(_, v)| v);
            assert!(
                !value.contains("R-") && !value.contains('§'),
                "{lang} {id}: {value}"
            );
        }
    }
}

/// The plural categories of each language (CLDR), with numbers that fall
/// in each: English and French one/other, Czech one/few/other, Polish
/// one/few/many/other (integers: Polish `other` is for fractions only).
fn plural_samples(lang: Lang) -> &'static [(&'static str, &'static [f64])] {
    match lang {
        Lang::En | Lang::Pseudo => &[("one", &[1.0]), ("other", &[0.0, 2.0, 5.0, 31.0])],
        Lang::Fr => &[("one", &[0.0, 1.0]), ("other", &[2.0, 5.0, 31.0])],
        Lang::Cs => &[
            ("one", &[1.0]),
            ("few", &[2.0, 3.0, 4.0]),
            ("other", &[0.0, 5.0, 11.0, 31.0]),
        ],
        Lang::Pl => &[
            ("one", &[1.0]),
            ("few", &[2.0, 4.0, 22.0, 34.0]),
            ("many", &[0.0, 5.0, 12.0, 21.0, 31.0]),
        ],
    }
}

/// The messages that choose a form by a number, and which variable.
const PLURALS: [(&str, &str); 7] = [
    ("points", "n"),
    ("buildings-count", "count"),
    ("neighborhoods-count", "count"),
    ("calls-count", "count"),
    ("end-reason", "calls"),
    ("winner-one", "total"),
    ("winners-shared", "total"),
];

fn plural_args(var: &str, n: f64) -> Vec<(&str, Arg)> {
    vec![
        (var, Arg::Number(n)),
        ("who", "Alice".into()),
        ("me", "no".into()),
        ("names", "Alice".into()),
    ]
}

/// Every plural form of each language is reached by its numbers, and two
/// categories never read the same (a missing form would fall back to the
/// default and repeat another's words).
#[test]
fn every_plural_form_is_written_and_reached() {
    for lang in Lang::ALL {
        let t = Texts::of(lang);
        for (id, var) in PLURALS {
            let mut by_category: Vec<(&str, String)> = Vec::new();
            for (category, numbers) in plural_samples(lang) {
                let forms: BTreeSet<String> = numbers
                    .iter()
                    .map(|&n| {
                        let text = t.try_format(id, &plural_args(var, n)).unwrap();
                        assert!(text.contains(&format!("{n}")), "{lang} {id} {n}: {text}");
                        text.replace(&format!("{n}"), "#")
                    })
                    .collect();
                assert_eq!(
                    forms.len(),
                    1,
                    "{lang} {id}: one form per category {category}: {forms:?}"
                );
                by_category.push((category, forms.into_iter().next().unwrap()));
            }
            for (i, (c1, f1)) in by_category.iter().enumerate() {
                for (c2, f2) in &by_category[i + 1..] {
                    assert_ne!(f1, f2, "{lang} {id}: {c1} and {c2} read the same");
                }
            }
        }
    }
}

/// English's plural forms, and a few of the others', word for word.
#[test]
fn plural_forms_word_for_word() {
    let en = Texts::of(Lang::En);
    assert_eq!(en.points(1), "1 point");
    assert_eq!(en.points(31), "31 points");
    assert_eq!(en.calls_count(1), "1 call");
    assert_eq!(en.buildings_count(13), "13 buildings");
    let cs = Texts::of(Lang::Cs);
    let pl = Texts::of(Lang::Pl);
    let fr = Texts::of(Lang::Fr);
    assert_eq!(
        [cs.points(1), cs.points(3), cs.points(5)],
        ["1 bod", "3 body", "5 bodů"]
    );
    assert_eq!(
        [pl.points(1), pl.points(3), pl.points(5), pl.points(22)],
        ["1 punkt", "3 punkty", "5 punktów", "22 punkty"]
    );
    assert_eq!(
        [fr.points(1), fr.points(0), fr.points(5)],
        ["1 point", "0 point", "5 points"]
    );
}

#[derive(serde::Deserialize)]
struct Term {
    message: String,
    en: String,
    cs: String,
    pl: String,
    fr: String,
}

/// The catalogues use the terms chosen from the printed rulebooks
/// (glossary.toml): each term's message contains its stem in each
/// language.
#[test]
fn the_catalogues_use_the_rulebooks_terms() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/glossary.toml");
    let glossary: BTreeMap<String, Term> =
        toml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert!(glossary.len() >= 30, "{}", glossary.len());
    let all: Vec<(Lang, Messages)> = Lang::ALL.iter().map(|&l| (l, messages(l))).collect();
    for (name, term) in &glossary {
        for (lang, msgs) in &all {
            let stem = match lang {
                Lang::En => &term.en,
                Lang::Cs => &term.cs,
                Lang::Pl => &term.pl,
                _ => &term.fr,
            };
            let (_, text) = msgs
                .get(&term.message)
                .unwrap_or_else(|| panic!("{name}: no message {}", term.message));
            assert!(
                text.to_lowercase().contains(&stem.to_lowercase()),
                "{lang}: the term {name} ({stem:?}) is not in {}: {text}",
                term.message
            );
        }
    }
}

/// The pseudo-locale is the English catalogue accented and at least 40 %
/// longer, with the same numbers and names in it.
#[test]
fn the_pseudo_locale_is_longer_and_accented() {
    let en = Texts::of(Lang::En);
    let ps = Texts::of(Lang::Pseudo);
    for lines in [
        en.how_to_play(metropolys_core::Variant::Expert),
        ps.how_to_play(metropolys_core::Variant::Expert),
    ]
    .windows(2)
    {
        for (e, p) in lines[0].iter().zip(&lines[1]) {
            assert!(
                p.chars().count() * 10 >= e.chars().count() * 14,
                "{e} / {p}"
            );
            assert!(p.chars().any(|c| "àéîõü".contains(c)), "{p}");
        }
    }
    assert!(ps.place(12).starts_with("12 ("), "{}", ps.place(12));
}
