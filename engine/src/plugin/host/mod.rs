//! Loading technique plugins: shared libraries that speak Kaidoku's C ABI
//! ([`crate::plugin::abi`]). A config's `[plugins] paths` names them; [`load`] opens one,
//! checks its ABI version and descriptor, and describes its techniques as registry entries
//! that build `PluginTechnique`s, which the solve loop runs like any other.
//!
//! A plugin library, once opened, stays loaded for the life of the process (its code may be
//! running on another thread, and instances point into it); opening the same file again
//! reuses it. What a plugin returns is not trusted: strings are checked to be UTF-8,
//! candidates to be in range and present in the grid, and every failure names the plugin.

mod technique;
#[cfg(test)]
mod tests;

use crate::plugin::abi::{
    ABI_VERSION, AbiStr, AbiTechniqueInfo, CreateFn, DescriptorHeader, DestroyFn, ENTRY_SYMBOL,
    FindStepsFn, PluginDescriptor,
};
use crate::technique::ParamSpec;
use crate::technique::registry::{DeclaredRating, RegistryEntry, Source};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use technique::printable;

/// A plugin that cannot be loaded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("plugin {path}: {message}")]
pub struct PluginError {
    /// The plugin file, as the config named it.
    pub path: String,
    /// What is wrong.
    pub message: String,
}

/// Sanity bounds on what a descriptor lists, so that garbage is refused rather than read.
const MAX_TECHNIQUES: usize = 1024;
const MAX_PARAMS: usize = 256;
const MAX_KINDS: usize = 1024;

/// A plugin's functions and techniques, copied out of its descriptor.
struct Plugin {
    name: String,
    version: String,
    techniques: Vec<TechniqueMeta>,
    create: CreateFn,
    find_steps: FindStepsFn,
    destroy: DestroyFn,
}

/// One technique a plugin provides.
struct TechniqueMeta {
    id: String,
    name: String,
    summary: String,
    params: Vec<ParamSpec>,
    ratings: Vec<DeclaredRating>,
}

/// Every plugin opened so far, by canonical path. Never emptied: libraries are not unloaded.
static LOADED: Mutex<BTreeMap<PathBuf, Arc<Plugin>>> = Mutex::new(BTreeMap::new());

/// Load a plugin library and describe its techniques. `path` is how messages and
/// `kaidoku techniques` name the file.
pub fn load(path: &Path) -> Result<Vec<RegistryEntry>, PluginError> {
    let error = |message: String| PluginError {
        path: path.display().to_string(),
        message,
    };
    let canonical = readable_file(path).map_err(error)?;
    let plugin = {
        let mut loaded = LOADED.lock().unwrap_or_else(PoisonError::into_inner);
        match loaded.get(&canonical) {
            Some(plugin) => plugin.clone(),
            None => {
                let plugin = Arc::new(open(&canonical).map_err(error)?);
                loaded.insert(canonical, plugin.clone());
                plugin
            }
        }
    };
    Ok(entries(&plugin, path))
}

/// Describe the techniques of a descriptor that is already in this process: how the SDK
/// tests a plugin through the ABI without building its shared library.
///
/// # Safety
/// `descriptor` must be null or point to a descriptor whose pointers and functions stay
/// valid for the rest of the process, as a plugin's entry point returns.
pub unsafe fn load_descriptor(
    descriptor: *const PluginDescriptor,
    path: &Path,
) -> Result<Vec<RegistryEntry>, PluginError> {
    // SAFETY: forwarded to the caller.
    let plugin = unsafe { read_descriptor(descriptor) }.map_err(|message| PluginError {
        path: path.display().to_string(),
        message,
    })?;
    Ok(entries(&Arc::new(plugin), path))
}

/// The canonical path of an existing regular file we may read.
fn readable_file(path: &Path) -> Result<PathBuf, String> {
    let canonical = std::fs::canonicalize(path).map_err(|e| format!("cannot read: {e}"))?;
    if !canonical.is_file() {
        return Err("not a file".into());
    }
    std::fs::File::open(&canonical).map_err(|e| format!("cannot read: {e}"))?;
    Ok(canonical)
}

/// Open the library, find the entry point and read the descriptor.
#[cfg(feature = "plugins")]
fn open(path: &Path) -> Result<Plugin, String> {
    // SAFETY: opening a library runs its initialisers. A library named in a config is code
    // the user chose to run, as docs/plugins.md says; nothing else here can check it.
    let library = unsafe { libloading::Library::new(path) }
        .map_err(|e| format!("cannot load it as a shared library: {}", error_chain(&e)))?;
    // Never unloaded: instances and descriptors point into it (see the module comment).
    let library: &'static libloading::Library = Box::leak(Box::new(library));
    // SAFETY: the symbol, if present, is the entry point of the ABI, typed `EntryFn`.
    let entry = unsafe { library.get::<crate::plugin::abi::EntryFn>(ENTRY_SYMBOL) }
        .map_err(|_| format!("not a Kaidoku plugin (no `{ENTRY_SYMBOL}` symbol)"))?;
    // SAFETY: the entry point takes nothing and returns a pointer that `read_descriptor`
    // checks before use; the library stays loaded, so what it points to stays valid.
    unsafe { read_descriptor(entry()) }
}

/// A build without the plugin host (`--no-default-features`, e.g. for WebAssembly) loads no
/// library: a config that names one is refused with this error.
#[cfg(not(feature = "plugins"))]
fn open(_path: &Path) -> Result<Plugin, String> {
    Err("this build of Kaidoku has no plugin host (built without the `plugins` feature)".into())
}

/// Check and copy a descriptor: the header first, then everything else.
///
/// # Safety
/// As [`load_descriptor`].
unsafe fn read_descriptor(descriptor: *const PluginDescriptor) -> Result<Plugin, String> {
    if descriptor.is_null() {
        return Err(format!("its `{ENTRY_SYMBOL}` returned no descriptor"));
    }
    let misaligned = || format!("its `{ENTRY_SYMBOL}` returned a misaligned descriptor");
    // Only the header's alignment (4) is checked before the version: a descriptor of another
    // ABI version may be aligned less than this version's, and deserves the version error.
    let header = descriptor.cast::<DescriptorHeader>();
    if !header.is_aligned() {
        return Err(misaligned());
    }
    // SAFETY: every descriptor, of every ABI version, starts with this header.
    let header = unsafe { *header };
    if matches!(header.abi_version, 1 | 2) {
        // SAFETY: as the caller guarantees; only read when the header says version 1 or 2.
        return Err(unsafe { older_version_refusal(descriptor, header) });
    }
    if header.abi_version != ABI_VERSION {
        return Err(format!(
            "ABI version {}, but this Kaidoku expects {ABI_VERSION} (rebuild the plugin with a \
             kaidoku-plugin-sdk for ABI version {ABI_VERSION})",
            header.abi_version
        ));
    }
    let known = size_of::<PluginDescriptor>();
    if (header.struct_size as usize) < known {
        return Err(format!(
            "its descriptor is {} bytes, but ABI version {ABI_VERSION} needs at least {known}",
            header.struct_size
        ));
    }
    if !descriptor.is_aligned() {
        return Err(misaligned());
    }
    // SAFETY: the version and size say the whole descriptor of this ABI is there, aligned.
    let descriptor = unsafe { &*descriptor };
    let text = |s: AbiStr, what: &str| -> Result<String, String> {
        // SAFETY: the descriptor's strings are static in the plugin.
        unsafe { s.to_str() }
            .map(str::to_string)
            .map_err(|e| format!("its {what} is {e}"))
    };
    let name = text(descriptor.plugin_name, "name")?;
    let version = text(descriptor.plugin_version, "version")?;
    if name.trim().is_empty() {
        return Err("its descriptor has an empty plugin name".into());
    }
    let missing = |function: &str| format!("its descriptor lacks the `{function}` function");
    let create = descriptor.create.ok_or_else(|| missing("create"))?;
    let find_steps = descriptor.find_steps.ok_or_else(|| missing("find_steps"))?;
    let destroy = descriptor.destroy.ok_or_else(|| missing("destroy"))?;
    let count = descriptor.technique_count;
    if count == 0 {
        return Err("it provides no techniques".into());
    }
    // SAFETY: the descriptor's technique list is static in the plugin.
    let infos = unsafe { checked_slice(descriptor.techniques, count, MAX_TECHNIQUES) }
        .map_err(|e| format!("its technique list is {e}"))?;
    let mut techniques: Vec<TechniqueMeta> = Vec::with_capacity(count);
    for (index, info) in infos.iter().enumerate() {
        // SAFETY: as above.
        let meta = unsafe { read_technique(info) }
            .map_err(|e| format!("technique number {} of the plugin: {e}", index + 1))?;
        if techniques.iter().any(|t| t.id == meta.id) {
            return Err(format!("it lists technique `{}` twice", meta.id));
        }
        techniques.push(meta);
    }
    Ok(Plugin {
        name,
        version,
        techniques,
        create,
        find_steps,
        destroy,
    })
}

/// Why a plugin of ABI version 1 or 2 is refused, naming it when its descriptor can be read:
/// those versions laid the descriptor's header, name and version out as ours (only steps and
/// technique infos changed since).
///
/// # Safety
/// As [`load_descriptor`], with a header that says version 1 or 2.
unsafe fn older_version_refusal(
    descriptor: *const PluginDescriptor,
    header: DescriptorHeader,
) -> String {
    let advice = format!(
        "but this Kaidoku expects ABI version {ABI_VERSION}: rebuild the plugin with the current \
         kaidoku-plugin-sdk"
    );
    let readable = descriptor.is_aligned()
        && header.struct_size as usize >= std::mem::offset_of!(PluginDescriptor, techniques);
    let named = readable.then(|| {
        // SAFETY: aligned, and the size covers the name and version, laid out as ours.
        let (name, version) = unsafe { ((*descriptor).plugin_name, (*descriptor).plugin_version) };
        // SAFETY: the descriptor's strings are static in the plugin.
        unsafe { Some((name.to_str().ok()?, version.to_str().ok()?)) }
    });
    match named.flatten() {
        Some((name, version)) if !name.trim().is_empty() => format!(
            "{} {} was built for ABI version {}, {advice}",
            printable(name),
            printable(version),
            header.abi_version
        ),
        _ => format!("built for ABI version {}, {advice}", header.abi_version),
    }
}

/// # Safety
/// The strings and parameter list must be static in the plugin.
unsafe fn read_technique(info: &AbiTechniqueInfo) -> Result<TechniqueMeta, String> {
    let text = |s: AbiStr, what: &str| -> Result<String, String> {
        // SAFETY: forwarded to the caller.
        unsafe { s.to_str() }
            .map(str::to_string)
            .map_err(|e| format!("its {what} is {e}"))
    };
    let id = text(info.id, "id")?;
    let name = text(info.name, "name")?;
    let summary = text(info.summary, "summary")?;
    // SAFETY: forwarded to the caller.
    let specs = unsafe { checked_slice(info.params, info.param_count, MAX_PARAMS) }
        .map_err(|e| format!("`{id}`: its parameter list is {e}"))?;
    let mut params: Vec<ParamSpec> = Vec::with_capacity(specs.len());
    for spec in specs {
        // SAFETY: forwarded to the caller.
        let spec = unsafe { spec.to_spec() }.map_err(|e| format!("`{id}`: {e}"))?;
        if params.iter().any(|p| p.name == spec.name) {
            return Err(format!("`{id}` lists parameter `{}` twice", spec.name));
        }
        params.push(spec);
    }
    // SAFETY: forwarded to the caller.
    let kinds = unsafe { checked_slice(info.kinds, info.kind_count, MAX_KINDS) }
        .map_err(|e| format!("`{id}`: its kind ratings are {e}"))?;
    let mut ratings: Vec<DeclaredRating> = Vec::with_capacity(kinds.len());
    for kind in kinds {
        // SAFETY: forwarded to the caller.
        let rating = unsafe { kind.to_declared() }.map_err(|e| format!("`{id}`: {e}"))?;
        if ratings.iter().any(|r| r.kind == rating.kind) {
            return Err(format!("`{id}` rates kind `{}` twice", rating.kind));
        }
        ratings.push(rating);
    }
    Ok(TechniqueMeta {
        id,
        name,
        summary,
        params,
        ratings,
    })
}

/// `count` items at `ptr`, after the checks that can be made on a pointer.
///
/// # Safety
/// A non-null, aligned `ptr` must point to `count` valid items that live for `'a`.
unsafe fn checked_slice<'a, T>(ptr: *const T, count: usize, max: usize) -> Result<&'a [T], String> {
    if count == 0 {
        return Ok(&[]);
    }
    if count > max {
        return Err(format!("{count} items long, more than the {max} allowed"));
    }
    if ptr.is_null() {
        return Err(format!("{count} items at a null pointer"));
    }
    if !ptr.is_aligned() {
        return Err("at a misaligned pointer".into());
    }
    // SAFETY: non-null and aligned, and the caller guarantees the items.
    Ok(unsafe { std::slice::from_raw_parts(ptr, count) })
}

/// The registry entries of a plugin's techniques, their source naming `path`.
fn entries(plugin: &Arc<Plugin>, path: &Path) -> Vec<RegistryEntry> {
    let source = Source::Plugin {
        path: path.to_path_buf(),
        plugin: plugin.name.clone(),
        version: plugin.version.clone(),
    };
    let label: Arc<str> = Arc::from(source.to_string());
    plugin
        .techniques
        .iter()
        .enumerate()
        .map(|(index, meta)| {
            let (plugin, label) = (plugin.clone(), label.clone());
            RegistryEntry {
                id: meta.id.clone(),
                name: meta.name.clone(),
                summary: meta.summary.clone(),
                params: meta.params.clone(),
                source: source.clone(),
                uniqueness: false,
                ratings: meta.ratings.clone(),
                build: Arc::new(move |params| technique::create(&plugin, index, &label, params)),
            }
        })
        .collect()
}

/// An error and its causes, `: `-separated (libloading's own message is only "dlopen failed").
#[cfg(feature = "plugins")]
fn error_chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}
