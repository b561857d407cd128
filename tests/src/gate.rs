//! A door on loopback in front of a test server: every connection is
//! forwarded to it, and the door can be shut (connections refused, those
//! open cut) and opened again on the same port, the server behind it
//! untouched: a store that goes away and comes back, whatever the cloud.

use std::io::{Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

pub struct Gate {
    addr: SocketAddr,
    target: SocketAddr,
    open: Option<(Arc<AtomicBool>, JoinHandle<()>)>,
    /// Both ends of each forwarded connection, to cut them when shut.
    live: Arc<Mutex<Vec<TcpStream>>>,
}

impl Gate {
    /// A door to `target` (`host:port`), open.
    pub fn start(target: &str) -> Self {
        let target = target.parse().expect("a loopback address");
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        let mut gate = Self {
            addr,
            target,
            open: None,
            live: Arc::default(),
        };
        gate.serve(listener);
        gate
    }

    /// `http://127.0.0.1:<port>`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    fn serve(&mut self, listener: TcpListener) {
        listener.set_nonblocking(true).unwrap();
        let stop = Arc::new(AtomicBool::new(false));
        let (stopped, target, live) = (stop.clone(), self.target, self.live.clone());
        let accepting = std::thread::spawn(move || {
            while !stopped.load(Ordering::Relaxed) {
                match listener.accept() {
                    Ok((client, _)) => forward(client, target, &live),
                    Err(_) => std::thread::sleep(Duration::from_millis(2)),
                }
            }
        });
        self.open = Some((stop, accepting));
    }

    /// Shut: new connections are refused, open ones cut.
    pub fn shut(&mut self) {
        if let Some((stop, accepting)) = self.open.take() {
            stop.store(true, Ordering::Relaxed);
            let _ = accepting.join();
        }
        for conn in self.live.lock().unwrap().drain(..) {
            let _ = conn.shutdown(Shutdown::Both);
        }
    }

    /// Open again, on the same port.
    pub fn reopen(&mut self) {
        if self.open.is_none() {
            let listener = TcpListener::bind(self.addr).expect("the gate's port, again");
            self.serve(listener);
        }
    }
}

fn forward(client: TcpStream, target: SocketAddr, live: &Arc<Mutex<Vec<TcpStream>>>) {
    let _ = client.set_nonblocking(false);
    let Ok(server) = TcpStream::connect(target) else {
        let _ = client.shutdown(Shutdown::Both);
        return;
    };
    let _ = (client.set_nodelay(true), server.set_nodelay(true));
    let mut kept = live.lock().unwrap();
    kept.retain(|c| c.peer_addr().is_ok());
    for end in [&client, &server] {
        if let Ok(end) = end.try_clone() {
            kept.push(end);
        }
    }
    drop(kept);
    for (from, to) in [(&client, &server), (&server, &client)] {
        let (Ok(mut from), Ok(mut to)) = (from.try_clone(), to.try_clone()) else {
            return;
        };
        std::thread::spawn(move || {
            let mut buf = vec![0; 64 << 10];
            while let Ok(n) = from.read(&mut buf) {
                if n == 0 || to.write_all(&buf[..n]).is_err() {
                    break;
                }
            }
            let _ = to.shutdown(Shutdown::Write);
        });
    }
}

impl Drop for Gate {
    fn drop(&mut self) {
        self.shut();
    }
}
