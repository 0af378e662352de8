//! The reach of every start ([`LoopReach`]) as the searches ask it: per start, the nodes it
//! makes true through any number of links. Worked out in `loop_reach.rs`, kept with a graph
//! in `shared_reach.rs`.

use super::ids::NodeId;

/// Per start, the nodes it makes true through any number of links.
#[derive(Clone)]
pub(super) struct LoopReach {
    /// Per node: its index among the allowed nodes (`NONE` when not allowed); the candidates
    /// come first. The (node, state)s are numbered `2 * rank + on`.
    pub(super) rank: Vec<u32>,
    /// Per (node, state): its strongly connected part.
    pub(super) part: Vec<u32>,
    /// Per part, `words` words: the nodes it makes true, by bit (see `Implications::bit` in
    /// `loop_reach.rs`).
    pub(super) reach: Vec<u64>,
    /// Per (candidate, state), `words` words: the nodes whose coming true the loop search
    /// may close on (see [`LoopReach::may_close`]).
    pub(super) ends: Vec<u64>,
    pub(super) words: usize,
    /// Per bit, the node it stands for.
    pub(super) node_of_bit: Vec<NodeId>,
}

impl LoopReach {
    /// Whether a walk from the allowed candidate `start` assumed `start_on` might reach a
    /// (node, state) the loop search closes on (`loop_sweep::Ends::closes`), at any length:
    ///
    /// - assumed false: the start true; another candidate of its cell true, when the cell
    ///   has three candidates or more; a node of its digit weakly linked to it true, unless
    ///   also strongly linked (then first reached true at depth 1, short of the 3 links the
    ///   search asks for there);
    /// - assumed true: the start false, which comes from a node weakly linked to it made
    ///   true; another candidate of its cell true (weakly linked too); in a bivalue cell the
    ///   other candidate false three links away at least: never, as the cell's weak link
    ///   makes it false at depth 1. So: some node weakly linked to the start true.
    ///
    /// `false` proves the walk reaches none of them.
    pub fn may_close(&self, (start, start_on): (NodeId, bool)) -> bool {
        let vertex = self.rank[start as usize] as usize * 2 + start_on as usize;
        let part = self.part[vertex] as usize;
        let reach = &self.reach[part * self.words..(part + 1) * self.words];
        // Only candidates start loops; anything else is let through.
        let Some(ends) = self
            .ends
            .get(vertex * self.words..(vertex + 1) * self.words)
        else {
            return true;
        };
        reach.iter().zip(ends).any(|(r, e)| r & e != 0)
    }

    /// Whether some node that the allowed `start` assumed `start_on` makes true, through any
    /// number of links, is `wanted`. `false` proves no walk from it reaches a wanted node true.
    pub fn makes_true_any(
        &self,
        (start, start_on): (NodeId, bool),
        mut wanted: impl FnMut(NodeId) -> bool,
    ) -> bool {
        let vertex = self.rank[start as usize] as usize * 2 + start_on as usize;
        let part = self.part[vertex] as usize;
        let reach = &self.reach[part * self.words..(part + 1) * self.words];
        for (w, &word) in reach.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let index = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if wanted(self.node_of_bit[index]) {
                    return true;
                }
            }
        }
        false
    }
}
