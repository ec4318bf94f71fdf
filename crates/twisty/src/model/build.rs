//! The checks and derived parts of a puzzle being built from its
//! description: its orbits, each move checked against them, and the
//! families of moves (a move's powers).

use super::*;

pub(super) fn identity(positions: usize) -> Cells {
    let mut out = [0u8; MAX_POSITIONS];
    for (i, o) in out.iter_mut().enumerate().take(positions) {
        *o = cell(i, 0);
    }
    out
}

/// The orbits' positions, checked against the limits.
pub(super) fn orbits_of(defs: &[OrbitDef]) -> Result<(Vec<Orbit>, usize), ModelError> {
    let mut orbits = Vec::with_capacity(defs.len());
    let mut start = 0;
    for def in defs {
        if def.pieces == 0 {
            return Err(ModelError::Shape(format!("{}: an orbit has at least one piece", def.name)));
        }
        if !(1..=MAX_ORIENTATIONS).contains(&def.orientations) {
            return Err(ModelError::Limit(format!(
                "{}: {} orientations; at most {MAX_ORIENTATIONS} are supported",
                def.name, def.orientations
            )));
        }
        orbits.push(Orbit {
            name: def.name.clone(),
            start,
            pieces: def.pieces,
            orientations: def.orientations,
            sum_fixed: false,
        });
        start += def.pieces;
    }
    if orbits.is_empty() {
        return Err(ModelError::Shape("a puzzle has at least one orbit".into()));
    }
    if orbits.len() > MAX_ORBITS {
        return Err(ModelError::Limit(format!("{} orbits; at most {MAX_ORBITS} are supported", orbits.len())));
    }
    if start > MAX_POSITIONS {
        return Err(ModelError::Limit(format!(
            "the orbits hold {start} pieces in all; at most {MAX_POSITIONS} are supported"
        )));
    }
    Ok((orbits, start))
}

/// One move, checked: a permutation of each orbit's positions with twists
/// in range.
pub(super) fn checked_move(
    m: &MoveDef,
    orbits: &[Orbit],
    positions: usize,
    modulus: &Cells,
) -> Result<Move, ModelError> {
    let bad = |what: String| ModelError::Shape(format!("move {}: {what}", m.name));
    if m.map.len() != positions || m.twist.len() != positions {
        return Err(bad(format!("gives {} positions, the puzzle has {positions}", m.map.len())));
    }
    let orbit_of = |p: usize| orbits.iter().position(|o| o.positions().contains(&p));
    let mut seen = [false; MAX_POSITIONS];
    let mut map = [0u8; MAX_POSITIONS];
    let mut twist = [0u8; MAX_POSITIONS];
    let mut support = Vec::new();
    for i in 0..positions {
        let from = usize::from(m.map[i]);
        if from >= positions || seen[from] {
            return Err(bad("its map is not a permutation of the positions".into()));
        }
        seen[from] = true;
        if orbit_of(from) != orbit_of(i) {
            return Err(bad(format!("takes position {} out of its orbit", from + 1)));
        }
        if m.twist[i] >= modulus[i] {
            return Err(bad(format!("twist {} is out of range at position {}", m.twist[i], i + 1)));
        }
        map[i] = from as u8;
        twist[i] = m.twist[i];
        if from != i || twist[i] != 0 {
            support.push((i as u8, from as u8, twist[i]));
        }
    }
    let mut relabel = [0u8; 256];
    for (c, r) in relabel.iter_mut().enumerate() {
        let (q, x) = (piece(c as u8), ori(c as u8));
        *r = if q < positions {
            cell(usize::from(map[q]), ((usize::from(x) + usize::from(twist[q])) % usize::from(modulus[q])) as u8)
        } else {
            c as u8
        };
    }
    Ok(Move { name: m.name.clone(), family: 0, power: 0, map, twist, inverse: 0, support, relabel })
}

/// The families: each move joins the family of the first earlier move it
/// is a power of, or starts one; each family's order, its moves' powers,
/// and the fewest moves that make each power.
pub(super) fn families_of(puzzle: &mut Twisty) -> Result<Vec<Family>, ModelError> {
    let mut families: Vec<Family> = Vec::new();
    // Each family's generator's powers, power 0 first.
    let mut powers_of: Vec<Vec<Cells>> = Vec::new();
    for m in 0..puzzle.moves.len() {
        let state = puzzle.moves[m].map_as_state();
        let joined = powers_of
            .iter()
            .enumerate()
            .find_map(|(f, powers)| powers.iter().position(|p| *p == state).map(|k| (f, k)));
        let (family, power) = match joined {
            Some(found) => found,
            None => {
                let mut powers = vec![puzzle.identity, state];
                let mut power = state;
                loop {
                    power = puzzle.compose(&power, &state);
                    if power == puzzle.identity {
                        break;
                    }
                    powers.push(power);
                    if powers.len() > 255 {
                        return Err(ModelError::Limit(format!("move {}: its order is past 255", puzzle.moves[m].name)));
                    }
                }
                families.push(Family {
                    name: puzzle.moves[m].name.clone(),
                    order: powers.len() as u8,
                    length: Vec::new(),
                });
                powers_of.push(powers);
                (families.len() - 1, 1)
            }
        };
        puzzle.moves[m].family = family;
        puzzle.moves[m].power = power as u8;
    }
    for (f, family) in families.iter_mut().enumerate() {
        let members: Vec<u8> = puzzle.moves.iter().filter(|m| m.family == f).map(|m| m.power).collect();
        // Breadth-first over the powers: the fewest moves to each.
        let order = usize::from(family.order);
        let mut length = vec![u8::MAX; order];
        length[0] = 0;
        let mut frontier = vec![0usize];
        let mut depth = 0u8;
        while !frontier.is_empty() {
            depth += 1;
            let mut next = Vec::new();
            for &k in &frontier {
                for &p in &members {
                    let j = (k + usize::from(p)) % order;
                    if length[j] == u8::MAX {
                        length[j] = depth;
                        next.push(j);
                    }
                }
            }
            frontier = next;
        }
        family.length = length;
    }
    Ok(families)
}
