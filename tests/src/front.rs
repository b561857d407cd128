//! A front on loopback in front of a test store server that misbehaves as
//! a hostile or slow store does, whatever the cloud: it lies about the
//! length of a body (announces a `Content-Length`, then streams a chunked
//! body far longer), or sends every response slowly. One request per
//! connection (it answers `Connection: close`), forwarded to the server
//! behind it, so only the response needs rewriting. For readers only: a
//! request's own body is forwarded as it came, and the response to it as
//! well.

use std::io::{Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How the front misbehaves.
#[derive(Clone, Copy, Debug)]
pub enum Misbehaviour {
    /// Every GET of an object whose name ends in `.meta.json` keeps its
    /// headers (its `Content-Length` too) and gets a chunked body of this
    /// many bytes instead of its own.
    LongSidecar(u64),
    /// The same for every listing (`list-type=2`, `comp=list`).
    LongListing(u64),
    /// Every response is sent at this many bytes per second, per
    /// connection.
    Slow(u64),
    /// Every GET of an object whose name ends in this keeps its headers
    /// (size, entity tag) and its length, but its letters are upper case:
    /// other bytes than were stored.
    OtherBytes(&'static str),
}

pub struct Front {
    addr: SocketAddr,
    stop: Arc<AtomicBool>,
}

impl Front {
    /// A front to `target` (`http://host:port` or `host:port`).
    pub fn start(target: &str, how: Misbehaviour) -> Self {
        let target: SocketAddr = target
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .parse()
            .expect("a loopback address");
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        listener.set_nonblocking(true).unwrap();
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = stop.clone();
        std::thread::spawn(move || {
            while !stopped.load(Ordering::Relaxed) {
                match listener.accept() {
                    Ok((client, _)) => {
                        std::thread::spawn(move || {
                            let _ = serve(client, target, how);
                        });
                    }
                    Err(_) => std::thread::sleep(Duration::from_millis(2)),
                }
            }
        });
        Self { addr, stop }
    }

    /// `http://127.0.0.1:<port>`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }
}

impl Drop for Front {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// Reads up to the end of an HTTP head (`\r\n\r\n`); what came after it
/// in the same reads is returned too.
fn read_head(conn: &mut TcpStream) -> std::io::Result<(Vec<u8>, Vec<u8>)> {
    let mut got = Vec::new();
    let mut buf = [0u8; 8192];
    loop {
        if let Some(end) = got.windows(4).position(|w| w == b"\r\n\r\n") {
            let rest = got.split_off(end + 4);
            return Ok((got, rest));
        }
        if got.len() > 1 << 20 {
            return Err(std::io::Error::other("head too long"));
        }
        let n = conn.read(&mut buf)?;
        if n == 0 {
            return Err(std::io::Error::other("closed before the head ended"));
        }
        got.extend_from_slice(&buf[..n]);
    }
}

/// The head with its `Connection` header replaced by `Connection: close`
/// (and, if `chunked`, `Transfer-Encoding: chunked` added).
fn rewrite(head: &[u8], chunked: bool) -> Vec<u8> {
    let text = String::from_utf8_lossy(head);
    let mut lines: Vec<&str> = text
        .trim_end_matches("\r\n")
        .split("\r\n")
        .filter(|l| {
            let l = l.to_ascii_lowercase();
            let replaced =
                l.starts_with("connection:") || (chunked && l.starts_with("transfer-encoding:"));
            !replaced
        })
        .collect();
    lines.push("Connection: close");
    if chunked {
        lines.push("Transfer-Encoding: chunked");
    }
    format!("{}\r\n\r\n", lines.join("\r\n")).into_bytes()
}

fn serve(mut client: TcpStream, target: SocketAddr, how: Misbehaviour) -> std::io::Result<()> {
    client.set_nonblocking(false)?;
    let (head, body_start) = read_head(&mut client)?;
    let request = String::from_utf8_lossy(&head).into_owned();
    let first = request.lines().next().unwrap_or_default().to_string();
    let mut words = first.split_whitespace();
    let (method, target_path) = (
        words.next().unwrap_or_default(),
        words.next().unwrap_or_default(),
    );
    // GCS's client escapes every dot and slash of the key.
    let path = percent_decoded(target_path.split('?').next().unwrap_or_default());
    let query = target_path.split_once('?').map_or("", |(_, q)| q);
    let request_len: usize = request
        .lines()
        .find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.eq_ignore_ascii_case("content-length")
                .then(|| v.trim().parse().ok())?
        })
        .unwrap_or(0);
    let mut server = TcpStream::connect(target)?;
    server.write_all(&rewrite(&head, false))?;
    server.write_all(&body_start)?;
    let mut left = request_len.saturating_sub(body_start.len());
    let mut buf = vec![0u8; 64 << 10];
    while left > 0 {
        let n = client.read(&mut buf[..left.min(64 << 10)])?;
        if n == 0 {
            break;
        }
        server.write_all(&buf[..n])?;
        left -= n;
    }
    let (response, rest) = read_head(&mut server)?;
    let ok = String::from_utf8_lossy(&response)
        .split_whitespace()
        .nth(1)
        .is_some_and(|status| status.starts_with('2'));
    let is_listing = query.contains("list-type=2") || query.contains("comp=list");
    let lie = match how {
        Misbehaviour::LongSidecar(len) if method == "GET" && ok && path.ends_with(".meta.json") => {
            Some(len)
        }
        Misbehaviour::LongListing(len) if method == "GET" && ok && is_listing => Some(len),
        _ => None,
    };
    if let Some(len) = lie {
        drop(server);
        client.write_all(&rewrite(&response, true))?;
        let piece = vec![b'x'; 1 << 20];
        let mut sent = 0u64;
        while sent < len {
            let n = (len - sent).min(piece.len() as u64) as usize;
            client.write_all(format!("{n:x}\r\n").as_bytes())?;
            client.write_all(&piece[..n])?;
            client.write_all(b"\r\n")?;
            sent += n as u64;
        }
        client.write_all(b"0\r\n\r\n")?;
        let _ = client.shutdown(Shutdown::Write);
        return Ok(());
    }
    let rate = match how {
        Misbehaviour::Slow(rate) => Some(rate.max(1)),
        _ => None,
    };
    // Upper case keeps a chunked body's framing (hex sizes stay hex).
    let alter = matches!(how, Misbehaviour::OtherBytes(suffix)
        if method == "GET" && ok && path.ends_with(suffix));
    let started = Instant::now();
    let mut sent = 0u64;
    let mut send = |client: &mut TcpStream, bytes: &[u8]| -> std::io::Result<()> {
        // Pieces of at most 16 KiB, each sent when the rate allows.
        for piece in bytes.chunks(16 << 10) {
            if let Some(rate) = rate {
                let due = Duration::from_secs_f64(sent as f64 / rate as f64);
                if let Some(wait) = due.checked_sub(started.elapsed()) {
                    std::thread::sleep(wait);
                }
            }
            client.write_all(piece)?;
            sent += piece.len() as u64;
        }
        Ok(())
    };
    let altered = |bytes: &[u8]| -> Vec<u8> {
        if alter {
            bytes.to_ascii_uppercase()
        } else {
            bytes.to_vec()
        }
    };
    send(&mut client, &rewrite(&response, false))?;
    send(&mut client, &altered(&rest))?;
    loop {
        let n = server.read(&mut buf)?;
        if n == 0 {
            break;
        }
        send(&mut client, &altered(&buf[..n]))?;
    }
    let _ = client.shutdown(Shutdown::Write);
    Ok(())
}

/// `%XX` escapes replaced by their bytes.
fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}
