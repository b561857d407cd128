//! When a failed request is worth another attempt, and how long to wait
//! first: the classification of HTTP statuses, exponential backoff with
//! jitter, and the providers' `Retry-After` headers.

use std::time::Duration;

use reqwest::header::{HeaderMap, RETRY_AFTER};

use super::LlmError;

/// A failed attempt, and whether another could succeed.
pub struct Attempt {
    pub error: LlmError,
    pub retryable: bool,
    pub retry_after: Option<Duration>,
    /// The HTTP status, when the server answered.
    pub status: Option<u16>,
}

impl Attempt {
    pub fn fatal(error: LlmError) -> Self {
        Self {
            error,
            retryable: false,
            retry_after: None,
            status: None,
        }
    }

    pub fn retry(error: LlmError, retry_after: Option<Duration>) -> Self {
        Self {
            error,
            retryable: true,
            retry_after,
            status: None,
        }
    }

    /// What an error status means: 401/403 and other 4xx are final; 408,
    /// 429 and 5xx (Anthropic's 529 "overloaded" included) may pass.
    pub fn from_status(status: u16, message: String, retry_after: Option<Duration>) -> Self {
        let attempt = match status {
            401 | 403 => Self::fatal(LlmError::Auth(message)),
            408 => Self::retry(LlmError::Timeout, retry_after),
            429 => Self::retry(
                LlmError::RateLimited(retry_after.map(|d| d.as_millis() as u64)),
                retry_after,
            ),
            500..=599 => Self::retry(LlmError::Unavailable(message), retry_after),
            _ => Self::fatal(LlmError::BadRequest(message)),
        };
        Self {
            status: Some(status),
            ..attempt
        }
    }
}

/// `base · 2^attempt`, at most `max`, with up to 25 % jitter so that
/// concurrent requests do not retry in lockstep.
pub fn backoff(base: Duration, max: Duration, attempt: u32) -> Duration {
    let exp = base.saturating_mul(1u32 << attempt.min(16)).min(max);
    let jitter = (uuid::Uuid::new_v4().as_u128() % 1000) as u32;
    exp + exp.mul_f64(f64::from(jitter) / 4000.0)
}

/// `retry-after-ms` (OpenAI), else `Retry-After` in seconds or as an HTTP
/// date. Nonsense (negative, NaN, astronomically large) is ignored.
pub fn retry_after(headers: &HeaderMap) -> Option<Duration> {
    let text = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    let secs = |v: f64| Duration::try_from_secs_f64(v).ok();
    if let Some(ms) = text("retry-after-ms").and_then(|v| v.trim().parse::<f64>().ok()) {
        return secs(ms / 1000.0);
    }
    let value = text(RETRY_AFTER.as_str())?.trim();
    if let Ok(n) = value.parse::<f64>() {
        return secs(n);
    }
    let at = httpdate::parse_http_date(value).ok()?;
    Some(
        at.duration_since(std::time::SystemTime::now())
            .unwrap_or_default(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retry_after_in_every_form() {
        let mut h = HeaderMap::new();
        h.insert("retry-after", "2".parse().unwrap());
        assert_eq!(retry_after(&h), Some(Duration::from_secs(2)));
        h.insert("retry-after-ms", "150".parse().unwrap());
        assert_eq!(retry_after(&h), Some(Duration::from_millis(150)));
        let mut h = HeaderMap::new();
        h.insert(
            "retry-after",
            "Wed, 21 Oct 2015 07:28:00 GMT".parse().unwrap(),
        );
        assert_eq!(retry_after(&h), Some(Duration::ZERO), "a past date: now");
        for nonsense in ["inf", "1e20", "-3", "NaN", "soon"] {
            h.insert("retry-after", nonsense.parse().unwrap());
            assert_eq!(retry_after(&h), None, "{nonsense}");
        }
        assert_eq!(retry_after(&HeaderMap::new()), None);
    }

    #[test]
    fn backoff_grows_and_is_capped() {
        let (base, max) = (Duration::from_millis(100), Duration::from_secs(1));
        let b0 = backoff(base, max, 0);
        assert!(b0 >= base && b0 <= base.mul_f64(1.25));
        let b3 = backoff(base, max, 3);
        assert!(b3 >= Duration::from_millis(800));
        assert!(backoff(base, max, 30) <= max.mul_f64(1.25));
    }

    #[test]
    fn statuses_say_whether_to_retry() {
        let wait = Some(Duration::from_secs(2));
        let a = Attempt::from_status(503, "HTTP 503: busy".into(), wait);
        assert!(a.retryable && a.retry_after == wait && a.status == Some(503));
        assert!(matches!(a.error, LlmError::Unavailable(_)));
        let a = Attempt::from_status(429, "HTTP 429".into(), wait);
        assert!(a.retryable && matches!(a.error, LlmError::RateLimited(Some(2000))));
        let a = Attempt::from_status(401, "HTTP 401: bad key".into(), None);
        assert!(!a.retryable && matches!(a.error, LlmError::Auth(_)));
        let a = Attempt::from_status(404, "HTTP 404".into(), None);
        assert!(!a.retryable && matches!(a.error, LlmError::BadRequest(_)));
    }
}
