//! What a search may use: the [`ChainFilter`] every search of the chain engine takes.

use super::ids::LinkVia;
use crate::step::ChainNode;

/// Which nodes and links a search may use.
pub struct ChainFilter<'a> {
    /// Nodes the chain may pass through (ends included).
    pub node: &'a dyn Fn(&ChainNode) -> bool,
    /// Strong links the chain may use, by what makes them.
    pub strong: &'a dyn Fn(LinkVia) -> bool,
    /// Weak links the chain may use.
    pub weak: &'a dyn Fn(LinkVia) -> bool,
    /// The most links in a chain.
    pub max_links: usize,
}
