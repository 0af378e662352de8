//! Double Exocet: two Junior or Senior Exocets of one band sharing base digits, solved
//! together. Each exocet proves that its base and target cells take one of the assignments it
//! allows ({b1, b2} = {t1, t2}, b1 != b2, with the cross-line and mirror rules of
//! [`super::junior_exocet`]). Both proofs hold at once, and the true values also obey the
//! rules of the grid between the two patterns: a cell in both takes one value, two cells that
//! see each other take different values. So the true values are among the pairs of allowed
//! assignments that agree in that way, and each exocet's eliminations (matching digits,
//! mirror nodes, base digits known true: locked in the base, filling their cover houses' S
//! cells) follow from that shorter list, by the same proofs. A step is given only when the
//! pair eliminates something neither exocet does alone: e.g. a base digit both exocets might
//! hold becomes true in one because the other's targets see its cells.

use super::{Exocet, junior_exocet, senior_exocet};
use kaidoku_engine::prelude::*;

pub struct DoubleExocet;

const KIND: StepKind = StepKind::new("double-exocet", "Double Exocet");

/// Whether assignment `a` of cells `ca` and `b` of cells `cb` can both hold.
fn agree(ca: [Cell; 4], a: [Digit; 4], cb: [Cell; 4], b: [Digit; 4]) -> bool {
    ca.iter().zip(a).all(|(&p, x)| {
        cb.iter().zip(b).all(|(&q, y)| match p == q {
            true => x == y,
            false => x != y || !peers(p).contains(q),
        })
    })
}

impl Technique for DoubleExocet {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        let placed = super::placed_by_digit(grid);
        let mut exocets: Vec<Exocet> = Vec::new();
        let _ = junior_exocet::each(grid, &placed, &mut |e| {
            exocets.push(e);
            ControlFlow::Continue(())
        });
        let _ = senior_exocet::each(grid, &placed, &mut |e| {
            exocets.push(e);
            ControlFlow::Continue(())
        });
        let allowed: Vec<_> = exocets
            .iter()
            .map(|e| e.assignments(grid, &placed))
            .collect();
        for (i, a) in exocets.iter().enumerate() {
            let band = a.axis.line_index(a.base[0]) / 3;
            for (j, b) in exocets.iter().enumerate().skip(i + 1) {
                if b.axis != a.axis
                    || b.axis.line_index(b.base[0]) / 3 != band
                    || (a.digits & b.digits).len() < 2
                    || a.base.iter().any(|c| b.base.contains(c))
                {
                    continue;
                }
                let (ca, cb) = (a.cells(), b.cells());
                let mut kept_a = super::Assignments::default();
                let mut kept_b = super::Assignments::default();
                for &x in allowed[i].as_slice() {
                    if allowed[j].as_slice().iter().any(|&y| agree(ca, x, cb, y)) {
                        kept_a.push(x);
                    }
                }
                for &y in allowed[j].as_slice() {
                    if allowed[i].as_slice().iter().any(|&x| agree(ca, x, cb, y)) {
                        kept_b.push(y);
                    }
                }
                if kept_a.as_slice().is_empty() || kept_b.as_slice().is_empty() {
                    continue; // a broken position
                }
                let alone = a
                    .effects(grid, &placed, allowed[i].as_slice())
                    .union(&b.effects(grid, &placed, allowed[j].as_slice()));
                let both = a
                    .effects(grid, &placed, kept_a.as_slice())
                    .union(&b.effects(grid, &placed, kept_b.as_slice()));
                if both.iter().all(|(c, d)| alone.contains(c, d)) {
                    continue;
                }
                let step = a.step_of(grid, KIND, both);
                let [t1, t2] = b.targets;
                let step = step
                    .part(Part::Text("with".into()))
                    .part(Part::Cells(
                        CellSet::single(b.base[0]) | CellSet::single(b.base[1]),
                    ))
                    .part(Part::Digits(b.digits))
                    .part(Part::Text("targets".into()))
                    .part(Part::Cells(CellSet::single(t1) | CellSet::single(t2)));
                sink.push(step)?;
            }
        }
        ControlFlow::Continue(())
    }
}

register_technique!(TechniqueInfo {
    id: "double-exocet",
    name: "Double Exocet",
    summary: "two exocets of one band sharing base digits, solved together: their cells must \
              agree where they meet",
    params: &[],
    build: |_| Ok(Box::new(DoubleExocet)),
});

register_fixtures!("double-exocet", "double_exocet.fixtures");
