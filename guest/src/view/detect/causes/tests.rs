//! The root and the project's frame of each known shape of cause chain.

use super::*;

/// (root line, frame line) of each chain in `text`.
fn roots(text: &str) -> Vec<(u64, Option<u64>)> {
    let mut t = CauseTracker::default();
    for (i, line) in text.lines().enumerate() {
        t.push(i as u64 + 1, line);
    }
    t.causes()
        .iter()
        .map(|c| (c.root.line, c.frame.as_ref().map(|f| f.line)))
        .collect()
}

#[test]
fn java_root_is_the_last_caused_by_and_the_frame_the_projects() {
    let trace = "10:00 ERROR request failed
org.springframework.dao.DataIntegrityViolationException: could not execute
\tat org.springframework.jdbc.core.JdbcTemplate.update(JdbcTemplate.java:1005)
\tat com.acme.billing.CustomerService.register(CustomerService.java:64)
Caused by: org.hibernate.exception.ConstraintViolationException: could not execute
\tat org.hibernate.Foo.bar(Foo.java:1)
\t... 40 common frames omitted
Caused by: org.postgresql.util.PSQLException: ERROR: duplicate key
  Detail: Key (email)=(a@b) already exists.
\tat org.postgresql.core.v3.QueryExecutorImpl.receiveErrorResponse(QueryExecutorImpl.java:2713)
\tat com.zaxxer.hikari.pool.HikariProxyPreparedStatement.executeUpdate(HikariProxyPreparedStatement.java)
\tat com.acme.billing.CustomerDao.insert(CustomerDao.java:88)
\t... 44 common frames omitted
10:01 INFO next request";
    assert_eq!(roots(trace), [(8, Some(12))]);
}

#[test]
fn python_root_is_the_first_traceback_of_a_chain() {
    let trace = r#"ERROR task crashed
Traceback (most recent call last):
  File "/srv/app/gateway.py", line 73, in charge
    resp = post(url)
  File "/usr/lib/python3.12/site-packages/urllib3/connection.py", line 198, in _new_conn
    sock.connect(sa)
ConnectionRefusedError: [Errno 111] Connection refused

The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "/srv/app/tasks.py", line 41, in charge_invoice
    gateway.charge(invoice)
app.errors.PaymentGatewayError: charge failed
INFO next task"#;
    assert_eq!(roots(trace), [(7, Some(3))]);
}

#[test]
fn go_root_is_the_panic_and_the_frame_the_first_outside_the_runtime() {
    let dump = "level=INFO msg=ok
panic: assignment to entry in nil map

goroutine 187 [running]:
runtime.mapassign_faststr(0x9a3e40, 0xc0004f6150)
\t/usr/local/go/src/runtime/map_faststr.go:223 +0x3c5
github.com/acme/inventory/internal/cache.(*Store).Put(0xc0001a2000)
\t/src/internal/cache/store.go:118 +0x1e5
net/http.HandlerFunc.ServeHTTP(0xc000231d00?)
\t/usr/local/go/src/net/http/server.go:2171 +0x29
level=INFO msg=restarted";
    assert_eq!(roots(dump), [(2, Some(7))]);
}

#[test]
fn rust_root_is_the_last_item_of_the_list() {
    let err = "Error: failed to roll out\n\nCaused by:\n    0: could not upload\n    1: writing the cache\n    2: Permission denied (os error 13)\nINFO continuing";
    assert_eq!(roots(err), [(6, None)]);
}

#[test]
fn dotnet_root_is_the_innermost_inner_exception() {
    let trace = "fail: Middleware[1]
      System.InvalidOperationException: transient failure
       ---> Npgsql.NpgsqlException (0x80004005): Failed to connect
       ---> System.Net.Sockets.SocketException (111): Connection refused
         at System.Net.Sockets.Socket.ThrowException(SocketError error)
         --- End of inner exception stack trace ---
         at Acme.Orders.Data.OrderRepository.GetAsync(Guid id) in /src/OrderRepository.cs:line 44
info: next";
    assert_eq!(roots(trace), [(4, Some(7))]);
}

#[test]
fn a_lone_exception_without_a_project_frame_is_no_chain() {
    let trace = "java.io.IOException: Broken pipe\n\tat java.base/sun.nio.ch.IOUtil.write(IOUtil.java:62)\nINFO next";
    assert_eq!(roots(trace), []);
    assert_eq!(roots("KeyError: 'x'\nmore text\n"), []);
}

#[test]
fn chains_kept_are_bounded() {
    let one = "java.lang.IllegalStateException: x\n\tat com.acme.A.b(A.java:1)\nnext\n";
    let many = one.repeat(50);
    let found = roots(&many);
    assert_eq!(found.len(), FIRST_CHAINS + LAST_CHAINS);
    assert_eq!(found[0], (1, Some(2)));
    assert_eq!(found.last(), Some(&(148, Some(149))));
}
