//! A pattern's values as table indices (`Coder`): the components in mixed
//! radix and, under symmetry, the main component's classes and the
//! conjugations that reduce the others.

use super::*;

/// How one component's values map under the pattern's symmetries.
#[derive(Clone, Debug)]
pub(super) struct Conjugation {
    /// `table[v * symmetries + s]`, when the component is small enough.
    pub(super) values: Vec<u32>,
    /// Separable components: arrangements, orientations, and the
    /// orientation each arrangement adds (the offsets of the pieces'
    /// groups against the positions').
    pub(super) arrangements: Vec<u32>,
    pub(super) orientations: Vec<u32>,
    pub(super) added: Vec<u32>,
}

/// A pattern's values as table indices: the components, and the
/// reduction by the pattern's symmetries.
#[derive(Clone, Debug)]
pub struct Coder {
    /// The pattern.
    pub def: PatternDef,
    /// The components, in orbit order.
    pub components: Vec<Component>,
    /// The component reduced by symmetry (0 without symmetry).
    pub main: usize,
    /// The symmetries (indices into the puzzle's [`Group`]) that keep the
    /// pattern, the identity first; just the identity without symmetry.
    pub symmetries: Vec<u8>,
    pub(super) symmetry_list: Vec<Symmetry>,
    pub(super) conjugations: Vec<Conjugation>,
    /// Per raw main value: its class << 8 | the symmetry (local index)
    /// taking it to its class's least member.
    pub(super) reduce: Vec<u32>,
    /// Each class's least member.
    pub(super) representatives: Vec<u64>,
    /// The classes some symmetry besides the identity keeps, with those
    /// symmetries.
    pub(super) stabilizers: HashMap<u32, Vec<u8>>,
    /// Values of the components after the main one, together.
    pub rest: u64,
    /// Table entries: classes times `rest`.
    pub entries: u64,
}

impl Coder {
    /// The coder of pattern `def` (checked) on `puzzle`, reduced by those
    /// of `group`'s symmetries that keep it (or by none, without a group).
    #[must_use]
    pub fn new(puzzle: &Twisty, def: &PatternDef, group: Option<&Group>) -> Self {
        let mut components: Vec<Component> =
            (0..puzzle.orbits().len()).map(|j| Component::new(puzzle, def, j)).filter(|c| c.size > 1).collect();
        for c in &mut components {
            c.build_move_tables(puzzle);
        }
        // Symmetry reduces one component through a table of its values: a
        // pattern with none small enough is not reduced.
        let group = group.filter(|_| components.iter().any(|c| c.size <= TABLE_LIMIT));
        let symmetries: Vec<u8> = match group {
            Some(group) => {
                (0..group.len()).filter(|&s| def.is_kept_by(puzzle, &group.symmetries[s])).map(|s| s as u8).collect()
            }
            None => vec![0],
        };
        let symmetry_list: Vec<Symmetry> = match group {
            Some(group) => symmetries.iter().map(|&s| group.symmetries[usize::from(s)].clone()).collect(),
            None => Vec::new(),
        };
        let reduced = symmetries.len() > 1;
        // The main component: the smallest with at least 64 values per
        // symmetry (so that few classes are kept by a symmetry), else the
        // largest.
        let main = if reduced {
            let wide = 64 * symmetries.len() as u64;
            (0..components.len())
                .filter(|&c| components[c].size >= wide && components[c].size <= TABLE_LIMIT)
                .min_by_key(|&c| components[c].size)
                .or_else(|| {
                    (0..components.len())
                        .filter(|&c| components[c].size <= TABLE_LIMIT)
                        .max_by_key(|&c| components[c].size)
                })
                .unwrap_or(0)
        } else {
            // Without symmetry the first component leads.
            0
        };
        let mut coder = Self {
            def: def.clone(),
            components,
            main,
            symmetries,
            symmetry_list,
            conjugations: Vec::new(),
            reduce: Vec::new(),
            representatives: Vec::new(),
            stabilizers: HashMap::new(),
            rest: 1,
            entries: 1,
        };
        coder.rest = (0..coder.components.len()).filter(|&c| c != main).map(|c| coder.components[c].size).product();
        if reduced && !coder.components.is_empty() {
            coder.conjugations = (0..coder.components.len()).map(|c| coder.conjugation(puzzle, c)).collect();
            coder.reduce_main(puzzle);
        } else {
            let size = coder.components.get(main).map_or(1, |c| c.size);
            coder.representatives = Vec::new();
            coder.entries = size * coder.rest;
        }
        coder
    }

    /// Whether the pattern is reduced by symmetry.
    #[must_use]
    pub fn reduced(&self) -> bool {
        self.symmetries.len() > 1
    }

    /// Classes of the main component (its values without symmetry).
    #[must_use]
    pub fn classes(&self) -> u64 {
        if self.reduced() {
            self.representatives.len() as u64
        } else {
            self.components.get(self.main).map_or(1, |c| c.size)
        }
    }

    pub(super) fn conjugation(&self, puzzle: &Twisty, c: usize) -> Conjugation {
        let component = &self.components[c];
        let s = self.symmetry_list.len();
        let image = |v: u64, sym: &Symmetry| {
            let mut state = puzzle.identity();
            component.unrank(v, &mut state);
            component.rank(&sym.conjugate(puzzle, &state))
        };
        let mut conjugation =
            Conjugation { values: Vec::new(), arrangements: Vec::new(), orientations: Vec::new(), added: Vec::new() };
        if component.separable() && component.arrangements <= TABLE_LIMIT && component.orientations <= TABLE_LIMIT {
            let per = component.orientations;
            let home = component.unrank_home();
            let mut arrangements = vec![0u32; component.arrangements as usize * s];
            let mut added = vec![0u32; component.arrangements as usize * s];
            for a in 0..component.arrangements {
                for (k, sym) in self.symmetry_list.iter().enumerate() {
                    let v = image(a * per, sym);
                    arrangements[a as usize * s + k] = (v / per) as u32;
                    added[a as usize * s + k] = (v % per) as u32;
                }
            }
            let mut orientations = vec![0u32; per as usize * s];
            for x in 0..per {
                for (k, sym) in self.symmetry_list.iter().enumerate() {
                    orientations[x as usize * s + k] = (image(home * per + x, sym) % per) as u32;
                }
            }
            conjugation.arrangements = arrangements;
            conjugation.orientations = orientations;
            conjugation.added = added;
        } else if component.size <= TABLE_LIMIT && component.size * s as u64 <= 1 << 26 {
            let mut values = vec![0u32; component.size as usize * s];
            for v in 0..component.size {
                for (k, sym) in self.symmetry_list.iter().enumerate() {
                    values[v as usize * s + k] = image(v, sym) as u32;
                }
            }
            conjugation.values = values;
        }
        conjugation
    }

    /// Component `c`'s value `v` under the pattern's symmetry `k` (local
    /// index).
    #[inline]
    pub(super) fn conjugate(&self, puzzle: &Twisty, c: usize, v: u64, k: usize) -> u64 {
        if k == 0 {
            return v;
        }
        let conjugation = &self.conjugations[c];
        let s = self.symmetries.len();
        if !conjugation.values.is_empty() {
            return u64::from(conjugation.values[v as usize * s + k]);
        }
        let component = &self.components[c];
        if !conjugation.arrangements.is_empty() {
            let per = component.orientations;
            let (a, x) = ((v / per) as usize, (v % per) as usize);
            let arrangement = u64::from(conjugation.arrangements[a * s + k]);
            let turned = u64::from(conjugation.orientations[x * s + k]);
            let added = u64::from(conjugation.added[a * s + k]);
            return arrangement * per + add_digits(turned, added, component.modulus, component.digits);
        }
        let mut state = puzzle.identity();
        component.unrank(v, &mut state);
        component.rank(&self.symmetry_list[k].conjugate(puzzle, &state))
    }

    /// The tables that index this pattern, when it has two components,
    /// the first reduced by symmetry and the second separable with
    /// orientations modulo 2 (the cube's tables): a kernel can then compute
    /// its index without the general path.
    #[must_use]
    pub fn pair_code(&self) -> Option<PairCode<'_>> {
        let [first, second] = self.components.as_slice() else { return None };
        let conjugation = self.conjugations.get(1)?;
        let fits = self.main == 0
            && !self.reduce.is_empty()
            && !conjugation.arrangements.is_empty()
            && second.modulus == 2
            && second.orientations.is_power_of_two();
        fits.then_some(PairCode {
            reduce: &self.reduce,
            first_orientations: first.orientations,
            second_orientations: second.orientations,
            symmetries: self.symmetries.len(),
            arrangements: &conjugation.arrangements,
            added: &conjugation.added,
            orientations: &conjugation.orientations,
            rest: self.rest,
        })
    }

    /// Numbers the main component's classes.
    pub(super) fn reduce_main(&mut self, puzzle: &Twisty) {
        let main = self.main;
        let size = self.components[main].size;
        let s = self.symmetries.len();
        let mut reduce = vec![0u32; size as usize];
        let mut least = vec![0u64; size as usize];
        for v in 0..size {
            let (mut best, mut by) = (v, 0);
            for k in 1..s {
                let w = self.conjugate(puzzle, main, v, k);
                if w < best {
                    (best, by) = (w, k);
                }
            }
            least[v as usize] = best;
            reduce[v as usize] = by as u32;
        }
        let mut class_of: HashMap<u64, u32> = HashMap::new();
        let mut representatives = Vec::new();
        for v in 0..size {
            if least[v as usize] == v {
                class_of.insert(v, representatives.len() as u32);
                representatives.push(v);
            }
        }
        for v in 0..size as usize {
            reduce[v] |= class_of[&least[v]] << 8;
        }
        let mut stabilizers = HashMap::new();
        for (class, &r) in representatives.iter().enumerate() {
            let keeping: Vec<u8> =
                (1..s).filter(|&k| self.conjugate(puzzle, main, r, k) == r).map(|k| k as u8).collect();
            if !keeping.is_empty() {
                stabilizers.insert(class as u32, keeping);
            }
        }
        self.entries = representatives.len() as u64 * self.rest;
        self.reduce = reduce;
        self.representatives = representatives;
        self.stabilizers = stabilizers;
    }

    /// The table index of `state`.
    #[inline]
    #[must_use]
    pub fn index(&self, puzzle: &Twisty, state: &Cells) -> u64 {
        let mut parts = [(0u64, 0u64); MAX_ORBITS];
        for (part, component) in parts.iter_mut().zip(&self.components) {
            *part = component.rank_parts(state);
        }
        self.index_of_parts(puzzle, &parts)
    }

    /// The table index of a state whose components have these
    /// (arrangement, orientation) parts.
    #[inline]
    #[must_use]
    pub fn index_of_parts(&self, puzzle: &Twisty, parts: &Parts) -> u64 {
        let main = self.main;
        let Some(first) = self.components.get(main) else { return 0 };
        let raw = parts[main].0 * first.orientations + parts[main].1;
        let (class, k) = if self.reduce.is_empty() {
            (raw, 0)
        } else {
            let r = self.reduce[raw as usize];
            (u64::from(r >> 8), (r & 0xff) as usize)
        };
        let mut rest = 0u64;
        for (c, component) in self.components.iter().enumerate() {
            if c == main {
                continue;
            }
            let (arrangement, orientation) = parts[c];
            let conjugation = self.conjugations.get(c).filter(|_| k != 0);
            let value = match conjugation {
                None => arrangement * component.orientations + orientation,
                Some(conjugation) if !conjugation.arrangements.is_empty() => {
                    let s = self.symmetries.len();
                    let (a, x) = (arrangement as usize, orientation as usize);
                    let turned = u64::from(conjugation.orientations[x * s + k]);
                    let added = u64::from(conjugation.added[a * s + k]);
                    u64::from(conjugation.arrangements[a * s + k]) * component.orientations
                        + add_digits(turned, added, component.modulus, component.digits)
                }
                Some(_) => self.conjugate(puzzle, c, arrangement * component.orientations + orientation, k),
            };
            rest = rest * component.size + value;
        }
        class * self.rest + rest
    }

    /// The components' values of table index `index` (the main one as its
    /// class's least member).
    #[must_use]
    pub fn values_of(&self, index: u64) -> Values {
        let (class, mut rest) = (index / self.rest, index % self.rest);
        let mut values = [0u64; MAX_ORBITS];
        for c in (0..self.components.len()).rev() {
            if c != self.main {
                let size = self.components[c].size;
                values[c] = rest % size;
                rest /= size;
            }
        }
        if let Some(v) = values.get_mut(self.main) {
            *v = if self.reduced() { self.representatives[class as usize] } else { class };
        }
        values
    }

    /// The table index of components' values (the main one raw).
    #[inline]
    #[must_use]
    pub fn index_of(&self, puzzle: &Twisty, values: &[u64]) -> u64 {
        let main = self.main;
        let (class, k) = if self.reduce.is_empty() {
            (values.get(main).copied().unwrap_or(0), 0)
        } else {
            let r = self.reduce[values[main] as usize];
            (u64::from(r >> 8), (r & 0xff) as usize)
        };
        let mut rest = 0u64;
        for (c, component) in self.components.iter().enumerate() {
            if c != main {
                rest = rest * component.size + self.conjugate(puzzle, c, values[c], k);
            }
        }
        class * self.rest + rest
    }

    /// Every table index that holds the same value as `index` (itself
    /// first): the other members of a class kept by a symmetry.
    pub fn equivalents(&self, puzzle: &Twisty, index: u64, out: &mut Vec<u64>) {
        out.clear();
        out.push(index);
        let class = (index / self.rest) as u32;
        let Some(keeping) = self.stabilizers.get(&class) else { return };
        let values = self.values_of(index);
        for &k in keeping {
            let mut rest = 0u64;
            for (c, component) in self.components.iter().enumerate() {
                if c != self.main {
                    rest = rest * component.size + self.conjugate(puzzle, c, values[c], usize::from(k));
                }
            }
            let other = u64::from(class) * self.rest + rest;
            if !out.contains(&other) {
                out.push(other);
            }
        }
    }

    /// The components' values after move `m`.
    #[inline]
    #[must_use]
    pub fn apply(&self, puzzle: &Twisty, values: &Values, m: usize) -> Values {
        let mut out = [0u64; MAX_ORBITS];
        for (c, component) in self.components.iter().enumerate() {
            out[c] = component.apply(puzzle, values[c], m);
        }
        out
    }

    /// A state whose pattern value is table index `index`'s.
    #[must_use]
    pub fn representative(&self, puzzle: &Twisty, index: u64) -> Cells {
        let mut state = puzzle.identity();
        let values = self.values_of(index);
        for (c, component) in self.components.iter().enumerate() {
            component.unrank(values[c], &mut state);
        }
        state
    }
}

/// Adds two orientation values digit by digit, modulo `m`.
pub(super) fn add_digits(a: u64, b: u64, m: u8, digits: usize) -> u64 {
    if m == 2 {
        return a ^ b;
    }
    let m = u64::from(m);
    let (mut a, mut b) = (a, b);
    let mut out = 0u64;
    let mut scale = 1u64;
    for _ in 0..digits {
        out += (a % m + b % m) % m * scale;
        a /= m;
        b /= m;
        scale *= m;
    }
    out
}
