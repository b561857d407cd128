//! The doctor's findings in plain words (the `--json` form is the
//! [`Diagnosis`] itself).

use std::fmt::{self, Display, Formatter};

use super::{Diagnosis, ModelDiagnosis, Verdict};

impl Display for Diagnosis {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        if self.models.is_empty() {
            return writeln!(f, "{}", crate::llm::config::NO_MODEL);
        }
        for (i, model) in self.models.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{model}")?;
        }
        Ok(())
    }
}

impl Display for ModelDiagnosis {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} at {}", self.model, self.endpoint)?;
        let row =
            |f: &mut Formatter<'_>, what: &str, text: &str| writeln!(f, "  {what:<15} {text}");
        row(f, "endpoint", &self.endpoint_detail)?;
        let table = if self.in_model_table {
            "in the model table"
        } else {
            "not in the model table: safe defaults are assumed"
        };
        row(f, "model", table)?;
        row(
            f,
            "context window",
            &format!(
                "{} tokens ({}), answers up to {}",
                self.context_window, self.context_window_source, self.max_output_tokens
            ),
        )?;
        match self.server_context_window {
            Some(server) if server < self.context_window => row(
                f,
                "",
                &format!(
                    "the server says {server}: set TOOL_OUTPUT_CONTEXT_WINDOW={server}, or \
                     requests may overflow"
                ),
            )?,
            Some(server) if self.context_window_source == "default" => row(
                f,
                "",
                &format!(
                    "the server says {server}: TOOL_OUTPUT_CONTEXT_WINDOW={server} allows larger chunks"
                ),
            )?,
            None if self.context_window_source == "default" => row(
                f,
                "",
                "set TOOL_OUTPUT_CONTEXT_WINDOW to the server's context size",
            )?,
            _ => {}
        }
        let modes = [
            ("full-chunked", &self.modes.full_chunked),
            ("read-grep", &self.modes.read_grep),
            ("lexical", &self.modes.lexical),
            ("truncate", &self.modes.truncate),
        ];
        for (name, verdict) in modes {
            row(f, name, &verdict_text(verdict))?;
        }
        let working: Vec<&str> = modes
            .iter()
            .filter(|(_, v)| v.works == Some(true))
            .map(|(name, _)| *name)
            .collect();
        let failing: Vec<&str> = modes
            .iter()
            .filter(|(_, v)| v.works == Some(false))
            .map(|(name, _)| *name)
            .collect();
        if self.usable {
            write!(f, "Usable: {} will work", working.join(", "))?;
            if !failing.is_empty() {
                write!(f, "; auto will not use {}", failing.join(" or "))?;
            }
            writeln!(f, ".")?;
        } else if self.reachable {
            writeln!(
                f,
                "Not usable: no LLM mode works with this model; extractions will answer with \
                 lexical and truncate."
            )?;
        } else {
            writeln!(
                f,
                "Not usable: the endpoint cannot be used; extractions will answer with lexical \
                 and truncate."
            )?;
        }
        if let Some(file) = &self.verdict_file {
            writeln!(
                f,
                "Verdict kept for {} days in {} (auto uses it).",
                super::cache::TTL.as_secs() / 86400,
                file.display()
            )?;
        }
        Ok(())
    }
}

fn verdict_text(verdict: &Verdict) -> String {
    let state = match verdict.works {
        Some(true) => "works",
        Some(false) => "does not work",
        None => "unknown",
    };
    format!("{state}: {}", verdict.detail)
}
