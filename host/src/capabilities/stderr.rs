//! The engine's stderr: into the host's log (`TOOL_OUTPUT_LOG=warn` shows
//! it), never onto the user's terminal. A guest panic prints its message
//! there before it traps; the user gets the trap as a clear error instead.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};

use tokio::io::AsyncWrite;
use wasmtime_wasi::cli::{IsTerminal, StdoutStream};

/// Longest line kept; the rest of a longer one is dropped (a runaway guest
/// must not grow the host's memory).
const MAX_LINE: usize = 8 * 1024;

/// The `stderr` given to the engine.
pub struct GuestStderr;

impl IsTerminal for GuestStderr {
    fn is_terminal(&self) -> bool {
        false
    }
}

impl StdoutStream for GuestStderr {
    fn async_stream(&self) -> Box<dyn AsyncWrite + Send + Sync> {
        Box::new(LineLogger::new(|line| {
            tracing::warn!(target: "tool_output::engine", "{line}");
        }))
    }
}

/// Cuts what is written into lines and hands each to `sink`. Never fails
/// and never blocks: writing to it cannot trap the guest.
struct LineLogger {
    line: Vec<u8>,
    sink: fn(&str),
}

impl LineLogger {
    fn new(sink: fn(&str)) -> Self {
        Self {
            line: Vec::new(),
            sink,
        }
    }

    fn emit(&mut self) {
        if !self.line.is_empty() {
            (self.sink)(&String::from_utf8_lossy(&self.line));
            self.line.clear();
        }
    }

    fn push(&mut self, bytes: &[u8]) {
        for &b in bytes {
            if b == b'\n' {
                self.emit();
            } else if self.line.len() < MAX_LINE {
                self.line.push(b);
            }
        }
    }
}

impl AsyncWrite for LineLogger {
    fn poll_write(
        self: Pin<&mut Self>,
        _: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        self.get_mut().push(buf);
        Poll::Ready(Ok(buf.len()))
    }

    fn poll_flush(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
        Poll::Ready(Ok(()))
    }

    fn poll_shutdown(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.get_mut().emit();
        Poll::Ready(Ok(()))
    }
}

impl Drop for LineLogger {
    fn drop(&mut self) {
        self.emit();
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;

    static SEEN: Mutex<Vec<String>> = Mutex::new(Vec::new());

    #[test]
    fn what_the_engine_writes_becomes_log_lines_bounded_in_length() {
        let mut logger = LineLogger::new(|line| SEEN.lock().unwrap().push(line.to_string()));
        logger.push(b"thread '<unnamed>' panicked at guest/src/doc.rs:1:2:\nindex ");
        logger.push(b"out of bounds\n");
        logger.push(&vec![b'x'; 3 * MAX_LINE]);
        logger.push(b"\nunterminated");
        drop(logger);
        let seen = SEEN.lock().unwrap();
        assert_eq!(
            seen[0],
            "thread '<unnamed>' panicked at guest/src/doc.rs:1:2:"
        );
        assert_eq!(seen[1], "index out of bounds");
        assert_eq!(seen[2].len(), MAX_LINE);
        assert_eq!(seen[3], "unterminated");
        assert_eq!(seen.len(), 4);
    }
}
