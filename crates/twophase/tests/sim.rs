//! A facelet-level cube written apart from the crate's cubie model: each
//! sticker's place in space, and a face turn as the rotation of the
//! stickers of its layer, so that it checks the solver from outside.

/// The solved cube in the facelet order URFDLB.
pub const SOLVED: &str = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

/// Sticker `i`'s centre, doubled so that it is integral: x to R, y to U, z
/// to F; the face's own coordinate is ±3, the others -2, 0 or 2.
fn place(i: usize) -> [i32; 3] {
    let (face, r, c) = (i / 9, (i % 9 / 3) as i32, (i % 3) as i32);
    let (a, b) = (2 * c - 2, 2 * r - 2);
    match face {
        0 => [a, 3, b],    // U from above, B at the top
        1 => [3, -b, -a],  // R, U at the top, F at the left
        2 => [a, -b, 3],   // F
        3 => [a, -3, -b],  // D from below, F at the top
        4 => [-3, -b, a],  // L, B at the left
        _ => [-a, -b, -3], // B, R at the left
    }
}

/// The outward axis of each face.
const AXES: [[i32; 3]; 6] = [[0, 1, 0], [1, 0, 0], [0, 0, 1], [0, -1, 0], [-1, 0, 0], [0, 0, -1]];

/// A clockwise quarter turn (seen from outside the face) about axis `n`:
/// `v -> n (n . v) - n x v`.
fn rotate(n: [i32; 3], v: [i32; 3]) -> [i32; 3] {
    let dot = n[0] * v[0] + n[1] * v[1] + n[2] * v[2];
    let cross = [n[1] * v[2] - n[2] * v[1], n[2] * v[0] - n[0] * v[2], n[0] * v[1] - n[1] * v[0]];
    [n[0] * dot - cross[0], n[1] * dot - cross[1], n[2] * dot - cross[2]]
}

/// Sticker permutations of the six clockwise quarter turns: `perm[i]` is
/// where the sticker at `i` goes.
pub fn quarter_turns() -> [[usize; 54]; 6] {
    let places: Vec<[i32; 3]> = (0..54).map(place).collect();
    let mut out = [[0; 54]; 6];
    for (f, n) in AXES.iter().enumerate() {
        for i in 0..54 {
            let p = places[i];
            let in_layer = p[0] * n[0] + p[1] * n[1] + p[2] * n[2] >= 2;
            let q = if in_layer { rotate(*n, p) } else { p };
            out[f][i] = places.iter().position(|&x| x == q).expect("a sticker's image is a sticker");
        }
    }
    out
}

/// A cube of stickers.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Stickers(pub Vec<u8>);

impl Stickers {
    pub fn new(text: &str) -> Stickers {
        Stickers(text.as_bytes().to_vec())
    }

    /// The stickers after move `m` (0..18 as `U U2 U' R ...`): `m % 3 + 1`
    /// clockwise quarter turns of face `m / 3` of URFDLB.
    pub fn turn(&self, turns: &[[usize; 54]; 6], m: usize) -> Stickers {
        let mut s = self.0.clone();
        for _ in 0..=m % 3 {
            let mut next = s.clone();
            for i in 0..54 {
                next[turns[m / 3][i]] = s[i];
            }
            s = next;
        }
        Stickers(s)
    }

    /// The stickers after the moves named in `text` (`R U2 F'`).
    pub fn scramble(&self, turns: &[[usize; 54]; 6], text: &str) -> Stickers {
        text.split_whitespace().fold(self.clone(), |s, name| {
            let face = b"URFDLB".iter().position(|&f| f == name.as_bytes()[0]).unwrap();
            let amount = match &name[1..] {
                "" => 0,
                "2" => 1,
                "'" => 2,
                other => panic!("not a move suffix: {other}"),
            };
            s.turn(turns, 3 * face + amount)
        })
    }

    pub fn text(&self) -> String {
        String::from_utf8(self.0.clone()).unwrap()
    }
}

#[test]
fn a_turn_four_times_is_nothing_and_sexy_move_has_order_six() {
    let turns = quarter_turns();
    let solved = Stickers::new(SOLVED);
    for m in 0..18 {
        let once = solved.turn(&turns, m);
        assert_ne!(once, solved);
        let back = once.turn(&turns, m / 3 * 3 + 2 - m % 3);
        assert_eq!(back, solved);
    }
    let mut s = solved.clone();
    for _ in 0..6 {
        s = s.scramble(&turns, "R U R' U'");
    }
    assert_eq!(s, solved);
    // R moves U's right column to B's left column, upside down.
    let r = solved.turn(&turns, 3);
    assert_eq!(&r.text()[..9], "UUFUUFUUF");
    assert_eq!(r.text(), "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB");
}
