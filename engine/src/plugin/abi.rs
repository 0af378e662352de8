//! The C ABI between Kaidoku and technique plugins: one definition, shared by the host
//! ([`crate::plugin::host`]) and the plugin SDK (`kaidoku-plugin-sdk`).
//!
//! Rust has no stable ABI, so only `extern "C"` functions and `#[repr(C)]` data cross the
//! boundary, and nothing whose every bit pattern is not valid: numbers and flags are `u32`,
//! never Rust `enum`s or `bool`s; function pointers a plugin provides are `Option`s, so a
//! missing one is `None`, not undefined behaviour; no `u128` (its alignment changed between
//! compiler versions).
//!
//! # The protocol
//!
//! A plugin is a shared library that exports one symbol, [`ENTRY_SYMBOL`]
//! (`kaidoku_plugin_entry`), an [`EntryFn`] returning a pointer to its [`PluginDescriptor`].
//! The host reads the first two fields ([`DescriptorHeader`]) before anything else and refuses
//! the plugin unless `abi_version == ABI_VERSION` and `struct_size` covers the descriptor it
//! knows. Then, per technique of the descriptor:
//!
//! 1. `create(technique, params, host, &mut instance)` builds an instance with validated
//!    parameters (see [`encode_params`]);
//! 2. `find_steps(instance, grid, first_only, host)` searches a position and hands each step
//!    to `host.push_step`, stopping when it returns [`PUSH_STOP`];
//! 3. `destroy(instance)` frees the instance, exactly once, when the host drops the technique.
//!
//! Every call returns [`STATUS_OK`], or [`STATUS_ERROR`] / [`STATUS_PANICKED`] after passing
//! a message to `host.report_error`.
//!
//! # Ownership: nothing allocated on one side is freed on the other
//!
//! - The descriptor and everything it points to (strings, technique and parameter lists)
//!   belong to the plugin and stay valid and unchanged while the library is loaded. The host
//!   never unloads a plugin library, and copies what it keeps.
//! - Everything the host passes in (parameter text, grid, [`HostCallbacks`]) is borrowed for
//!   the duration of the call only.
//! - An instance is allocated by the plugin's `create`, held by the host as an opaque handle
//!   it never dereferences, and given back to the plugin's `destroy`.
//! - A step ([`AbiStep`]) or an error message passed to a host callback is borrowed for the
//!   duration of that callback: the host copies it (into its own `Step` or `String`) before
//!   returning, and the plugin frees its buffers afterwards as it likes.
//!
//! # Threads and panics
//!
//! `find_steps` may be called on one instance from several threads at once (`batch
//! --threads N`), so an instance must be immutable or synchronised. Callbacks run on the
//! calling thread, before `find_steps` returns. No panic may unwind across the boundary: the
//! SDK catches every panic in the plugin and reports it with [`STATUS_PANICKED`], its message
//! ending in ` (at file:line:column)`, without printing it; the host's callbacks never unwind
//! either.
//!
//! # Versioning
//!
//! [`ABI_VERSION`] changes with any incompatible change: a field removed, moved or retyped,
//! or a changed meaning. A compatible extension appends fields to the end of
//! [`PluginDescriptor`] and keeps the version: a host reads only the fields its
//! `struct_size` covers, so a newer plugin works with an older host of the same version, and
//! a host that needs the new fields checks `struct_size` before reading them. [`AbiStep`]
//! starts with its own `struct_size` and grows the same way.
//!
//! - Version 1: the first version; a step carried its name and description only.
//! - Version 2: [`AbiStep`] starts with `struct_size` and carries the step's kind
//!   (`kind_id`, `kind_size`). The descriptor is unchanged, so the host can still read a
//!   version-1 plugin's name to say which plugin needs a rebuild.
//! - Version 3: [`AbiTechniqueInfo`] ends with the ratings the technique declares for its
//!   step kinds (`kinds`, `kind_count`: [`AbiKindRating`]s). The descriptor's header, name
//!   and version are where versions 1 and 2 had them, so an older plugin is still named.
//!
//! A step's typed parts (digits, cells, houses, chains …) do not cross: the plugin writes
//! them as text into `description`, and the host keeps that text as one `Part::Text`.

use crate::board::cells::{Cell, CellSet};
use crate::board::digits::Digit;
use crate::board::grid::Grid;
use crate::technique::registry::{DeclaredRating, is_kebab_case};
use crate::technique::{KindRating, Level, ParamKind, ParamSpec, ParamValue, Params};
use std::ffi::c_void;

/// The version of this ABI. A plugin built for another version is refused.
pub const ABI_VERSION: u32 = 3;

/// The name of the one symbol a plugin exports.
pub const ENTRY_SYMBOL: &str = "kaidoku_plugin_entry";

/// The entry point: returns the plugin's descriptor (never freed; null on failure).
pub type EntryFn = unsafe extern "C" fn() -> *const PluginDescriptor;

/// The call succeeded.
pub const STATUS_OK: u32 = 0;
/// The call failed; the plugin passed the reason to `report_error` first.
pub const STATUS_ERROR: u32 = 1;
/// The plugin panicked; the SDK passed the panic message to `report_error` first.
pub const STATUS_PANICKED: u32 = 2;

/// `push_step` result: send more steps.
pub const PUSH_CONTINUE: u32 = 0;
/// `push_step` result: the host has enough (the first step, or an error); stop searching.
pub const PUSH_STOP: u32 = 1;

/// [`AbiParamSpec::kind`] of an integer parameter.
pub const PARAM_INT: u32 = 0;
/// [`AbiParamSpec::kind`] of a boolean parameter (`default`, `min`, `max` are 0 or 1).
pub const PARAM_BOOL: u32 = 1;

/// A borrowed UTF-8 string: `len` bytes at `ptr` (no terminating NUL). `ptr` may be null
/// when `len` is 0.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct AbiStr {
    /// The first byte.
    pub ptr: *const u8,
    /// The number of bytes.
    pub len: usize,
}

impl AbiStr {
    /// The empty string.
    pub const EMPTY: AbiStr = AbiStr {
        ptr: std::ptr::null(),
        len: 0,
    };

    /// Borrow `text`; the result is valid as long as `text` is.
    pub const fn new(text: &str) -> AbiStr {
        AbiStr {
            ptr: text.as_ptr(),
            len: text.len(),
        }
    }

    /// The string, checked to be UTF-8.
    ///
    /// # Safety
    /// Unless `len` is 0, `ptr` must point to `len` readable bytes that stay unchanged for
    /// `'a`.
    pub unsafe fn to_str<'a>(self) -> Result<&'a str, String> {
        if self.len == 0 {
            return Ok("");
        }
        if self.ptr.is_null() {
            return Err(format!("a string of {} bytes at a null pointer", self.len));
        }
        // SAFETY: the caller guarantees `len` readable bytes at the non-null `ptr`.
        let bytes = unsafe { std::slice::from_raw_parts(self.ptr, self.len) };
        std::str::from_utf8(bytes).map_err(|e| format!("a string that is not UTF-8 ({e})"))
    }
}

/// The first two fields of every descriptor, of every ABI version: what the host reads
/// before it trusts anything else.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct DescriptorHeader {
    /// [`ABI_VERSION`] as the plugin was built.
    pub abi_version: u32,
    /// `size_of::<PluginDescriptor>()` as the plugin was built; lets the descriptor grow.
    pub struct_size: u32,
}

/// Builds an instance of technique number `technique` (an index into
/// [`PluginDescriptor::techniques`]) from its parameters, and writes the handle to
/// `*instance`. Only `host.report_error` is used.
pub type CreateFn = unsafe extern "C" fn(
    technique: usize,
    params: AbiStr,
    host: *const HostCallbacks,
    instance: *mut *mut c_void,
) -> u32;

/// Searches `grid` and passes every step found to `host.push_step` (only the first when
/// `first_only` is 1), stopping early when it returns [`PUSH_STOP`]. May run concurrently
/// on one instance.
pub type FindStepsFn = unsafe extern "C" fn(
    instance: *mut c_void,
    grid: *const AbiGrid,
    first_only: u32,
    host: *const HostCallbacks,
) -> u32;

/// Frees an instance made by `create`. Called once per instance, never concurrently with a
/// `find_steps` on it.
pub type DestroyFn = unsafe extern "C" fn(instance: *mut c_void);

/// What a plugin is and provides. Static: owned by the plugin, valid while it is loaded.
#[repr(C)]
#[derive(Debug)]
pub struct PluginDescriptor {
    /// [`ABI_VERSION`] as the plugin was built.
    pub abi_version: u32,
    /// `size_of::<PluginDescriptor>()` as the plugin was built.
    pub struct_size: u32,
    /// The plugin's name, e.g. `kaidoku-example-two-string-kite`.
    pub plugin_name: AbiStr,
    /// The plugin's version, e.g. `0.1.0`.
    pub plugin_version: AbiStr,
    /// The techniques it provides, `technique_count` of them.
    pub techniques: *const AbiTechniqueInfo,
    /// The number of techniques.
    pub technique_count: usize,
    /// Builds an instance of a technique.
    pub create: Option<CreateFn>,
    /// Searches a position with an instance.
    pub find_steps: Option<FindStepsFn>,
    /// Frees an instance.
    pub destroy: Option<DestroyFn>,
}

/// One technique a plugin provides, as the registry lists it.
#[repr(C)]
#[derive(Debug)]
pub struct AbiTechniqueInfo {
    /// Kebab-case id, used in configs and traces; unique across the built-ins and plugins.
    pub id: AbiStr,
    /// The technique's display name.
    pub name: AbiStr,
    /// One line on what it does.
    pub summary: AbiStr,
    /// The parameters it takes, `param_count` of them.
    pub params: *const AbiParamSpec,
    /// The number of parameters.
    pub param_count: usize,
    /// The ratings it declares for its step kinds, `kind_count` of them (since version 3).
    pub kinds: *const AbiKindRating,
    /// The number of kind ratings.
    pub kind_count: usize,
}

/// The rating a technique declares for one step kind: ER in tenths (0 to 200), HoDoKu's
/// score (at most 100000) and level (`0` easy, `1` medium, `2` hard, `3` unfair, `4`
/// extreme).
#[repr(C)]
#[derive(Debug)]
pub struct AbiKindRating {
    /// The kind's kebab-case id.
    pub kind: AbiStr,
    /// The ER in tenths.
    pub er_tenths: u32,
    /// HoDoKu's score of one step.
    pub score: u32,
    /// HoDoKu's level, as its index in [`Level::ALL`].
    pub level: u32,
}

impl AbiKindRating {
    /// Describe `rating`; borrows its kind id (static).
    pub fn from_rating(rating: &KindRating) -> AbiKindRating {
        AbiKindRating {
            kind: AbiStr::new(rating.kind),
            er_tenths: u32::from(rating.er_tenths()),
            score: rating.score,
            level: Level::ALL
                .iter()
                .position(|&l| l == rating.level)
                .unwrap_or(4) as u32,
        }
    }

    /// The rating, copied and checked.
    ///
    /// # Safety
    /// The kind string must be valid as [`AbiStr::to_str`] requires.
    pub unsafe fn to_declared(&self) -> Result<DeclaredRating, String> {
        // SAFETY: forwarded to the caller.
        let kind = unsafe { self.kind.to_str() }.map_err(|e| format!("a kind id that is {e}"))?;
        if !is_kebab_case(kind) {
            return Err(format!("kind id `{kind}` is not kebab-case"));
        }
        let er = u16::try_from(self.er_tenths)
            .ok()
            .filter(|&er| er <= 200)
            .ok_or_else(|| {
                format!(
                    "kind `{kind}` has ER {} tenths, not 0 to 200",
                    self.er_tenths
                )
            })?;
        if self.score > 100_000 {
            return Err(format!(
                "kind `{kind}` has score {}, above 100000",
                self.score
            ));
        }
        let level = *Level::ALL
            .get(self.level as usize)
            .ok_or_else(|| format!("kind `{kind}` has level {}, not 0 to 4", self.level))?;
        Ok(DeclaredRating {
            kind: kind.to_string(),
            er,
            score: self.score,
            level,
        })
    }
}

/// A parameter a technique accepts: [`PARAM_INT`] with a default and an inclusive range, or
/// [`PARAM_BOOL`] with a default of 0 or 1.
#[repr(C)]
#[derive(Debug)]
pub struct AbiParamSpec {
    /// The parameter's name (letters, digits and `_`).
    pub name: AbiStr,
    /// One line on what it does.
    pub help: AbiStr,
    /// [`PARAM_INT`] or [`PARAM_BOOL`].
    pub kind: u32,
    /// The default value.
    pub default: i64,
    /// The smallest value allowed.
    pub min: i64,
    /// The largest value allowed.
    pub max: i64,
}

impl AbiParamSpec {
    /// Describe `spec`; borrows its strings, so `spec` must outlive the result.
    pub fn from_spec(spec: &ParamSpec) -> AbiParamSpec {
        let (kind, default, min, max) = match spec.kind {
            ParamKind::Int { default, min, max } => (PARAM_INT, default, min, max),
            ParamKind::Bool { default } => (PARAM_BOOL, default as i64, 0, 1),
        };
        AbiParamSpec {
            name: AbiStr::new(&spec.name),
            help: AbiStr::new(&spec.help),
            kind,
            default,
            min,
            max,
        }
    }

    /// The spec, copied and checked.
    ///
    /// # Safety
    /// The strings must be valid as [`AbiStr::to_str`] requires.
    pub unsafe fn to_spec(&self) -> Result<ParamSpec, String> {
        // SAFETY: forwarded to the caller.
        let name = unsafe { self.name.to_str() }.map_err(|e| format!("parameter name: {e}"))?;
        // SAFETY: forwarded to the caller.
        let help = unsafe { self.help.to_str() }
            .map_err(|e| format!("help of parameter `{name}`: {e}"))?;
        if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
            return Err(format!(
                "parameter name `{name}` is not made of letters, digits and `_`"
            ));
        }
        let kind = match (self.kind, self.default) {
            (PARAM_INT, default) if self.min <= default && default <= self.max => ParamKind::Int {
                default,
                min: self.min,
                max: self.max,
            },
            (PARAM_INT, default) => {
                return Err(format!(
                    "parameter `{name}` has default {default} outside {}..={}",
                    self.min, self.max
                ));
            }
            (PARAM_BOOL, 0 | 1) => ParamKind::Bool {
                default: self.default == 1,
            },
            (PARAM_BOOL, default) => {
                return Err(format!(
                    "boolean parameter `{name}` has default {default}, not 0 or 1"
                ));
            }
            (kind, _) => return Err(format!("parameter `{name}` has unknown kind {kind}")),
        };
        Ok(ParamSpec {
            name: name.to_string().into(),
            help: help.to_string().into(),
            kind,
        })
    }
}

/// A position as plain arrays: the 81 values (`0` for empty), the 81 candidate masks (bit
/// `d - 1` for digit `d`; empty for a solved cell) and the givens (bit `i` of the 128-bit
/// number `givens[0] | givens[1] << 64` for cell `i`). Cells are numbered row by row from 0.
#[repr(C)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AbiGrid {
    /// The 81 values, `0` for an empty cell.
    pub values: [u8; 81],
    /// The 81 candidate masks.
    pub candidates: [u16; 81],
    /// The givens, bit `i` of `givens[0] | givens[1] << 64` for cell `i`.
    pub givens: [u64; 2],
}

impl AbiGrid {
    /// The position of `grid`.
    pub fn from_grid(grid: &Grid) -> AbiGrid {
        AbiGrid {
            values: *grid.values(),
            candidates: std::array::from_fn(|i| grid.candidates(Cell::new(i)).bits()),
            givens: givens_mask(grid.givens()),
        }
    }

    /// The grid, checked with [`Grid::from_state`].
    pub fn to_grid(&self) -> Result<Grid, String> {
        let givens = self.givens[0] as u128 | (self.givens[1] as u128) << 64;
        Grid::from_state(&self.values, &self.candidates, givens)
    }
}

/// A candidate: `cell` `0..81` (row by row), `digit` `1..=9`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AbiCandidate {
    /// The cell, `0..81`.
    pub cell: u8,
    /// The digit, `1..=9`.
    pub digit: u8,
}

impl AbiCandidate {
    /// The candidate `digit` in `cell`.
    pub fn new(cell: Cell, digit: Digit) -> AbiCandidate {
        AbiCandidate {
            cell: cell.index() as u8,
            digit,
        }
    }

    /// The cell and digit, checked to be in range.
    pub fn to_pair(self) -> Result<(Cell, Digit), String> {
        if self.cell >= 81 || !(1..=9).contains(&self.digit) {
            return Err(format!(
                "a candidate with cell {} and digit {} (cells are 0..81, digits 1..=9)",
                self.cell, self.digit
            ));
        }
        Ok((Cell::new(self.cell as usize), self.digit))
    }
}

/// A named group of candidates of a step's pattern (e.g. `base`, `fin`).
#[repr(C)]
#[derive(Debug)]
pub struct AbiPatternPart {
    /// The group's role.
    pub role: AbiStr,
    /// Its candidates, `count` of them.
    pub candidates: *const AbiCandidate,
    /// The number of candidates.
    pub count: usize,
}

/// One step, as a plugin passes it to `push_step`: borrowed by the host for the duration of
/// that call. Its text is `name description => effects` (`name: effects` when the
/// description is empty), the effects written by the host from the lists.
#[repr(C)]
#[derive(Debug)]
pub struct AbiStep {
    /// `size_of::<AbiStep>()` as the plugin was built. Read before anything else: the host
    /// refuses a step smaller than the one it knows, and ignores fields appended after it.
    pub struct_size: u32,
    /// The kind's size or length (3 for a swordfish); 0 when the kind has none. At most 255.
    pub kind_size: u32,
    /// The kind's stable kebab-case id (e.g. `finned-swordfish`); empty means the
    /// technique's id.
    pub kind_id: AbiStr,
    /// The kind's display name, e.g. `Finned Swordfish`.
    pub name: AbiStr,
    /// The pattern as text (typed parts do not cross the ABI).
    pub description: AbiStr,
    /// The cells the step solves, `placement_count` of them.
    pub placements: *const AbiCandidate,
    /// The number of placements.
    pub placement_count: usize,
    /// The candidates the step removes, `elimination_count` of them.
    pub eliminations: *const AbiCandidate,
    /// The number of eliminations.
    pub elimination_count: usize,
    /// The candidates to highlight, by role, `pattern_count` groups.
    pub pattern: *const AbiPatternPart,
    /// The number of pattern groups.
    pub pattern_count: usize,
}

impl AbiStep {
    /// `struct_size` of a step built against this version of the ABI.
    pub const SIZE: u32 = size_of::<AbiStep>() as u32;
}

/// The host's side of a call: an opaque context and the functions that receive steps and
/// errors. Borrowed by the plugin for the duration of the call.
#[repr(C)]
#[derive(Debug)]
pub struct HostCallbacks {
    /// The host's state, passed back to each callback.
    pub context: *mut c_void,
    /// Receives one step; returns [`PUSH_CONTINUE`] or [`PUSH_STOP`].
    pub push_step: unsafe extern "C" fn(context: *mut c_void, step: *const AbiStep) -> u32,
    /// Receives the reason for a [`STATUS_ERROR`] or [`STATUS_PANICKED`] that follows.
    pub report_error: unsafe extern "C" fn(context: *mut c_void, message: AbiStr),
}

/// Parameters as text, one `name = value` line each (a TOML table): what `create` receives.
pub fn encode_params(params: &Params) -> String {
    params
        .iter()
        .map(|(name, value)| format!("{name} = {value}\n"))
        .collect()
}

/// Read [`encode_params`]'s text against the technique's specs: every spec gets its default
/// unless the text sets it; an unknown name, a wrong type or a value out of range is an
/// error.
pub fn decode_params(text: &str, specs: &[ParamSpec]) -> Result<Params, String> {
    let mut params = Params::defaults(specs);
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let Some((name, value)) = line.split_once('=') else {
            return Err(format!("parameter line `{line}` is not `name = value`"));
        };
        let (name, value) = (name.trim(), value.trim());
        let Some(spec) = specs.iter().find(|s| s.name == name) else {
            return Err(format!("unknown parameter `{name}`"));
        };
        let parsed = match spec.kind {
            ParamKind::Int { min, max, .. } => match value.parse::<i64>() {
                Ok(v) if (min..=max).contains(&v) => ParamValue::Int(v),
                _ => {
                    return Err(format!(
                        "parameter `{name}` is `{value}`, but must be an integer in {min}..={max}"
                    ));
                }
            },
            ParamKind::Bool { .. } => match value {
                "true" => ParamValue::Bool(true),
                "false" => ParamValue::Bool(false),
                _ => {
                    return Err(format!(
                        "parameter `{name}` is `{value}`, but must be true or false"
                    ));
                }
            },
        };
        params.set(name, parsed);
    }
    Ok(params)
}

/// The 128-bit cell mask of a grid's givens, as [`AbiGrid::givens`] splits it.
pub fn givens_mask(cells: CellSet) -> [u64; 2] {
    let bits = cells.bits();
    [bits as u64, (bits >> 64) as u64]
}

#[cfg(test)]
mod tests;
