//! The one subset search behind locked sets, fish and almost locked sets: grow subsets of a
//! list (cells, digits, houses) in index order, carrying a running union, and cut a branch as
//! soon as its union can no longer lead anywhere (more digits than cells for a naked set, more
//! cover lines than base lines for a fish …). Unions only grow, so a cut branch has no viable
//! extension.

use std::ops::ControlFlow;

/// The most items a subset search takes: one per house.
pub const MAX_ITEMS: usize = 27;

/// Visit every subset of 1 to `max` items of `items` (at most [`MAX_ITEMS`]) whose union —
/// `empty` joined with each item by `join` — stays `viable(union, size)`, depth first in index
/// order: `visit(chosen, union)`. A `Break` from `visit` stops the search.
pub fn grow_subsets<T: Copy, U: Copy, B>(
    items: &[T],
    max: usize,
    empty: U,
    join: impl Fn(U, T) -> U,
    viable: impl Fn(U, usize) -> bool,
    visit: impl FnMut(&[T], U) -> ControlFlow<B>,
) -> ControlFlow<B> {
    walk(items, max, 0, empty, join, viable, visit)
}

/// The walk behind [`grow_subsets`] and [`subsets_of_size`]; with `target > 0`, branches that
/// cannot reach `target` items are cut.
fn walk<T: Copy, U: Copy, B>(
    items: &[T],
    max: usize,
    target: usize,
    empty: U,
    join: impl Fn(U, T) -> U,
    viable: impl Fn(U, usize) -> bool,
    mut visit: impl FnMut(&[T], U) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let Some(&first) = items.first() else {
        return ControlFlow::Continue(());
    };
    let items = &items[..items.len().min(MAX_ITEMS)];
    let mut chosen = [first; MAX_ITEMS];
    let mut search = Search {
        items,
        max: max.min(items.len()),
        target,
        join,
        viable,
        visit: &mut visit,
        chosen: &mut chosen,
        _union: std::marker::PhantomData,
    };
    search.grow(0, 0, empty)
}

/// The walk, generic over its closures so that they inline into the innermost loop.
struct Search<'a, T, U, J, V, F> {
    items: &'a [T],
    max: usize,
    target: usize,
    join: J,
    viable: V,
    visit: &'a mut F,
    chosen: &'a mut [T; MAX_ITEMS],
    _union: std::marker::PhantomData<U>,
}

impl<T, U, J, V, F, B> Search<'_, T, U, J, V, F>
where
    T: Copy,
    U: Copy,
    J: Fn(U, T) -> U,
    V: Fn(U, usize) -> bool,
    F: FnMut(&[T], U) -> ControlFlow<B>,
{
    fn grow(&mut self, from: usize, size: usize, union: U) -> ControlFlow<B> {
        for i in from..self.items.len() {
            if self.target > size && self.items.len() - i < self.target - size {
                break;
            }
            let item = self.items[i];
            let next = (self.join)(union, item);
            if !(self.viable)(next, size + 1) {
                continue;
            }
            self.chosen[size] = item;
            (self.visit)(&self.chosen[..size + 1], next)?;
            if size + 1 < self.max {
                self.grow(i + 1, size + 1, next)?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// Every subset of exactly `size` items whose union ends `complete(union)`, cutting branches as
/// [`grow_subsets`] does; also cuts branches that cannot reach `size` items.
pub fn subsets_of_size<T: Copy, U: Copy, B>(
    items: &[T],
    size: usize,
    empty: U,
    join: impl Fn(U, T) -> U,
    viable: impl Fn(U, usize) -> bool,
    complete: impl Fn(U) -> bool,
    mut visit: impl FnMut(&[T], U) -> ControlFlow<B>,
) -> ControlFlow<B> {
    if size == 0 || size > items.len() {
        return ControlFlow::Continue(());
    }
    walk(items, size, size, empty, join, viable, |chosen, union| {
        if chosen.len() == size && complete(union) {
            visit(chosen, union)
        } else {
            ControlFlow::Continue(())
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn visits_every_viable_subset_once() {
        let items = [1u32, 2, 4, 8, 16];
        let mut seen = Vec::new();
        let _ = grow_subsets(
            &items,
            3,
            0u32,
            |u, i| u | i,
            |_, _| true,
            |chosen, union| {
                seen.push(union);
                assert_eq!(chosen.iter().fold(0, |a, b| a | b), union);
                ControlFlow::<()>::Continue(())
            },
        );
        // 5 + 10 + 10 subsets of 1 to 3 items, each union distinct.
        assert_eq!(seen.len(), 25);
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), 25);
    }

    #[test]
    fn cuts_and_sizes() {
        let items = [0b011u16, 0b110, 0b100, 0b1000];
        let mut found = Vec::new();
        // Pairs of masks whose union has exactly two bits: a naked pair's test.
        let _ = subsets_of_size(
            &items,
            2,
            0u16,
            |u, m| u | m,
            |u, _| u.count_ones() <= 2,
            |u| u.count_ones() == 2,
            |chosen, _| {
                found.push(chosen.to_vec());
                ControlFlow::<()>::Continue(())
            },
        );
        assert_eq!(found, vec![vec![0b110, 0b100], vec![0b100, 0b1000]]);
        let stop = grow_subsets(
            &items,
            4,
            0u16,
            |u, m| u | m,
            |_, _| true,
            |_, _| ControlFlow::Break("stopped"),
        );
        assert_eq!(stop, ControlFlow::Break("stopped"));
    }
}
