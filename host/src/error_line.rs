//! An error and its sources on one line, each said once. Its own module so
//! that `error` (which names `remote`'s error type) and `remote` (which
//! describes object_store's errors) both use it without importing each
//! other.

/// An error and its sources on one line, each said once: libraries often
/// repeat their source's text in their own ("…: Account must be specified:
/// Account must be specified") or nest the useful part several levels down.
pub fn one_line(err: &(dyn std::error::Error + 'static)) -> String {
    let mut text = err.to_string();
    let mut source = err.source();
    while let Some(inner) = source {
        let part = inner.to_string();
        if !text.contains(&part) {
            text.push_str(": ");
            text.push_str(&part);
        }
        source = inner.source();
    }
    text.replace('\n', " ")
}

#[cfg(test)]
mod tests {
    #[test]
    fn one_line_says_each_source_once() {
        let err = anyhow::anyhow!("Account must be specified")
            .context("Generic MicrosoftAzure error: Account must be specified")
            .context("--store az://c/x");
        assert_eq!(
            super::one_line(err.as_ref()),
            "--store az://c/x: Generic MicrosoftAzure error: Account must be specified"
        );
    }
}
