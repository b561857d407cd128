//! Shell commands a hook rewrites: POSIX single quoting, and which commands
//! are left alone because running them under `tool-output run` would change
//! what they do. `run` gives the model the output once the command has
//! ended, so a command that keeps running (in the background, following a
//! log, an interactive program waiting for its terminal) must not be
//! wrapped. What is recognised is read from the command's words, quotes
//! respected; it is a heuristic, and anything it does not recognise is
//! wrapped.

/// `text` as one POSIX shell word: single quotes, each `'` as `'\''`. Every
/// byte inside single quotes is literal (newlines, `$`, `` ` ``, `\`, `"`).
pub fn quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

/// Programs that need a terminal or wait for a person.
const INTERACTIVE: &[&str] = &[
    "vi", "vim", "nvim", "view", "nano", "pico", "emacs", "less", "more", "most", "man", "top",
    "htop", "btop", "watch", "ssh", "telnet", "ftp", "sftp", "screen", "tmux", "su", "sudo",
    "passwd", "login",
];

/// Programs that are interactive when given no arguments (a REPL).
const REPL: &[&str] = &[
    "python",
    "python3",
    "node",
    "irb",
    "ghci",
    "ipython",
    "bash",
    "sh",
    "zsh",
    "fish",
    "psql",
    "mysql",
    "sqlite3",
    "redis-cli",
    "mongosh",
    "deno",
    "bun",
];

/// Why `command` is not wrapped, or None when it can be.
pub fn leave_alone(command: &str, our_names: &[&str]) -> Option<&'static str> {
    if command.trim().is_empty() {
        return Some("an empty command");
    }
    if command.contains('\0') {
        return Some("a NUL byte, which no shell argument can hold");
    }
    let scan = scan(command);
    if scan.background {
        return Some("something runs in the background (`&`)");
    }
    for words in &scan.commands {
        let Some(first) = words.first() else { continue };
        let name = first.rsplit('/').next().unwrap_or(first);
        // The program after `exec`, `command`, `env`, `time`, `nice`.
        let program = words
            .iter()
            .find(|w| {
                !matches!(w.as_str(), "exec" | "command" | "env" | "time" | "nice")
                    && !w.starts_with('-')
            })
            .map_or(first.as_str(), String::as_str);
        let program_name = program.rsplit('/').next().unwrap_or(program);
        if our_names.contains(&program_name) || our_names.contains(&program) {
            return Some("it already runs under tool-output");
        }
        // Codex applies a patch given as a shell command itself (it
        // recognises `apply_patch <<'EOF' …`); wrapped, it would reach a
        // shell that has no such program.
        if matches!(program_name, "apply_patch" | "applypatch") {
            return Some("the host applies it itself (apply_patch)");
        }
        if matches!(name, "nohup" | "disown" | "setsid" | "bg") {
            return Some("something runs in the background");
        }
        if INTERACTIVE.contains(&name) {
            return Some("an interactive program");
        }
        if words.len() == 1 && REPL.contains(&name) {
            return Some("an interactive program (no arguments)");
        }
        let has = |flag: &str| words[1..].iter().any(|w| w == flag);
        let follows = has("-f") || has("-F") || has("--follow");
        if matches!(name, "tail" | "journalctl") && follows
            || matches!(name, "kubectl" | "docker" | "podman") && has("logs") && follows
        {
            return Some("it follows a log until stopped");
        }
        if matches!(name, "docker" | "podman" | "kubectl")
            && words[1..].iter().any(|w| {
                matches!(
                    w.as_str(),
                    "-it" | "-ti" | "-i" | "-t" | "--interactive" | "--tty"
                )
            })
        {
            return Some("it asks for a terminal");
        }
        if name == "git"
            && words[1..].iter().any(|w| {
                matches!(
                    w.as_str(),
                    "-i" | "-p" | "--interactive" | "--patch" | "mergetool"
                )
            })
        {
            return Some("an interactive git command");
        }
    }
    None
}

#[derive(Default)]
struct Scan {
    /// The words of each simple command (assignments before it left out).
    commands: Vec<Vec<String>>,
    /// An unquoted `&` that puts something in the background.
    background: bool,
}

/// Split `command` into simple commands and their words, respecting
/// quotes, backslashes and comments; `$(`, `` ` ``, `(`, `{` start new ones.
fn scan(command: &str) -> Scan {
    let mut scan = Scan::default();
    let mut words: Vec<String> = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut heredocs: Vec<(String, bool)> = Vec::new();
    let mut chars = command.chars().peekable();
    let end_word = |word: &mut String, in_word: &mut bool, words: &mut Vec<String>| {
        if *in_word {
            let w = std::mem::take(word);
            // Assignments before the command are not its name.
            let assignment = words.is_empty()
                && w.split_once('=').is_some_and(|(name, _)| {
                    !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                });
            if !assignment {
                words.push(w);
            }
            *in_word = false;
        }
    };
    let end_command = |words: &mut Vec<String>, commands: &mut Vec<Vec<String>>| {
        if !words.is_empty() {
            commands.push(std::mem::take(words));
        }
    };
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                for q in chars.by_ref() {
                    if q == '\'' {
                        break;
                    }
                    word.push(q);
                }
            }
            '"' => {
                in_word = true;
                while let Some(q) = chars.next() {
                    match q {
                        '"' => break,
                        '\\' => {
                            if let Some(n) = chars.next() {
                                word.push(n);
                            }
                        }
                        _ => word.push(q),
                    }
                }
            }
            '\\' => {
                in_word = true;
                if let Some(n) = chars.next().filter(|n| *n != '\n') {
                    word.push(n);
                }
            }
            '#' if !in_word => {
                for n in chars.by_ref() {
                    if n == '\n' {
                        break;
                    }
                }
                end_word(&mut word, &mut in_word, &mut words);
                end_command(&mut words, &mut scan.commands);
            }
            '&' => {
                let previous = word.chars().last();
                if chars.peek() == Some(&'&') {
                    chars.next();
                } else if chars.peek() == Some(&'>') || matches!(previous, Some('>' | '<')) {
                    // `&>`, `>&2`, `<&0`: redirections.
                    word.push('&');
                    in_word = true;
                    continue;
                } else {
                    scan.background = true;
                }
                end_word(&mut word, &mut in_word, &mut words);
                end_command(&mut words, &mut scan.commands);
            }
            '<' if chars.peek() == Some(&'<') => {
                chars.next();
                end_word(&mut word, &mut in_word, &mut words);
                if chars.peek() == Some(&'<') {
                    // `<<<`: a here-string, one word.
                    chars.next();
                    continue;
                }
                let strip_tabs = chars.peek() == Some(&'-');
                if strip_tabs {
                    chars.next();
                }
                while chars.peek().is_some_and(|c| *c == ' ' || *c == '\t') {
                    chars.next();
                }
                let mut delimiter = String::new();
                while let Some(&d) = chars.peek() {
                    if d.is_whitespace() || matches!(d, ';' | '|' | '&' | '<' | '>' | '(' | ')') {
                        break;
                    }
                    chars.next();
                    if !matches!(d, '\'' | '"' | '\\') {
                        delimiter.push(d);
                    }
                }
                heredocs.push((delimiter, strip_tabs));
            }
            '>' | '<' => {
                // A redirection's target is not a word of the command.
                end_word(&mut word, &mut in_word, &mut words);
                word.push(c);
                in_word = true;
            }
            '\n' if !heredocs.is_empty() => {
                end_word(&mut word, &mut in_word, &mut words);
                end_command(&mut words, &mut scan.commands);
                // The bodies of here-documents are data, not commands.
                for (delimiter, strip_tabs) in heredocs.drain(..) {
                    let mut line = String::new();
                    loop {
                        match chars.next() {
                            Some('\n') | None => {
                                let body = if strip_tabs {
                                    line.trim_start_matches('\t')
                                } else {
                                    &line
                                };
                                if body == delimiter || chars.peek().is_none() {
                                    break;
                                }
                                line.clear();
                            }
                            Some(c) => line.push(c),
                        }
                    }
                }
            }
            ';' | '|' | '\n' | '(' | ')' | '`' | '{' | '}' => {
                if c == '|' && chars.peek() == Some(&'&') {
                    chars.next();
                }
                if c == '(' && word.ends_with('$') {
                    word.pop();
                }
                end_word(&mut word, &mut in_word, &mut words);
                end_command(&mut words, &mut scan.commands);
            }
            c if c.is_whitespace() => end_word(&mut word, &mut in_word, &mut words),
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    end_word(&mut word, &mut in_word, &mut words);
    end_command(&mut words, &mut scan.commands);
    // Redirection words (`>out`, `2>&1`) are not arguments.
    for words in &mut scan.commands {
        words.retain(|w| !w.starts_with(['>', '<']) && !is_fd_redirection(w));
    }
    scan.commands.retain(|w| !w.is_empty());
    scan
}

/// `2>&1`, `2>file`: a redirection written with its descriptor.
fn is_fd_redirection(word: &str) -> bool {
    let digits = word.chars().take_while(char::is_ascii_digit).count();
    digits > 0 && word[digits..].starts_with(['>', '<'])
}

#[cfg(test)]
mod tests {
    use super::*;

    const OURS: &[&str] = &["tool-output", "/opt/tool-output"];

    #[test]
    fn quoting_keeps_every_byte() {
        assert_eq!(quote("a'b"), r"'a'\''b'");
        assert_eq!(quote(""), "''");
    }

    #[test]
    fn what_is_left_alone() {
        for (command, left) in [
            ("cargo build", false),
            ("make 2>&1 | tee log", false),
            ("ls &> out", false),
            ("echo a && echo b", false),
            ("echo 'a & b'", false),
            ("FOO=1 python3 script.py", false),
            ("cat <<'EOF'\nx & y\nEOF", false),
            ("cat <<-EOF > f\n\tvim & x\n\tEOF\nserver &", true),
            ("cat <<<'a & b'", false),
            ("server &", true),
            ("nohup server", true),
            ("vim file", true),
            ("python3", true),
            ("tail -f log", true),
            ("docker run -it ubuntu", true),
            ("git rebase -i HEAD~2", true),
            ("/usr/bin/tool-output run -- make", true),
            ("cd x; tool-output run -- make", true),
            (
                "exec '/opt/tool-output' --session codex run -- \"$0\" -c 'make'",
                true,
            ),
            ("echo $(sleep 1 &)", true),
            ("echo \"$(date)\" # a comment & more", false),
            ("   ", true),
            (
                "apply_patch <<'EOF'\n*** Begin Patch\n*** End Patch\nEOF",
                true,
            ),
            (
                "cd src && applypatch <<'PATCH'\n*** Begin Patch\n*** End Patch\nPATCH",
                true,
            ),
            ("echo apply_patch", false),
        ] {
            assert_eq!(leave_alone(command, OURS).is_some(), left, "{command:?}");
        }
    }
}
