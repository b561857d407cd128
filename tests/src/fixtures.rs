//! Outputs the tests store.

/// A 4000-line service log with one fatal line (line 2001) in the middle.
pub fn app_log() -> String {
    (0..4000)
        .map(|i| {
            if i == 2000 {
                "FATAL: disk quota exceeded while writing /var/lib/db\n".to_string()
            } else {
                format!("INFO request {i} served in {} ms\n", i % 97)
            }
        })
        .collect()
}
