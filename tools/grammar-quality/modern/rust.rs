// Rust 2021: let-else, GATs, async fn in traits, const generics, closures, ? operator, raw strings.
use std::collections::HashMap;

pub trait Store {
    type Item<'a> where Self: 'a;
    async fn load(&self, key: &str) -> Option<String>;
}

pub struct Grid<const W: usize, const H: usize> {
    cells: [[u8; W]; H],
}

impl<const W: usize, const H: usize> Grid<W, H> {
    pub fn get(&self, x: usize, y: usize) -> Option<u8> {
        let Some(row) = self.cells.get(y) else {
            return None;
        };
        row.get(x).copied()
    }
}

pub fn count_words(text: &str) -> HashMap<&str, usize> {
    let mut counts = HashMap::new();
    for word in text.split_whitespace().filter(|w| !w.is_empty()) {
        *counts.entry(word).or_insert(0) += 1;
    }
    let _raw = r#"quoted "raw" string"#;
    counts
}
