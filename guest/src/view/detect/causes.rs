//! Cause chains, found while storing: a Java or Kotlin trace with its
//! `Caused by:` links, Python tracebacks joined by "The above exception was
//! the direct cause…", a Go `panic:` with its goroutine, a Rust `Caused
//! by:` list, .NET inner exceptions (` ---> `). Of each, the *root* — the
//! innermost cause — and the first frame under it in the project's own code
//! (not the JDK's, a framework's, site-packages', Go's runtime) are kept,
//! a few chains at most, so the handle message and lexical answers can show
//! the root first instead of the top of the trace.

use serde::{Deserialize, Serialize};

use super::{Detector, Findings, Line, Totals};
use crate::view::detect::names::clip_named;
use crate::view::preview::{PREVIEW_LINE_BYTES, PreviewLine};

/// Chains kept: the first ones and the last ones.
const FIRST_CHAINS: usize = 4;
const LAST_CHAINS: usize = 4;

/// Frames of code that is not the project's: JVM, .NET and Go libraries,
/// Python's own and installed packages.
const LIBRARY_PREFIXES: &[&str] = &[
    "java.",
    "javax.",
    "jakarta.",
    "jdk.",
    "sun.",
    "com.sun.",
    "kotlin.",
    "kotlinx.",
    "scala.",
    "org.springframework.",
    "org.apache.",
    "org.hibernate.",
    "com.zaxxer.",
    "io.netty.",
    "reactor.",
    "com.fasterxml.",
    "org.postgresql.",
    "com.mysql.",
    "org.mariadb.",
    "org.h2.",
    "org.junit.",
    "org.gradle.",
    "okhttp3.",
    "io.grpc.",
    "com.google.",
    "org.eclipse.",
    "org.glassfish.",
    "io.micrometer.",
    "ch.qos.",
    "org.slf4j.",
    "io.vertx.",
    "org.jboss.",
    "com.amazonaws.",
    "software.amazon.",
    "org.mockito.",
    "net.bytebuddy.",
    "System.",
    "Microsoft.",
    "Npgsql.",
    "Newtonsoft.",
    "Grpc.",
    "Polly.",
    "Dapper.",
    "golang.org/",
    "google.golang.org/",
    "runtime.",
    "panic(",
    "created by ",
];
const LIBRARY_PATHS: &[&str] = &[
    "site-packages",
    "dist-packages",
    "/lib/python",
    "<frozen",
    "/usr/local/go/",
    "/usr/lib/go",
];

/// One chain: where it is, its root cause, and the project's frame under it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Cause {
    pub first: u64,
    pub last: u64,
    pub root: PreviewLine,
    pub frame: Option<PreviewLine>,
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Kind {
    Java,
    Python,
    Go,
    Rust,
}

#[derive(Clone, Debug)]
struct Open {
    kind: Kind,
    cause: Cause,
    /// Links seen (`Caused by:`, chained tracebacks, `--->`): a chain has one.
    links: u32,
    /// Python: the root's traceback is done (later ones are effects).
    root_done: bool,
    /// The last project frame seen in the root's traceback (Python).
    last_frame: Option<PreviewLine>,
    /// The last line was a traceback's exception (Python).
    after_exception: bool,
}

#[derive(Default)]
pub struct CauseTracker {
    open: Option<Open>,
    first: Vec<Cause>,
    last: Vec<Cause>,
}

fn keep(number: u64, line: &str) -> PreviewLine {
    PreviewLine {
        line: number,
        text: clip_named(line, None, PREVIEW_LINE_BYTES),
        keep: None,
    }
}

/// A frame of the project's code (not a library's).
pub(crate) fn project_frame(body: &str) -> bool {
    let code = body.strip_prefix("at ").unwrap_or(body);
    !LIBRARY_PREFIXES.iter().any(|p| code.starts_with(p))
        && !LIBRARY_PATHS.iter().any(|p| body.contains(p))
}

/// ASCII bytes an exception's name holds: letters, digits, `.$_` (a table:
/// this runs on the first word of every line).
const NAME_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 128 {
        table[b] = (b as u8).is_ascii_alphanumeric() || matches!(b as u8, b'.' | b'$' | b'_');
        b += 1;
    }
    table
};

/// An exception named at the start of a line (`java.io.IOException: …`,
/// `System.InvalidOperationException: …`, `KeyError`): a name of letters,
/// digits and `.$_`, up to a `:`, a space or the end.
fn exception_header(body: &str) -> bool {
    let name_char = |c: char| c.is_alphanumeric() || matches!(c, '.' | '$' | '_');
    // Read by bytes while ASCII (most lines), stopping at the first byte
    // that cannot be in a name: most lines end their scan in a few bytes.
    let end = (body.bytes())
        .position(|b| !NAME_BYTES[usize::from(b)])
        .unwrap_or(body.len());
    let name = match body.as_bytes().get(end) {
        None | Some(b':' | b' ') => &body[..end],
        Some(b) if b.is_ascii() => return false,
        Some(_) => {
            let name = body.split([':', ' ']).next().unwrap_or("");
            if !name.chars().all(name_char) {
                return false;
            }
            name
        }
    };
    name.ends_with("Exception") || name.ends_with("Error") || name.ends_with("Throwable")
}

impl CauseTracker {
    pub fn push(&mut self, number: u64, line: &str) {
        let body = line.trim();
        let indented = line.starts_with([' ', '\t']);
        if self.open.is_some() && !self.continue_chain(number, line, body, indented) {
            self.close();
        }
        if self.open.is_none() {
            self.start(number, line, body);
        }
    }

    /// Starts a chain at its first line, if `line` is one.
    fn start(&mut self, number: u64, line: &str, body: &str) {
        // A chain starts with a name (`panic`, `Traceback`, an exception):
        // not with a digit, as most log lines do (timestamps), nor a symbol.
        let name_start =
            |c: char| c.is_alphanumeric() && !c.is_ascii_digit() || matches!(c, '.' | '$' | '_');
        if !body.starts_with(name_start) {
            return;
        }
        let kind = if body.starts_with("Traceback (most recent call last)") {
            Kind::Python
        } else if line.starts_with("panic: ") {
            Kind::Go
        } else if body == "Caused by:" {
            Kind::Rust
        } else if exception_header(body) || body.starts_with("Exception in thread ") {
            Kind::Java
        } else {
            return;
        };
        let links = u32::from(body.contains(" ---> "));
        self.open = Some(Open {
            kind,
            cause: Cause {
                first: number,
                last: number,
                root: keep(number, line),
                frame: None,
            },
            links,
            root_done: false,
            last_frame: None,
            after_exception: false,
        });
    }

    /// Whether `line` belongs to the open chain (updating it if so).
    fn continue_chain(&mut self, number: u64, line: &str, body: &str, indented: bool) -> bool {
        let open = self.open.as_mut().expect("open chain");
        let belongs = match open.kind {
            Kind::Java => {
                let link = body.starts_with("Caused by: ") || body.starts_with("---> ");
                if link || body.contains(" ---> ") {
                    open.links += 1;
                    open.cause.root = keep(number, line);
                    open.cause.frame = None;
                }
                link || indented || body.starts_with("Suppressed: ")
            }
            Kind::Python => {
                if body.is_empty() {
                    // Blank lines separate the tracebacks of a chain.
                    true
                } else if body.starts_with("The above exception was the direct cause")
                    || body.starts_with("During handling of the above exception")
                {
                    open.links += 1;
                    open.after_exception = false;
                    true
                } else if body.starts_with("Traceback (most recent call last)") {
                    open.after_exception = false;
                    true
                } else if indented {
                    if !open.root_done && body.starts_with("File ") && project_frame(body) {
                        open.last_frame = Some(keep(number, line));
                    }
                    true
                } else if open.after_exception {
                    false // an exception not followed by a link ends the chain
                } else {
                    // The exception ending a traceback; the first one's is the root.
                    if !open.root_done {
                        open.root_done = true;
                        open.cause.root = keep(number, line);
                        open.cause.frame = open.last_frame.take();
                    }
                    open.after_exception = true;
                    true
                }
            }
            Kind::Go => {
                body.is_empty()
                    || body.starts_with("goroutine ")
                    || body.starts_with('[')
                    || indented
                    || body.ends_with(')')
                    || body.starts_with("created by ")
            }
            Kind::Rust => indented && !body.is_empty(),
        };
        if !belongs {
            return false;
        }
        let open = self.open.as_mut().expect("open chain");
        open.cause.last = number;
        match open.kind {
            Kind::Rust => {
                open.links = 1;
                open.cause.root = keep(number, line);
            }
            Kind::Java | Kind::Go
                if open.cause.frame.is_none() && number > open.cause.root.line =>
            {
                let frame = if open.kind == Kind::Java {
                    body.starts_with("at ") && project_frame(body)
                } else {
                    !indented && body.ends_with(')') && project_frame(body)
                };
                if frame {
                    open.cause.frame = Some(keep(number, line));
                }
            }
            _ => {}
        }
        true
    }

    fn close(&mut self) {
        let Some(open) = self.open.take() else {
            return;
        };
        let chain = open.links > 0 || open.kind == Kind::Go;
        if !chain && open.cause.frame.is_none() {
            return;
        }
        let mut cause = open.cause;
        // Trailing blank lines are not the chain's.
        cause.last = cause.last.max(cause.root.line);
        if self.first.len() < FIRST_CHAINS {
            self.first.push(cause);
        } else {
            self.last.push(cause);
            if self.last.len() > LAST_CHAINS {
                self.last.remove(0);
            }
        }
    }

    /// The chains found, in order, the open one included.
    pub fn causes(&self) -> Vec<Cause> {
        let mut done = CauseTracker {
            open: self.open.clone(),
            first: self.first.clone(),
            last: self.last.clone(),
        };
        done.close();
        done.first.into_iter().chain(done.last).collect()
    }
}

impl Detector for CauseTracker {
    fn name(&self) -> &'static str {
        "causes"
    }

    fn see(&mut self, line: &Line) {
        self.push(line.number, line.text);
    }

    fn contribute(&self, findings: &mut Findings, _: &Totals) {
        findings.preview.causes = self.causes();
    }
}

#[cfg(test)]
mod tests;
