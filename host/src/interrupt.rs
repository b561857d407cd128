//! SIGINT and SIGTERM for commands that must stop cleanly: [`install`] at
//! start-up (before anything can wait), [`wait`] in a `select!` against the
//! work, and [`received`] at a commit point, so that a signal that raced the
//! end of the work still turns it into a failure.
//!
//! The flag is set in the signal handler itself (signal-hook-registry runs
//! it there; tokio's own handlers, which [`wait`] uses, are chained), so it
//! is never late: once `kill` has returned, [`received`] sees the signal.

use std::sync::atomic::{AtomicI32, Ordering};

/// The first signal received (0: none).
static RECEIVED: AtomicI32 = AtomicI32::new(0);

/// Take over SIGINT and SIGTERM: from now on they only set the flag and
/// wake [`wait`]; the work decides how to stop.
pub fn install() -> std::io::Result<()> {
    for signal in crate::platform::STOP_SIGNALS {
        // SAFETY: the action is async-signal-safe (one atomic store).
        unsafe {
            signal_hook_registry::register(signal, move || {
                let _ = RECEIVED.compare_exchange(0, signal, Ordering::SeqCst, Ordering::SeqCst);
            })?;
        }
    }
    Ok(())
}

/// The signal received since [`install`], if any.
pub fn received() -> Option<Signal> {
    match RECEIVED.load(Ordering::SeqCst) {
        0 => None,
        n => Some(Signal(n)),
    }
}

/// SIGINT or SIGTERM.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Signal(i32);

impl Signal {
    /// The shell's convention for a command ended by this signal.
    pub fn exit_code(self) -> u8 {
        128u8.saturating_add(self.0 as u8)
    }
}

impl std::fmt::Display for Signal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0 == crate::platform::SIGINT {
            "SIGINT"
        } else {
            "SIGTERM"
        })
    }
}

/// An error for a command stopped by a signal.
#[derive(Debug, thiserror::Error)]
#[error("interrupted by {0}")]
pub struct Interrupted(pub Signal);

/// Resolves when SIGINT or SIGTERM arrives (at once if one already did).
pub async fn wait() -> Signal {
    // Watched before the flag is read: one arriving in between is seen.
    let mut signals = crate::platform::StopSignals::watch();
    if let Some(signal) = received() {
        return signal;
    }
    signals.recv().await;
    received().unwrap_or(Signal(crate::platform::STOP_SIGNALS[1]))
}

/// A token cancelled when SIGINT or SIGTERM arrives (at once if one
/// already did), for library calls that take one. Call inside a tokio
/// runtime with a thread free to notice it.
pub fn token() -> tokio_util::sync::CancellationToken {
    let token = tokio_util::sync::CancellationToken::new();
    let cancel = token.clone();
    tokio::spawn(async move {
        wait().await;
        cancel.cancel();
    });
    token
}

/// Fail with [`Interrupted`] if a signal arrived (call before a result
/// becomes visible: a signal that raced the work must not end in success).
pub fn check() -> Result<(), Interrupted> {
    match received() {
        Some(signal) => Err(Interrupted(signal)),
        None => Ok(()),
    }
}
