//! The configs as a player sees them: the shipped ones listed, one shown (its TOML and its
//! techniques in order).

use super::Service;
use crate::configs::{self, ConfigView, ShippedConfig};
use crate::error::ApiResult;
use serde::{Deserialize, Serialize};

/// `configs`: the shipped configs.
#[derive(Clone, Debug, Serialize)]
pub struct ConfigsAnswer {
    /// Each shipped config, with what it runs in a sentence.
    pub configs: Vec<ShippedConfig>,
    /// The config hints use unless told otherwise.
    pub hint_default: &'static str,
}

/// `config`: one config, by name or as TOML text.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConfigRequest {
    /// A shipped config's name or TOML text.
    pub config: String,
}

/// The config: its text and its techniques.
#[derive(Clone, Debug, Serialize)]
pub struct ConfigAnswer {
    /// The TOML text (a shipped config's file, or the text sent).
    pub toml: String,
    /// The config read: its techniques in order with their switches and parameters.
    pub view: ConfigView,
    /// What is surely not meant (a technique listed twice alike, no technique at all).
    pub warnings: Vec<String>,
}

impl Service {
    /// `configs`: the shipped configs.
    pub fn configs(&self) -> ConfigsAnswer {
        ConfigsAnswer {
            configs: configs::shipped_configs(),
            hint_default: "rating",
        }
    }

    /// `config`: one config read, as the solvers would read it.
    pub fn config(&self, request: ConfigRequest) -> ApiResult<ConfigAnswer> {
        let text = request.config.trim();
        let source = self.solvers.source();
        let (toml, config) = if configs::is_name(text) {
            (
                configs::shipped_text(text)?.to_string(),
                source.shipped(text)?,
            )
        } else {
            (
                request.config.clone(),
                source.toml(&request.config, "<request config>")?,
            )
        };
        let view = ConfigView::of(&config);
        // Built as a solve builds it, so what a solve would refuse is refused here.
        let (_, warnings) = configs::solver(config)?;
        Ok(ConfigAnswer {
            toml,
            view,
            warnings,
        })
    }
}
