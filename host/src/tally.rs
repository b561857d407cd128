//! The state behind a `counting` tally resource: the queue to its helper
//! tasks and the tasks themselves ([`crate::capabilities::counting`] runs them).
//! Its own module because the generated bindings name it.

use tokio::sync::mpsc;
use tokio::task::JoinHandle;

/// A store's tally.
pub struct Tally {
    /// Pieces for the helpers; None once `total` was asked for.
    pub(crate) queue: Option<mpsc::Sender<String>>,
    pub(crate) workers: Vec<JoinHandle<Counted>>,
}

/// What a helper counted, and the pieces it gives back uncounted.
#[derive(Default)]
pub(crate) struct Counted {
    pub(crate) tokens: u64,
    pub(crate) back: Vec<String>,
}

impl Tally {
    pub(crate) fn new(queue: mpsc::Sender<String>, workers: Vec<JoinHandle<Counted>>) -> Self {
        Self {
            queue: Some(queue),
            workers,
        }
    }
}

impl Drop for Tally {
    /// Dropped without `total` (an output that passed through): the
    /// helpers stop.
    fn drop(&mut self) {
        for worker in &self.workers {
            worker.abort();
        }
    }
}
