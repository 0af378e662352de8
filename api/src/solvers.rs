//! Solvers built once and shared: a shipped config's solver is built the first time it is
//! asked for, a config sent as TOML text is kept while it is among the last few used. A
//! server answering many requests, a binding rating many puzzles and the CLI's hint
//! fallbacks all go through here.

use crate::configs::{self, ConfigSource};
use crate::error::ApiResult;
use kaidoku_engine::Solver;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Configs sent as text that are kept built (the most recently used).
const CUSTOM_KEPT: usize = 16;

/// Solvers by config, built on first use.
pub struct Solvers {
    source: ConfigSource,
    shipped: Mutex<HashMap<String, Arc<Solver>>>,
    /// Configs sent as text, most recently used last.
    custom: Mutex<Vec<(String, Arc<Solver>)>>,
}

impl Solvers {
    /// Solvers of the configs `source` reads.
    pub fn new(source: ConfigSource) -> Solvers {
        Solvers {
            source,
            shipped: Mutex::new(HashMap::new()),
            custom: Mutex::new(Vec::new()),
        }
    }

    /// Where the configs come from.
    pub fn source(&self) -> &ConfigSource {
        &self.source
    }

    /// The solver of the shipped config `name`.
    pub fn shipped(&self, name: &str) -> ApiResult<Arc<Solver>> {
        if let Some(solver) = lock(&self.shipped).get(name) {
            return Ok(Arc::clone(solver));
        }
        // Built outside the lock: another request may build the same one meanwhile, and the
        // first kept wins (the two are the same).
        let (solver, _) = configs::solver(self.source.shipped(name)?)?;
        let solver = Arc::new(solver);
        let mut shipped = lock(&self.shipped);
        Ok(Arc::clone(
            shipped.entry(name.to_string()).or_insert(solver),
        ))
    }

    /// The solver a request chooses (see [`ConfigSource::choose`]): `None` is `default`.
    pub fn choose(&self, choice: Option<&str>, default: &str) -> ApiResult<Arc<Solver>> {
        match choice.map(str::trim) {
            None | Some("") => self.shipped(default),
            Some(word) if configs::is_name(word) => self.shipped(word),
            Some(text) => self.custom(text),
        }
    }

    fn custom(&self, text: &str) -> ApiResult<Arc<Solver>> {
        {
            let mut custom = lock(&self.custom);
            if let Some(i) = custom.iter().position(|(t, _)| t == text) {
                let entry = custom.remove(i);
                let solver = Arc::clone(&entry.1);
                custom.push(entry);
                return Ok(solver);
            }
        }
        let (solver, _) = configs::solver(self.source.toml(text, "<request config>")?)?;
        let solver = Arc::new(solver);
        let mut custom = lock(&self.custom);
        if custom.len() >= CUSTOM_KEPT {
            custom.remove(0);
        }
        custom.push((text.to_string(), Arc::clone(&solver)));
        Ok(solver)
    }
}

/// A lock whose holder panicked still guards a whole map (entries are inserted whole).
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}
