//! A plugin's technique as the solve loop sees it: a [`Technique`] that passes the grid to
//! the plugin, copies the steps it returns, and checks them before anyone applies them.

use super::{Plugin, checked_slice};
use crate::board::candidates::Candidates;
use crate::board::grid::Grid;
use crate::board::house::peers;
use crate::plugin::abi::{
    ABI_VERSION, AbiCandidate, AbiGrid, AbiStep, AbiStr, HostCallbacks, PUSH_CONTINUE, PUSH_STOP,
    STATUS_ERROR, STATUS_OK, STATUS_PANICKED, encode_params,
};
use crate::step::{Part, PatternPart, Step, StepKind};
use crate::technique::registry::is_kebab_case;
use crate::technique::{Flow, Halt, Params, StepSink, Technique};
use std::ffi::c_void;
use std::ops::ControlFlow;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Mutex, PoisonError};

/// Most effects and pattern entries a step may list: more than the grid has candidates is
/// garbage, not a step.
const MAX_CANDIDATES: usize = 729;

/// Most steps one search may push: far more than a real technique finds in one position, so a
/// plugin past it is looping, and would otherwise exhaust memory.
pub(super) const MAX_STEPS: usize = 100_000;

/// A technique instance living in a plugin.
pub(super) struct PluginTechnique {
    plugin: Arc<Plugin>,
    /// `plugin <name> <version> (<path>)`, for messages.
    label: Arc<str>,
    id: String,
    instance: *mut c_void,
}

// SAFETY: the ABI requires an instance to be usable from any thread, and `find_steps` on it
// to be callable concurrently; the SDK guarantees it with `Technique: Send + Sync`.
unsafe impl Send for PluginTechnique {}
// SAFETY: as above.
unsafe impl Sync for PluginTechnique {}

impl Drop for PluginTechnique {
    fn drop(&mut self) {
        // SAFETY: the instance came from this plugin's `create` and is destroyed once; the
        // library is never unloaded.
        unsafe { (self.plugin.destroy)(self.instance) }
    }
}

/// Build technique number `index` of `plugin` with `params`.
pub(super) fn create(
    plugin: &Arc<Plugin>,
    index: usize,
    label: &Arc<str>,
    params: &Params,
) -> Result<Box<dyn Technique>, String> {
    let id = &plugin.techniques[index].id;
    let text = encode_params(params);
    let collector = Collector::new(false);
    let callbacks = collector.callbacks();
    let mut instance: *mut c_void = std::ptr::null_mut();
    // SAFETY: `create` comes from a checked descriptor; every pointer passed lives for the
    // call.
    let status = unsafe { (plugin.create)(index, AbiStr::new(&text), &callbacks, &mut instance) };
    if let Err(problem) = collector.finish(status) {
        return Err(format!("{label} cannot create technique `{id}`: {problem}"));
    }
    if instance.is_null() {
        return Err(format!(
            "{label} cannot create technique `{id}`: `create` returned no instance"
        ));
    }
    Ok(Box::new(PluginTechnique {
        plugin: plugin.clone(),
        label: label.clone(),
        id: id.clone(),
        instance,
    }))
}

impl Technique for PluginTechnique {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        let abi_grid = AbiGrid::from_grid(grid);
        let first_only = sink.wants_first_only();
        let collector = Collector::new(first_only);
        let callbacks = collector.callbacks();
        // SAFETY: the instance is alive (dropped only with `self`); every pointer passed
        // lives for the call.
        let status = unsafe {
            (self.plugin.find_steps)(self.instance, &abi_grid, first_only as u32, &callbacks)
        };
        let steps = match collector.finish(status) {
            Ok(steps) => steps,
            Err(problem) => {
                return ControlFlow::Break(Halt::Failed(format!("{} {problem}", self.label)));
            }
        };
        for step in steps {
            if let Err(problem) = step
                .check_applicable(grid)
                .and_then(|()| check_placements(&step))
            {
                let message = format!(
                    "{} gave a step of `{}` that cannot be applied ({problem}): {}",
                    self.label,
                    self.id,
                    step.text()
                );
                return ControlFlow::Break(Halt::Failed(message));
            }
            sink.push(step)?;
        }
        ControlFlow::Continue(())
    }
}

/// Placements that `Step::apply` would turn into a broken grid: one cell placed twice, or one
/// digit placed twice in a house.
fn check_placements(step: &Step) -> Result<(), String> {
    for (i, &(cell, digit)) in step.placements.iter().enumerate() {
        for &(other, other_digit) in &step.placements[..i] {
            if other == cell {
                return Err(format!("it places {cell} twice"));
            }
            if other_digit == digit && peers(cell).contains(other) {
                return Err(format!(
                    "it places {digit} in both {other} and {cell}, which share a house"
                ));
            }
        }
    }
    Ok(())
}

/// What one call into the plugin returned through the callbacks.
struct Collector {
    first_only: bool,
    // A mutex although the ABI says callbacks come from the calling thread: a plugin that
    // breaks the rule gets an error, not a data race.
    state: Mutex<Collected>,
}

#[derive(Default)]
struct Collected {
    steps: Vec<Step>,
    /// What the plugin passed to `report_error`.
    reported: Option<String>,
    /// What was wrong with a step it pushed.
    bad_step: Option<String>,
    /// Whether it pushed more than [`MAX_STEPS`].
    too_many: bool,
}

impl Collector {
    fn new(first_only: bool) -> Collector {
        Collector {
            first_only,
            state: Mutex::new(Collected::default()),
        }
    }

    /// The callbacks to pass with this call; they point to `self`, which must outlive it.
    fn callbacks(&self) -> HostCallbacks {
        HostCallbacks {
            context: (self as *const Collector).cast_mut().cast(),
            push_step,
            report_error,
        }
    }

    /// The steps, or what went wrong, given the status the call returned.
    fn finish(self, status: u32) -> Result<Vec<Step>, String> {
        let collected = self
            .state
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner);
        let reported = collected.reported;
        let reason = || {
            reported
                .clone()
                .unwrap_or_else(|| "no message given".into())
        };
        match status {
            STATUS_OK => {}
            STATUS_ERROR => return Err(format!("reported an error: {}", reason())),
            STATUS_PANICKED => return Err(format!("panicked: {}", reason())),
            other => return Err(format!("returned unknown status {other}")),
        }
        if collected.too_many {
            return Err(format!(
                "pushed more than {MAX_STEPS} steps in one search, the most allowed"
            ));
        }
        match collected.bad_step {
            Some(problem) => Err(format!("gave a malformed step: {problem}")),
            None => Ok(collected.steps),
        }
    }

    fn with_state<R>(context: *mut c_void, f: impl FnOnce(bool, &mut Collected) -> R) -> R {
        // SAFETY: `context` is the collector `callbacks` made it from, alive for the call.
        let collector = unsafe { &*context.cast_const().cast::<Collector>() };
        let mut state = collector
            .state
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        f(collector.first_only, &mut state)
    }
}

/// Copy one step out of the plugin; stop it after the first step wanted or a malformed one.
unsafe extern "C" fn push_step(context: *mut c_void, step: *const AbiStep) -> u32 {
    // Nothing here should panic, but an unwind must not cross into the plugin.
    catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the plugin passes a step that lives for this call.
        let step = unsafe { read_step(step) };
        Collector::with_state(context, |first_only, state| {
            if state.bad_step.is_some() || state.too_many {
                return PUSH_STOP;
            }
            if state.steps.len() == MAX_STEPS {
                state.too_many = true;
                return PUSH_STOP;
            }
            match step {
                Ok(step) => {
                    state.steps.push(step);
                    if first_only { PUSH_STOP } else { PUSH_CONTINUE }
                }
                Err(problem) => {
                    state.bad_step = Some(problem);
                    PUSH_STOP
                }
            }
        })
    }))
    .unwrap_or(PUSH_STOP)
}

/// Copy the message of an error that the plugin is about to return.
unsafe extern "C" fn report_error(context: *mut c_void, message: AbiStr) {
    let _ = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the plugin passes a message that lives for this call.
        let text = match unsafe { message.to_str() } {
            Ok(text) => text.to_string(),
            Err(problem) => format!("(an error message that is {problem})"),
        };
        Collector::with_state(context, |_, state| state.reported = Some(text));
    }));
}

/// A step, copied and checked for form (its candidates in range; whether they are in the
/// grid is checked later, against the grid).
///
/// # Safety
/// `step` must be null or point to a step whose pointers are valid for this call.
unsafe fn read_step(step: *const AbiStep) -> Result<Step, String> {
    if step.is_null() {
        return Err("a null step".into());
    }
    if !step.is_aligned() {
        return Err("a step at a misaligned pointer".into());
    }
    // The size comes first and alone: a step built for an older ABI may be smaller than ours.
    // SAFETY: non-null and aligned; every step starts with its `u32` size.
    let size = unsafe { *step.cast::<u32>() };
    if size < AbiStep::SIZE {
        return Err(format!(
            "its struct_size is {size} bytes, but ABI version {ABI_VERSION} needs at least {} \
             (rebuild the plugin with the current kaidoku-plugin-sdk)",
            AbiStep::SIZE
        ));
    }
    // SAFETY: the size says the whole step of this ABI is there, and it is aligned.
    let step = unsafe { &*step };
    // SAFETY: the step's strings are valid for this call.
    let name = unsafe { step.name.to_str() }.map_err(|e| format!("its name is {e}"))?;
    // SAFETY: as above.
    let description =
        unsafe { step.description.to_str() }.map_err(|e| format!("its description is {e}"))?;
    // SAFETY: as above.
    let kind_id = unsafe { step.kind_id.to_str() }.map_err(|e| format!("its kind id is {e}"))?;
    // Empty: the sink stamps the technique's id, as for built-ins that leave it out.
    if !kind_id.is_empty() && !is_kebab_case(kind_id) {
        return Err(format!(
            "its kind id `{}` is not kebab-case (lowercase letters, digits and dashes)",
            printable(kind_id)
        ));
    }
    let kind_size = u8::try_from(step.kind_size)
        .map_err(|_| format!("its kind size is {}, more than 255", step.kind_size))?;
    let mut kind = StepKind::owned(kind_id.to_string(), printable(name));
    kind.size = kind_size;
    let mut out = Step::new(kind);
    if !description.is_empty() {
        out = out.part(Part::Text(printable(description)));
    }
    // SAFETY: the step's lists are valid for this call.
    let placements = unsafe { candidates(step.placements, step.placement_count) }
        .map_err(|e| format!("its placements are {e}"))?;
    out.placements = placements.into();
    // SAFETY: as above.
    let eliminations = unsafe { candidates(step.eliminations, step.elimination_count) }
        .map_err(|e| format!("its eliminations are {e}"))?;
    out.eliminations = eliminations.into_iter().collect();
    // SAFETY: as above.
    let parts = unsafe { checked_slice(step.pattern, step.pattern_count, MAX_CANDIDATES) }
        .map_err(|e| format!("its pattern is {e}"))?;
    for part in parts {
        // SAFETY: as above.
        let role = unsafe { part.role.to_str() }.map_err(|e| format!("a pattern role is {e}"))?;
        // SAFETY: as above.
        let members = unsafe { candidates(part.candidates, part.count) }
            .map_err(|e| format!("pattern part `{role}` is {e}"))?;
        out.pattern.push(PatternPart {
            role: role.to_string().into(),
            candidates: members.into_iter().collect::<Candidates>(),
        });
    }
    Ok(out)
}

/// # Safety
/// As [`checked_slice`].
unsafe fn candidates(
    ptr: *const AbiCandidate,
    count: usize,
) -> Result<Vec<(crate::board::cells::Cell, crate::board::digits::Digit)>, String> {
    // SAFETY: forwarded to the caller.
    let raw = unsafe { checked_slice(ptr, count, MAX_CANDIDATES) }?;
    raw.iter().map(|c| c.to_pair()).collect()
}

/// Plugin text as it may appear in a one-line trace: control characters (newlines, escape
/// sequences that would drive a terminal) are written as `\u{..}` escapes.
pub(super) fn printable(text: &str) -> String {
    if !text.chars().any(char::is_control) {
        return text.to_string();
    }
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_unicode().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

#[cfg(test)]
pub(super) mod testing {
    //! Call the host callbacks directly, as a plugin would.

    use super::*;

    /// Push `step` into a fresh collector and return what the call would give.
    pub fn push(step: &AbiStep) -> Result<Vec<Step>, String> {
        push_raw(step)
    }

    /// As [`push`], with any pointer a plugin might pass.
    pub fn push_raw(step: *const AbiStep) -> Result<Vec<Step>, String> {
        let collector = Collector::new(false);
        let callbacks = collector.callbacks();
        // SAFETY: the callbacks point to `collector`, alive here; `step` is borrowed.
        let answer = unsafe { (callbacks.push_step)(callbacks.context, step) };
        let result = collector.finish(STATUS_OK);
        assert_eq!(answer == PUSH_STOP, result.is_err());
        result
    }

    pub fn placements_problem(step: &Step) -> Option<String> {
        check_placements(step).err()
    }
}
