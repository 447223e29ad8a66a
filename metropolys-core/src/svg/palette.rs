//! The colours of the board picture, and their names: the seats'
//! ([`PLAYER_COLORS`]), the neighborhood kinds' as on the printed board
//! ([`kind_color`]), the districts', the tokens'. Every front end that
//! shows a colour (the terminal, the HTML replay, the web client through
//! the WebAssembly package) takes it from here.

use crate::types::{District, Kind, Seat, Token};

/// The colours of the seats' buildings and bids, seat 0 to 3: blue
/// `#0072b2`, brown `#663300`, white, black.
///
/// Chosen to stay apart from one another and from the five kind colours
/// ([`kind_color`]) for players with a colour-vision deficiency as well as
/// for the others. The kinds all lie at a middle lightness (CIELAB L* 59
/// to 74), so the seats take the ends of the lightness scale: black
/// (L* 0) and white (L* 100), which every eye tells apart and which stand
/// out on the board because core draws every building outlined in black
/// inside a white halo; the blue of the Okabe–Ito palette (L* 46), and a
/// dark brown of its orange and vermilion hue (L* 27), on the other side
/// of the blue–yellow axis that deuteranopes and protanopes keep. Under
/// simulated deuteranopia, protanopia and tritanopia (Machado, Oliveira and
/// Fernandes 2009) any two seats stay at least 20 apart in CIEDE2000 and
/// 12 in lightness, and every seat at least 12 from every kind colour; the
/// tests check these numbers. (The former blue, red, white and gray reused
/// the administration, mall and industry colours.)
pub const PLAYER_COLORS: [&str; 4] = ["#0072b2", "#663300", "#ffffff", "#000000"];

/// The names of the seats' colours, seat 0 to 3: how the terminal and the
/// pictures name the seats.
pub const PLAYER_COLOR_NAMES: [&str; 4] = ["blue", "brown", "white", "black"];

/// The ink of a number drawn on a seat's colour (a building's, a bid's):
/// white on blue, brown and black, dark on white, whichever contrasts
/// more (the tests check a contrast of at least 4.5:1, WCAG's for text).
///
/// ```
/// use metropolys_core::svg::{ink_on, PLAYER_COLORS};
/// assert_eq!(PLAYER_COLORS[2], "#ffffff");
/// assert_eq!(ink_on(2), "#222222");
/// assert_eq!(ink_on(3), "#ffffff");
/// ```
pub const fn ink_on(seat: Seat) -> &'static str {
    match seat % 4 {
        2 => DARK_INK,
        _ => LIGHT_INK,
    }
}

/// The dark ink of the picture's texts.
const DARK_INK: &str = "#222222";
/// The light ink, on dark colours.
const LIGHT_INK: &str = "#ffffff";

/// The colour of `seat`'s buildings and bids ([`PLAYER_COLORS`]).
pub const fn player_color(seat: Seat) -> &'static str {
    PLAYER_COLORS[seat as usize % 4]
}

/// The colour a neighborhood of kind `k` is drawn in, as on the printed
/// board: mall red, administration blue, industry gray, housing green, park
/// orange.
///
/// ```
/// use metropolys_core::{svg, Kind};
/// assert_eq!(svg::kind_color(Kind::Mall), "#e5685b");
/// ```
pub const fn kind_color(k: Kind) -> &'static str {
    match k {
        Kind::Industry => "#a4a4a4",
        Kind::Park => "#f2a141",
        Kind::Housing => "#7fc26c",
        Kind::Mall => "#e5685b",
        Kind::Administration => "#6e9ae6",
    }
}

/// The name of [`kind_color`]`(k)`: `"red"`, `"blue"`, `"gray"`, `"green"` or
/// `"orange"`.
pub const fn kind_color_name(k: Kind) -> &'static str {
    match k {
        Kind::Industry => "gray",
        Kind::Park => "orange",
        Kind::Housing => "green",
        Kind::Mall => "red",
        Kind::Administration => "blue",
    }
}

/// The letter a neighborhood of kind `k` carries in the picture: `I`, `P`,
/// `H`, `M` or `A`.
pub const fn kind_letter(k: Kind) -> &'static str {
    match k {
        Kind::Industry => "I",
        Kind::Park => "P",
        Kind::Housing => "H",
        Kind::Mall => "M",
        Kind::Administration => "A",
    }
}

/// The fill of a neighborhood in a district out of play (R-2): lighter than
/// the industry gray, so the two never look alike.
pub(crate) const OUT_OF_PLAY_FILL: &str = "#e1e1e1";

/// The outline of a neighborhood out of play.
pub(crate) const OUT_OF_PLAY_STROKE: &str = "#a9a9a9";

/// The tint of a district out of play (R-2).
pub(crate) const OUT_OF_PLAY_DISTRICT: &str = "#c9c9c9";

/// The tint of a district's island.
pub(crate) const fn district_color(d: District) -> &'static str {
    match d {
        District::Center => "#efe6d2",
        District::North => "#e3ecd5",
        District::East => "#efdcd6",
        District::South => "#dde6ef",
        District::West => "#ece1ef",
    }
}

/// A token's disc: its fill, its letter and the letter's ink.
pub(crate) const fn token_style(t: Token) -> (&'static str, &'static str, &'static str) {
    match t {
        Token::Trendy => ("#f5c518", "T", DARK_INK),
        Token::Subway => ("#1f2937", "S", LIGHT_INK),
        Token::Archaeology => ("#a0522d", "A", LIGHT_INK),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The visions the colours are checked under: normal, then the
    /// dichromacies of Machado, Oliveira and Fernandes (2009, severity 1),
    /// as matrices on linear RGB.
    const VISIONS: [(&str, [[f64; 3]; 3]); 4] = [
        (
            "normal",
            [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
        ),
        (
            "protanopia",
            [
                [0.152286, 1.052583, -0.204868],
                [0.114503, 0.786281, 0.099216],
                [-0.003882, -0.048116, 1.051998],
            ],
        ),
        (
            "deuteranopia",
            [
                [0.367322, 0.860646, -0.227968],
                [0.280085, 0.672501, 0.047413],
                [-0.011820, 0.042940, 0.968881],
            ],
        ),
        (
            "tritanopia",
            [
                [1.255528, -0.076749, -0.178779],
                [-0.078411, 0.930809, 0.147602],
                [0.004733, 0.691367, 0.303900],
            ],
        ),
    ];

    /// `#rrggbb` as linear RGB.
    fn linear(hex: &str) -> [f64; 3] {
        let channel = |i: usize| {
            let c = f64::from(u8::from_str_radix(&hex[1 + 2 * i..3 + 2 * i], 16).unwrap()) / 255.0;
            if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        [channel(0), channel(1), channel(2)]
    }

    /// The relative luminance of WCAG.
    fn luminance(hex: &str) -> f64 {
        let [r, g, b] = linear(hex);
        0.2126 * r + 0.7152 * g + 0.0722 * b
    }

    fn contrast(a: &str, b: &str) -> f64 {
        let (x, y) = (luminance(a), luminance(b));
        (x.max(y) + 0.05) / (x.min(y) + 0.05)
    }

    /// CIELAB (D65) of `hex` as seen under `vision`.
    fn lab(hex: &str, vision: &[[f64; 3]; 3]) -> [f64; 3] {
        let c = linear(hex);
        let [r, g, b] =
            vision.map(|row| (row[0] * c[0] + row[1] * c[1] + row[2] * c[2]).clamp(0.0, 1.0));
        let x = 0.4124564 * r + 0.3575761 * g + 0.1804375 * b;
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b;
        let z = 0.0193339 * r + 0.1191920 * g + 0.9503041 * b;
        let f = |t: f64| {
            if t > 216.0 / 24389.0 {
                t.cbrt()
            } else {
                (24389.0 / 27.0 * t + 16.0) / 116.0
            }
        };
        let (fx, fy, fz) = (f(x / 0.95047), f(y), f(z / 1.08883));
        [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
    }

    /// CIEDE2000 (Sharma, Wu and Dalal 2005).
    fn delta_e(p: [f64; 3], q: [f64; 3]) -> f64 {
        let [l1, a1, b1] = p;
        let [l2, a2, b2] = q;
        let c7 = |c: f64| c.powi(7) / (c.powi(7) + 25f64.powi(7));
        let cbar = (a1.hypot(b1) + a2.hypot(b2)) / 2.0;
        let g = 0.5 * (1.0 - c7(cbar).sqrt());
        let (a1, a2) = ((1.0 + g) * a1, (1.0 + g) * a2);
        let (c1, c2) = (a1.hypot(b1), a2.hypot(b2));
        let hue = |b: f64, a: f64| {
            if a == 0.0 && b == 0.0 {
                0.0
            } else {
                b.atan2(a).to_degrees().rem_euclid(360.0)
            }
        };
        let (h1, h2) = (hue(b1, a1), hue(b2, a2));
        let dh = if c1 * c2 == 0.0 {
            0.0
        } else if (h2 - h1).abs() <= 180.0 {
            h2 - h1
        } else if h2 <= h1 {
            h2 - h1 + 360.0
        } else {
            h2 - h1 - 360.0
        };
        let dl = l2 - l1;
        let dc = c2 - c1;
        let dhh = 2.0 * (c1 * c2).sqrt() * (dh / 2.0).to_radians().sin();
        let lbar = (l1 + l2) / 2.0;
        let cbarp = (c1 + c2) / 2.0;
        let hbar = if c1 * c2 == 0.0 {
            h1 + h2
        } else if (h1 - h2).abs() <= 180.0 {
            (h1 + h2) / 2.0
        } else if h1 + h2 < 360.0 {
            (h1 + h2 + 360.0) / 2.0
        } else {
            (h1 + h2 - 360.0) / 2.0
        };
        let t = 1.0 - 0.17 * (hbar - 30.0).to_radians().cos()
            + 0.24 * (2.0 * hbar).to_radians().cos()
            + 0.32 * (3.0 * hbar + 6.0).to_radians().cos()
            - 0.20 * (4.0 * hbar - 63.0).to_radians().cos();
        let dtheta = 30.0 * (-((hbar - 275.0) / 25.0).powi(2)).exp();
        let rc = 2.0 * c7(cbarp).sqrt();
        let sl = 1.0 + 0.015 * (lbar - 50.0).powi(2) / (20.0 + (lbar - 50.0).powi(2)).sqrt();
        let sc = 1.0 + 0.045 * cbarp;
        let sh = 1.0 + 0.015 * cbarp * t;
        let rt = -(2.0 * dtheta).to_radians().sin() * rc;
        ((dl / sl).powi(2) + (dc / sc).powi(2) + (dhh / sh).powi(2) + rt * (dc / sc) * (dhh / sh))
            .sqrt()
    }

    /// What is wrong with `seats` as the seats' colours, if anything: under
    /// every vision, two seats closer than 20 (CIEDE2000) or 12 in
    /// lightness, or a seat closer than 12 to a kind colour.
    fn faults(seats: &[&str]) -> Vec<String> {
        let mut faults = Vec::new();
        for (vision, m) in &VISIONS {
            for (i, a) in seats.iter().enumerate() {
                for b in &seats[i + 1..] {
                    let (p, q) = (lab(a, m), lab(b, m));
                    let (d, dl) = (delta_e(p, q), (p[0] - q[0]).abs());
                    if d < 20.0 || dl < 12.0 {
                        faults.push(format!("{vision}: {a} and {b}: ΔE {d:.1}, ΔL {dl:.1}"));
                    }
                }
                for &k in Kind::ALL {
                    let d = delta_e(lab(a, m), lab(kind_color(k), m));
                    if d < 12.0 {
                        faults.push(format!("{vision}: {a} and {k}: ΔE {d:.1}"));
                    }
                }
            }
        }
        faults
    }

    /// The check of CIEDE2000 against the published test pairs (Sharma,
    /// Wu and Dalal 2005, pairs 1, 7 and 17).
    #[test]
    fn delta_e_matches_the_published_pairs() {
        let pairs = [
            ([50.0, 2.6772, -79.7751], [50.0, 0.0, -82.7485], 2.0425),
            ([50.0, 0.0, 0.0], [50.0, -1.0, 2.0], 2.3669),
            ([50.0, 2.5, 0.0], [73.0, 25.0, -18.0], 27.1492),
        ];
        for (p, q, want) in pairs {
            assert!((delta_e(p, q) - want).abs() < 1e-4, "{p:?} {q:?}");
        }
    }

    /// The seats' colours stay apart from one another and from the kinds'
    /// under normal vision and the three dichromacies; the former colours
    /// (blue, red, white, gray, which reused three kinds' colours) did not.
    #[test]
    fn seat_colours_are_told_apart_under_colour_blindness() {
        assert_eq!(faults(&PLAYER_COLORS), Vec::<String>::new());
        let former = ["#2f6fdb", "#d23a2f", "#ffffff", "#8a8a8a"];
        assert!(faults(&former).len() > 3, "{:?}", faults(&former));
        let mut names = PLAYER_COLOR_NAMES.to_vec();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), 4);
    }

    /// A number on a seat's colour is readable: the ink is the one of the
    /// two that contrasts more, by at least 4.5:1 (WCAG AA for text).
    #[test]
    fn the_ink_on_each_seat_is_readable() {
        for seat in 0..4 {
            let (colour, ink) = (PLAYER_COLORS[seat as usize], ink_on(seat));
            let other = if ink == DARK_INK { LIGHT_INK } else { DARK_INK };
            assert!(contrast(colour, ink) >= 4.5, "{colour} with {ink}");
            assert!(contrast(colour, ink) > contrast(colour, other), "{colour}");
        }
        for &t in Token::ALL {
            let (fill, _, ink) = token_style(t);
            assert!(contrast(fill, ink) >= 4.5, "{t}");
        }
    }
}
