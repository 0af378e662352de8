//! What changed since a stage last searched and found nothing.
//!
//! The solve loop runs every stage (a technique with its parameters) again after every step,
//! and most runs find nothing. Along the loop's path candidates only go (eliminations and
//! placements; nothing puts one back), so a technique whose search on one digit (or one
//! house) depends only on that digit's cells (that house's cells) finds nothing there again
//! while those cells are as they were at its last empty search: it may skip them. A skipped
//! part pushed nothing at the last miss and would push nothing now, so the first step of the
//! rest is the first step of a full search, and traces do not change.
//!
//! [`MissMemory`] keeps, per stage, the candidates at its last empty search, and hands the
//! [`Changes`] since then to the technique through
//! [`Analysis::changes_since_last_miss`]. Searches outside the solve loop (hints, ratings,
//! `steps`) have no memory and see [`Changes::EVERYTHING`].
//!
//! It also keeps what a stage chose to note for its next search on the path
//! ([`Analysis::keep_notes`]), such as conclusions it proved and did not use yet.

pub use crate::board::changes::{CandidateSnapshot, Changes};
use crate::step::Step;
use crate::technique::analysis::Analysis;
use crate::technique::{Flow, Halt, StepSink, Technique};
use std::any::Any;
use std::ops::ControlFlow;
use std::sync::Arc;

/// Per stage of a pipeline, the candidates at its last search that found nothing (none once
/// its step is applied, or before it ever ran), and the notes it kept for its next search.
/// Only for one path of positions whose candidates only shrink: a new path (another puzzle)
/// needs a new memory.
#[derive(Debug, Default)]
pub struct MissMemory {
    last_miss: Vec<Option<CandidateSnapshot>>,
    notes: Vec<Option<Box<dyn Any>>>,
}

impl MissMemory {
    /// A memory for a config of `stages` techniques.
    pub fn new(stages: usize) -> MissMemory {
        MissMemory {
            last_miss: vec![None; stages],
            notes: (0..stages).map(|_| None).collect(),
        }
    }

    /// The first step of `technique`, the pipeline's stage number `stage`, on the position of
    /// `analysis`, told what changed since the stage's last miss; then remembers the position
    /// if it found nothing. A failed search is forgotten (it may not have looked everywhere).
    pub fn first_step(
        &mut self,
        stage: usize,
        id: &Arc<str>,
        technique: &dyn Technique,
        analysis: &Analysis,
    ) -> (Flow, Option<Step>) {
        let grid = analysis.grid();
        let changes = match &self.last_miss[stage] {
            Some(before) => Changes::since(before, grid),
            None => Changes::EVERYTHING,
        };
        analysis.lend_notes(self.notes[stage].take());
        let (flow, step, consulted) = search(id, technique, analysis, changes);
        self.notes[stage] = analysis.take_back_notes();
        // Every test solve checks the skip: a full search finds the same first step (the
        // search keeps no notes and reads none, so a stage must not both skip and read them).
        if cfg!(debug_assertions) && consulted && !changes.is_everything() {
            let (_, full, _) = search(id, technique, analysis, Changes::EVERYTHING);
            assert_eq!(
                step, full,
                "stage {stage} ({id}) skipped what changed a search's first step"
            );
        }
        let failed = matches!(flow, ControlFlow::Break(Halt::Failed(_)));
        self.last_miss[stage] = (step.is_none() && !failed).then(|| CandidateSnapshot::of(grid));
        (flow, step)
    }
}

/// One search for the first step, with `changes` on the analysis; whether the technique
/// asked for them.
fn search(
    id: &Arc<str>,
    technique: &dyn Technique,
    analysis: &Analysis,
    changes: Changes,
) -> (Flow, Option<Step>, bool) {
    analysis.set_changes_since_last_miss(changes);
    let mut sink = StepSink::first(id.clone());
    let flow = technique.find_steps_in(analysis, &mut sink);
    let consulted = analysis.take_changes_consulted();
    analysis.set_changes_since_last_miss(Changes::EVERYTHING);
    (flow, sink.into_first(), consulted)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::cells::{Cell, CellSet};
    use crate::board::digits::DigitSet;
    use crate::board::grid::Grid;

    /// A technique that notes the changes it is told and finds a step only when asked to.
    struct Recorder {
        told: std::sync::Mutex<Vec<Changes>>,
        find: std::sync::atomic::AtomicBool,
    }

    impl Technique for Recorder {
        fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
            self.find_steps_in(&Analysis::new(grid), sink)
        }

        fn find_steps_in(&self, analysis: &Analysis, sink: &mut StepSink) -> Flow {
            self.told
                .lock()
                .unwrap()
                .push(analysis.changes_since_last_miss());
            if self.find.load(std::sync::atomic::Ordering::Relaxed) {
                let grid = analysis.grid();
                let cell = grid.empty_cells().first().unwrap();
                let digit = grid.candidates(cell).first().unwrap();
                let mut eliminations = crate::Candidates::EMPTY;
                eliminations.insert(cell, digit);
                let kind = crate::step::StepKind::new("recorder", "Recorder");
                sink.push(Step::new(kind).eliminations(eliminations))?;
            }
            ControlFlow::Continue(())
        }
    }

    #[test]
    fn memory_tells_what_changed_since_the_last_miss_and_forgets_a_hit() {
        let mut grid = crate::text::parse::parse(
            "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3",
        )
        .unwrap();
        let recorder = Recorder {
            told: Default::default(),
            find: false.into(),
        };
        let id: Arc<str> = Arc::from("recorder");
        let mut memory = MissMemory::new(2);
        let run = |memory: &mut MissMemory, grid: &Grid| {
            memory.first_step(1, &id, &recorder, &Analysis::new(grid)).1
        };
        assert_eq!(run(&mut memory, &grid), None);
        let cell = grid.empty_cells().first().unwrap();
        let digit = grid.candidates(cell).first().unwrap();
        grid.eliminate(cell, digit);
        assert_eq!(run(&mut memory, &grid), None);
        // Nothing changed since the second miss.
        assert_eq!(run(&mut memory, &grid), None);
        recorder
            .find
            .store(true, std::sync::atomic::Ordering::Relaxed);
        assert!(run(&mut memory, &grid).is_some());
        assert!(run(&mut memory, &grid).is_some());
        let told = recorder.told.lock().unwrap().clone();
        let unchanged = Changes {
            cells: CellSet::EMPTY,
            digits: DigitSet::EMPTY,
        };
        let one = Changes {
            cells: CellSet::single(cell),
            digits: DigitSet::single(digit),
        };
        // Debug builds search again in full after a search that was told less than
        // everything, to check the first step is the same.
        let expected: &[Changes] = if cfg!(debug_assertions) {
            &[
                Changes::EVERYTHING,
                one,
                Changes::EVERYTHING,
                unchanged,
                Changes::EVERYTHING,
                unchanged,
                Changes::EVERYTHING,
                Changes::EVERYTHING,
            ]
        } else {
            &[
                Changes::EVERYTHING,
                one,
                unchanged,
                unchanged,
                Changes::EVERYTHING,
            ]
        };
        assert_eq!(told, expected);
        // Outside the memory's search, a technique is told everything.
        let analysis = Analysis::new(&grid);
        assert!(analysis.changes_since_last_miss().is_everything());
    }

    /// Each stage's notes go to its own next search on the path; a search outside the loop
    /// reads none and keeps none.
    #[test]
    fn a_stage_reads_the_notes_its_last_search_kept() {
        /// Reads a count from its notes, records it, keeps one more.
        struct Counter(std::sync::Mutex<Vec<Option<u32>>>);
        impl Technique for Counter {
            fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
                self.find_steps_in(&Analysis::new(grid), sink)
            }
            fn find_steps_in(&self, analysis: &Analysis, _: &mut StepSink) -> Flow {
                let read = analysis.take_notes::<u32>();
                self.0.lock().unwrap().push(read);
                analysis.keep_notes(read.unwrap_or(0) + 1);
                ControlFlow::Continue(())
            }
        }
        let grid = Grid::new();
        let counter = Counter(Default::default());
        let id: Arc<str> = Arc::from("counter");
        let mut memory = MissMemory::new(2);
        for stage in [0, 0, 1, 0, 1] {
            let _ = memory.first_step(stage, &id, &counter, &Analysis::new(&grid));
        }
        let analysis = Analysis::new(&grid);
        let mut sink = StepSink::first(id.clone());
        let _ = counter.find_steps_in(&analysis, &mut sink);
        assert_eq!(analysis.take_notes::<u32>(), None, "kept outside the loop");
        let read = counter.0.lock().unwrap().clone();
        assert_eq!(read, [None, Some(1), None, Some(2), Some(1), None]);
        // A note of another type reads as none.
        analysis.lend_notes(Some(Box::new("text")));
        assert_eq!(analysis.take_notes::<u32>(), None);
    }

    /// A technique that wrongly finds a step only when it searches everything: the debug
    /// check of every skipping search catches it.
    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "skipped what changed a search's first step")]
    fn debug_builds_catch_a_skip_that_changes_the_first_step() {
        struct Careless;
        impl Technique for Careless {
            fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
                self.find_steps_in(&Analysis::new(grid), sink)
            }
            fn find_steps_in(&self, analysis: &Analysis, sink: &mut StepSink) -> Flow {
                let grid = analysis.grid();
                if analysis.changes_since_last_miss().is_everything()
                    && grid.candidate_count() < 200
                {
                    let cell = grid.empty_cells().first().unwrap();
                    let digit = grid.candidates(cell).first().unwrap();
                    let mut eliminations = crate::Candidates::EMPTY;
                    eliminations.insert(cell, digit);
                    let kind = crate::step::StepKind::new("careless", "Careless");
                    sink.push(Step::new(kind).eliminations(eliminations))?;
                }
                ControlFlow::Continue(())
            }
        }
        let mut grid = Grid::new();
        let id: Arc<str> = Arc::from("careless");
        let mut memory = MissMemory::new(1);
        assert_eq!(
            memory
                .first_step(0, &id, &Careless, &Analysis::new(&grid))
                .1,
            None
        );
        for cell in 0..81 {
            for digit in 1..=7 {
                grid.eliminate(Cell::new(cell), digit);
            }
        }
        let _ = memory.first_step(0, &id, &Careless, &Analysis::new(&grid));
    }
}
