//! Answers kept per thread for the questions the simulator asks again and again with the same inputs: the
//! posts change only when a zone is ruined, and the shares of the soldiers among them only when the
//! soldiers on the map change. Each answer is a pure function of its key (the map's serial, never another
//! map's, and the rest of what it reads), so what a game plays never depends on what the thread played
//! before, and a seeded run stays reproducible.

use std::cell::RefCell;
use std::rc::Rc;

/// The last few answers, the oldest replaced first.
pub struct Memo<K, V> {
    kept: Vec<(K, Rc<V>)>,
    next: usize,
}

const KEPT: usize = 8;

impl<K: PartialEq, V> Memo<K, V> {
    pub const fn new() -> Memo<K, V> {
        Memo { kept: Vec::new(), next: 0 }
    }

    pub fn get(&mut self, key: K, answer: impl FnOnce() -> V) -> Rc<V> {
        if let Some((_, v)) = self.kept.iter().find(|(k, _)| *k == key) {
            return Rc::clone(v);
        }
        let v = Rc::new(answer());
        if self.kept.len() < KEPT {
            self.kept.push((key, Rc::clone(&v)));
        } else {
            self.kept[self.next] = (key, Rc::clone(&v));
            self.next = (self.next + 1) % KEPT;
        }
        v
    }
}

/// Asks `memo` (a thread's own) for `key`, answering with `answer` the first time.
pub fn ask<K: PartialEq, V>(
    memo: &'static std::thread::LocalKey<RefCell<Memo<K, V>>>,
    key: K,
    answer: impl FnOnce() -> V,
) -> Rc<V> {
    memo.with(|m| m.borrow_mut().get(key, answer))
}
