//! Loading technique plugins (shared libraries) through Kaidoku's C ABI.

use crate::registry::RegistryEntry;
use std::path::Path;

/// A plugin that cannot be loaded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("plugin {path}: {message}")]
pub struct PluginError {
    pub path: String,
    pub message: String,
}

/// Load a plugin library and describe its techniques.
pub fn load(path: &Path) -> Result<Vec<RegistryEntry>, PluginError> {
    Err(PluginError {
        path: path.display().to_string(),
        message: "dynamic plugins are not available yet".into(),
    })
}
