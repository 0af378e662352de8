//! The plugin side of the ABI, behind [`export_plugin!`](crate::export_plugin): the static
//! descriptor and the three functions it points to. Every function catches panics and turns
//! them into [`STATUS_PANICKED`], quietly (see `install_panic_hook`); every pointer from the
//! host is checked before use.
//!
//! Ownership follows [`crate::abi`]: the descriptor and its lists live in a static for the
//! life of the library; an instance is a `Box` handed to the host as an opaque pointer and
//! freed by `destroy`; steps and messages are lent to the host's callbacks for the length
//! of the call and freed here afterwards.

use crate::PluginTechnique;
use crate::abi::{
    ABI_VERSION, AbiCandidate, AbiGrid, AbiKindRating, AbiParamSpec, AbiPatternPart, AbiStep,
    AbiStr, AbiTechniqueInfo, HostCallbacks, PUSH_STOP, PluginDescriptor, STATUS_ERROR, STATUS_OK,
    STATUS_PANICKED, decode_params,
};
use kaidoku_engine::{Cell, Digit, Halt, Step, StepSink, Technique};
use std::any::Any;
use std::cell::Cell as LocalCell;
use std::ffi::c_void;
use std::ops::ControlFlow;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Once, OnceLock};

/// The descriptor and the lists it points to, built once.
struct Export {
    descriptor: PluginDescriptor,
    techniques: &'static [PluginTechnique],
    // Owned here so that the descriptor's pointers into them stay valid.
    _infos: Box<[AbiTechniqueInfo]>,
    _params: Vec<Box<[AbiParamSpec]>>,
    _kinds: Vec<Box<[AbiKindRating]>>,
}

// SAFETY: the raw pointers point into this value's own boxes and into `'static` data, all
// immutable once built.
unsafe impl Send for Export {}
// SAFETY: as above.
unsafe impl Sync for Export {}

static EXPORT: OnceLock<Export> = OnceLock::new();

/// A technique instance, as the host holds it (behind an opaque pointer).
struct Instance {
    id: Arc<str>,
    technique: Box<dyn Technique>,
}

/// The plugin's descriptor, built on the first call; null if building it panicked.
pub fn descriptor(
    name: &'static str,
    version: &'static str,
    techniques: &'static [PluginTechnique],
) -> *const PluginDescriptor {
    catch_unwind(|| {
        let export = EXPORT.get_or_init(|| build(name, version, techniques));
        &export.descriptor as *const PluginDescriptor
    })
    .unwrap_or(std::ptr::null())
}

fn build(
    name: &'static str,
    version: &'static str,
    techniques: &'static [PluginTechnique],
) -> Export {
    let params: Vec<Box<[AbiParamSpec]>> = techniques
        .iter()
        .map(|t| t.info.params.iter().map(AbiParamSpec::from_spec).collect())
        .collect();
    let kinds: Vec<Box<[AbiKindRating]>> = techniques
        .iter()
        .map(|t| t.ratings.iter().map(AbiKindRating::from_rating).collect())
        .collect();
    let infos: Box<[AbiTechniqueInfo]> = techniques
        .iter()
        .zip(params.iter().zip(&kinds))
        .map(|(t, (specs, kinds))| AbiTechniqueInfo {
            id: AbiStr::new(t.info.id),
            name: AbiStr::new(t.info.name),
            summary: AbiStr::new(t.info.summary),
            params: specs.as_ptr(),
            param_count: specs.len(),
            kinds: kinds.as_ptr(),
            kind_count: kinds.len(),
        })
        .collect();
    Export {
        descriptor: PluginDescriptor {
            abi_version: ABI_VERSION,
            struct_size: size_of::<PluginDescriptor>() as u32,
            plugin_name: AbiStr::new(name),
            plugin_version: AbiStr::new(version),
            techniques: infos.as_ptr(),
            technique_count: infos.len(),
            create: Some(create),
            find_steps: Some(find_steps),
            destroy: Some(destroy),
        },
        techniques,
        _infos: infos,
        _params: params,
        _kinds: kinds,
    }
}

/// Run `body`, turning an error or a panic into a status and a message for the host.
fn guard(host: *const HostCallbacks, body: impl FnOnce() -> Result<(), String>) -> u32 {
    install_panic_hook();
    PANIC_LOCATION.set(None);
    let outer = GUARDED.replace(true);
    let result = catch_unwind(AssertUnwindSafe(body));
    GUARDED.set(outer);
    let (status, message) = match result {
        Ok(Ok(())) => return STATUS_OK,
        Ok(Err(message)) => (STATUS_ERROR, message),
        Err(payload) => {
            let message = panic_message(payload.as_ref());
            match PANIC_LOCATION.take() {
                Some(location) => (STATUS_PANICKED, format!("{message} (at {location})")),
                None => (STATUS_PANICKED, message),
            }
        }
    };
    // SAFETY: the host passes callbacks valid for the call, or null.
    if let Some(host) = unsafe { host.as_ref() } {
        // SAFETY: the message lives across the call, as the ABI asks.
        unsafe { (host.report_error)(host.context, AbiStr::new(&message)) };
    }
    status
}

thread_local! {
    /// Whether this thread is inside [`guard`], whose panics become the host's errors.
    static GUARDED: LocalCell<bool> = const { LocalCell::new(false) };
    /// Where the last guarded panic on this thread happened, for the host's message.
    static PANIC_LOCATION: LocalCell<Option<String>> = const { LocalCell::new(None) };
}

/// Keep guarded panics off stderr: the host reports each one as an error of its technique,
/// with the message and the location, once. Without this, the default hook of the plugin's
/// own copy of `std` would print every caught panic (and a backtrace), once per puzzle in a
/// batch. Other panics still go to the hook that was there before.
fn install_panic_hook() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            // `try_with`: a panic while the thread's locals are being torn down is not ours.
            if GUARDED.try_with(LocalCell::get).unwrap_or(false) {
                let location = info.location().map(ToString::to_string);
                let _ = PANIC_LOCATION.try_with(|l| l.set(location));
            } else {
                previous(info);
            }
        }));
    });
}

fn panic_message(payload: &(dyn Any + Send)) -> String {
    if let Some(text) = payload.downcast_ref::<&str>() {
        text.to_string()
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text.clone()
    } else {
        "a panic without a message".into()
    }
}

unsafe extern "C" fn create(
    technique: usize,
    params: AbiStr,
    host: *const HostCallbacks,
    instance: *mut *mut c_void,
) -> u32 {
    guard(host, || {
        let export = EXPORT
            .get()
            .ok_or("`create` was called before `kaidoku_plugin_entry`")?;
        let info = &export
            .techniques
            .get(technique)
            .ok_or_else(|| format!("there is no technique number {technique}"))?
            .info;
        // SAFETY: the host lends the parameter text for the call.
        let text = unsafe { params.to_str() }.map_err(|e| format!("the parameters are {e}"))?;
        let params = decode_params(text, info.params)?;
        let technique = (info.build)(&params)?;
        if instance.is_null() {
            return Err("the host gave no place for the instance".into());
        }
        let boxed = Box::new(Instance {
            id: Arc::from(info.id),
            technique,
        });
        // SAFETY: checked non-null; the host passes a writable pointer.
        unsafe { *instance = Box::into_raw(boxed).cast() };
        Ok(())
    })
}

unsafe extern "C" fn find_steps(
    instance: *mut c_void,
    grid: *const AbiGrid,
    first_only: u32,
    host: *const HostCallbacks,
) -> u32 {
    guard(host, || {
        // SAFETY: the host passes an instance `create` made and has not destroyed, or null.
        let instance = unsafe { instance.cast_const().cast::<Instance>().as_ref() }
            .ok_or("no technique instance")?;
        // SAFETY: the host lends the grid and callbacks for the call, or passes null.
        let (grid, host) = unsafe { (grid.as_ref(), host.as_ref()) };
        let grid = grid
            .ok_or("no grid")?
            .to_grid()
            .map_err(|e| format!("the host passed an impossible grid: {e}"))?;
        let host = host.ok_or("no host callbacks")?;
        let mut sink = match first_only {
            0 => StepSink::all(instance.id.clone()),
            _ => StepSink::first(instance.id.clone()),
        };
        if let ControlFlow::Break(Halt::Failed(message)) =
            instance.technique.find_steps(&grid, &mut sink)
        {
            return Err(message);
        }
        for step in sink.steps() {
            if send(host, step) == PUSH_STOP {
                break;
            }
        }
        Ok(())
    })
}

unsafe extern "C" fn destroy(instance: *mut c_void) {
    if instance.is_null() {
        return;
    }
    // A panic in a technique's `Drop` must not unwind into the host either.
    let _ = catch_unwind(|| {
        // SAFETY: the host passes an instance `create` made, once.
        drop(unsafe { Box::from_raw(instance.cast::<Instance>()) });
    });
}

/// Lend one step to the host; returns its answer (continue or stop).
fn send(host: &HostCallbacks, step: &Step) -> u32 {
    let placements = abi_list(step.placements.iter().copied());
    let eliminations = abi_list(step.eliminations.iter());
    let members: Vec<Vec<AbiCandidate>> = step
        .pattern
        .iter()
        .map(|part| abi_list(part.candidates.iter()))
        .collect();
    let pattern: Vec<AbiPatternPart> = step
        .pattern
        .iter()
        .zip(&members)
        .map(|(part, list)| AbiPatternPart {
            role: AbiStr::new(&part.role),
            candidates: list.as_ptr(),
            count: list.len(),
        })
        .collect();
    // Typed parts do not cross the ABI: the host receives them as text.
    let description = step.description();
    let lent = AbiStep {
        struct_size: AbiStep::SIZE,
        kind_size: u32::from(step.kind.size),
        kind_id: AbiStr::new(&step.kind.id),
        name: AbiStr::new(step.name()),
        description: AbiStr::new(&description),
        placements: placements.as_ptr(),
        placement_count: placements.len(),
        eliminations: eliminations.as_ptr(),
        elimination_count: eliminations.len(),
        pattern: pattern.as_ptr(),
        pattern_count: pattern.len(),
    };
    // SAFETY: the callbacks are valid for the call in progress; everything `lent` points to
    // lives until after the host returns.
    unsafe { (host.push_step)(host.context, &lent) }
}

fn abi_list(candidates: impl Iterator<Item = (Cell, Digit)>) -> Vec<AbiCandidate> {
    candidates
        .map(|(cell, digit)| AbiCandidate::new(cell, digit))
        .collect()
}
