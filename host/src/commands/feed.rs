//! Feeding an output to the store as it arrives (`store`, `run`), with one
//! promise: the output is never lost. When the session cannot be opened, or
//! storing fails at any point (a full disk, a quota, a trap, an object store
//! that refuses), what was taken so far and the rest go to stdout unchanged,
//! and one warning on stderr says why.

use std::io::Read;

use anyhow::Result;
use tokio::io::AsyncWriteExt;

use crate::out;
use tool_output::{Error, Outcome, OutputWriter, Session, StorePolicy, ToolCall};

/// An output on its way into the store, or through to stdout.
pub struct Feed {
    /// None once storing failed (or never started).
    writer: Option<OutputWriter>,
    /// The output's first bytes: what a passthrough prints.
    held: Vec<u8>,
    keep: usize,
    /// Storing failed: pieces go straight out.
    passing: bool,
    /// `--json`: a passed-through output is collected for the JSON answer.
    collected: Option<Vec<u8>>,
    /// `run`: a reader that went away is not an error (the command's
    /// output is still drained).
    quiet: bool,
    warning: Option<String>,
}

/// How a feed ended.
pub enum Fed {
    /// The engine decided: stored, or small enough to pass through (`held`
    /// is then the whole output).
    Outcome { outcome: Outcome, held: Vec<u8> },
    /// Storing failed; the output went out unchanged (with `--json`, it is
    /// `collected`, for the caller to print), after `warning` on stderr.
    PassedThrough {
        collected: Option<Vec<u8>>,
        warning: String,
    },
}

impl Feed {
    /// A feed into `session` (or, if it could not be opened, straight
    /// through) of the output of `call`.
    pub async fn start(
        session: std::result::Result<&Session, &anyhow::Error>,
        call: &ToolCall,
        policy: &StorePolicy,
        json: bool,
        quiet: bool,
    ) -> Feed {
        let mut feed = Feed {
            writer: None,
            held: Vec::new(),
            keep: policy.max_inline_bytes as usize + 1,
            passing: false,
            collected: json.then(Vec::new),
            quiet,
            warning: None,
        };
        match session {
            Ok(session) => match session.writer_with(call, policy).await {
                Ok(writer) => feed.writer = Some(writer),
                Err(err) => feed.warn(&err.into(), ""),
            },
            Err(err) => feed.warn(err, ""),
        }
        feed
    }

    /// The next piece of the output.
    pub async fn push(&mut self, piece: &[u8]) -> Result<()> {
        if self.held.len() < self.keep {
            let room = self.keep - self.held.len();
            self.held.extend_from_slice(&piece[..piece.len().min(room)]);
        }
        let Some(writer) = self.writer.as_mut().filter(|_| !self.passing) else {
            return self.pass(piece).await;
        };
        if let Err(err) = writer.write(piece).await {
            self.failed(err, piece).await?;
        }
        Ok(())
    }

    /// The output is all in.
    pub async fn finish(mut self) -> Result<Fed> {
        if let Some(writer) = self.writer.take().filter(|_| !self.passing) {
            match writer.finish().await {
                Ok(outcome) => {
                    return Ok(Fed::Outcome {
                        outcome,
                        held: self.held,
                    });
                }
                Err(err) => self.failed(err, &[]).await?,
            }
        }
        Ok(Fed::PassedThrough {
            collected: self.collected,
            warning: self.warning.unwrap_or_default(),
        })
    }

    /// Storing failed while `piece` was given: from now on everything
    /// passes through, starting with what the writer had taken.
    async fn failed(&mut self, err: Error, piece: &[u8]) -> Result<()> {
        self.writer = None;
        let (cause, received) = match err {
            Error::NotStored { source, received } => (*source, Some(received)),
            other => (other, None),
        };
        let taken = received.as_ref().map_or(0, |r| r.len());
        match received.and_then(|r| r.into_reader()) {
            Some(mut copy) => {
                self.warn(&cause.into(), "");
                self.pass_reader(&mut copy).await?;
            }
            // Never spilled to disk: `held` has it all (the engine spills
            // before it holds more than `max_inline_bytes`).
            None if taken <= self.held.len() as u64 => {
                self.warn(&cause.into(), "");
                let held = std::mem::take(&mut self.held);
                self.pass(&held[..taken as usize]).await?;
                self.held = held;
            }
            None => {
                let missing = format!(
                    ", without bytes {}..{taken} (they could not be read back)",
                    self.held.len()
                );
                self.warn(&cause.into(), &missing);
                let held = std::mem::take(&mut self.held);
                self.pass(&held).await?;
                self.held = held;
            }
        }
        self.pass(piece).await
    }

    fn warn(&mut self, cause: &anyhow::Error, missing: &str) {
        self.passing = true;
        let warning = format!(
            "warning: {}; the output is passed through unchanged{missing}",
            tool_output::error::one_line(cause.as_ref())
        );
        out::stderr_line(&warning);
        self.warning = Some(warning);
    }

    /// Out to stdout, asynchronously: a reader that stops reading must not
    /// keep a signal from ending the command.
    async fn pass(&mut self, bytes: &[u8]) -> Result<()> {
        if let Some(collected) = &mut self.collected {
            collected.extend_from_slice(bytes);
            return Ok(());
        }
        let mut stdout = tokio::io::stdout();
        let written = async {
            stdout.write_all(bytes).await?;
            stdout.flush().await
        };
        match written.await {
            Ok(()) => Ok(()),
            Err(_) if self.quiet => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(out::StdoutClosed.into()),
            Err(e) => Err(anyhow::Error::new(e).context("passing the output through")),
        }
    }

    async fn pass_reader(&mut self, reader: &mut impl Read) -> Result<()> {
        let mut buf = vec![0u8; 1 << 20];
        loop {
            let n = reader.read(&mut buf)?;
            if n == 0 {
                return Ok(());
            }
            self.pass(&buf[..n]).await?;
        }
    }
}
