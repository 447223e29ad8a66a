//! The schema is the truth: every request body and WebSocket message the
//! server's parsers accept is valid under the published JSON Schema
//! (`GET /api/v1/schema`), and every one the schema allows is accepted —
//! over requests generated from each field's plausible and hostile values
//! (other types, nulls, integers written as `2.0`, out of range, unknown
//! fields, arrays for objects). What the rules decide later (a player
//! count of 2 to 4, a name no other seat has, a chat line's characters) is
//! beyond the schema and not generated here.

use metropolys_server::protocol::{
    parse_client, parse_json, schema, BindSeat, CreateMatch, Credentials, JoinSeat,
};
use proptest::prelude::*;
use serde_json::{json, Map, Value};
use std::sync::OnceLock;

fn validator(root: &str) -> jsonschema::Validator {
    let mut s = schema();
    s["$ref"] = json!(format!("#/$defs/{root}"));
    jsonschema::validator_for(&s).expect("the schema compiles")
}

struct Roots {
    create: jsonschema::Validator,
    join: jsonschema::Validator,
    credentials: jsonschema::Validator,
    bind: jsonschema::Validator,
    client: jsonschema::Validator,
}

fn roots() -> &'static Roots {
    static R: OnceLock<Roots> = OnceLock::new();
    R.get_or_init(|| Roots {
        create: validator("CreateMatch"),
        join: validator("JoinSeat"),
        credentials: validator("Credentials"),
        bind: validator("BindSeat"),
        client: validator("ClientRequest"),
    })
}

/// Values that are not objects: what a body may be instead of one.
fn not_objects() -> Vec<Value> {
    vec![
        json!([]),
        json!([2, ["human", "human"]]),
        json!([0, "Mallory"]),
        json!("{}"),
        json!(1),
        json!(null),
        json!(true),
    ]
}

/// Integers as JSON writes them, and what no integer field takes.
fn numbers() -> Vec<Value> {
    let v: Value = serde_json::from_str("2.0").unwrap();
    let big: Value = serde_json::from_str("1e20").unwrap();
    let exp: Value = serde_json::from_str("3e0").unwrap();
    vec![
        json!(0),
        json!(1),
        json!(2),
        json!(3),
        json!(4),
        json!(255),
        json!(256),
        json!(715),
        json!(-1),
        json!(i64::MAX),
        json!(i64::MIN),
        json!(u64::MAX),
        v,
        exp,
        big,
        json!(2.5),
        json!(-0.5),
    ]
}

fn others() -> Vec<Value> {
    vec![json!(null), json!("3"), json!(true), json!([]), json!({})]
}

/// A generated object: each field present or not, with one of its values,
/// and sometimes a field nobody knows.
fn object(fields: Vec<(&'static str, Vec<Value>)>) -> BoxedStrategy<Value> {
    let parts: Vec<BoxedStrategy<Option<(String, Value)>>> = fields
        .into_iter()
        .chain([("admin", vec![json!(true)])])
        .map(|(name, pool)| {
            let weight = if name == "admin" { 0.1 } else { 0.7 };
            proptest::option::weighted(weight, prop::sample::select(pool))
                .prop_map(move |v| v.map(|v| (name.to_string(), v)))
                .boxed()
        })
        .collect();
    let objects = parts
        .prop_map(|kv| Value::Object(kv.into_iter().flatten().collect::<Map<String, Value>>()))
        .boxed();
    prop_oneof![9 => objects, 1 => prop::sample::select(not_objects())].boxed()
}

fn with(mut pool: Vec<Value>, more: Vec<Value>) -> Vec<Value> {
    pool.extend(more);
    pool
}

fn create() -> BoxedStrategy<Value> {
    let deck = json!([
        ["industry", "park", "housing"],
        ["mall", "administration", "park"],
        ["housing", "housing", "mall"],
        ["industry", "industry", "administration"]
    ]);
    object(vec![
        ("players", with(numbers(), others())),
        (
            "variant",
            with(
                vec![
                    json!("family"),
                    json!("expert"),
                    json!("Expert"),
                    json!("chess"),
                ],
                others(),
            ),
        ),
        ("seed", with(numbers(), others())),
        ("start_player", with(numbers(), others())),
        (
            "metropolys_deck",
            with(
                vec![
                    deck.clone(),
                    json!([["industry", "park", "housing"]]),
                    json!([["industry", "park"]]),
                    json!([["industry", "park", "casino"]]),
                    json!([["Industry", "park", "housing"]]),
                ],
                others(),
            ),
        ),
        (
            "seats",
            with(
                vec![
                    json!(["human", "greedy"]),
                    json!([]),
                    json!("human"),
                    json!([1]),
                    json!(["human", null]),
                ],
                others(),
            ),
        ),
        ("turn_seconds", with(numbers(), others())),
        (
            "private",
            with(vec![json!(true), json!(false), json!(0)], others()),
        ),
    ])
}

fn join() -> BoxedStrategy<Value> {
    object(vec![
        ("seat", with(numbers(), others())),
        (
            "name",
            with(
                vec![json!("Bob"), json!(""), json!(5), json!(["x"])],
                others(),
            ),
        ),
        (
            "invite",
            with(
                vec![json!("0123456789abcdef0123456789abcdef"), json!(3)],
                others(),
            ),
        ),
        (
            "token",
            with(
                vec![
                    json!("0123456789abcdef".repeat(4)),
                    json!("0123456789ABCDEF".repeat(4)),
                    json!("0123456789abcdef".repeat(3)),
                    json!(format!("{}g", "0".repeat(63))),
                    json!(format!("acct_{}", "0".repeat(64))),
                    json!(64),
                ],
                others(),
            ),
        ),
    ])
}

fn credentials() -> BoxedStrategy<Value> {
    object(vec![
        (
            "name",
            with(vec![json!("Alice"), json!(""), json!(7)], others()),
        ),
        (
            "password",
            with(vec![json!("long enough"), json!(12345678)], others()),
        ),
    ])
}

fn bind() -> BoxedStrategy<Value> {
    object(vec![
        (
            "match",
            with(vec![json!("0123456789abcdef"), json!(12)], others()),
        ),
        (
            "token",
            with(vec![json!("ab".repeat(32)), json!(1)], others()),
        ),
    ])
}

fn client() -> BoxedStrategy<Value> {
    object(vec![
        (
            "op",
            vec![
                json!("act"),
                json!("hint"),
                json!("ping"),
                json!("sync"),
                json!("chat"),
                json!("resign"),
                json!(null),
                json!(5),
            ],
        ),
        ("move", with(numbers(), others())),
        ("action", with(numbers(), others())),
        (
            "text",
            vec![json!("hi"), json!(5), json!(null), json!(["hi"])],
        ),
    ])
}

fn agree(root: &str, v: &Value, valid: bool, accepted: Result<(), String>) {
    assert_eq!(
        accepted.is_ok(),
        valid,
        "{root} {v}: the schema says {}, the server says {accepted:?}",
        if valid { "valid" } else { "invalid" }
    );
}

fn ok<T>(r: Result<T, metropolys_server::protocol::ProtoError>) -> Result<(), String> {
    r.map(|_| ())
        .map_err(|e| format!("{:?}: {}", e.code, e.message))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn create_match_bodies(v in create()) {
        let text = v.to_string();
        agree("CreateMatch", &v, roots().create.is_valid(&v), ok(parse_json::<CreateMatch>(text.as_bytes())));
    }

    #[test]
    fn join_bodies(v in join()) {
        let text = v.to_string();
        agree("JoinSeat", &v, roots().join.is_valid(&v), ok(parse_json::<JoinSeat>(text.as_bytes())));
    }

    #[test]
    fn account_bodies(c in credentials(), b in bind()) {
        agree("Credentials", &c, roots().credentials.is_valid(&c), ok(parse_json::<Credentials>(c.to_string().as_bytes())));
        agree("BindSeat", &b, roots().bind.is_valid(&b), ok(parse_json::<BindSeat>(b.to_string().as_bytes())));
    }

    #[test]
    fn websocket_requests(v in client()) {
        agree("ClientRequest", &v, roots().client.is_valid(&v), ok(parse_client(&v.to_string())));
    }
}
