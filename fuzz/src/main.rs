//! Runs one fuzz target over files or directories of inputs, natively and
//! without libFuzzer: to reproduce a finding, or to check a corpus.
//!
//! `cargo run -p tool-output-fuzz --release -- <target> <file or dir>…`
//! prints each input's name and stops at the first failing one (the panic
//! message says which invariant broke).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

fn inputs(path: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    if path.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)?
            .map(|e| e.map(|e| e.path()))
            .collect::<Result<_, _>>()?;
        entries.sort();
        for entry in entries {
            inputs(&entry, out)?;
        }
    } else {
        out.push(path.to_path_buf());
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let names: Vec<&str> = tool_output_fuzz::TARGETS.iter().map(|t| t.name).collect();
    let Some(target) = args.first().and_then(|n| tool_output_fuzz::target(n)) else {
        eprintln!(
            "usage: tool-output-fuzz <{}> <file or dir>…",
            names.join("|")
        );
        return ExitCode::from(2);
    };
    let mut files = Vec::new();
    for arg in &args[1..] {
        if let Err(e) = inputs(Path::new(arg), &mut files) {
            eprintln!("tool-output-fuzz: {arg}: {e}");
            return ExitCode::from(2);
        }
    }
    for file in &files {
        let data = match std::fs::read(file) {
            Ok(data) => data,
            Err(e) => {
                eprintln!("tool-output-fuzz: {}: {e}", file.display());
                return ExitCode::from(2);
            }
        };
        println!("{} ({} bytes)", file.display(), data.len());
        (target.run)(&data);
    }
    println!("{}: {} inputs passed", target.name, files.len());
    ExitCode::SUCCESS
}
