//! A THIRTEENTH HELD-OUT SET of issue 30, written by someone who had not
//! read the answer code and never run against it while being written:
//! eight outputs of tools no other set uses, each with a question in a
//! user's words and the answer its generator planted. Written before any
//! change and measured unread at 4e873c7 and deb92b2; its misses were
//! read at stop 48 and their classes fixed (no longer held out).
//!
//! One fact: `spark-submit` of a nightly Spark job on YARN, the driver's
//! log (the step that killed the job and its error, among executors
//! preempted or killed by YARN for memory whose tasks ran again, a write
//! that "failed" to fetch its shuffle and was resubmitted, a slow task
//! beaten by a speculative copy, and the driver's own warnings about
//! `"n/a"` amounts and `"N/A"` currencies), Exchange Online's
//! `Search-UnifiedAuditLog | Export-Csv` over a week (whose mailbox got a
//! rule sending mail outside the company, and to where, among rules that
//! file mail into folders, a holiday forward to a colleague, an admin
//! forwarding a leaver's mailbox inside the company, "WG:" subjects and a
//! transport rule for external mail), Jaeger's traces API of an hour of
//! checkouts (the service the failing checkouts start in and its error,
//! among the error tags every span above it carries, a payment provider's
//! 503 retried green, a slow lock wait that succeeds and cache misses),
//! `Get-WinEvent … | ConvertTo-Json` of a domain controller's Security log
//! overnight (the new account made a domain admin, and who did it, among
//! new staff accounts put in other groups, a workstation admins' group, a
//! leaver's admin removed from Domain Admins, and the same admin's usual
//! evening logons).
//! Every item: `helm template` of a shop's umbrella chart (the containers
//! with no memory limit, among many with no CPU limit, sidecars and init
//! containers with limits, a quota, autoscalers and a cache config that
//! speak of memory), ZAP's full-scan XML report (the pages with a
//! high-risk finding, among hundreds of medium findings rated
//! "Medium (High)", low and informational ones, and persistent XSS
//! "Prime"/"Spider" notes), `testssl.sh --jsonfile` over sixteen hosts
//! (the hosts still accepting TLS 1.0, among hosts offering TLS 1.1 only,
//! BEAST findings that name TLS1 on every host and old clients that cannot
//! connect), `pulumi preview --json` (the resources it will replace, among
//! updates that follow a replacement, forced deployments, creations and
//! deletions).
//!
//! Every expected jq result was checked with the real jq.

use std::collections::{BTreeSet, VecDeque};

use serde_json::{Value, json};

use super::super::heldout::{DAY, civil, clock, datetime, h, hex, letters, range, uuid};
use super::{Case, jq_string, named_elsewhere, pick, pretty};

pub(super) fn cases() -> Vec<Case> {
    vec![
        spark_failed_stage(),
        o365_forwarding_rule(),
        jaeger_failing_call(),
        winevent_new_domain_admin(),
        helm_no_memory_limit(),
        zap_high_risk_pages(),
        testssl_tls10_hosts(),
        pulumi_replacements(),
    ]
}

/// A Spark executor of the Spark case: its id, host, address and block
/// manager's port, and whether it still runs.
struct Exec {
    id: u64,
    host: String,
    ip: String,
    port: u64,
    alive: bool,
}

/// The driver's log as `spark-submit` prints it on stderr (log4j2,
/// `%d{yy/MM/dd HH:mm:ss} %p %c{1}: %m%n%ex`).
struct SparkLog {
    out: String,
    /// Milliseconds after midnight of 27 Nov.
    ms: u64,
    /// Events so far, for the hash of the time steps.
    n: usize,
}

impl SparkLog {
    fn at(&mut self, dt: u64, level: &str, class: &str, msg: &str) {
        self.ms += dt;
        self.n += 1;
        self.out.push_str(&format!(
            "26/11/27 {} {level} {class}: {msg}\n",
            clock(self.ms / 1000)
        ));
    }

    /// A step of a few milliseconds, fixed by the hash of the events so far.
    fn tick(&self, max: u64) -> u64 {
        h(self.n, 4001) % max.max(1)
    }
}

/// One stage attempt of the Spark case.
struct SparkStage<'a> {
    id: u64,
    attempt: u64,
    kind: &'a str,
    /// `map at EnrichOrders.scala:88`.
    name: &'a str,
    /// `MapPartitionsRDD[88] at map at EnrichOrders.scala:88`.
    rdd: String,
    parts: Vec<usize>,
    locality: &'a [&'a str],
    bytes: u64,
    /// The range of a task's duration, in ms.
    took: (u64, u64),
}

/// What happens in a stage besides its tasks finishing.
enum Twist {
    Plain,
    /// After `after` tasks, executor `exec` (an index) dies for `reason`;
    /// its tasks are run again elsewhere (`related`: the tasks caused it).
    Lost {
        after: usize,
        exec: usize,
        reason: String,
        related: bool,
    },
    /// Task `task` is slow; a speculative copy wins.
    Speculative {
        task: usize,
    },
    /// After `after` tasks, one cannot fetch its shuffle input from
    /// `host` (the parent stage `parent`): the stage is resubmitted.
    FetchFailed {
        after: usize,
        host: String,
        exec_id: u64,
        parent: String,
    },
    /// Task `task` fails on every attempt, each after the tasks finished
    /// reach `when[attempt]`; the job is aborted.
    Fatal {
        task: usize,
        when: [usize; 4],
    },
}

/// How a stage attempt ended.
enum StageEnd {
    Done,
    /// Resubmitted after a fetch failure: the partitions still missing.
    Resubmit(Vec<usize>),
    /// Aborted: the TID of the last attempt, its executor's index, and the
    /// tasks still running (partition, attempt, TID, executor index).
    Aborted(u64, usize, Vec<(usize, u64, u64, usize)>),
}

const SPARK_DRIVER: &str = "ip-10-20-1-5.eu-central-1.compute.internal";

/// The planted error of the Spark case, as a task reports it.
const SPARK_NFE: &str = "java.lang.NumberFormatException: For input string: \"N/A\"";

/// The executor's frames under the planted error.
fn spark_nfe_frames() -> String {
    [
        "java.base/java.lang.NumberFormatException.forInputString(NumberFormatException.java:67)",
        "java.base/java.lang.Long.parseLong(Long.java:711)",
        "java.base/java.lang.Long.parseLong(Long.java:836)",
        "scala.collection.StringOps$.toLong$extension(StringOps.scala:928)",
        "com.nordwind.etl.model.Money$.parseCents(Money.scala:31)",
        "com.nordwind.etl.EnrichOrders$.$anonfun$enrich$3(EnrichOrders.scala:88)",
        "scala.collection.Iterator$$anon$9.next(Iterator.scala:584)",
        "org.apache.spark.sql.catalyst.expressions.GeneratedClass$GeneratedIteratorForCodegenStage4.processNext(Unknown Source)",
        "org.apache.spark.sql.execution.BufferedRowIterator.hasNext(BufferedRowIterator.java:43)",
        "org.apache.spark.sql.execution.WholeStageCodegenEvaluatorFactory$WholeStageCodegenPartitionEvaluator$$anon$1.hasNext(WholeStageCodegenEvaluatorFactory.scala:43)",
        "scala.collection.Iterator$$anon$10.hasNext(Iterator.scala:460)",
        "org.apache.spark.shuffle.sort.UnsafeShuffleWriter.write(UnsafeShuffleWriter.java:179)",
        "org.apache.spark.shuffle.ShuffleWriteProcessor.write(ShuffleWriteProcessor.scala:59)",
        "org.apache.spark.scheduler.ShuffleMapTask.runTask(ShuffleMapTask.scala:104)",
        "org.apache.spark.scheduler.ShuffleMapTask.runTask(ShuffleMapTask.scala:54)",
        "org.apache.spark.TaskContext.runTaskWithListeners(TaskContext.scala:161)",
        "org.apache.spark.scheduler.Task.run(Task.scala:141)",
        "org.apache.spark.executor.Executor$TaskRunner.$anonfun$run$4(Executor.scala:620)",
        "org.apache.spark.util.SparkErrorUtils.tryWithSafeFinally(SparkErrorUtils.scala:64)",
        "org.apache.spark.util.SparkErrorUtils.tryWithSafeFinally$(SparkErrorUtils.scala:61)",
        "org.apache.spark.util.Utils$.tryWithSafeFinally(Utils.scala:94)",
        "org.apache.spark.executor.Executor$TaskRunner.run(Executor.scala:623)",
        "java.base/java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1136)",
        "java.base/java.util.concurrent.ThreadPoolExecutor$Worker.run(ThreadPoolExecutor.java:635)",
        "java.base/java.lang.Thread.run(Thread.java:840)",
    ]
    .iter()
    .map(|f| format!("\n\tat {f}"))
    .collect()
}

/// Runs one stage attempt: its submission, every task started and
/// finished on the live executors (four slots each), and its twist.
fn spark_stage(
    log: &mut SparkLog,
    s: &SparkStage,
    execs: &mut Vec<Exec>,
    tid: &mut u64,
    broadcast: &mut u64,
    twist: &Twist,
) -> StageEnd {
    let n = s.parts.len();
    let label = format!("{}.{}", s.id, s.attempt);
    log.at(
        3,
        "INFO",
        "DAGScheduler",
        &format!(
            "Submitting {} {} ({}), which has no missing parents",
            s.kind, s.id, s.rdd
        ),
    );
    let b = *broadcast;
    *broadcast += 1;
    let kib = 20 + h(b as usize, 4002) % 60;
    log.at(
        2,
        "INFO",
        "MemoryStore",
        &format!(
            "Block broadcast_{b} stored as values in memory (estimated size {kib}.{} KiB, free 2.1 GiB)",
            h(b as usize, 4003) % 10
        ),
    );
    let piece = 8 + h(b as usize, 4004) % 14;
    log.at(
        1,
        "INFO",
        "MemoryStore",
        &format!(
            "Block broadcast_{b}_piece0 stored as bytes in memory (estimated size {piece}.{} KiB, free 2.1 GiB)",
            h(b as usize, 4005) % 10
        ),
    );
    log.at(
        0,
        "INFO",
        "BlockManagerInfo",
        &format!(
            "Added broadcast_{b}_piece0 in memory on {SPARK_DRIVER}:36519 (size: {piece}.{} KiB, free: 2.2 GiB)",
            h(b as usize, 4005) % 10
        ),
    );
    log.at(
        1,
        "INFO",
        "SparkContext",
        &format!("Created broadcast {b} from broadcast at DAGScheduler.scala:1585"),
    );
    let first: Vec<String> = s.parts.iter().take(15).map(|p| p.to_string()).collect();
    log.at(
        2,
        "INFO",
        "DAGScheduler",
        &format!(
            "Submitting {n} missing tasks from {} {} ({}) (first 15 tasks are for partitions Vector({}))",
            s.kind,
            s.id,
            s.rdd,
            first.join(", ")
        ),
    );
    log.at(
        1,
        "INFO",
        "YarnScheduler",
        &format!("Adding task set {label} with {n} tasks resource profile 0"),
    );
    let start = log.ms;
    let mut queue: VecDeque<(usize, u64)> = s.parts.iter().map(|&p| (p, 0)).collect();
    // (partition, attempt, TID, executor index, started at)
    let mut running: Vec<(usize, u64, u64, usize, u64)> = Vec::new();
    let mut done = 0usize;
    let mut step = 0usize;
    let mut seen_broadcast: BTreeSet<usize> = BTreeSet::new();
    let mut speculated = false;
    let mut nfe_seen = false;
    loop {
        let slots = execs.iter().filter(|e| e.alive).count() * 4;
        while running.len() < slots
            && let Some((p, a)) = queue.pop_front()
        {
            let alive: Vec<usize> = (0..execs.len()).filter(|&k| execs[k].alive).collect();
            let e = alive[(h(*tid as usize, 4006) % alive.len() as u64) as usize];
            let loc = pick(s.locality, *tid as usize, 4007);
            let bytes = s.bytes + h(*tid as usize, 4008) % 900;
            let dt = log.tick(40);
            log.at(
                dt,
                "INFO",
                "TaskSetManager",
                &format!(
                    "Starting task {p}.{a} in stage {label} (TID {}) ({}, executor {}, partition {p}, {loc}, {bytes} bytes) ",
                    *tid, execs[e].host, execs[e].id
                ),
            );
            if seen_broadcast.insert(e) {
                log.at(
                    dt / 3,
                    "INFO",
                    "BlockManagerInfo",
                    &format!(
                        "Added broadcast_{b}_piece0 in memory on {}:{} (size: {piece}.{} KiB, free: 4.{} GiB)",
                        execs[e].host,
                        execs[e].port,
                        h(b as usize, 4005) % 10,
                        h(e, 4009) % 10
                    ),
                );
            }
            running.push((p, a, *tid, e, log.ms));
            *tid += 1;
        }
        if running.is_empty() {
            break;
        }
        step += 1;
        let mut k = (h(step * 31 + s.id as usize, 4010) % running.len() as u64) as usize;
        // The failing task fails only when its time comes (or when it is
        // the last one running).
        let held = |r: &(usize, u64, u64, usize, u64), done: usize| match twist {
            Twist::Fatal { task, when } => r.0 == *task && done < when[r.1 as usize],
            _ => false,
        };
        if held(&running[k], done)
            && let Some(j) = running.iter().position(|r| !held(r, done))
        {
            k = j;
        }
        let (p, a, id, e, began) = running.swap_remove(k);
        let host = execs[e].host.clone();
        let eid = execs[e].id;
        let dt = log.tick(60);
        if let Twist::Fatal { task, .. } = twist
            && p == *task
        {
            if !nfe_seen {
                nfe_seen = true;
                log.at(
                    dt,
                    "WARN",
                    "TaskSetManager",
                    &format!(
                        "Lost task {p}.{a} in stage {label} (TID {id}) ({host} executor {eid}): {SPARK_NFE}{}\n",
                        spark_nfe_frames()
                    ),
                );
            } else {
                log.at(
                    dt,
                    "INFO",
                    "TaskSetManager",
                    &format!(
                        "Lost task {p}.{a} in stage {label} (TID {id}) on {host}, executor {eid}: java.lang.NumberFormatException (For input string: \"N/A\") [duplicate {a}]"
                    ),
                );
            }
            if a == 3 {
                // The rest of the stage is cancelled.
                let still = running.iter().map(|r| (r.0, r.1, r.2, r.3)).collect();
                return StageEnd::Aborted(id, e, still);
            }
            queue.push_front((p, a + 1));
            continue;
        }
        if let Twist::Speculative { task } = twist
            && p == *task
            && a == 0
        {
            // The original attempt: never finishes by itself.
            running.push((p, a, id, e, began));
            if !speculated && done * 4 >= n * 3 {
                speculated = true;
                log.at(
                    dt,
                    "INFO",
                    "TaskSetManager",
                    &format!(
                        "Marking task {p} in stage {label} (on {host}) as speculatable because it ran more than {} ms",
                        (log.ms - began) / 2
                    ),
                );
                let alive: Vec<usize> = (0..execs.len())
                    .filter(|&x| execs[x].alive && x != e)
                    .collect();
                let e2 = alive[(h(*tid as usize, 4011) % alive.len() as u64) as usize];
                log.at(
                    4,
                    "INFO",
                    "TaskSetManager",
                    &format!(
                        "Starting task {p}.1 in stage {label} (TID {}) ({}, executor {}, partition {p}, PROCESS_LOCAL, {} bytes) ",
                        *tid, execs[e2].host, execs[e2].id, s.bytes + 77
                    ),
                );
                running.push((p, 1, *tid, e2, log.ms));
                *tid += 1;
            }
            continue;
        }
        done += 1;
        let took = (range(id as usize, 4012, s.took.0, s.took.1)).max(log.ms - began);
        log.at(
            dt,
            "INFO",
            "TaskSetManager",
            &format!(
                "Finished task {p}.{a} in stage {label} (TID {id}) in {took} ms on {host} (executor {eid}) ({done}/{n})"
            ),
        );
        if let Twist::Speculative { task } = twist
            && p == *task
        {
            let orig = running.iter().position(|r| r.0 == p).unwrap();
            let (_, _, oid, oe, _) = running.swap_remove(orig);
            let ohost = execs[oe].host.clone();
            log.at(
                1,
                "INFO",
                "TaskSetManager",
                &format!(
                    "Killing attempt 0 for task {p}.0 in stage {label} (TID {oid}) on {ohost} as the attempt 1 succeeded on {host}"
                ),
            );
            log.at(
                140,
                "WARN",
                "TaskSetManager",
                &format!(
                    "Lost task {p}.0 in stage {label} (TID {oid}) ({ohost} executor {}): TaskKilled (another attempt succeeded)",
                    execs[oe].id
                ),
            );
            log.at(
                0,
                "INFO",
                "TaskSetManager",
                &format!(
                    "Task {p}.0 in stage {label} (TID {oid}) failed, but the task will not be re-executed (either because the task failed with a shuffle data fetch failure, so the previous stage needs to be re-run, or because a different copy of the task has already succeeded)."
                ),
            );
        }
        if let Twist::Lost {
            after,
            exec,
            reason,
            related,
        } = twist
            && done == *after
        {
            let x = *exec;
            let xhost = execs[x].host.clone();
            let xid = execs[x].id;
            log.at(
                700,
                "WARN",
                "YarnSchedulerBackend$YarnSchedulerEndpoint",
                &format!("Requesting driver to remove executor {xid} for reason {reason}"),
            );
            log.at(
                1,
                "ERROR",
                "YarnScheduler",
                &format!("Lost executor {xid} on {xhost}: {reason}"),
            );
            let why = if *related {
                "exited caused by one of the running tasks"
            } else {
                "exited unrelated to the running tasks"
            };
            let mut lost: Vec<(usize, u64, u64, usize, u64)> = Vec::new();
            running.retain(|r| {
                if r.3 == x {
                    lost.push(*r);
                    false
                } else {
                    true
                }
            });
            for (lp, la, lid, _, _) in &lost {
                log.at(
                    0,
                    "WARN",
                    "TaskSetManager",
                    &format!(
                        "Lost task {lp}.{la} in stage {label} (TID {lid}) ({xhost} executor {xid}): ExecutorLostFailure (executor {xid} {why}) Reason: {reason}"
                    ),
                );
                queue.push_front((*lp, la + 1));
            }
            log.at(
                1,
                "INFO",
                "DAGScheduler",
                &format!("Executor lost: {xid} (epoch {})", 2 + s.id / 3),
            );
            log.at(
                0,
                "INFO",
                "BlockManagerMasterEndpoint",
                &format!("Trying to remove executor {xid} from BlockManagerMaster."),
            );
            log.at(
                0,
                "INFO",
                "BlockManagerMasterEndpoint",
                &format!(
                    "Removing block manager BlockManagerId({xid}, {xhost}, {}, None)",
                    execs[x].port
                ),
            );
            log.at(
                0,
                "INFO",
                "BlockManagerMaster",
                &format!("Removed {xid} successfully in removeExecutor"),
            );
            execs[x].alive = false;
            // A new container replaces it.
            let new_id = execs.iter().map(|e| e.id).max().unwrap() + 1;
            let ip = format!(
                "10.20.{}.{}",
                6 + h(new_id as usize, 4013) % 3,
                10 + h(new_id as usize, 4014) % 200
            );
            let host = format!("ip-{}.eu-central-1.compute.internal", ip.replace('.', "-"));
            let port = 30_000 + h(new_id as usize, 4015) % 30_000;
            log.at(
                9_000,
                "INFO",
                "YarnSchedulerBackend$YarnDriverEndpoint",
                &format!(
                    "Registered executor NettyRpcEndpointRef(spark-client://Executor) ({ip}:{}) with ID {new_id},  ResourceProfileId 0",
                    40_000 + h(new_id as usize, 4016) % 20_000
                ),
            );
            log.at(
                40,
                "INFO",
                "BlockManagerMasterEndpoint",
                &format!(
                    "Registering block manager {host}:{port} with 4.3 GiB RAM, BlockManagerId({new_id}, {host}, {port}, None)"
                ),
            );
            execs.push(Exec {
                id: new_id,
                host,
                ip,
                port,
                alive: true,
            });
        }
        if let Twist::FetchFailed {
            after,
            host: from,
            exec_id,
            parent,
        } = twist
            && done == *after
            && !running.is_empty()
        {
            let (fp, fa, fid, fe, _) = running.swap_remove(0);
            let fhost = execs[fe].host.clone();
            let ip = from
                .trim_start_matches("ip-")
                .trim_end_matches(".eu-central-1.compute.internal")
                .replace('-', ".");
            log.at(
                2_100,
                "WARN",
                "TaskSetManager",
                &format!(
                    "Lost task {fp}.{fa} in stage {label} (TID {fid}) ({fhost} executor {}): FetchFailed(BlockManagerId({exec_id}, {from}, 7337, None), shuffleId=3, mapIndex={}, mapId={}, reduceId={fp}, message=\norg.apache.spark.shuffle.FetchFailedException: Failed to connect to {from}/{ip}:7337\n\tat org.apache.spark.errors.SparkCoreErrors$.fetchFailedError(SparkCoreErrors.scala:437)\n\tat org.apache.spark.storage.ShuffleBlockFetcherIterator.throwFetchFailedException(ShuffleBlockFetcherIterator.scala:1239)\n\tat org.apache.spark.storage.ShuffleBlockFetcherIterator.next(ShuffleBlockFetcherIterator.scala:971)\n\tat org.apache.spark.storage.ShuffleBlockFetcherIterator.next(ShuffleBlockFetcherIterator.scala:86)\n\tat org.apache.spark.util.CompletionIterator.next(CompletionIterator.scala:29)\n\tat scala.collection.Iterator$$anon$10.nextCur(Iterator.scala:594)\n\tat scala.collection.Iterator$$anon$10.hasNext(Iterator.scala:608)\n\tat org.apache.spark.sql.execution.datasources.FileFormatWriter$.executeTask(FileFormatWriter.scala:389)\n\tat org.apache.spark.scheduler.ResultTask.runTask(ResultTask.scala:93)\n\tat org.apache.spark.scheduler.Task.run(Task.scala:141)\n\tat org.apache.spark.executor.Executor$TaskRunner.run(Executor.scala:623)\n\tat java.base/java.lang.Thread.run(Thread.java:840)\nCaused by: java.io.IOException: Failed to connect to {from}/{ip}:7337\n\tat org.apache.spark.network.client.TransportClientFactory.createClient(TransportClientFactory.java:294)\n\tat org.apache.spark.network.client.TransportClientFactory.createClient(TransportClientFactory.java:214)\n\tat org.apache.spark.network.shuffle.ExternalBlockStoreClient.lambda$fetchBlocks$0(ExternalBlockStoreClient.java:132)\n\tat org.apache.spark.network.shuffle.RetryingBlockTransferor.transferAllOutstanding(RetryingBlockTransferor.java:173)\n\t... 3 more\nCaused by: io.netty.channel.AbstractChannel$AnnotatedConnectException: Connection refused: {from}/{ip}:7337\nCaused by: java.net.ConnectException: Connection refused\n\tat java.base/sun.nio.ch.Net.pollConnect(Native Method)\n\tat java.base/sun.nio.ch.Net.pollConnectNow(Net.java:672)\n\tat java.base/sun.nio.ch.SocketChannelImpl.finishConnect(SocketChannelImpl.java:946)\n\tat io.netty.channel.socket.nio.NioSocketChannel.doFinishConnect(NioSocketChannel.java:337)\n\t... 1 more\n\n)",
                    execs[fe].id,
                    h(fid as usize, 4018) % 180,
                    1_800 + h(fid as usize, 4019) % 400
                ),
            );
            log.at(
                0,
                "INFO",
                "TaskSetManager",
                &format!(
                    "task {fp}.{fa} in stage {label} (TID {fid}) failed, but the task will not be re-executed (either because the task failed with a shuffle data fetch failure, so the previous stage needs to be re-run, or because a different copy of the task has already succeeded)."
                ),
            );
            log.at(
                1,
                "INFO",
                "DAGScheduler",
                &format!(
                    "Marking {} {} ({}) as failed due to a fetch failure from {parent}",
                    s.kind, s.id, s.name
                ),
            );
            log.at(
                1,
                "INFO",
                "DAGScheduler",
                &format!(
                    "{} {} ({}) failed in {:.3} s due to org.apache.spark.shuffle.FetchFailedException: Failed to connect to {from}/{ip}:7337",
                    s.kind,
                    s.id,
                    s.name,
                    (log.ms - start) as f64 / 1000.0
                ),
            );
            log.at(
                0,
                "INFO",
                "DAGScheduler",
                &format!(
                    "Resubmitting {parent} and {} {} ({}) due to fetch failure",
                    s.kind, s.id, s.name
                ),
            );
            let mut missing: Vec<usize> = queue.iter().map(|q| q.0).collect();
            missing.push(fp);
            missing.sort_unstable();
            // The running tasks of the failed attempt finish as zombies.
            let zombies: Vec<(usize, u64, u64, usize, u64)> = std::mem::take(&mut running);
            for (zp, za, zid, ze, zb) in zombies {
                done += 1;
                let dt = log.tick(90);
                log.at(
                    dt,
                    "INFO",
                    "TaskSetManager",
                    &format!(
                        "Finished task {zp}.{za} in stage {label} (TID {zid}) in {} ms on {} (executor {}) ({done}/{n})",
                        (range(zid as usize, 4012, s.took.0, s.took.1)).max(log.ms - zb),
                        execs[ze].host,
                        execs[ze].id
                    ),
                );
            }
            log.at(
                40,
                "INFO",
                "YarnScheduler",
                &format!("Removed TaskSet {label}, whose tasks have all completed, from pool "),
            );
            log.at(200, "INFO", "DAGScheduler", "Resubmitting failed stages");
            return StageEnd::Resubmit(missing);
        }
    }
    log.at(
        2,
        "INFO",
        "YarnScheduler",
        &format!("Removed TaskSet {label}, whose tasks have all completed, from pool "),
    );
    log.at(
        1,
        "INFO",
        "DAGScheduler",
        &format!(
            "{} {} ({}) finished in {:.3} s",
            s.kind,
            s.id,
            s.name,
            (log.ms - start) as f64 / 1000.0
        ),
    );
    StageEnd::Done
}

/// Where `spark-submit` starts a job: its header lines.
fn spark_job(
    log: &mut SparkLog,
    job: u64,
    call: &str,
    parts: usize,
    last: &str,
    parents: &[String],
) {
    log.at(
        900 + log.tick(2_000),
        "INFO",
        "SparkContext",
        &format!("Starting job: {call}"),
    );
    log.at(
        4,
        "INFO",
        "DAGScheduler",
        &format!("Got job {job} ({call}) with {parts} output partitions"),
    );
    log.at(0, "INFO", "DAGScheduler", &format!("Final stage: {last}"));
    log.at(
        0,
        "INFO",
        "DAGScheduler",
        &format!("Parents of final stage: List({})", parents.join(", ")),
    );
    log.at(
        0,
        "INFO",
        "DAGScheduler",
        &format!("Missing parents: List({})", parents.join(", ")),
    );
}

/// After a shuffle map stage: what the scheduler runs next.
fn spark_next(log: &mut SparkLog, running: &str, waiting: &str) {
    log.at(
        0,
        "INFO",
        "DAGScheduler",
        "looking for newly runnable stages",
    );
    log.at(
        0,
        "INFO",
        "DAGScheduler",
        &format!("running: Set({running})"),
    );
    log.at(
        0,
        "INFO",
        "DAGScheduler",
        &format!("waiting: Set({waiting})"),
    );
    log.at(0, "INFO", "DAGScheduler", "failed: Set()");
}

/// The end of a job whose result stage finished, and of its write.
fn spark_job_done(log: &mut SparkLog, job: u64, stage: u64, call: &str, began: u64, table: &str) {
    log.at(
        1,
        "INFO",
        "DAGScheduler",
        &format!(
            "Job {job} is finished. Cancelling potential speculative or zombie tasks for this job"
        ),
    );
    log.at(
        0,
        "INFO",
        "YarnScheduler",
        &format!("Killing all running tasks in stage {stage}: Stage finished"),
    );
    log.at(
        0,
        "INFO",
        "DAGScheduler",
        &format!(
            "Job {job} finished: {call}, took {:.6} s",
            (log.ms - began) as f64 / 1000.0 + (h(job as usize, 4020) % 1000) as f64 / 1e6
        ),
    );
    if table.is_empty() {
        return;
    }
    let w = uuid(job as usize, 4021);
    log.at(
        3,
        "INFO",
        "FileFormatWriter",
        &format!("Start to commit write Job {w}."),
    );
    let ms = 900 + h(job as usize, 4022) % 3_000;
    log.at(
        ms,
        "INFO",
        "FileFormatWriter",
        &format!("Write Job {w} committed. Elapsed time: {ms} ms."),
    );
    log.at(
        40,
        "INFO",
        "FileFormatWriter",
        &format!("Finished processing stats for write job {w}."),
    );
    log.at(
        12,
        "INFO",
        "EnrichOrders",
        &format!(
            "Wrote {table} for 2026-11-26 to s3a://nordwind-datalake/curated/{table}/dt=2026-11-26"
        ),
    );
}

/// Spark SQL's planning of a scan and a write, between jobs.
fn spark_planning(log: &mut SparkLog, k: usize, write: bool) {
    let dt = log.tick(300);
    log.at(
        dt,
        "INFO",
        "FileSourceStrategy",
        "Pushed Filters: IsNotNull(order_id),IsNotNull(customer_id)",
    );
    log.at(
        1,
        "INFO",
        "FileSourceStrategy",
        &format!(
            "Post-Scan Filters: isnotnull(order_id#{}),isnotnull(customer_id#{})",
            12 + k * 40,
            14 + k * 40
        ),
    );
    if write {
        log.at(
            8,
            "INFO",
            "ParquetUtils",
            "Using default output committer for Parquet: org.apache.parquet.hadoop.ParquetOutputCommitter",
        );
        log.at(
            0,
            "INFO",
            "FileOutputCommitter",
            "File Output Committer Algorithm version is 2",
        );
        log.at(
            0,
            "INFO",
            "FileOutputCommitter",
            "FileOutputCommitter skip cleanup _temporary folders under output directory:false, ignore cleanup failures: false",
        );
        log.at(
            0,
            "INFO",
            "SQLHadoopMapReduceCommitProtocol",
            "Using user defined output committer class org.apache.parquet.hadoop.ParquetOutputCommitter",
        );
    }
    for c in 0..(3 + k % 4) {
        let ms = 8 + h(k * 10 + c, 4023) % 120;
        log.at(
            ms,
            "INFO",
            "CodeGenerator",
            &format!(
                "Code generated in {ms}.{:06} ms",
                h(k * 10 + c, 4024) % 1_000_000
            ),
        );
    }
    log.at(
        5,
        "INFO",
        "FileSourceScanExec",
        "Planning scan with bin packing, max size: 134217728 bytes, open cost is considered as scanning 4194304 bytes.",
    );
}

/// `spark-submit --master yarn --deploy-mode client --class
/// com.nordwind.etl.EnrichOrders orders-etl-assembly-2.7.1.jar --date
/// 2026-11-26` (Spark 3.5.1 on YARN, the driver's log4j lines on stderr),
/// the nightly enrichment of a shop's orders: start-up, the application
/// submitted to YARN, 24 executors registered, then five jobs of Spark SQL
/// (a count, FX rates collected, returns, customers and orders written as
/// Parquet), every task started and finished. On the way an executor is
/// preempted, another killed by YARN for exceeding its memory (their
/// tasks lost with `ExecutorLostFailure` and run again), a write fails to
/// fetch its shuffle from the preempted node (the stage "failed" and is
/// resubmitted with its parent), a slow task is beaten by a speculative
/// copy, and the driver reports returns rows skipped for an amount of
/// `"n/a"`. Then the last job's map at `EnrichOrders.scala:88` hits a
/// `NumberFormatException` on `"N/A"` in one partition, four times: the
/// job is aborted, the write fails and the driver shuts down.
fn spark_failed_stage() -> Case {
    let app = "application_1795600000000_4412";
    let mut log = SparkLog {
        out: String::new(),
        ms: 2 * 3_600_000 + 4_117,
        n: 0,
    };
    let tmp = uuid(1, 4030);
    let start: [(u64, &str, &str, String); 24] = [
        (0, "INFO", "SparkContext", "Running Spark version 3.5.1".into()),
        (1, "INFO", "SparkContext", "OS info Linux, 5.15.0-1051-aws, amd64".into()),
        (0, "INFO", "SparkContext", "Java version 17.0.10".into()),
        (
            180,
            "WARN",
            "NativeCodeLoader",
            "Unable to load native-hadoop library for your platform... using builtin-java classes where applicable".into(),
        ),
        (40, "INFO", "ResourceUtils", "==============================================================".into()),
        (0, "INFO", "ResourceUtils", "No custom resources configured for spark.driver.".into()),
        (0, "INFO", "ResourceUtils", "==============================================================".into()),
        (1, "INFO", "SparkContext", "Submitted application: orders-enrich-2026-11-26".into()),
        (
            12,
            "INFO",
            "ResourceProfile",
            "Default ResourceProfile created, executor resources: Map(cores -> name: cores, amount: 4, script: , vendor: , memory -> name: memory, amount: 8192, script: , vendor: , offHeap -> name: offHeap, amount: 0, script: , vendor: ), task resources: Map(cpus -> name: cpus, amount: 1.0)".into(),
        ),
        (1, "INFO", "ResourceProfile", "Limiting resource is cpus at 4 tasks per executor".into()),
        (2, "INFO", "ResourceProfileManager", "Added ResourceProfile id: 0".into()),
        (40, "INFO", "SecurityManager", "Changing view acls to: etl".into()),
        (0, "INFO", "SecurityManager", "Changing modify acls to: etl".into()),
        (0, "INFO", "SecurityManager", "Changing view acls groups to: ".into()),
        (0, "INFO", "SecurityManager", "Changing modify acls groups to: ".into()),
        (
            1,
            "INFO",
            "SecurityManager",
            "SecurityManager: authentication disabled; ui acls disabled; users with view permissions: etl; groups with view permissions: EMPTY; users with modify permissions: etl; groups with modify permissions: EMPTY".into(),
        ),
        (310, "INFO", "Utils", "Successfully started service 'sparkDriver' on port 40917.".into()),
        (30, "INFO", "SparkEnv", "Registering MapOutputTracker".into()),
        (20, "INFO", "SparkEnv", "Registering BlockManagerMaster".into()),
        (
            4,
            "INFO",
            "BlockManagerMasterEndpoint",
            "Using org.apache.spark.storage.DefaultTopologyMapper for getting topology information".into(),
        ),
        (0, "INFO", "BlockManagerMasterEndpoint", "BlockManagerMasterEndpoint up".into()),
        (3, "INFO", "SparkEnv", "Registering BlockManagerMasterHeartbeat".into()),
        (
            12,
            "INFO",
            "DiskBlockManager",
            format!("Created local directory at /mnt/tmp/blockmgr-{}", uuid(2, 4030)),
        ),
        (20, "INFO", "MemoryStore", "MemoryStore started with capacity 2.2 GiB".into()),
    ];
    for (dt, level, class, msg) in &start {
        log.at(*dt, level, class, msg);
    }
    let staging = format!(
        "hdfs://ip-10-20-0-10.eu-central-1.compute.internal:8020/user/etl/.sparkStaging/{app}"
    );
    let more: Vec<(u64, &str, &str, String)> = vec![
        (12, "INFO", "SparkEnv", "Registering OutputCommitCoordinator".into()),
        (60, "INFO", "JettyUtils", "Start Jetty 0.0.0.0:4040 for SparkUI".into()),
        (90, "INFO", "Utils", "Successfully started service 'SparkUI' on port 4040.".into()),
        (
            70,
            "INFO",
            "SparkContext",
            format!(
                "Added JAR file:/opt/etl/orders-etl-assembly-2.7.1.jar at spark://{SPARK_DRIVER}:40917/jars/orders-etl-assembly-2.7.1.jar with timestamp 1795744804117"
            ),
        ),
        (
            400,
            "INFO",
            "DefaultNoHARMFailoverProxyProvider",
            "Connecting to ResourceManager at ip-10-20-0-10.eu-central-1.compute.internal/10.20.0.10:8032".into(),
        ),
        (300, "INFO", "Configuration", "resource-types.xml not found".into()),
        (0, "INFO", "ResourceUtils", "Unable to find 'resource-types.xml'.".into()),
        (
            20,
            "INFO",
            "Client",
            "Verifying our application has not requested more than the maximum memory capability of the cluster (122880 MB per container)".into(),
        ),
        (
            0,
            "INFO",
            "Client",
            "Will allocate AM container, with 896 MB memory including 384 MB overhead".into(),
        ),
        (0, "INFO", "Client", "Setting up container launch context for our AM".into()),
        (2, "INFO", "Client", "Setting up the launch environment for our AM container".into()),
        (8, "INFO", "Client", "Preparing resources for our AM container".into()),
        (
            60,
            "WARN",
            "Client",
            "Neither spark.yarn.jars nor spark.yarn.archive is set, falling back to uploading libraries under SPARK_HOME.".into(),
        ),
        (
            2_300,
            "INFO",
            "Client",
            format!(
                "Uploading resource file:/mnt/tmp/spark-{tmp}/__spark_libs__8812443170551298410.zip -> {staging}/__spark_libs__8812443170551298410.zip"
            ),
        ),
        (
            1_400,
            "INFO",
            "Client",
            format!(
                "Uploading resource file:/opt/etl/orders-etl-assembly-2.7.1.jar -> {staging}/orders-etl-assembly-2.7.1.jar"
            ),
        ),
        (
            300,
            "INFO",
            "Client",
            format!(
                "Uploading resource file:/mnt/tmp/spark-{tmp}/__spark_conf__2214478093355124017.zip -> {staging}/__spark_conf__.zip"
            ),
        ),
        (90, "INFO", "SecurityManager", "Changing view acls to: etl".into()),
        (0, "INFO", "SecurityManager", "Changing modify acls to: etl".into()),
        (20, "INFO", "Client", format!("Submitting application {app} to ResourceManager")),
        (60, "INFO", "YarnClientImpl", format!("Submitted application {app}")),
        (
            1_000,
            "INFO",
            "Client",
            format!("Application report for {app} (state: ACCEPTED)"),
        ),
        (
            2,
            "INFO",
            "Client",
            format!(
                "\n\t client token: N/A\n\t diagnostics: AM container is launched, waiting for AM container to Register with RM\n\t ApplicationMaster host: N/A\n\t ApplicationMaster RPC port: -1\n\t queue: etl\n\t start time: 1795744811402\n\t final status: UNDEFINED\n\t tracking URL: http://ip-10-20-0-10.eu-central-1.compute.internal:20888/proxy/{app}/\n\t user: etl"
            ),
        ),
        (
            1_000,
            "INFO",
            "Client",
            format!("Application report for {app} (state: ACCEPTED)"),
        ),
        (
            1_000,
            "INFO",
            "Client",
            format!("Application report for {app} (state: ACCEPTED)"),
        ),
        (
            640,
            "INFO",
            "YarnClientSchedulerBackend",
            format!(
                "Add WebUI Filter. org.apache.hadoop.yarn.server.webproxy.amfilter.AmIpFilter, Map(PROXY_HOSTS -> ip-10-20-0-10.eu-central-1.compute.internal, PROXY_URI_BASES -> http://ip-10-20-0-10.eu-central-1.compute.internal:20888/proxy/{app}), /proxy/{app}"
            ),
        ),
        (
            360,
            "INFO",
            "Client",
            format!("Application report for {app} (state: RUNNING)"),
        ),
        (
            2,
            "INFO",
            "Client",
            format!(
                "\n\t client token: N/A\n\t diagnostics: N/A\n\t ApplicationMaster host: 10.20.3.18\n\t ApplicationMaster RPC port: -1\n\t queue: etl\n\t start time: 1795744811402\n\t final status: UNDEFINED\n\t tracking URL: http://ip-10-20-0-10.eu-central-1.compute.internal:20888/proxy/{app}/\n\t user: etl"
            ),
        ),
        (
            0,
            "INFO",
            "YarnClientSchedulerBackend",
            format!("Application {app} has started running."),
        ),
        (
            8,
            "INFO",
            "Utils",
            "Successfully started service 'org.apache.spark.network.netty.NettyBlockTransferService' on port 36519.".into(),
        ),
        (
            0,
            "INFO",
            "NettyBlockTransferService",
            format!("Server created on {SPARK_DRIVER}:36519"),
        ),
        (
            2,
            "INFO",
            "BlockManager",
            "Using org.apache.spark.storage.RandomBlockReplicationPolicy for block replication policy".into(),
        ),
        (
            10,
            "INFO",
            "BlockManagerMaster",
            format!("Registering BlockManager BlockManagerId(driver, {SPARK_DRIVER}, 36519, None)"),
        ),
        (
            3,
            "INFO",
            "BlockManagerMasterEndpoint",
            format!(
                "Registering block manager {SPARK_DRIVER}:36519 with 2.2 GiB RAM, BlockManagerId(driver, {SPARK_DRIVER}, 36519, None)"
            ),
        ),
        (
            2,
            "INFO",
            "BlockManagerMaster",
            format!("Registered BlockManager BlockManagerId(driver, {SPARK_DRIVER}, 36519, None)"),
        ),
        (
            0,
            "INFO",
            "BlockManager",
            format!("Initialized BlockManager: BlockManagerId(driver, {SPARK_DRIVER}, 36519, None)"),
        ),
        (
            210,
            "INFO",
            "SingleEventLogFileWriter",
            format!("Logging events to hdfs:/var/log/spark/apps/{app}.inprogress"),
        ),
        (
            30,
            "INFO",
            "YarnSchedulerBackend$YarnSchedulerEndpoint",
            "ApplicationMaster registered as NettyRpcEndpointRef(spark-client://YarnAM)".into(),
        ),
    ];
    for (dt, level, class, msg) in &more {
        log.at(*dt, level, class, msg);
    }
    let mut execs: Vec<Exec> = (0..24u64)
        .map(|k| {
            let node = k / 2;
            let ip = format!(
                "10.20.{}.{}",
                3 + node % 3,
                20 + node * 7 + h(node as usize, 4031) % 6
            );
            Exec {
                id: k + 1,
                host: format!("ip-{}.eu-central-1.compute.internal", ip.replace('.', "-")),
                ip,
                port: 30_000 + h(k as usize, 4032) % 30_000,
                alive: true,
            }
        })
        .collect();
    for e in &execs {
        let dt = 300 + log.tick(1_500);
        log.at(
            dt,
            "INFO",
            "YarnSchedulerBackend$YarnDriverEndpoint",
            &format!(
                "Registered executor NettyRpcEndpointRef(spark-client://Executor) ({}:{}) with ID {},  ResourceProfileId 0",
                e.ip,
                40_000 + h(e.id as usize, 4016) % 20_000,
                e.id
            ),
        );
        log.at(
            30,
            "INFO",
            "BlockManagerMasterEndpoint",
            &format!(
                "Registering block manager {}:{} with 4.3 GiB RAM, BlockManagerId({}, {}, {}, None)",
                e.host, e.port, e.id, e.host, e.port
            ),
        );
        if e.id == 20 {
            log.at(
                4,
                "INFO",
                "YarnClientSchedulerBackend",
                "SchedulerBackend is ready for scheduling beginning after reached minRegisteredResourcesRatio: 0.8",
            );
            log.at(
                300,
                "INFO",
                "SharedState",
                "Setting hive.metastore.warehouse.dir ('null') to the value of spark.sql.warehouse.dir.",
            );
            log.at(
                2,
                "INFO",
                "SharedState",
                "Warehouse path is 'hdfs://ip-10-20-0-10.eu-central-1.compute.internal:8020/user/spark/warehouse'.",
            );
            log.at(
                400,
                "INFO",
                "EnrichOrders",
                "Reading orders of 2026-11-26 from s3a://nordwind-datalake/raw/orders/dt=2026-11-26",
            );
            log.at(
                600,
                "WARN",
                "MetricsConfig",
                "Cannot locate configuration: tried hadoop-metrics2-s3a-file-system.properties,hadoop-metrics2.properties",
            );
            log.at(
                30,
                "INFO",
                "MetricsSystemImpl",
                "Scheduled Metric snapshot period at 10 second(s).",
            );
            log.at(
                0,
                "INFO",
                "MetricsSystemImpl",
                "s3a-file-system metrics system started",
            );
            log.at(
                1_400,
                "INFO",
                "InMemoryFileIndex",
                "It took 1412 ms to list leaf files for 1 paths.",
            );
        }
    }
    let mut tid = 0u64;
    let mut broadcast = 0u64;
    let scan: &[&str] = &["NODE_LOCAL", "NODE_LOCAL", "RACK_LOCAL", "ANY"];
    let shuffled: &[&str] = &["PROCESS_LOCAL", "NODE_LOCAL", "NODE_LOCAL"];
    let all = |n: usize| (0..n).collect::<Vec<usize>>();
    // Job 0: how many orders.
    spark_planning(&mut log, 0, false);
    spark_job(
        &mut log,
        0,
        "count at EnrichOrders.scala:57",
        1,
        "ResultStage 1 (count at EnrichOrders.scala:57)",
        &["ShuffleMapStage 0".into()],
    );
    let began = log.ms;
    let preempted = 8usize;
    let preempted_host = execs[preempted].host.clone();
    let preempted_id = execs[preempted].id;
    spark_stage(
        &mut log,
        &SparkStage {
            id: 0,
            attempt: 0,
            kind: "ShuffleMapStage",
            name: "count at EnrichOrders.scala:57",
            rdd: "MapPartitionsRDD[5] at count at EnrichOrders.scala:57".into(),
            parts: all(180),
            locality: scan,
            bytes: 10_300,
            took: (1_100, 6_800),
        },
        &mut execs,
        &mut tid,
        &mut broadcast,
        &Twist::Lost {
            after: 64,
            exec: preempted,
            reason: format!(
                "Container container_e07_1795600000000_4412_01_000010 on host: {preempted_host} was preempted."
            ),
            related: false,
        },
    );
    spark_next(&mut log, "", "ResultStage 1");
    spark_stage(
        &mut log,
        &SparkStage {
            id: 1,
            attempt: 0,
            kind: "ResultStage",
            name: "count at EnrichOrders.scala:57",
            rdd: "MapPartitionsRDD[8] at count at EnrichOrders.scala:57".into(),
            parts: all(1),
            locality: &["NODE_LOCAL"],
            bytes: 8_100,
            took: (40, 120),
        },
        &mut execs,
        &mut tid,
        &mut broadcast,
        &Twist::Plain,
    );
    spark_job_done(&mut log, 0, 1, "count at EnrichOrders.scala:57", began, "");
    log.at(
        20,
        "INFO",
        "EnrichOrders",
        "4812330 orders on 2026-11-26, 18 currencies",
    );
    // Job 1: the FX rates.
    spark_planning(&mut log, 1, false);
    spark_job(
        &mut log,
        1,
        "collect at EnrichOrders.scala:66",
        4,
        "ResultStage 2 (collect at EnrichOrders.scala:66)",
        &[],
    );
    let began = log.ms;
    spark_stage(
        &mut log,
        &SparkStage {
            id: 2,
            attempt: 0,
            kind: "ResultStage",
            name: "collect at EnrichOrders.scala:66",
            rdd: "MapPartitionsRDD[14] at collect at EnrichOrders.scala:66".into(),
            parts: all(4),
            locality: scan,
            bytes: 9_400,
            took: (300, 900),
        },
        &mut execs,
        &mut tid,
        &mut broadcast,
        &Twist::Plain,
    );
    spark_job_done(
        &mut log,
        1,
        2,
        "collect at EnrichOrders.scala:66",
        began,
        "",
    );
    log.at(
        30,
        "WARN",
        "EnrichOrders",
        "currency \"N/A\" on 12 orders, booked as EUR",
    );
    // Job 2: returns.
    spark_planning(&mut log, 2, true);
    spark_job(
        &mut log,
        2,
        "save at EnrichOrders.scala:117",
        200,
        "ResultStage 5 (save at EnrichOrders.scala:117)",
        &["ShuffleMapStage 3".into(), "ShuffleMapStage 4".into()],
    );
    let began = log.ms;
    spark_stage(
        &mut log,
        &SparkStage {
            id: 3,
            attempt: 0,
            kind: "ShuffleMapStage",
            name: "map at EnrichOrders.scala:109",
            rdd: "MapPartitionsRDD[23] at map at EnrichOrders.scala:109".into(),
            parts: all(60),
            locality: scan,
            bytes: 10_900,
            took: (700, 3_900),
        },
        &mut execs,
        &mut tid,
        &mut broadcast,
        &Twist::Plain,
    );
    spark_next(&mut log, "", "ShuffleMapStage 4, ResultStage 5");
    let orders_map = |attempt: u64, parts: Vec<usize>| SparkStage {
        id: 4,
        attempt,
        kind: "ShuffleMapStage",
        name: "map at EnrichOrders.scala:112",
        rdd: "MapPartitionsRDD[27] at map at EnrichOrders.scala:112".into(),
        parts,
        locality: scan,
        bytes: 10_600,
        took: (1_300, 7_400),
    };
    spark_stage(
        &mut log,
        &orders_map(0, all(180)),
        &mut execs,
        &mut tid,
        &mut broadcast,
        &Twist::Plain,
    );
    spark_next(&mut log, "", "ResultStage 5");
    let returns_save = |attempt: u64, parts: Vec<usize>| SparkStage {
        id: 5,
        attempt,
        kind: "ResultStage",
        name: "save at EnrichOrders.scala:117",
        rdd: "MapPartitionsRDD[31] at save at EnrichOrders.scala:117".into(),
        parts,
        locality: shuffled,
        bytes: 12_200,
        took: (600, 4_100),
    };
    let end = spark_stage(
        &mut log,
        &returns_save(0, all(200)),
        &mut execs,
        &mut tid,
        &mut broadcast,
        &Twist::FetchFailed {
            after: 121,
            host: preempted_host.clone(),
            exec_id: preempted_id,
            parent: "ShuffleMapStage 4 (map at EnrichOrders.scala:112)".into(),
        },
    );
    let StageEnd::Resubmit(missing) = end else {
        panic!("the fetch failure")
    };
    let lost_maps: Vec<usize> = (0..180)
        .filter(|p| h(*p, 4033).is_multiple_of(23))
        .collect();
    spark_stage(
        &mut log,
        &orders_map(1, lost_maps),
        &mut execs,
        &mut tid,
        &mut broadcast,
        &Twist::Plain,
    );
    spark_next(&mut log, "", "ResultStage 5");
    spark_stage(
        &mut log,
        &returns_save(1, missing),
        &mut execs,
        &mut tid,
        &mut broadcast,
        &Twist::Plain,
    );
    spark_job_done(
        &mut log,
        2,
        5,
        "save at EnrichOrders.scala:117",
        began,
        "returns_enriched",
    );
    log.at(
        4,
        "WARN",
        "EnrichOrders",
        "17 returns rows skipped: amount is not a number (java.lang.NumberFormatException: For input string: \"n/a\")",
    );
    // Job 3: customers.
    spark_planning(&mut log, 3, true);
    spark_job(
        &mut log,
        3,
        "save at EnrichOrders.scala:129",
        200,
        "ResultStage 7 (save at EnrichOrders.scala:129)",
        &["ShuffleMapStage 6".into()],
    );
    let began = log.ms;
    spark_stage(
        &mut log,
        &SparkStage {
            id: 6,
            attempt: 0,
            kind: "ShuffleMapStage",
            name: "groupBy at EnrichOrders.scala:124",
            rdd: "MapPartitionsRDD[38] at groupBy at EnrichOrders.scala:124".into(),
            parts: all(120),
            locality: scan,
            bytes: 10_800,
            took: (2_000, 9_500),
        },
        &mut execs,
        &mut tid,
        &mut broadcast,
        &Twist::Lost {
            after: 71,
            exec: 3,
            reason: "Container killed by YARN for exceeding physical memory limits. 9.1 GB of 9 GB physical memory used. Consider boosting spark.executor.memoryOverhead.".into(),
            related: true,
        },
    );
    spark_next(&mut log, "", "ResultStage 7");
    spark_stage(
        &mut log,
        &SparkStage {
            id: 7,
            attempt: 0,
            kind: "ResultStage",
            name: "save at EnrichOrders.scala:129",
            rdd: "MapPartitionsRDD[42] at save at EnrichOrders.scala:129".into(),
            parts: all(200),
            locality: shuffled,
            bytes: 12_400,
            took: (500, 3_800),
        },
        &mut execs,
        &mut tid,
        &mut broadcast,
        &Twist::Speculative { task: 143 },
    );
    spark_job_done(
        &mut log,
        3,
        7,
        "save at EnrichOrders.scala:129",
        began,
        "customer_daily",
    );
    // Job 4: the orders, enriched: fails.
    spark_planning(&mut log, 4, true);
    spark_job(
        &mut log,
        4,
        "save at EnrichOrders.scala:142",
        400,
        "ResultStage 9 (save at EnrichOrders.scala:142)",
        &["ShuffleMapStage 8".into()],
    );
    let began = log.ms;
    let stage_began = log.ms;
    let end = spark_stage(
        &mut log,
        &SparkStage {
            id: 8,
            attempt: 0,
            kind: "ShuffleMapStage",
            name: "map at EnrichOrders.scala:88",
            rdd: "MapPartitionsRDD[51] at map at EnrichOrders.scala:88".into(),
            parts: all(400),
            locality: scan,
            bytes: 11_200,
            took: (1_200, 7_900),
        },
        &mut execs,
        &mut tid,
        &mut broadcast,
        &Twist::Fatal {
            task: 57,
            when: [70, 158, 247, 333],
        },
    );
    let StageEnd::Aborted(last, e, still) = end else {
        panic!("the abort")
    };
    let host = execs[e].host.clone();
    let eid = execs[e].id;
    let frames = spark_nfe_frames();
    let failure = format!(
        "Job aborted due to stage failure: Task 57 in stage 8.0 failed 4 times, most recent failure: Lost task 57.3 in stage 8.0 (TID {last}) ({host} executor {eid}): {SPARK_NFE}{frames}\n\nDriver stacktrace:"
    );
    log.at(
        0,
        "ERROR",
        "TaskSetManager",
        "Task 57 in stage 8.0 failed 4 times; aborting job",
    );
    log.at(2, "INFO", "YarnScheduler", "Cancelling stage 8");
    log.at(
        0,
        "INFO",
        "YarnScheduler",
        &format!("Killing all running tasks in stage 8: Stage cancelled: {failure}"),
    );
    log.at(1, "INFO", "YarnScheduler", "Stage 8 was cancelled");
    log.at(
        0,
        "INFO",
        "DAGScheduler",
        &format!(
            "ShuffleMapStage 8 (map at EnrichOrders.scala:88) failed in {:.3} s due to {failure}",
            (log.ms - stage_began) as f64 / 1000.0
        ),
    );
    log.at(
        1,
        "INFO",
        "DAGScheduler",
        &format!(
            "Job 4 failed: save at EnrichOrders.scala:142, took {:.6} s",
            (log.ms - began) as f64 / 1000.0 + 0.000_318
        ),
    );
    let driver = [
        "org.apache.spark.scheduler.DAGScheduler.failJobAndIndependentStages(DAGScheduler.scala:2856)",
        "org.apache.spark.scheduler.DAGScheduler.$anonfun$abortStage$2(DAGScheduler.scala:2792)",
        "org.apache.spark.scheduler.DAGScheduler.$anonfun$abortStage$2$adapted(DAGScheduler.scala:2791)",
        "scala.collection.mutable.ResizableArray.foreach(ResizableArray.scala:62)",
        "scala.collection.mutable.ResizableArray.foreach$(ResizableArray.scala:55)",
        "scala.collection.mutable.ArrayBuffer.foreach(ArrayBuffer.scala:49)",
        "org.apache.spark.scheduler.DAGScheduler.abortStage(DAGScheduler.scala:2791)",
        "org.apache.spark.scheduler.DAGScheduler.$anonfun$handleTaskSetFailed$1(DAGScheduler.scala:1247)",
        "org.apache.spark.scheduler.DAGScheduler.$anonfun$handleTaskSetFailed$1$adapted(DAGScheduler.scala:1247)",
        "scala.Option.foreach(Option.scala:407)",
        "org.apache.spark.scheduler.DAGScheduler.handleTaskSetFailed(DAGScheduler.scala:1247)",
        "org.apache.spark.scheduler.DAGSchedulerEventProcessLoop.doOnReceive(DAGScheduler.scala:3060)",
        "org.apache.spark.scheduler.DAGSchedulerEventProcessLoop.onReceive(DAGScheduler.scala:2994)",
        "org.apache.spark.scheduler.DAGSchedulerEventProcessLoop.onReceive(DAGScheduler.scala:2983)",
        "org.apache.spark.util.EventLoop$$anon$1.run(EventLoop.scala:49)",
        "org.apache.spark.scheduler.DAGScheduler.runJob(DAGScheduler.scala:989)",
        "org.apache.spark.SparkContext.runJob(SparkContext.scala:2398)",
        "org.apache.spark.sql.execution.datasources.FileFormatWriter$.$anonfun$executeWrite$4(FileFormatWriter.scala:307)",
        "org.apache.spark.sql.execution.datasources.FileFormatWriter$.writeAndCommit(FileFormatWriter.scala:271)",
        "org.apache.spark.sql.execution.datasources.FileFormatWriter$.executeWrite(FileFormatWriter.scala:304)",
        "org.apache.spark.sql.execution.datasources.FileFormatWriter$.write(FileFormatWriter.scala:190)",
        "org.apache.spark.sql.execution.datasources.InsertIntoHadoopFsRelationCommand.run(InsertIntoHadoopFsRelationCommand.scala:190)",
        "org.apache.spark.sql.execution.command.DataWritingCommandExec.sideEffectResult$lzycompute(commands.scala:113)",
        "org.apache.spark.sql.execution.command.DataWritingCommandExec.sideEffectResult(commands.scala:111)",
        "org.apache.spark.sql.execution.command.DataWritingCommandExec.executeCollect(commands.scala:125)",
        "org.apache.spark.sql.execution.QueryExecution$$anonfun$eagerlyExecuteCommands$1.$anonfun$applyOrElse$1(QueryExecution.scala:107)",
        "org.apache.spark.sql.execution.SQLExecution$.$anonfun$withNewExecutionId$6(SQLExecution.scala:125)",
        "org.apache.spark.sql.execution.SQLExecution$.withSQLConfPropagated(SQLExecution.scala:201)",
        "org.apache.spark.sql.execution.SQLExecution$.$anonfun$withNewExecutionId$1(SQLExecution.scala:108)",
        "org.apache.spark.sql.SparkSession.withActive(SparkSession.scala:900)",
        "org.apache.spark.sql.execution.SQLExecution$.withNewExecutionId(SQLExecution.scala:66)",
        "org.apache.spark.sql.DataFrameWriter.runCommand(DataFrameWriter.scala:869)",
        "org.apache.spark.sql.DataFrameWriter.saveToV1Source(DataFrameWriter.scala:391)",
        "org.apache.spark.sql.DataFrameWriter.saveInternal(DataFrameWriter.scala:364)",
        "org.apache.spark.sql.DataFrameWriter.save(DataFrameWriter.scala:243)",
        "org.apache.spark.sql.DataFrameWriter.parquet(DataFrameWriter.scala:802)",
        "com.nordwind.etl.EnrichOrders$.main(EnrichOrders.scala:142)",
        "com.nordwind.etl.EnrichOrders.main(EnrichOrders.scala)",
        "java.base/jdk.internal.reflect.NativeMethodAccessorImpl.invoke0(Native Method)",
        "java.base/jdk.internal.reflect.NativeMethodAccessorImpl.invoke(NativeMethodAccessorImpl.java:77)",
        "java.base/jdk.internal.reflect.DelegatingMethodAccessorImpl.invoke(DelegatingMethodAccessorImpl.java:43)",
        "java.base/java.lang.reflect.Method.invoke(Method.java:568)",
        "org.apache.spark.deploy.JavaMainApplication.start(SparkApplication.scala:52)",
        "org.apache.spark.deploy.SparkSubmit.org$apache$spark$deploy$SparkSubmit$$runMain(SparkSubmit.scala:1029)",
        "org.apache.spark.deploy.SparkSubmit.doRunMain$1(SparkSubmit.scala:194)",
        "org.apache.spark.deploy.SparkSubmit.submit(SparkSubmit.scala:217)",
        "org.apache.spark.deploy.SparkSubmit.doSubmit(SparkSubmit.scala:91)",
        "org.apache.spark.deploy.SparkSubmit$$anon$2.doSubmit(SparkSubmit.scala:1120)",
        "org.apache.spark.deploy.SparkSubmit$.main(SparkSubmit.scala:1129)",
        "org.apache.spark.deploy.SparkSubmit.main(SparkSubmit.scala)",
    ];
    let driver: String = driver.iter().map(|f| format!("\n\tat {f}")).collect();
    let exception = format!(
        "org.apache.spark.SparkException: {failure}{driver}\nCaused by: {SPARK_NFE}{frames}"
    );
    // The tasks still running are killed.
    for (p, a, id, x) in still.iter().take(14) {
        let dt = log.tick(30);
        log.at(
            dt,
            "WARN",
            "TaskSetManager",
            &format!(
                "Lost task {p}.{a} in stage 8.0 (TID {id}) ({} executor {}): TaskKilled (Stage cancelled)",
                execs[*x].host, execs[*x].id
            ),
        );
    }
    let w = uuid(4, 4021);
    log.at(
        3,
        "ERROR",
        "FileFormatWriter",
        &format!("Aborting job {w}.\n{exception}"),
    );
    log.out
        .push_str(&format!("Exception in thread \"main\" {exception}\n"));
    let stop: [(u64, &str, &str, String); 17] = [
        (
            4,
            "INFO",
            "SparkContext",
            "Invoking stop() from shutdown hook".into(),
        ),
        (
            0,
            "INFO",
            "SparkContext",
            "SparkContext is stopping with exitCode 0.".into(),
        ),
        (
            12,
            "INFO",
            "SparkUI",
            format!("Stopped Spark web UI at http://{SPARK_DRIVER}:4040"),
        ),
        (
            3,
            "INFO",
            "YarnClientSchedulerBackend",
            "Interrupting monitor thread".into(),
        ),
        (
            2,
            "INFO",
            "YarnClientSchedulerBackend",
            "Shutting down all executors".into(),
        ),
        (
            0,
            "INFO",
            "YarnSchedulerBackend$YarnDriverEndpoint",
            "Asking each executor to shut down".into(),
        ),
        (
            3,
            "INFO",
            "YarnClientSchedulerBackend",
            "YARN client scheduler backend Stopped".into(),
        ),
        (
            11,
            "INFO",
            "MapOutputTrackerMasterEndpoint",
            "MapOutputTrackerMasterEndpoint stopped!".into(),
        ),
        (20, "INFO", "MemoryStore", "MemoryStore cleared".into()),
        (0, "INFO", "BlockManager", "BlockManager stopped".into()),
        (
            3,
            "INFO",
            "BlockManagerMaster",
            "BlockManagerMaster stopped".into(),
        ),
        (
            2,
            "INFO",
            "OutputCommitCoordinator$OutputCommitCoordinatorEndpoint",
            "OutputCommitCoordinator stopped!".into(),
        ),
        (
            30,
            "INFO",
            "SparkContext",
            "Successfully stopped SparkContext".into(),
        ),
        (
            1,
            "INFO",
            "ShutdownHookManager",
            "Shutdown hook called".into(),
        ),
        (
            0,
            "INFO",
            "ShutdownHookManager",
            format!("Deleting directory /mnt/tmp/spark-{tmp}"),
        ),
        (
            3,
            "INFO",
            "ShutdownHookManager",
            format!("Deleting directory /mnt/tmp/spark-{}", uuid(3, 4030)),
        ),
        (
            0,
            "INFO",
            "MetricsSystemImpl",
            "Stopping s3a-file-system metrics system...".into(),
        ),
    ];
    for (dt, level, class, msg) in &stop {
        log.at(*dt, level, class, msg);
    }
    let out = log.out;
    assert!(tid > 1_200, "{tid} tasks");
    assert_eq!(
        out.matches("TaskSetManager: Lost task 57.").count(),
        4,
        "the four attempts"
    );
    assert_eq!(out.matches("failed 4 times; aborting job").count(), 1);
    assert!(!out.contains("stage 8.1"));
    Case::fact(
        "spark-submit driver log, the stage that killed the job",
        out,
        "Last night's Spark job that enriches the orders died. Which step of the job blew up, and what was the actual error behind it?",
        &["EnrichOrders.scala:88", "For input string: \"N/A\""],
    )
}

/// A field as PowerShell's `Export-Csv` writes it: always quoted, quotes
/// doubled.
fn csv_quoted(s: &str) -> String {
    format!("\"{}\"", s.replace('"', "\"\""))
}

/// `11/26/2026 3:12:44 AM` of `s` seconds since the epoch, as PowerShell
/// prints a date in the en-US culture.
fn us_datetime(s: u64) -> String {
    let (y, m, d) = civil(s / 86_400);
    let t = s % 86_400;
    let (hh, mm, ss) = (t / 3600, t / 60 % 60, t % 60);
    let (h12, ampm) = match hh {
        0 => (12, "AM"),
        1..=11 => (hh, "AM"),
        12 => (12, "PM"),
        _ => (hh - 12, "PM"),
    };
    format!("{m}/{d}/{y} {h12}:{mm:02}:{ss:02} {ampm}")
}

/// A name/value pair of the unified audit log.
fn nv(name: &str, value: &str) -> Value {
    json!({"Name": name, "Value": value})
}

/// `Connect-ExchangeOnline; Search-UnifiedAuditLog -StartDate 11/20/2026
/// -EndDate 11/27/2026 -ResultSize 5000 | Export-Csv audit.csv` (PowerShell
/// 7, every field quoted, newest first) of a company's Microsoft 365
/// tenant over a week: each record's type, time, user and operation, and
/// its `AuditData` as one line of JSON. Sign-ins (some failed), mail read
/// and sent, files opened and changed on SharePoint, Teams sessions;
/// inbox rules that move newsletters and supplier mail to folders, made in
/// Outlook on the web or in Outlook itself; a rule that forwards a
/// colleague's mail to the purchasing mailbox during her holiday; an
/// admin forwarding a leaver's mailbox to his manager; mail sent with
/// "WG:" (forwarded) in its subject; a transport rule that tags external
/// mail. One night `k.brandt@nordwind.de` signs in from an unknown address
/// and a rule appears in her mailbox that forwards mail about invoices
/// and payments to `rechnungen.nordwind@gmx.net`, marks it read and hides
/// it.
fn o365_forwarding_rule() -> Case {
    let org = uuid(1, 4101);
    let runspace = uuid(2, 4101);
    let firsts = [
        ("Anna", "a"),
        ("Jonas", "j"),
        ("Lena", "l"),
        ("Markus", "m"),
        ("Sophie", "s"),
        ("Paul", "p"),
        ("Miriam", "m"),
        ("Felix", "f"),
        ("Laura", "l"),
        ("Tobias", "t"),
        ("Julia", "j"),
        ("Karl", "k"),
        ("Nina", "n"),
        ("Oliver", "o"),
        ("Ida", "i"),
        ("Lars", "l"),
        ("Eva", "e"),
        ("Nils", "n"),
        ("Sabine", "s"),
        ("Benedikt", "b"),
        ("Clara", "c"),
        ("Emil", "e"),
        ("Hanna", "h"),
        ("Dirk", "d"),
    ];
    let lasts = [
        "Wagner", "Schulz", "Hoffmann", "Bauer", "Richter", "Wolf", "Neumann", "Braun", "Koch",
        "Krüger", "Yilmaz", "Jensen", "Nowak", "Larsen", "Meyer", "Vogel", "Fischer", "Haas",
        "Schmitt", "Lange", "Hartmann", "Kaiser", "Peters", "Berger", "Frank", "Albrecht", "Roth",
        "Busch", "Engel", "Horn",
    ];
    let victim = ("Katrin Brandt", "k.brandt@nordwind.de");
    let outside = "rechnungen.nordwind@gmx.net";
    let mut staff: Vec<(String, String)> = Vec::new();
    let mut k = 0usize;
    while staff.len() < 70 {
        k += 1;
        let (f, i) = firsts[(h(k, 4102) % firsts.len() as u64) as usize];
        let l = pick(&lasts, k, 4103);
        let mail = format!(
            "{i}.{}@nordwind.de",
            l.to_lowercase()
                .replace('ü', "ue")
                .replace('ö', "oe")
                .replace('ä', "ae")
        );
        if mail == victim.1 || staff.iter().any(|s| s.1 == mail) {
            continue;
        }
        staff.push((format!("{f} {l}"), mail));
    }
    staff.push((victim.0.to_string(), victim.1.to_string()));
    let v = staff.len() - 1;
    let puid = |u: usize| format!("10032001{}", hex(u, 4104, 8).to_uppercase());
    let guid_of = |u: usize| uuid(u, 4105);
    let sid = |u: usize| format!("S-1-5-21-2384109126-1937442015-3301278445-{}", 1100 + u * 3);
    let office_ip = |i: usize| format!("217.6.44.{}", 10 + h(i, 4106) % 40);
    let home_ip = |u: usize| {
        format!(
            "{}.{}.{}",
            pick(
                &["91.64", "84.160", "93.192", "79.211", "46.114", "88.130"],
                u,
                4107
            ),
            h(u, 4108) % 256,
            1 + h(u, 4109) % 254
        )
    };
    let uas = [
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
        "Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.17928; Pro)",
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
        "Outlook-iOS/2.0",
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0",
    ];
    let server = |i: usize| {
        format!(
            "AM0PR04MB{} (15.20.8182.0{:02})",
            5_100 + h(i, 4110) % 800,
            h(i, 4111) % 40
        )
    };
    let folders = [
        "\\Inbox",
        "\\Inbox",
        "\\Inbox\\Lieferanten",
        "\\Sent Items",
        "\\Archive",
        "\\Inbox\\Projekte",
    ];
    let subjects = [
        "Angebot Zelte Frühjahr 2027",
        "Re: Lieferverzug Schlafsäcke",
        "Protokoll Teamrunde KW 48",
        "WG: Rechnung 2026-1187 Outdoor Textil GmbH",
        "Re: Retourenquote November",
        "Urlaubsplanung Dezember",
        "WG: Lieferschein 44871",
        "Katalog-Fotoshooting Termine",
        "Re: Preisliste 2027",
        "Mahnung Kundennummer 10442",
    ];
    let files = [
        (
            "Finance",
            "Shared Documents/Rechnungen/2026",
            "Eingangsrechnungen_November.xlsx",
        ),
        (
            "Finance",
            "Shared Documents/Zahlungslauf",
            "Zahlungsvorschlag_KW48.xlsx",
        ),
        (
            "Einkauf",
            "Shared Documents/Lieferanten",
            "Lieferantenliste_2027.xlsx",
        ),
        (
            "Marketing",
            "Shared Documents/Katalog",
            "Katalog_Fruehjahr_2027.pptx",
        ),
        (
            "Vertrieb",
            "Shared Documents/Angebote",
            "Angebot_Alpenverein_Sektion_Muenchen.docx",
        ),
        (
            "Logistik",
            "Shared Documents/Retouren",
            "Retouren_November.xlsx",
        ),
        ("HR", "Shared Documents/Urlaub", "Urlaubsplan_2026.xlsx"),
    ];
    // (seconds since the epoch, record type, user, operation, audit data)
    let mut rows: Vec<(u64, &str, String, String, Value)> = Vec::new();
    let from = DAY - 7 * 86_400;
    let to = DAY + 8 * 3600;
    let base = |t: u64, op: &str, rt: u64, i: usize| {
        json!({
            "CreationTime": datetime(t),
            "Id": uuid(i, 4112),
            "Operation": op,
            "OrganizationId": org,
            "RecordType": rt,
        })
    };
    let merge = |mut a: Value, b: Value| {
        if let (Value::Object(m), Value::Object(n)) = (&mut a, b) {
            m.extend(n);
        }
        a
    };
    let exchange_item = |t: u64, op: &str, rt: u64, u: usize, i: usize, ip: &str, client: &str| {
        merge(
            base(t, op, rt, i),
            json!({
                "ResultStatus": "Succeeded",
                "UserKey": puid(u),
                "UserType": 0,
                "Version": 1,
                "Workload": "Exchange",
                "ClientIP": ip,
                "UserId": staff[u].1,
                "AppId": "00000002-0000-0ff1-ce00-000000000000",
                "ClientAppId": "",
                "ClientIPAddress": ip,
                "ClientInfoString": client,
                "ExternalAccess": false,
                "InternalLogonType": 0,
                "LogonType": 0,
                "LogonUserSid": sid(u),
                "MailboxGuid": guid_of(u),
                "MailboxOwnerSid": sid(u),
                "MailboxOwnerUPN": staff[u].1,
                "OrganizationName": "nordwind.onmicrosoft.com",
                "OriginatingServer": server(i),
                "SessionId": uuid(i, 4113),
            }),
        )
    };
    let login = |t: u64, u: usize, i: usize, ip: &str, ua: &str, ok: bool| {
        let mut d = merge(
            base(
                t,
                if ok {
                    "UserLoggedIn"
                } else {
                    "UserLoginFailed"
                },
                15,
                i,
            ),
            json!({
                "ResultStatus": if ok { "Success" } else { "Failed" },
                "UserKey": guid_of(u + 500),
                "UserType": 0,
                "Version": 1,
                "Workload": "AzureActiveDirectory",
                "ClientIP": ip,
                "ObjectId": "00000002-0000-0ff1-ce00-000000000000",
                "UserId": staff[u].1,
                "AzureActiveDirectoryEventType": 1,
                "ExtendedProperties": [
                    nv("ResultStatusDetail", if ok { "Redirect" } else { "Success" }),
                    nv("UserAgent", ua),
                    nv("RequestType", "OAuth2:Authorize"),
                ],
                "ModifiedProperties": [],
                "Actor": [{"ID": guid_of(u + 500), "Type": 0}, {"ID": staff[u].1, "Type": 5}],
                "ActorContextId": org,
                "ActorIpAddress": ip,
                "InterSystemsId": uuid(i, 4114),
                "IntraSystemId": uuid(i, 4115),
                "SupportTicketId": "",
                "Target": [{"ID": "00000002-0000-0ff1-ce00-000000000000", "Type": 0}],
                "TargetContextId": org,
                "ApplicationId": "89bee1f7-5e6e-4d8a-9f3d-ecd601259da7",
                "DeviceProperties": [
                    nv("OS", if ua.contains("Macintosh") { "MacOs" } else if ua.contains("iOS") { "Ios" } else { "Windows10" }),
                    nv("BrowserType", if ua.contains("Edg") { "Edge" } else if ua.contains("Firefox") { "Firefox" } else if ua.contains("Safari") { "Safari" } else { "Other" }),
                    nv("IsCompliantAndManaged", "False"),
                    nv("SessionId", &uuid(i, 4116)),
                ],
                "ErrorNumber": if ok { "0" } else { "50126" },
            }),
        );
        if !ok {
            d["LogonError"] = json!("InvalidUserNameOrPassword");
        }
        d
    };
    let mail_read = |t: u64, u: usize, i: usize, ip: &str, n: usize| {
        let items: Vec<Value> = (0..n)
            .map(|j| {
                json!({
                    "InternetMessageId": format!("<{}@{}.eurprd04.prod.outlook.com>", hex(i * 16 + j, 4117, 20).to_uppercase(), letters(i * 16 + j, 4118, 6).to_uppercase()),
                    "SizeInBytes": range(i * 16 + j, 4119, 9_000, 480_000)
                })
            })
            .collect();
        let mut d = exchange_item(
            t,
            "MailItemsAccessed",
            50,
            u,
            i,
            ip,
            "Client=OWA;Action=ViaProxy",
        );
        d["OperationProperties"] =
            json!([nv("MailAccessType", "Bind"), nv("IsThrottled", "False")]);
        d["Folders"] = json!([{"FolderItems": items, "Id": format!("LgAAAAA{}AQ", hex(i, 4120, 40).to_uppercase()), "Path": pick(&folders, i, 4121)}]);
        d["OperationCount"] = json!(n);
        d
    };
    let admin = |t: u64,
                 op: &str,
                 u: usize,
                 i: usize,
                 ip: &str,
                 object: String,
                 pool: &str,
                 params: Vec<Value>| {
        merge(
            base(t, op, 1, i),
            json!({
                "ResultStatus": "True",
                "UserKey": puid(u),
                "UserType": if pool == "PowerShell" { 2 } else { 0 },
                "Version": 1,
                "Workload": "Exchange",
                "ClientIP": ip,
                "ObjectId": object,
                "UserId": staff[u].1,
                "AppId": "",
                "AppPoolName": pool,
                "ClientAppId": "",
                "CorrelationID": "",
                "ExternalAccess": false,
                "OrganizationName": "nordwind.onmicrosoft.com",
                "OriginatingServer": server(i),
                "Parameters": params,
                "SessionId": uuid(i, 4122),
            }),
        )
    };
    let tenant = "EURPR04A003.PROD.OUTLOOK.COM/Microsoft Exchange Hosted Organizations/nordwind.onmicrosoft.com";
    let mut i = 0usize;
    let mut t = from + 1_800;
    while t < to {
        i += 1;
        // Busy in office hours, quiet at night.
        let hour = t % 86_400 / 3600;
        let weekday = (t / 86_400 + 4) % 7 < 5;
        let busy = weekday && (7..19).contains(&hour);
        t += if busy {
            120 + h(i, 4123) % 1_300
        } else {
            1_200 + h(i, 4124) % 7_000
        };
        let u = (h(i, 4125) % (staff.len() as u64 - 1)) as usize;
        let u = if h(i, 4126).is_multiple_of(17) { v } else { u };
        let in_office = busy && !h(i, 4127).is_multiple_of(4);
        let ip = if in_office { office_ip(i) } else { home_ip(u) };
        let ua = pick(&uas, u * 3 + i % 2, 4128);
        let roll = h(i, 4129) % 100;
        let (rt, op, data) = if roll < 30 {
            (
                "AzureActiveDirectoryStsLogon",
                "UserLoggedIn",
                login(t, u, i, &ip, ua, true),
            )
        } else if roll < 34 {
            (
                "AzureActiveDirectoryStsLogon",
                "UserLoginFailed",
                login(t, u, i, &ip, ua, false),
            )
        } else if roll < 55 {
            let n = 1 + (h(i, 4130) % 6) as usize;
            (
                "ExchangeItemAggregated",
                "MailItemsAccessed",
                mail_read(t, u, i, &ip, n),
            )
        } else if roll < 74 {
            let (site, dir, file) = files[(h(i, 4131) % files.len() as u64) as usize];
            let op = pick(
                &[
                    "FileAccessed",
                    "FileAccessed",
                    "FileModified",
                    "FilePreviewed",
                    "FileDownloaded",
                ],
                i,
                4132,
            );
            let ext = file.rsplit('.').next().unwrap();
            let d = merge(
                json!({"AppAccessContext": {"AADSessionId": uuid(i, 4133), "CorrelationId": uuid(i, 4134), "UniqueTokenId": letters(i, 4135, 22)}}),
                merge(
                    base(t, op, 6, i),
                    json!({
                        "UserKey": format!("i:0h.f|membership|{}@live.com", puid(u).to_lowercase()),
                        "UserType": 0,
                        "Version": 1,
                        "Workload": "SharePoint",
                        "ClientIP": ip,
                        "ObjectId": format!("https://nordwind.sharepoint.com/sites/{site}/{dir}/{file}"),
                        "UserId": staff[u].1,
                        "CorrelationId": uuid(i, 4134),
                        "EventSource": "SharePoint",
                        "ItemType": "File",
                        "ListId": uuid(site.len(), 4136),
                        "ListItemUniqueId": uuid(file.len(), 4137),
                        "Site": uuid(site.len(), 4138),
                        "UserAgent": ua,
                        "WebId": uuid(site.len(), 4139),
                        "HighPriorityMediaProcessing": false,
                        "SourceFileExtension": ext,
                        "SiteUrl": format!("https://nordwind.sharepoint.com/sites/{site}/"),
                        "SourceFileName": file,
                        "SourceRelativeUrl": dir,
                    }),
                ),
            );
            ("SharePointFileOperation", op, d)
        } else if roll < 86 {
            let mut d = exchange_item(t, "Send", 2, u, i, &ip, "Client=MSExchangeRPC");
            d["Item"] = json!({
                "Id": format!("RgAAAAA{}BwA", hex(i, 4140, 44).to_uppercase()),
                "InternetMessageId": format!("<{}@{}.eurprd04.prod.outlook.com>", hex(i, 4141, 20).to_uppercase(), letters(i, 4142, 6).to_uppercase()),
                "IsRecord": false,
                "ParentFolder": {"Id": format!("LgAAAAA{}AQ", hex(u, 4143, 40).to_uppercase()), "Path": "\\Sent Items"},
                "SizeInBytes": range(i, 4144, 6_000, 2_400_000),
                "Subject": pick(&subjects, i, 4145),
            });
            ("ExchangeItem", "Send", d)
        } else if roll < 95 {
            let d = merge(
                base(t, "TeamsSessionStarted", 25, i),
                json!({
                    "UserKey": guid_of(u + 500),
                    "UserType": 0,
                    "Version": 1,
                    "Workload": "MicrosoftTeams",
                    "ClientIP": ip,
                    "UserId": staff[u].1,
                    "CommunicationType": "Team",
                    "Members": [{"DisplayName": staff[u].0, "Role": 1, "UPN": staff[u].1}],
                    "TeamGuid": format!("19:{}@thread.tacv2", hex(u % 7, 4146, 32)),
                    "ItemName": "TeamsSessionStarted",
                    "TeamName": pick(&["Einkauf", "Vertrieb", "Logistik", "Marketing", "Finance", "Alle"], u, 4147),
                    "AADGroupId": uuid(u % 7, 4148),
                }),
            );
            ("MicrosoftTeams", "TeamsSessionStarted", d)
        } else {
            // An inbox rule that files mail away, from Outlook on the web
            // or from Outlook itself.
            let (folder, sender) = [
                ("Newsletter", "newsletter@outdoor-fachhandel.de"),
                ("Lieferanten", "auftrag@outdoor-textil.de"),
                ("Jira", "jira@nordwind.atlassian.net"),
                ("Newsletter", "news@bergzeit-partner.de"),
                ("Bewerbungen", "jobs@nordwind.de"),
            ][(h(i, 4149) % 5) as usize];
            if h(i, 4150).is_multiple_of(2) {
                let name = format!("{folder} verschieben");
                let d = admin(
                    t,
                    "New-InboxRule",
                    u,
                    i,
                    &format!("{ip}:{}", 1024 + h(i, 4151) % 60_000),
                    format!("{tenant}/{}\\{name}", staff[u].0),
                    "MSExchangeOWAAppPool",
                    vec![
                        nv("AlwaysDeleteOutlookRulesBlob", "False"),
                        nv("Force", "False"),
                        nv("From", sender),
                        nv("MoveToFolder", folder),
                        nv("Name", &name),
                        nv("StopProcessingRules", "True"),
                    ],
                );
                ("ExchangeAdmin", "New-InboxRule", d)
            } else {
                let mut d =
                    exchange_item(t, "UpdateInboxRules", 2, u, i, &ip, "Client=MSExchangeRPC");
                d["OperationProperties"] = json!([
                    nv("RuleName", folder),
                    nv(
                        "RuleId",
                        &format!("{}", 2_000_000_000_000u64 + h(i, 4152) % 999_999_999)
                    ),
                    nv("RuleCondition", &format!("From {sender}")),
                    nv(
                        "RuleActions",
                        &format!(
                            "[{{\"ActionType\":\"MoveToFolder\",\"FolderPath\":\"\\\\Inbox\\\\{folder}\"}}]"
                        )
                    ),
                    nv("RuleOperation", "AddMailboxRule"),
                    nv("RuleState", "Enabled"),
                ]);
                ("ExchangeItem", "UpdateInboxRules", d)
            }
        };
        rows.push((t, rt, staff[u].1.clone(), op.to_string(), data));
    }
    // The admin's and the colleagues' forwards, all inside the company.
    let admin_u = staff
        .iter()
        .position(|s| s.1.starts_with("d."))
        .unwrap_or(0);
    let t1 = DAY - 5 * 86_400 + 10 * 3600 + 14 * 60 + 7;
    rows.push((
        t1,
        "ExchangeAdmin",
        staff[admin_u].1.clone(),
        "Set-Mailbox".into(),
        admin(
            t1,
            "Set-Mailbox",
            admin_u,
            9_001,
            "217.6.44.12:50113",
            format!("{tenant}/Peter Lorenz"),
            "PowerShell",
            vec![
                nv("Identity", "p.lorenz@nordwind.de"),
                nv("ForwardingSmtpAddress", "smtp:t.weber@nordwind.de"),
                nv("DeliverToMailboxAndForward", "True"),
            ],
        ),
    ));
    let cover = (0..staff.len() - 1)
        .find(|&u| staff[u].1.starts_with("s."))
        .unwrap();
    let t2 = DAY - 3 * 86_400 + 16 * 3600 + 41 * 60 + 55;
    rows.push((
        t2,
        "ExchangeAdmin",
        staff[cover].1.clone(),
        "New-InboxRule".into(),
        admin(
            t2,
            "New-InboxRule",
            cover,
            9_002,
            "217.6.44.31:61877",
            format!("{tenant}/{}\\Urlaubsvertretung", staff[cover].0),
            "MSExchangeOWAAppPool",
            vec![
                nv("AlwaysDeleteOutlookRulesBlob", "False"),
                nv("Force", "False"),
                nv("ForwardTo", "einkauf@nordwind.de"),
                nv("Name", "Urlaubsvertretung"),
                nv("SentTo", &staff[cover].1),
                nv("StopProcessingRules", "False"),
            ],
        ),
    ));
    let t3 = DAY - 6 * 86_400 + 9 * 3600 + 3 * 60 + 12;
    rows.push((
        t3,
        "ExchangeAdmin",
        staff[admin_u].1.clone(),
        "New-TransportRule".into(),
        admin(
            t3,
            "New-TransportRule",
            admin_u,
            9_003,
            "217.6.44.12:50877",
            "Externe E-Mails kennzeichnen".into(),
            "PowerShell",
            vec![
                nv("Name", "Externe E-Mails kennzeichnen"),
                nv("FromScope", "NotInOrganization"),
                nv("SentToScope", "InOrganization"),
                nv("PrependSubject", "[EXTERN] "),
                nv("Mode", "Enforce"),
            ],
        ),
    ));
    // The night the mailbox is taken over.
    let evil = "185.107.56.213";
    let ua = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
    let t0 = DAY - 2 * 86_400 + 23 * 3600 + 41 * 60 + 9;
    rows.push((
        t0,
        "AzureActiveDirectoryStsLogon",
        victim.1.into(),
        "UserLoggedIn".into(),
        login(t0, v, 9_010, evil, ua, true),
    ));
    rows.push((
        t0 + 95,
        "ExchangeItemAggregated",
        victim.1.into(),
        "MailItemsAccessed".into(),
        mail_read(t0 + 95, v, 9_011, evil, 14),
    ));
    let tr = t0 + 7 * 60 + 31;
    rows.push((
        tr,
        "ExchangeAdmin",
        victim.1.into(),
        "New-InboxRule".into(),
        admin(
            tr,
            "New-InboxRule",
            v,
            9_012,
            &format!("{evil}:51244"),
            format!("{tenant}/{}\\..", victim.0),
            "MSExchangeOWAAppPool",
            vec![
                nv("AlwaysDeleteOutlookRulesBlob", "False"),
                nv("Force", "False"),
                nv("ForwardTo", outside),
                nv("Name", ".."),
                nv(
                    "SubjectOrBodyContainsWords",
                    "Rechnung;Invoice;Zahlung;Bankverbindung",
                ),
                nv("MarkAsRead", "True"),
                nv("MoveToFolder", "RSS Feeds"),
                nv("StopProcessingRules", "True"),
            ],
        ),
    ));
    rows.push((
        tr + 260,
        "ExchangeItemAggregated",
        victim.1.into(),
        "MailItemsAccessed".into(),
        mail_read(tr + 260, v, 9_013, evil, 6),
    ));
    rows.sort_by_key(|r| std::cmp::Reverse(r.0));
    let mut out = String::from(
        "\"PSComputerName\",\"RunspaceId\",\"PSShowComputerName\",\"RecordType\",\"CreationDate\",\"UserIds\",\"Operations\",\"AuditData\",\"ResultIndex\",\"ResultCount\",\"Identity\",\"IsValid\",\"ObjectState\"\n",
    );
    let n = rows.len();
    for (k, (t, rt, user, op, data)) in rows.iter().enumerate() {
        let fields = [
            "outlook.office365.com".to_string(),
            runspace.clone(),
            "False".into(),
            rt.to_string(),
            us_datetime(*t),
            user.clone(),
            op.clone(),
            data.to_string(),
            (k + 1).to_string(),
            n.to_string(),
            data["Id"].as_str().unwrap().to_string(),
            "True".into(),
            "Unchanged".into(),
        ];
        let line: Vec<String> = fields.iter().map(|f| csv_quoted(f)).collect();
        out.push_str(&line.join(","));
        out.push('\n');
    }
    // Only the planted rule sends mail outside the company.
    for l in out.lines() {
        if l.contains("Forward") || l.contains("Redirect") {
            let outsider = l.contains("@gmx.") || l.contains(outside);
            assert_eq!(outsider, l.contains(outside), "{l}");
        }
    }
    assert_eq!(out.matches(outside).count(), 1);
    Case::fact(
        "Search-UnifiedAuditLog CSV, mail forwarded outside",
        out,
        "Has anyone's mailbox been set up this week to quietly pass their email on to an address outside the company? Whose mailbox is it, and where is the mail going?",
        &[victim.1, outside],
    )
}

/// A Jaeger tag: key, type, value.
fn jtag(key: &str, value: Value) -> Value {
    let kind = match &value {
        Value::Bool(_) => "bool",
        Value::Number(n) if n.is_f64() => "float64",
        Value::Number(_) => "int64",
        _ => "string",
    };
    json!({"key": key, "type": kind, "value": value})
}

/// One trace of the Jaeger case as it is built: its id, spans, and the
/// processes (service, pod, language, version) they ran in.
struct JTrace {
    id: String,
    spans: Vec<Value>,
    procs: Vec<(&'static str, String, &'static str, &'static str)>,
}

impl JTrace {
    /// Adds a span; returns its index and id.
    #[allow(clippy::too_many_arguments)]
    fn span(
        &mut self,
        svc: (&'static str, &'static str, &'static str),
        pod: &str,
        parent: Option<&str>,
        op: &str,
        start: u64,
        dur: u64,
        tags: Vec<Value>,
        logs: Vec<Value>,
    ) -> (usize, String) {
        let pid = match self.procs.iter().position(|p| p.0 == svc.0) {
            Some(k) => k,
            None => {
                self.procs.push((svc.0, pod.to_string(), svc.1, svc.2));
                self.procs.len() - 1
            }
        };
        let n = self.spans.len();
        let id = hex(n, 4201 + self.id.len() as u64 + h(self.id.len(), 0) % 7, 2)
            + &hex(
                n * 977 + self.id.as_bytes()[3] as usize * 31 + self.id.as_bytes()[9] as usize,
                4202,
                14,
            );
        let references = match parent {
            Some(p) => json!([{"refType": "CHILD_OF", "traceID": self.id, "spanID": p}]),
            None => json!([]),
        };
        let mut tags = tags;
        tags.push(jtag("internal.span.format", json!("otlp")));
        self.spans.push(json!({
            "traceID": self.id,
            "spanID": id,
            "operationName": op,
            "references": references,
            "startTime": start,
            "duration": dur,
            "tags": tags,
            "logs": logs,
            "processID": format!("p{}", pid + 1),
            "warnings": null
        }));
        (n, id)
    }

    fn set_duration(&mut self, k: usize, dur: u64) {
        self.spans[k]["duration"] = json!(dur);
    }

    fn tag(&mut self, k: usize, tag: Value) {
        if let Some(tags) = self.spans[k]["tags"].as_array_mut() {
            let at = tags.len() - 1;
            tags.insert(at, tag);
        }
    }
}

/// The tags of a server span of `svc` handling `method route`.
fn jserver(scope: &str, method: &str, route: &str, path: &str, status: u64) -> Vec<Value> {
    vec![
        jtag("otel.scope.name", json!(scope)),
        jtag("otel.scope.version", json!("2.9.0-alpha")),
        jtag("span.kind", json!("server")),
        jtag("http.request.method", json!(method)),
        jtag("http.route", json!(route)),
        jtag("url.path", json!(path)),
        jtag("url.scheme", json!("http")),
        jtag("network.protocol.version", json!("1.1")),
        jtag("http.response.status_code", json!(status)),
    ]
}

/// The tags of an HTTP client span to `url`.
fn jclient(scope: &str, method: &str, url: &str, host: &str, port: u64, status: u64) -> Vec<Value> {
    vec![
        jtag("otel.scope.name", json!(scope)),
        jtag("otel.scope.version", json!("2.9.0-alpha")),
        jtag("span.kind", json!("client")),
        jtag("http.request.method", json!(method)),
        jtag("url.full", json!(url)),
        jtag("server.address", json!(host)),
        jtag("server.port", json!(port)),
        jtag("network.protocol.version", json!("1.1")),
        jtag("http.response.status_code", json!(status)),
    ]
}

/// The tags of a PostgreSQL call.
fn jdb(db: &str, table: &str, op: &str, statement: &str) -> Vec<Value> {
    vec![
        jtag("otel.scope.name", json!("io.opentelemetry.jdbc")),
        jtag("otel.scope.version", json!("2.9.0-alpha")),
        jtag("span.kind", json!("client")),
        jtag("db.system", json!("postgresql")),
        jtag("db.name", json!(db)),
        jtag("db.user", json!(format!("{db}_app"))),
        jtag(
            "db.connection_string",
            json!(format!("postgresql://pg-{db}.shop.svc:5432")),
        ),
        jtag("db.statement", json!(statement)),
        jtag("db.operation", json!(op)),
        jtag("db.sql.table", json!(table)),
        jtag("server.address", json!(format!("pg-{db}.shop.svc"))),
        jtag("server.port", json!(5432)),
    ]
}

/// The error tags of a span.
fn jerror(desc: &str) -> [Value; 3] {
    [
        jtag("error", json!(true)),
        jtag("otel.status_code", json!("ERROR")),
        jtag("otel.status_description", json!(desc)),
    ]
}

/// `curl -s 'http://jaeger-query:16686/api/traces?service=storefront-bff
/// &operation=POST%20%2Fapi%2Fcheckout&lookback=1h&limit=20'` (Jaeger 1.62,
/// spans from OpenTelemetry): fifteen checkouts of an outdoor shop, each a
/// trace of some thirty spans with their tags, events and processes: the
/// BFF's Express handler, the checkout API calling the cart, pricing, tax,
/// inventory and payment services, each with its Redis and PostgreSQL
/// calls (one stock lookup and one reservation per cart line), the order
/// written and its event published. In two traces the payment provider
/// answers 503 once and the retry goes through; one trace waits almost
/// two seconds on a stock row and succeeds; tax rates come from the cache
/// or not. In two traces the checkout fails (502 at the BFF, 500 from the
/// checkout API): the inventory service's `SELECT … FOR UPDATE NOWAIT`
/// cannot lock a stock row, the exception recorded on that database span
/// and the error passed up the chain.
fn jaeger_failing_call() -> Case {
    let bff = ("storefront-bff", "nodejs", "4.18.2");
    let checkout = ("checkout-api", "java", "2.31.0");
    let cart = ("cart-service", "go", "1.14.3");
    let pricing = ("pricing-service", "java", "3.2.1");
    let tax = ("tax-service", "go", "0.9.7");
    let inventory = ("inventory-service", "java", "5.4.0");
    let payment = ("payment-service", "java", "4.0.2");
    let pods = |svc: &str, k: usize| -> String {
        format!(
            "{svc}-{}-{}",
            hex(svc.len(), 4203, 9),
            letters(k * 13 + svc.len(), 4204, 5)
        )
    };
    let skus = [
        "TENT-ALP2-GRN",
        "SLBAG-DWN-M",
        "JKT-HRD-W-M",
        "BOOT-TRK-43",
        "PACK-45L-BLU",
        "STOVE-GAS-MINI",
        "LAMP-HD-400",
        "MAT-SELF-R",
        "POLE-CARB-PR",
        "BOTL-STEEL-1L",
    ];
    let failing = [6usize, 13];
    let psp_retry = [3usize, 16];
    let slow_lock = 9usize;
    let lock_msg = "ERROR: could not obtain lock on row in relation \"stock_levels\"";
    let mut traces: Vec<Value> = Vec::new();
    let mut bytes = 0usize;
    let mut k = 0usize;
    let hour_start: u64 = (DAY + 14 * 3600) * 1_000_000;
    while bytes < 560_000 {
        let fail = failing.contains(&k);
        let retry = psp_retry.contains(&k);
        let id = hex(k, 4205, 32);
        let mut tr = JTrace {
            id: id.clone(),
            spans: Vec::new(),
            procs: Vec::new(),
        };
        let kk = |x: usize| k * 100 + x;
        let t0 = hour_start + (k as u64) * 170_000_000 + h(k, 4206) % 90_000_000;
        let bff_pod = pods(bff.0, k % 3);
        let path = "/api/checkout";
        let (root, root_id) = tr.span(
            bff,
            &bff_pod,
            None,
            "POST /api/checkout",
            t0,
            0,
            {
                let mut t = jserver(
                    "@opentelemetry/instrumentation-http",
                    "POST",
                    "/api/checkout",
                    path,
                    if fail { 502 } else { 200 },
                );
                t.push(jtag("server.address", json!("www.nordwind-outdoor.de")));
                t.push(jtag(
                    "client.address",
                    json!(format!("{}.{}.{}.{}", 80 + h(k, 4207) % 100, h(k, 4208) % 256, h(k, 4209) % 256, 1 + h(k, 4210) % 254)),
                ));
                t.push(jtag(
                    "user_agent.original",
                    json!(pick(&["Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1", "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15"], k, 4211)),
                ));
                t
            },
            vec![],
        );
        let mut t = t0 + 180;
        for mw in [
            "query",
            "expressInit",
            "corsMiddleware",
            "session",
            "jsonParser",
        ] {
            let d = 40 + h(kk(mw.len()), 4212) % 900;
            tr.span(
                bff,
                &bff_pod,
                Some(&root_id),
                &format!("middleware - {mw}"),
                t,
                d,
                vec![
                    jtag(
                        "otel.scope.name",
                        json!("@opentelemetry/instrumentation-express"),
                    ),
                    jtag("span.kind", json!("internal")),
                    jtag("express.name", json!(mw)),
                    jtag("express.type", json!("middleware")),
                    jtag("http.route", json!("/")),
                ],
                vec![],
            );
            t += d + 20;
        }
        let (handler, handler_id) = tr.span(
            bff,
            &bff_pod,
            Some(&root_id),
            "request handler - /api/checkout",
            t,
            0,
            vec![
                jtag(
                    "otel.scope.name",
                    json!("@opentelemetry/instrumentation-express"),
                ),
                jtag("span.kind", json!("internal")),
                jtag("express.name", json!("/api/checkout")),
                jtag("express.type", json!("request_handler")),
                jtag("http.route", json!("/api/checkout")),
            ],
            vec![],
        );
        let (bff_call, bff_call_id) = tr.span(
            bff,
            &bff_pod,
            Some(&handler_id),
            "POST",
            t + 60,
            0,
            jclient(
                "@opentelemetry/instrumentation-undici",
                "POST",
                "http://checkout-api.shop.svc:8080/v2/orders",
                "checkout-api.shop.svc",
                8080,
                if fail { 500 } else { 201 },
            ),
            vec![],
        );
        let co_pod = pods(checkout.0, k % 4);
        let c0 = t + 900;
        let (co, co_id) = tr.span(
            checkout,
            &co_pod,
            Some(&bff_call_id),
            "POST /v2/orders",
            c0,
            0,
            jserver(
                "io.opentelemetry.spring-webmvc-6.0",
                "POST",
                "/v2/orders",
                "/v2/orders",
                if fail { 500 } else { 201 },
            ),
            vec![],
        );
        let mut c = c0 + 300;
        let lines = 1 + (h(k, 4213) % 6) as usize;
        let cart_id = uuid(k, 4214);
        // A call from the checkout API to a service: the client span, the
        // server span under it, and whatever `inner` adds under that.
        let call = |tr: &mut JTrace,
                    c: &mut u64,
                    svc: (&'static str, &'static str, &'static str),
                    method: &str,
                    route: &str,
                    path: &str,
                    status: u64,
                    inner: &mut dyn FnMut(&mut JTrace, &str, u64) -> (u64, bool)|
         -> (usize, usize, bool) {
            let host = format!("{}.shop.svc", svc.0);
            let (cl, cl_id) = tr.span(
                checkout,
                &co_pod,
                Some(&co_id),
                method,
                *c,
                0,
                jclient(
                    "io.opentelemetry.java-http-client",
                    method,
                    &format!("http://{host}:8080{path}"),
                    &host,
                    8080,
                    status,
                ),
                vec![],
            );
            let s0 = *c + 400 + h(tr.spans.len(), 4215) % 600;
            let pod = pods(svc.0, tr.spans.len() % 3);
            let scope = if svc.1 == "go" {
                "go.opentelemetry.io/contrib/instrumentation/net/http/otelhttp"
            } else {
                "io.opentelemetry.spring-webmvc-6.0"
            };
            let (sv, sv_id) = tr.span(
                svc,
                &pod,
                Some(&cl_id),
                &format!("{method} {route}"),
                s0,
                0,
                jserver(scope, method, route, path, status),
                vec![],
            );
            let (inner_end, failed) = inner(tr, &sv_id, s0 + 150);
            let sv_end = inner_end + 200 + h(tr.spans.len(), 4216) % 500;
            tr.set_duration(sv, sv_end - s0);
            let cl_end = sv_end + 300 + h(tr.spans.len(), 4217) % 400;
            tr.set_duration(cl, cl_end - *c);
            *c = cl_end + 80;
            (cl, sv, failed)
        };
        // The cart.
        let cart_pod = pods(cart.0, k % 2);
        call(
            &mut tr,
            &mut c,
            cart,
            "GET",
            "/v1/carts/{cartId}",
            &format!("/v1/carts/{cart_id}"),
            200,
            &mut |tr, parent, s| {
                let d = 300 + h(k, 4218) % 900;
                tr.span(
                    cart,
                    &cart_pod,
                    Some(parent),
                    "HGETALL",
                    s,
                    d,
                    vec![
                        jtag(
                            "otel.scope.name",
                            json!("github.com/redis/go-redis/extra/redisotel"),
                        ),
                        jtag("span.kind", json!("client")),
                        jtag("db.system", json!("redis")),
                        jtag("db.statement", json!(format!("HGETALL cart:{cart_id}"))),
                        jtag("db.operation", json!("HGETALL")),
                        jtag("server.address", json!("redis-sessions.shop.svc")),
                        jtag("server.port", json!(6379)),
                    ],
                    vec![],
                );
                (s + d, false)
            },
        );
        // Prices.
        let pr_pod = pods(pricing.0, k % 3);
        call(
            &mut tr,
            &mut c,
            pricing,
            "POST",
            "/v1/quotes",
            "/v1/quotes",
            200,
            &mut |tr, parent, s| {
                let mut s = s;
                let d = 200 + h(k, 4219) % 600;
                tr.span(
                    pricing,
                    &pr_pod,
                    Some(parent),
                    "GET",
                    s,
                    d,
                    vec![
                        jtag("otel.scope.name", json!("io.opentelemetry.lettuce-5.1")),
                        jtag("span.kind", json!("client")),
                        jtag("db.system", json!("redis")),
                        jtag("db.statement", json!("GET fx:EUR")),
                        jtag("db.operation", json!("GET")),
                    ],
                    vec![],
                );
                s += d + 50;
                for j in 0..lines {
                    let d = 700 + h(kk(j), 4220) % 3_000;
                    tr.span(
                        pricing,
                        &pr_pod,
                        Some(parent),
                        "SELECT catalog.prices",
                        s,
                        d,
                        jdb(
                            "catalog",
                            "prices",
                            "SELECT",
                            "SELECT sku, list_price, sale_price, currency FROM catalog.prices WHERE sku = ? AND valid_from <= ? ORDER BY valid_from DESC LIMIT ?",
                        ),
                        vec![],
                    );
                    s += d + 40;
                }
                (s, false)
            },
        );
        // Tax.
        let tx_pod = pods(tax.0, k % 2);
        let country = pick(&["DE", "DE", "AT", "NL", "CH"], k, 4221);
        call(
            &mut tr,
            &mut c,
            tax,
            "GET",
            "/v1/rates/{country}",
            &format!("/v1/rates/{country}"),
            200,
            &mut |tr, parent, s| {
                let hit = !h(k, 4222).is_multiple_of(3);
                let d = if hit { 90 } else { 2_400 + h(k, 4223) % 2_000 };
                let logs = vec![json!({"timestamp": s + 10, "fields": [
                    {"key": "event", "type": "string", "value": if hit { "cache hit" } else { "cache miss" }},
                    {"key": "cache.key", "type": "string", "value": format!("vat:{country}:2026-11-27")},
                ]})];
                tr.span(
                    tax,
                    &tx_pod,
                    Some(parent),
                    "tax.lookup",
                    s,
                    d,
                    vec![
                        jtag("otel.scope.name", json!("tax-service")),
                        jtag("span.kind", json!("internal")),
                        jtag("tax.country", json!(country)),
                        jtag("tax.cache_hit", json!(hit)),
                    ],
                    logs,
                );
                (s + d, false)
            },
        );
        // Stock reservations.
        let inv_pod = pods(inventory.0, k % 3);
        let order_id = 104_000 + k as u64 * 7 + h(k, 4224) % 7;
        let bad_line = (h(k, 4225) % lines as u64) as usize;
        let (inv_cl, inv_sv, inv_failed) = call(
            &mut tr,
            &mut c,
            inventory,
            "POST",
            "/v1/reservations",
            "/v1/reservations",
            if fail { 500 } else { 201 },
            &mut |tr, parent, s| {
                let mut s = s;
                for j in 0..lines {
                    let sku = pick(&skus, kk(j), 4226);
                    let lock = fail && j == bad_line;
                    let waited = k == slow_lock && j == 0;
                    let d = if lock {
                        900 + h(kk(j), 4227) % 400
                    } else if waited {
                        1_840_000 + h(k, 4228) % 90_000
                    } else {
                        600 + h(kk(j), 4229) % 2_200
                    };
                    let logs = if lock {
                        vec![json!({"timestamp": s + d - 40, "fields": [
                            {"key": "event", "type": "string", "value": "exception"},
                            {"key": "exception.message", "type": "string", "value": lock_msg},
                            {"key": "exception.stacktrace", "type": "string", "value": format!("org.postgresql.util.PSQLException: {lock_msg}\n\tat org.postgresql.core.v3.QueryExecutorImpl.receiveErrorResponse(QueryExecutorImpl.java:2725)\n\tat org.postgresql.core.v3.QueryExecutorImpl.processResults(QueryExecutorImpl.java:2412)\n\tat org.postgresql.core.v3.QueryExecutorImpl.execute(QueryExecutorImpl.java:371)\n\tat org.postgresql.jdbc.PgStatement.executeInternal(PgStatement.java:502)\n\tat org.postgresql.jdbc.PgStatement.execute(PgStatement.java:419)\n\tat org.postgresql.jdbc.PgPreparedStatement.executeWithFlags(PgPreparedStatement.java:194)\n\tat org.postgresql.jdbc.PgPreparedStatement.executeQuery(PgPreparedStatement.java:137)\n\tat com.zaxxer.hikari.pool.ProxyPreparedStatement.executeQuery(ProxyPreparedStatement.java:52)\n\tat com.nordwind.inventory.stock.StockRepository.lockLevel(StockRepository.java:64)\n\tat com.nordwind.inventory.reservation.ReservationService.reserve(ReservationService.java:91)\n\tat com.nordwind.inventory.reservation.ReservationController.create(ReservationController.java:38)\n")},
                            {"key": "exception.type", "type": "string", "value": "org.postgresql.util.PSQLException"},
                        ]})]
                    } else {
                        vec![]
                    };
                    let (sp, _) = tr.span(
                        inventory,
                        &inv_pod,
                        Some(parent),
                        "SELECT inventory.stock_levels",
                        s,
                        d,
                        jdb(
                            "inventory",
                            "stock_levels",
                            "SELECT",
                            "SELECT sku, on_hand, reserved FROM inventory.stock_levels WHERE sku = ? FOR UPDATE NOWAIT",
                        ),
                        logs,
                    );
                    tr.tag(sp, jtag("app.sku", json!(sku)));
                    s += d + 30;
                    if lock {
                        for t in jerror(lock_msg) {
                            tr.tag(sp, t);
                        }
                        return (s, true);
                    }
                    let d = 500 + h(kk(j), 4230) % 1_800;
                    tr.span(
                        inventory,
                        &inv_pod,
                        Some(parent),
                        "INSERT inventory.stock_reservations",
                        s,
                        d,
                        jdb(
                            "inventory",
                            "stock_reservations",
                            "INSERT",
                            "INSERT INTO inventory.stock_reservations (order_id, sku, qty, expires_at) VALUES (?, ?, ?, ?)",
                        ),
                        vec![],
                    );
                    s += d + 30;
                }
                (s, false)
            },
        );
        assert_eq!(inv_failed, fail);
        if fail {
            for t in jerror(
                "Request processing failed: org.springframework.dao.CannotAcquireLockException: PreparedStatementCallback",
            ) {
                tr.tag(inv_sv, t);
            }
            for t in jerror("500") {
                tr.tag(inv_cl, t);
            }
            for t in jerror(
                "Request processing failed: com.nordwind.checkout.inventory.ReservationFailedException: inventory answered 500",
            ) {
                tr.tag(co, t);
            }
            for t in jerror("500") {
                tr.tag(bff_call, t);
            }
            for t in jerror("502") {
                tr.tag(root, t);
            }
        } else {
            // Payment.
            let pay_pod = pods(payment.0, k % 2);
            call(
                &mut tr,
                &mut c,
                payment,
                "POST",
                "/v1/payments/authorize",
                "/v1/payments/authorize",
                200,
                &mut |tr, parent, s| {
                    let mut s = s;
                    let attempts = if retry { 2 } else { 1 };
                    for a in 0..attempts {
                        let bad = retry && a == 0;
                        let d = if bad {
                            310_000
                        } else {
                            180_000 + h(kk(a), 4231) % 400_000
                        };
                        let mut tags = jclient(
                            "io.opentelemetry.okhttp-3.0",
                            "POST",
                            "https://pal-live.psp-gateway.example/pal/servlet/Payment/v68/authorise",
                            "pal-live.psp-gateway.example",
                            443,
                            if bad { 503 } else { 200 },
                        );
                        if a > 0 {
                            tags.push(jtag("http.request.resend_count", json!(a)));
                        }
                        let (sp, _) =
                            tr.span(payment, &pay_pod, Some(parent), "POST", s, d, tags, vec![]);
                        if bad {
                            for t in jerror("503") {
                                tr.tag(sp, t);
                            }
                        }
                        s += d + if bad { 250_000 } else { 60 };
                    }
                    (s, false)
                },
            );
            if retry {
                let idx = tr.spans.len() - 3;
                let ts = tr.spans[idx]["startTime"].as_u64().unwrap();
                tr.spans[idx]["logs"] = json!([{"timestamp": ts + 320_000, "fields": [
                    {"key": "event", "type": "string", "value": "retrying authorisation"},
                    {"key": "attempt", "type": "int64", "value": 2},
                    {"key": "reason", "type": "string", "value": "PSP answered 503 Service Unavailable"},
                ]}]);
            }
            let d = 1_100 + h(k, 4232) % 3_000;
            tr.span(
                checkout,
                &co_pod,
                Some(&co_id),
                "INSERT orders.orders",
                c,
                d,
                jdb(
                    "orders",
                    "orders",
                    "INSERT",
                    "INSERT INTO orders.orders (id, customer_id, cart_id, total_cents, currency, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                ),
                vec![],
            );
            c += d + 40;
            let d = 900 + h(k, 4233) % 2_500;
            tr.span(
                checkout,
                &co_pod,
                Some(&co_id),
                "orders.created publish",
                c,
                d,
                vec![
                    jtag(
                        "otel.scope.name",
                        json!("io.opentelemetry.kafka-clients-2.6"),
                    ),
                    jtag("span.kind", json!("producer")),
                    jtag("messaging.system", json!("kafka")),
                    jtag("messaging.destination.name", json!("orders.created")),
                    jtag("messaging.operation", json!("publish")),
                    jtag("messaging.kafka.message.key", json!(order_id.to_string())),
                    jtag(
                        "messaging.kafka.destination.partition",
                        json!(h(k, 4234) % 12),
                    ),
                ],
                vec![],
            );
            c += d;
        }
        let co_end = c + 400;
        tr.set_duration(co, co_end - c0);
        let call_end = co_end + 700;
        let call_start = tr.spans[bff_call]["startTime"].as_u64().unwrap();
        tr.set_duration(bff_call, call_end - call_start);
        let handler_start = tr.spans[handler]["startTime"].as_u64().unwrap();
        tr.set_duration(handler, call_end + 300 - handler_start);
        tr.set_duration(root, call_end + 900 - t0);
        // Jaeger returns the spans as they were stored: children first.
        let mut spans = tr.spans.clone();
        spans.sort_by_key(|s| {
            let end = s["startTime"].as_u64().unwrap() + s["duration"].as_u64().unwrap();
            (end, s["spanID"].as_str().unwrap().to_string())
        });
        let mut processes = serde_json::Map::new();
        for (p, (svc, pod, lang, ver)) in tr.procs.iter().enumerate() {
            processes.insert(
                format!("p{}", p + 1),
                json!({
                    "serviceName": svc,
                    "tags": [
                        jtag("host.name", json!(pod)),
                        jtag("k8s.namespace.name", json!("shop")),
                        jtag("k8s.pod.name", json!(pod)),
                        jtag("service.version", json!(ver)),
                        jtag("telemetry.sdk.language", json!(lang)),
                        jtag("telemetry.sdk.name", json!("opentelemetry")),
                        jtag("telemetry.sdk.version", json!(if *lang == "java" { "1.43.0" } else if *lang == "go" { "1.31.0" } else { "1.27.0" })),
                    ]
                }),
            );
        }
        let trace =
            json!({"traceID": id, "spans": spans, "processes": processes, "warnings": null});
        bytes += trace.to_string().len();
        traces.push(trace);
        k += 1;
    }
    assert!(traces.len() > *failing.iter().max().unwrap());
    let doc = json!({"data": traces, "total": 0, "limit": 0, "offset": 0, "errors": null});
    let out = doc.to_string() + "\n";
    assert_eq!(out.matches("exception.message").count(), failing.len());
    Case::fact(
        "Jaeger traces API, where the failing checkouts break",
        out,
        "Some checkouts failed in the last hour. Going by these traces, which service does the failure actually start in, and what is the underlying error?",
        &["inventory-service", "could not obtain lock on row in relation"],
    )
    .with_jq(
        "[.data[].spans[].logs[]?.fields[] | select(.key == \"exception.message\") | .value] | unique | .[]",
        vec![jq_string(lock_msg)],
    )
}

/// The explanation Windows appends to a 4624 logon's message.
const WIN_4624_TAIL: &str = "This event is generated when a logon session is created. It is generated on the computer that was accessed.\r\n\r\nThe subject fields indicate the account on the local system which requested the logon. This is most commonly a service such as the Server service, or a local process such as Winlogon.exe or Services.exe.\r\n\r\nThe logon type field indicates the kind of logon that occurred. The most common types are 2 (interactive) and 3 (network).\r\n\r\nThe New Logon fields indicate the account for whom the new logon was created, i.e. the account that was logged on.\r\n\r\nThe network fields indicate where a remote logon request originated. Workstation name is not always available and may be left blank in some cases.\r\n\r\nThe impersonation level field indicates the extent to which a process in the logon session can impersonate.\r\n\r\nThe authentication information fields provide detailed information about this specific logon request.\r\n\t- Logon GUID is a unique identifier that can be used to correlate this event with a KDC event.\r\n\t- Transited services indicate which intermediate services have participated in this logon request.\r\n\t- Package name indicates which sub-protocol was used among the NTLM protocols.\r\n\t- Key length indicates the length of the generated session key. This will be 0 if no session key was requested.";

/// The `Subject:` block of a Security event: who did it.
fn win_subject(account: &str, logon: u64) -> String {
    format!(
        "Subject:\r\n\tSecurity ID:\t\tNORDWIND\\{account}\r\n\tAccount Name:\t\t{account}\r\n\tAccount Domain:\t\tNORDWIND\r\n\tLogon ID:\t\t0x{logon:X}"
    )
}

/// The attributes block of a user account created (4720) or changed
/// (4738).
fn win_attributes(sam: &str, upn: &str, display: &str, created: bool) -> String {
    let v = |s: &str| {
        if created {
            "<value not set>".to_string()
        } else {
            s.to_string()
        }
    };
    let (old, new, uac) = if created {
        (
            "0x0",
            "0x15",
            "\r\n\t\tAccount Disabled\r\n\t\t'Password Not Required' - Enabled\r\n\t\t'Normal Account' - Enabled",
        )
    } else {
        (
            "0x15",
            "0x210",
            "\r\n\t\tAccount Enabled\r\n\t\t'Password Not Required' - Disabled\r\n\t\t'Don't Expire Password' - Enabled",
        )
    };
    format!(
        "Attributes:\r\n\tSAM Account Name:\t{sam}\r\n\tDisplay Name:\t\t{display}\r\n\tUser Principal Name:\t{upn}\r\n\tHome Directory:\t\t{}\r\n\tHome Drive:\t\t{}\r\n\tScript Path:\t\t{}\r\n\tProfile Path:\t\t{}\r\n\tUser Workstations:\t{}\r\n\tPassword Last Set:\t{}\r\n\tAccount Expires:\t\t<never>\r\n\tPrimary Group ID:\t513\r\n\tAllowed To Delegate To:\t-\r\n\tOld UAC Value:\t\t{old}\r\n\tNew UAC Value:\t\t{new}\r\n\tUser Account Control:\t{uac}\r\n\tUser Parameters:\t<value not set>\r\n\tSID History:\t\t-\r\n\tLogon Hours:\t\tAll",
        v("-"),
        v("-"),
        v("-"),
        v("-"),
        v("-"),
        if created { "<never>" } else { "-" },
    )
}

/// `Get-WinEvent -ComputerName DC01 -FilterHashtable @{LogName='Security';
/// StartTime='11/26/2026 18:00'} | Select-Object TimeCreated, Id,
/// LevelDisplayName, MachineName, RecordId, TaskDisplayName, Message |
/// ConvertTo-Json` (PowerShell 7.4, two-space JSON, newest first) of a
/// company's domain controller overnight: logons of computers, service
/// accounts and admins (with their special privileges), Kerberos and NTLM
/// failures, wrong passwords and an account locked out and unlocked. In
/// the evening an admin removes a leaver's admin account from Domain
/// Admins and deletes it; at half past seven the helpdesk creates two new
/// staff accounts and puts them in the staff and VPN groups, and adds a
/// technician to the workstation admins' group. At 02:41 the admin account
/// `adm-tkoch`, which logs on every evening as usual, creates
/// `svc-sqlbackup2`, enables it, sets its password and adds it to Domain
/// Admins.
fn winevent_new_domain_admin() -> Case {
    let people = [
        "a.schulz",
        "b.wolf",
        "c.neumann",
        "d.braun",
        "e.koch",
        "f.richter",
        "g.hartmann",
        "h.lange",
        "i.peters",
        "j.kaiser",
        "k.engel",
        "l.busch",
        "m.huber",
        "n.roth",
        "o.frank",
        "p.albrecht",
        "r.meyer",
        "s.vogel",
        "t.yilmaz",
        "u.jensen",
    ];
    let services = [
        "svc-backup",
        "svc-sccm",
        "svc-sql-prod",
        "svc-veeam",
        "svc-scan",
        "svc-adconnect",
    ];
    let admins = ["adm-skrause", "adm-tkoch", "adm-mbecker"];
    let computers: Vec<String> = (0..60)
        .map(|k| format!("WS-0{}", 200 + h(k, 4301) % 400))
        .chain(
            [
                "FS01", "SQL01", "SQL02", "APP01", "APP02", "PRN-02", "VEEAM01", "EXCH01",
            ]
            .iter()
            .map(|s| s.to_string()),
        )
        .collect();
    // (seconds after 18:00 on 26 Nov, id, task, message)
    let mut events: Vec<(u64, u64, &str, String)> = Vec::new();
    let logon_id = |i: usize| 0x1_000_000 + h(i, 4302) % 0xF_000_000;
    let ip_of = |c: &str| {
        let n = c.bytes().fold(0u64, |a, b| a * 31 + b as u64);
        format!("10.1.{}.{}", 2 + n % 8, 10 + n % 230)
    };
    let guid = |i: usize| format!("{{{}}}", uuid(i, 4303));
    let logon = |i: usize, who: &str, domain: &str, ltype: u64, c: &str, kerberos: bool| {
        let (proc_, pkg) = if kerberos {
            ("Kerberos", "Kerberos")
        } else {
            ("NtLmSsp ", "NTLM")
        };
        format!(
            "An account was successfully logged on.\r\n\r\nSubject:\r\n\tSecurity ID:\t\tNULL SID\r\n\tAccount Name:\t\t-\r\n\tAccount Domain:\t\t-\r\n\tLogon ID:\t\t0x0\r\n\r\nLogon Information:\r\n\tLogon Type:\t\t{ltype}\r\n\tRestricted Admin Mode:\t-\r\n\tRemote Credential Guard:\t-\r\n\tVirtual Account:\t\tNo\r\n\tElevated Token:\t\tYes\r\n\r\nImpersonation Level:\t\tDelegation\r\n\r\nNew Logon:\r\n\tSecurity ID:\t\tNORDWIND\\{who}\r\n\tAccount Name:\t\t{who}\r\n\tAccount Domain:\t\t{domain}\r\n\tLogon ID:\t\t0x{:X}\r\n\tLinked Logon ID:\t\t0x0\r\n\tNetwork Account Name:\t-\r\n\tNetwork Account Domain:\t-\r\n\tLogon GUID:\t\t{}\r\n\r\nProcess Information:\r\n\tProcess ID:\t\t0x0\r\n\tProcess Name:\t\t-\r\n\r\nNetwork Information:\r\n\tWorkstation Name:\t{}\r\n\tSource Network Address:\t{}\r\n\tSource Port:\t\t{}\r\n\r\nDetailed Authentication Information:\r\n\tLogon Process:\t\t{proc_}\r\n\tAuthentication Package:\t{pkg}\r\n\tTransited Services:\t-\r\n\tPackage Name (NTLM only):\t{}\r\n\tKey Length:\t\t{}\r\n\r\n{WIN_4624_TAIL}",
            logon_id(i),
            if kerberos {
                guid(i)
            } else {
                "{00000000-0000-0000-0000-000000000000}".into()
            },
            if kerberos { "-" } else { c },
            ip_of(c),
            49_152 + h(i, 4304) % 16_000,
            if kerberos { "-" } else { "NTLM V2" },
            if kerberos { 0 } else { 128 },
        )
    };
    let privileges = |i: usize, who: &str| {
        format!(
            "Special privileges assigned to new logon.\r\n\r\n{}\r\n\r\nPrivileges:\t\tSeSecurityPrivilege\r\n\t\t\tSeBackupPrivilege\r\n\t\t\tSeRestorePrivilege\r\n\t\t\tSeTakeOwnershipPrivilege\r\n\t\t\tSeDebugPrivilege\r\n\t\t\tSeSystemEnvironmentPrivilege\r\n\t\t\tSeLoadDriverPrivilege\r\n\t\t\tSeImpersonatePrivilege\r\n\t\t\tSeDelegateSessionUserImpersonatePrivilege\r\n\t\t\tSeEnableDelegationPrivilege",
            win_subject(who, logon_id(i))
        )
    };
    let failed = |i: usize, who: &str, c: &str, sub: &str| {
        format!(
            "An account failed to log on.\r\n\r\nSubject:\r\n\tSecurity ID:\t\tNULL SID\r\n\tAccount Name:\t\t-\r\n\tAccount Domain:\t\t-\r\n\tLogon ID:\t\t0x0\r\n\r\nLogon Type:\t\t\t3\r\n\r\nAccount For Which Logon Failed:\r\n\tSecurity ID:\t\tNULL SID\r\n\tAccount Name:\t\t{who}\r\n\tAccount Domain:\t\tNORDWIND\r\n\r\nFailure Information:\r\n\tFailure Reason:\t\tUnknown user name or bad password.\r\n\tStatus:\t\t\t0xC000006D\r\n\tSub Status:\t\t{sub}\r\n\r\nProcess Information:\r\n\tCaller Process ID:\t0x0\r\n\tCaller Process Name:\t-\r\n\r\nNetwork Information:\r\n\tWorkstation Name:\t{c}\r\n\tSource Network Address:\t{}\r\n\tSource Port:\t\t{}\r\n\r\nDetailed Authentication Information:\r\n\tLogon Process:\t\tNtLmSsp \r\n\tAuthentication Package:\tNTLM\r\n\tTransited Services:\t-\r\n\tPackage Name (NTLM only):\t-\r\n\tKey Length:\t\t0\r\n\r\nThis event is generated when a logon request fails. It is generated on the computer where access was attempted.",
            ip_of(c),
            49_152 + h(i, 4305) % 16_000
        )
    };
    let preauth = |i: usize, who: &str, c: &str| {
        format!(
            "Kerberos pre-authentication failed.\r\n\r\nAccount Information:\r\n\tSecurity ID:\t\tNORDWIND\\{who}\r\n\tAccount Name:\t\t{who}\r\n\r\nService Information:\r\n\tService Name:\t\tkrbtgt/NORDWIND\r\n\r\nNetwork Information:\r\n\tClient Address:\t\t::ffff:{}\r\n\tClient Port:\t\t{}\r\n\r\nAdditional Information:\r\n\tTicket Options:\t\t0x40810010\r\n\tFailure Code:\t\t0x18\r\n\tPre-Authentication Type:\t2\r\n\r\nCertificate Information:\r\n\tCertificate Issuer Name:\t\t\r\n\tCertificate Serial Number:\t\t\r\n\tCertificate Thumbprint:\t\t\r\n\r\nCertificate information is only provided if a certificate was used for pre-authentication.\r\n\r\nPre-authentication types, ticket options and failure codes are defined in RFC 4120.\r\n\r\nIf the ticket was malformed or damaged during transit and could not be decrypted, then many fields in this event might not be present.",
            ip_of(c),
            49_152 + h(i, 4306) % 16_000
        )
    };
    let ntlm = |who: &str, c: &str, ok: bool| {
        format!(
            "The computer attempted to validate the credentials for an account.\r\n\r\nAuthentication Package:\tMICROSOFT_AUTHENTICATION_PACKAGE_V1_0\r\nLogon Account:\t{who}\r\nSource Workstation:\t{c}\r\nError Code:\t{}",
            if ok { "0x0" } else { "0xC000006A" }
        )
    };
    let mut i = 0usize;
    let mut t = 40u64;
    let end = 14 * 3600u64;
    while t < end {
        i += 1;
        t += 25 + h(i, 4307) % 260;
        let hour = (18 + t / 3600) % 24;
        let night = (0..6).contains(&hour);
        let c = &computers[(h(i, 4308) % computers.len() as u64) as usize];
        let roll = h(i, 4309) % 100;
        let (id, task, msg) = if roll < 30 {
            // A computer or a service account logs on over the network.
            let who = if h(i, 4310).is_multiple_of(3) {
                pick(&services, i, 4311).to_string()
            } else {
                format!("{c}$")
            };
            (4624, "Logon", logon(i, &who, "NORDWIND.LOCAL", 3, c, true))
        } else if roll < 44 {
            let who = if night {
                pick(&services, i, 4312)
            } else {
                pick(&admins, i, 4313)
            };
            let who = if who == "adm-tkoch" && night {
                "svc-backup"
            } else {
                who
            };
            (4672, "Special Logon", privileges(i, who))
        } else if roll < 56 {
            let who = pick(&people, i, 4314);
            (
                4625,
                "Logon",
                failed(
                    i,
                    who,
                    c,
                    if h(i, 4315).is_multiple_of(5) {
                        "0xC0000064"
                    } else {
                        "0xC000006A"
                    },
                ),
            )
        } else if roll < 66 {
            (
                4771,
                "Kerberos Authentication Service",
                preauth(i, pick(&people, i, 4316), c),
            )
        } else if roll < 86 {
            let who = if h(i, 4317).is_multiple_of(2) {
                pick(&services, i, 4318)
            } else {
                pick(&people, i, 4319)
            };
            (
                4776,
                "Credential Validation",
                ntlm(who, c, !h(i, 4320).is_multiple_of(6)),
            )
        } else {
            let who = pick(&people, i, 4321);
            (4624, "Logon", logon(i, who, "NORDWIND.LOCAL", 3, c, false))
        };
        events.push((t, id, task, msg));
    }
    // The admins' evening logons, adm-tkoch's among them.
    for (k, (at, who, c)) in [
        (3_100u64, "adm-skrause", "WS-0233"),
        (4_020, "adm-tkoch", "WS-0317"),
        (9_410, "adm-mbecker", "WS-0295"),
        (11_770, "adm-tkoch", "WS-0317"),
    ]
    .iter()
    .enumerate()
    {
        let j = 50_000 + k;
        events.push((*at, 4624, "Logon", logon(j, who, "NORDWIND", 10, c, true)));
        events.push((*at, 4672, "Special Logon", privileges(j, who)));
    }
    // A leaver's admin account taken out of Domain Admins and deleted.
    let sk = logon_id(50_000);
    let gsid = "S-1-5-21-2384109126-1937442015-3301278445";
    events.push((
        3_541,
        4729,
        "Security Group Management",
        format!(
            "A member was removed from a security-enabled global group.\r\n\r\n{}\r\n\r\nMember:\r\n\tSecurity ID:\t\tNORDWIND\\adm-jpeters\r\n\tAccount Name:\t\tCN=adm-jpeters,OU=Admins,OU=Tier0,DC=nordwind,DC=local\r\n\r\nGroup:\r\n\tSecurity ID:\t\tNORDWIND\\Domain Admins\r\n\tGroup Name:\t\tDomain Admins\r\n\tGroup Domain:\t\tNORDWIND\r\n\r\nAdditional Information:\r\n\tPrivileges:\t\t-",
            win_subject("adm-skrause", sk)
        ),
    ));
    events.push((
        3_602,
        4726,
        "User Account Management",
        format!(
            "A user account was deleted.\r\n\r\n{}\r\n\r\nTarget Account:\r\n\tSecurity ID:\t\t{gsid}-2214\r\n\tAccount Name:\t\tadm-jpeters\r\n\tAccount Domain:\t\tNORDWIND\r\n\r\nAdditional Information:\r\n\tPrivileges\t-",
            win_subject("adm-skrause", sk)
        ),
    ));
    // m.huber locked out and unlocked.
    events.push((
        5_020,
        4740,
        "User Account Management",
        "A user account was locked out.\r\n\r\nSubject:\r\n\tSecurity ID:\t\tSYSTEM\r\n\tAccount Name:\t\tDC01$\r\n\tAccount Domain:\t\tNORDWIND\r\n\tLogon ID:\t\t0x3E7\r\n\r\nAccount That Was Locked Out:\r\n\tSecurity ID:\t\tNORDWIND\\m.huber\r\n\tAccount Name:\t\tm.huber\r\n\r\nAdditional Information:\r\n\tCaller Computer Name:\tWS-0318".into(),
    ));
    // The helpdesk in the morning.
    let hd = "hd-lmeier";
    let hdl = logon_id(60_000);
    events.push((
        48_000,
        4624,
        "Logon",
        logon(60_000, hd, "NORDWIND", 10, "WS-0251", true),
    ));
    events.push((
        48_090,
        4767,
        "User Account Management",
        format!(
            "A user account was unlocked.\r\n\r\n{}\r\n\r\nTarget Account:\r\n\tSecurity ID:\t\tNORDWIND\\m.huber\r\n\tAccount Name:\t\tm.huber\r\n\tAccount Domain:\t\tNORDWIND",
            win_subject(hd, hdl)
        ),
    ));
    let group_add = |who: &str, by: &str, lid: u64, dn: &str, group: &str| {
        format!(
            "A member was added to a security-enabled global group.\r\n\r\n{}\r\n\r\nMember:\r\n\tSecurity ID:\t\tNORDWIND\\{who}\r\n\tAccount Name:\t\tCN={who},{dn}\r\n\r\nGroup:\r\n\tSecurity ID:\t\tNORDWIND\\{group}\r\n\tGroup Name:\t\t{group}\r\n\tGroup Domain:\t\tNORDWIND\r\n\r\nAdditional Information:\r\n\tPrivileges:\t\t-",
            win_subject(by, lid)
        )
    };
    let create = |who: &str, upn: &str, display: &str, by: &str, lid: u64| {
        format!(
            "A user account was created.\r\n\r\n{}\r\n\r\nNew Account:\r\n\tSecurity ID:\t\tNORDWIND\\{who}\r\n\tAccount Name:\t\t{who}\r\n\tAccount Domain:\t\tNORDWIND\r\n\r\n{}\r\n\r\nAdditional Information:\r\n\tPrivileges\t\t-",
            win_subject(by, lid),
            win_attributes(who, upn, display, true)
        )
    };
    let simple = |what: &str, who: &str, by: &str, lid: u64| {
        format!(
            "{what}\r\n\r\n{}\r\n\r\nTarget Account:\r\n\tSecurity ID:\t\tNORDWIND\\{who}\r\n\tAccount Name:\t\t{who}\r\n\tAccount Domain:\t\tNORDWIND",
            win_subject(by, lid)
        )
    };
    let changed = |who: &str, upn: &str, display: &str, by: &str, lid: u64| {
        format!(
            "A user account was changed.\r\n\r\n{}\r\n\r\nTarget Account:\r\n\tSecurity ID:\t\tNORDWIND\\{who}\r\n\tAccount Name:\t\t{who}\r\n\tAccount Domain:\t\tNORDWIND\r\n\r\nChanged Attributes:\r\n\t{}\r\n\r\nAdditional Information:\r\n\tPrivileges:\t\t-",
            win_subject(by, lid),
            win_attributes(who, upn, display, false).trim_start_matches("Attributes:\r\n\t")
        )
    };
    let staff_ou = "OU=Users,OU=Staff,DC=nordwind,DC=local";
    let mut at = 48_400u64;
    for (who, display) in [("j.albers", "Jana Albers"), ("t.okafor", "Tunde Okafor")] {
        let upn = format!("{who}@nordwind.de");
        events.push((
            at,
            4720,
            "User Account Management",
            create(who, &upn, display, hd, hdl),
        ));
        events.push((
            at + 1,
            4722,
            "User Account Management",
            simple("A user account was enabled.", who, hd, hdl),
        ));
        events.push((
            at + 1,
            4724,
            "User Account Management",
            simple(
                "An attempt was made to reset an account's password.",
                who,
                hd,
                hdl,
            ),
        ));
        events.push((
            at + 2,
            4738,
            "User Account Management",
            changed(who, &upn, display, hd, hdl),
        ));
        events.push((
            at + 40,
            4728,
            "Security Group Management",
            group_add(who, hd, hdl, staff_ou, "GG-Staff"),
        ));
        events.push((
            at + 44,
            4728,
            "Security Group Management",
            group_add(who, hd, hdl, staff_ou, "VPN-Users"),
        ));
        at += 310;
    }
    events.push((
        49_260,
        4728,
        "Security Group Management",
        group_add("t.yilmaz", hd, hdl, staff_ou, "GG-Admins-Workstations"),
    ));
    events.push((
        49_300,
        4732,
        "Security Group Management",
        format!(
            "A member was added to a security-enabled local group.\r\n\r\n{}\r\n\r\nMember:\r\n\tSecurity ID:\t\tNORDWIND\\t.yilmaz\r\n\tAccount Name:\t\tCN=t.yilmaz,{staff_ou}\r\n\r\nGroup:\r\n\tSecurity ID:\t\tBUILTIN\\Remote Desktop Users\r\n\tGroup Name:\t\tRemote Desktop Users\r\n\tGroup Domain:\t\tBuiltin\r\n\r\nAdditional Information:\r\n\tPrivileges:\t\t-",
            win_subject(hd, hdl)
        ),
    ));
    // 02:38, adm-tkoch again, from another workstation.
    let tk = logon_id(70_000);
    let t0 = (2 + 24 - 18) * 3600 + 38 * 60 + 51;
    events.push((
        t0,
        4624,
        "Logon",
        logon(70_000, "adm-tkoch", "NORDWIND", 10, "WS-0233", true),
    ));
    events.push((t0, 4672, "Special Logon", privileges(70_000, "adm-tkoch")));
    let new = "svc-sqlbackup2";
    let upn = format!("{new}@nordwind.local");
    let t1 = t0 + 2 * 60 + 16;
    events.push((
        t1,
        4720,
        "User Account Management",
        create(new, &upn, "<value not set>", "adm-tkoch", tk),
    ));
    events.push((
        t1 + 1,
        4722,
        "User Account Management",
        simple("A user account was enabled.", new, "adm-tkoch", tk),
    ));
    events.push((
        t1 + 1,
        4724,
        "User Account Management",
        simple(
            "An attempt was made to reset an account's password.",
            new,
            "adm-tkoch",
            tk,
        ),
    ));
    events.push((
        t1 + 2,
        4738,
        "User Account Management",
        changed(new, &upn, "-", "adm-tkoch", tk),
    ));
    let planted = group_add(
        new,
        "adm-tkoch",
        tk,
        "OU=Service Accounts,DC=nordwind,DC=local",
        "Domain Admins",
    );
    events.push((t1 + 58, 4728, "Security Group Management", planted.clone()));
    events.sort_by_key(|e| std::cmp::Reverse(e.0));
    // 18:00 on 26 Nov, CET.
    let start = DAY - 7 * 3600;
    let n = events.len() as u64;
    let arr: Vec<Value> = events
        .iter()
        .enumerate()
        .map(|(k, (t, id, task, msg))| {
            // Local time, CET.
            let local = start + t + 3600;
            json!({
                "TimeCreated": format!("{}.{:07}+01:00", datetime(local), h(k, 4322) % 10_000_000),
                "Id": id,
                "LevelDisplayName": "Information",
                "MachineName": "DC01.nordwind.local",
                "RecordId": 88_412_000 + n - k as u64,
                "TaskDisplayName": task,
                "Message": msg,
            })
        })
        .collect();
    let expected: Vec<String> = planted
        .split("\r\n")
        .filter(|l| l.contains("Account Name:"))
        .map(jq_string)
        .collect();
    assert_eq!(expected.len(), 2);
    let admins_added = events
        .iter()
        .filter(|e| e.1 == 4728 && e.3.contains("Domain Admins"))
        .count();
    assert_eq!(admins_added, 1);
    Case::fact(
        "Get-WinEvent Security log JSON, a new domain admin",
        pretty(&Value::Array(arr), b"  ") + "\n",
        "Overnight, did somebody set up a brand-new account on the domain controller and give it full admin rights over the whole Windows domain? Which account is it, and who did it?",
        &[new, "adm-tkoch"],
    )
    .with_jq(
        ".[] | select(.Id == 4728 and (.Message | contains(\"Domain Admins\"))) | .Message | split(\"\\r\\n\") | map(select(contains(\"Account Name:\"))) | .[]",
        expected,
    )
}

/// A container's resources in the helm case.
#[derive(Clone, Copy)]
enum Res {
    /// Limits and requests of CPU and memory.
    Full(&'static str, &'static str, &'static str, &'static str),
    /// A memory limit, no CPU limit; requests of both.
    NoCpuLimit(&'static str, &'static str, &'static str),
    /// A CPU limit only; requests of both.
    CpuLimitOnly(&'static str, &'static str, &'static str),
    /// Requests only.
    RequestsOnly(&'static str, &'static str),
    /// `resources: {}` from an empty values map.
    Empty,
    /// No `resources` at all.
    Missing,
}

impl Res {
    fn memory_limit(self) -> bool {
        matches!(self, Res::Full(..) | Res::NoCpuLimit(..))
    }

    /// The `resources:` block at `pad` spaces.
    fn yaml(self, pad: usize) -> String {
        let p = " ".repeat(pad);
        let q = " ".repeat(pad + 2);
        let r = " ".repeat(pad + 4);
        let cpu = |v: &str| {
            if v.ends_with('m') {
                v.to_string()
            } else {
                format!("\"{v}\"")
            }
        };
        match self {
            Res::Full(cl, ml, cr, mr) => format!(
                "{p}resources:\n{q}limits:\n{r}cpu: {}\n{r}memory: {ml}\n{q}requests:\n{r}cpu: {}\n{r}memory: {mr}\n",
                cpu(cl),
                cpu(cr)
            ),
            Res::NoCpuLimit(ml, cr, mr) => format!(
                "{p}resources:\n{q}limits:\n{r}memory: {ml}\n{q}requests:\n{r}cpu: {}\n{r}memory: {mr}\n",
                cpu(cr)
            ),
            Res::CpuLimitOnly(cl, cr, mr) => format!(
                "{p}resources:\n{q}limits:\n{r}cpu: {}\n{q}requests:\n{r}cpu: {}\n{r}memory: {mr}\n",
                cpu(cl),
                cpu(cr)
            ),
            Res::RequestsOnly(cr, mr) => format!(
                "{p}resources:\n{q}requests:\n{r}cpu: {}\n{r}memory: {mr}\n",
                cpu(cr)
            ),
            Res::Empty => format!("{p}resources:\n{q}{{}}\n"),
            Res::Missing => String::new(),
        }
    }
}

/// One workload of the helm case: name, kind, language, port, replicas,
/// the main container's name and resources, its sidecars.
struct Wl {
    name: &'static str,
    kind: &'static str,
    lang: &'static str,
    port: u64,
    replicas: u64,
    container: &'static str,
    res: Res,
    sidecars: Vec<(&'static str, Res)>,
}

/// `helm template shop ./charts/shop -n shop-prod -f values-prod.yaml`
/// (Helm 3.16) of an outdoor shop's umbrella chart: forty-odd services,
/// workers, stateful stores and cron jobs, in the order Helm writes the
/// kinds (a resource quota, disruption budgets, service accounts, config
/// maps with each service's `application.yaml`, services, deployments,
/// autoscalers (some on memory), stateful sets, cron jobs, ingresses,
/// service monitors), each with its labels, probes, environment and
/// security context. Most containers set CPU and memory limits; many set
/// only a memory limit and no CPU limit; sidecars (`otel-agent`, `envoy`)
/// have their own limits; init containers too; the new resource quota
/// limits the namespace's memory; a config file names a cache's memory
/// limit. Six containers have no memory limit: requests only, a CPU limit
/// only, `resources: {}` from the default template, or no resources at
/// all, one of them a sidecar.
fn helm_no_memory_limit() -> Case {
    use Res::*;
    let std_java = Full("2", "1536Mi", "500m", "1Gi");
    let std_node = NoCpuLimit("512Mi", "200m", "384Mi");
    let std_go = NoCpuLimit("256Mi", "100m", "128Mi");
    let otel = ("otel-agent", Full("200m", "128Mi", "50m", "64Mi"));
    let envoy = ("envoy", Full("500m", "256Mi", "100m", "128Mi"));
    let d = "Deployment";
    let wls: Vec<Wl> = vec![
        Wl {
            name: "admin-ui",
            kind: d,
            lang: "node",
            port: 3000,
            replicas: 2,
            container: "admin-ui",
            res: std_node,
            sidecars: vec![],
        },
        Wl {
            name: "cart-api",
            kind: d,
            lang: "java",
            port: 8080,
            replicas: 4,
            container: "cart-api",
            res: std_java,
            sidecars: vec![otel],
        },
        Wl {
            name: "catalog-api",
            kind: d,
            lang: "java",
            port: 8080,
            replicas: 4,
            container: "catalog-api",
            res: Full("2", "2Gi", "1", "1536Mi"),
            sidecars: vec![otel],
        },
        Wl {
            name: "checkout-api",
            kind: d,
            lang: "java",
            port: 8080,
            replicas: 6,
            container: "checkout-api",
            res: std_java,
            sidecars: vec![otel, envoy],
        },
        Wl {
            name: "erp-connector",
            kind: d,
            lang: "java",
            port: 8080,
            replicas: 1,
            container: "erp-connector",
            res: NoCpuLimit("1Gi", "250m", "768Mi"),
            sidecars: vec![],
        },
        Wl {
            name: "feature-flags",
            kind: d,
            lang: "go",
            port: 8080,
            replicas: 2,
            container: "feature-flags",
            res: std_go,
            sidecars: vec![],
        },
        Wl {
            name: "image-cdn-purger",
            kind: d,
            lang: "go",
            port: 8080,
            replicas: 1,
            container: "image-cdn-purger",
            res: std_go,
            sidecars: vec![],
        },
        Wl {
            name: "image-thumbnailer",
            kind: d,
            lang: "go",
            port: 8080,
            replicas: 3,
            container: "image-thumbnailer",
            res: RequestsOnly("500m", "768Mi"),
            sidecars: vec![],
        },
        Wl {
            name: "inventory-service",
            kind: d,
            lang: "java",
            port: 8080,
            replicas: 3,
            container: "inventory-service",
            res: std_java,
            sidecars: vec![otel],
        },
        Wl {
            name: "invoice-renderer",
            kind: d,
            lang: "java",
            port: 8080,
            replicas: 2,
            container: "invoice-renderer",
            res: Full("1", "3Gi", "250m", "2Gi"),
            sidecars: vec![],
        },
        Wl {
            name: "legacy-soap-bridge",
            kind: d,
            lang: "java",
            port: 8080,
            replicas: 1,
            container: "soap-bridge",
            res: Empty,
            sidecars: vec![],
        },
        Wl {
            name: "loyalty-api",
            kind: d,
            lang: "node",
            port: 3000,
            replicas: 2,
            container: "loyalty-api",
            res: std_node,
            sidecars: vec![],
        },
        Wl {
            name: "mailer",
            kind: d,
            lang: "python",
            port: 8000,
            replicas: 2,
            container: "mailer",
            res: Full("500m", "512Mi", "100m", "256Mi"),
            sidecars: vec![],
        },
        Wl {
            name: "memcached",
            kind: d,
            lang: "other",
            port: 11211,
            replicas: 3,
            container: "memcached",
            res: Full("1", "1152Mi", "250m", "1152Mi"),
            sidecars: vec![("memcached-exporter", Full("100m", "64Mi", "20m", "32Mi"))],
        },
        Wl {
            name: "orders-api",
            kind: d,
            lang: "java",
            port: 8080,
            replicas: 4,
            container: "orders-api",
            res: std_java,
            sidecars: vec![otel, ("pgbouncer", Empty)],
        },
        Wl {
            name: "payments-api",
            kind: d,
            lang: "java",
            port: 8443,
            replicas: 3,
            container: "payments-api",
            res: Full("2", "2Gi", "500m", "1536Mi"),
            sidecars: vec![otel, envoy],
        },
        Wl {
            name: "pim-sync",
            kind: d,
            lang: "python",
            port: 8000,
            replicas: 1,
            container: "pim-sync",
            res: NoCpuLimit("1Gi", "200m", "512Mi"),
            sidecars: vec![],
        },
        Wl {
            name: "pricing-service",
            kind: d,
            lang: "java",
            port: 8080,
            replicas: 3,
            container: "pricing-service",
            res: std_java,
            sidecars: vec![otel],
        },
        Wl {
            name: "push-service",
            kind: d,
            lang: "go",
            port: 8080,
            replicas: 2,
            container: "push-service",
            res: std_go,
            sidecars: vec![],
        },
        Wl {
            name: "recommendations",
            kind: d,
            lang: "python",
            port: 8000,
            replicas: 2,
            container: "recommendations",
            res: NoCpuLimit("4Gi", "1", "3Gi"),
            sidecars: vec![otel],
        },
        Wl {
            name: "returns-api",
            kind: d,
            lang: "java",
            port: 8080,
            replicas: 2,
            container: "returns-api",
            res: std_java,
            sidecars: vec![otel],
        },
        Wl {
            name: "reviews-api",
            kind: d,
            lang: "node",
            port: 3000,
            replicas: 2,
            container: "reviews-api",
            res: std_node,
            sidecars: vec![],
        },
        Wl {
            name: "search-api",
            kind: d,
            lang: "java",
            port: 8080,
            replicas: 3,
            container: "search-api",
            res: Full("2", "2Gi", "500m", "1536Mi"),
            sidecars: vec![otel],
        },
        Wl {
            name: "session-gateway",
            kind: d,
            lang: "go",
            port: 8080,
            replicas: 3,
            container: "session-gateway",
            res: std_go,
            sidecars: vec![envoy],
        },
        Wl {
            name: "sms-gateway",
            kind: d,
            lang: "go",
            port: 8080,
            replicas: 2,
            container: "sms-gateway",
            res: std_go,
            sidecars: vec![],
        },
        Wl {
            name: "storefront",
            kind: d,
            lang: "node",
            port: 3000,
            replicas: 6,
            container: "storefront",
            res: NoCpuLimit("1Gi", "500m", "768Mi"),
            sidecars: vec![otel],
        },
        Wl {
            name: "storefront-ssr",
            kind: d,
            lang: "node",
            port: 3000,
            replicas: 4,
            container: "storefront-ssr",
            res: NoCpuLimit("1536Mi", "500m", "1Gi"),
            sidecars: vec![],
        },
        Wl {
            name: "tax-service",
            kind: d,
            lang: "go",
            port: 8080,
            replicas: 2,
            container: "tax-service",
            res: std_go,
            sidecars: vec![],
        },
        Wl {
            name: "webhook-dispatcher",
            kind: d,
            lang: "go",
            port: 8080,
            replicas: 2,
            container: "webhook-dispatcher",
            res: RequestsOnly("200m", "256Mi"),
            sidecars: vec![otel],
        },
        Wl {
            name: "wishlist-api",
            kind: d,
            lang: "node",
            port: 3000,
            replicas: 2,
            container: "wishlist-api",
            res: std_node,
            sidecars: vec![],
        },
        Wl {
            name: "address-validation",
            kind: d,
            lang: "java",
            port: 8080,
            replicas: 2,
            container: "address-validation",
            res: std_java,
            sidecars: vec![otel],
        },
        Wl {
            name: "availability",
            kind: d,
            lang: "java",
            port: 8080,
            replicas: 3,
            container: "availability",
            res: std_java,
            sidecars: vec![otel],
        },
        Wl {
            name: "consent-service",
            kind: d,
            lang: "node",
            port: 3000,
            replicas: 2,
            container: "consent-service",
            res: std_node,
            sidecars: vec![],
        },
        Wl {
            name: "fraud-check",
            kind: d,
            lang: "python",
            port: 8000,
            replicas: 2,
            container: "fraud-check",
            res: NoCpuLimit("2Gi", "500m", "1536Mi"),
            sidecars: vec![otel],
        },
        Wl {
            name: "label-printer",
            kind: d,
            lang: "go",
            port: 8080,
            replicas: 1,
            container: "label-printer",
            res: std_go,
            sidecars: vec![],
        },
        Wl {
            name: "ledger",
            kind: d,
            lang: "java",
            port: 9400,
            replicas: 2,
            container: "ledger",
            res: Full("2", "2Gi", "500m", "2Gi"),
            sidecars: vec![otel, envoy],
        },
        Wl {
            name: "newsletter-worker",
            kind: d,
            lang: "python",
            port: 8000,
            replicas: 1,
            container: "newsletter-worker",
            res: Full("500m", "768Mi", "100m", "512Mi"),
            sidecars: vec![],
        },
        Wl {
            name: "payouts",
            kind: d,
            lang: "java",
            port: 8080,
            replicas: 1,
            container: "payouts",
            res: std_java,
            sidecars: vec![otel],
        },
        Wl {
            name: "profile-service",
            kind: d,
            lang: "java",
            port: 8080,
            replicas: 2,
            container: "profile-service",
            res: std_java,
            sidecars: vec![otel],
        },
        Wl {
            name: "psp-webhooks",
            kind: d,
            lang: "go",
            port: 8080,
            replicas: 2,
            container: "psp-webhooks",
            res: std_go,
            sidecars: vec![envoy],
        },
        Wl {
            name: "query-suggest",
            kind: d,
            lang: "java",
            port: 8080,
            replicas: 2,
            container: "query-suggest",
            res: NoCpuLimit("1Gi", "250m", "768Mi"),
            sidecars: vec![],
        },
        Wl {
            name: "refund-worker",
            kind: d,
            lang: "java",
            port: 8080,
            replicas: 2,
            container: "refund-worker",
            res: std_java,
            sidecars: vec![otel],
        },
        Wl {
            name: "shipping-rates",
            kind: d,
            lang: "go",
            port: 8080,
            replicas: 2,
            container: "shipping-rates",
            res: std_go,
            sidecars: vec![],
        },
        Wl {
            name: "support-bridge",
            kind: d,
            lang: "node",
            port: 3000,
            replicas: 1,
            container: "support-bridge",
            res: std_node,
            sidecars: vec![],
        },
        Wl {
            name: "redis-cache",
            kind: "StatefulSet",
            lang: "other",
            port: 6379,
            replicas: 3,
            container: "redis",
            res: Full("1", "2Gi", "250m", "2Gi"),
            sidecars: vec![("redis-exporter", Full("100m", "64Mi", "20m", "32Mi"))],
        },
        Wl {
            name: "search-indexer",
            kind: "StatefulSet",
            lang: "java",
            port: 8080,
            replicas: 2,
            container: "search-indexer",
            res: Missing,
            sidecars: vec![],
        },
        Wl {
            name: "gdpr-cleanup",
            kind: "CronJob",
            lang: "python",
            port: 0,
            replicas: 1,
            container: "gdpr-cleanup",
            res: Full("500m", "512Mi", "100m", "256Mi"),
            sidecars: vec![],
        },
        Wl {
            name: "nightly-reports",
            kind: "CronJob",
            lang: "python",
            port: 0,
            replicas: 1,
            container: "report-builder",
            res: CpuLimitOnly("2", "500m", "2Gi"),
            sidecars: vec![],
        },
        Wl {
            name: "sitemap-generator",
            kind: "CronJob",
            lang: "node",
            port: 0,
            replicas: 1,
            container: "sitemap-generator",
            res: NoCpuLimit("768Mi", "200m", "512Mi"),
            sidecars: vec![],
        },
        Wl {
            name: "stock-sync",
            kind: "CronJob",
            lang: "go",
            port: 0,
            replicas: 1,
            container: "stock-sync",
            res: std_go,
            sidecars: vec![],
        },
    ];
    let ns = "shop-prod";
    let version = |w: &Wl| -> String {
        format!(
            "{}.{}.{}",
            1 + h(w.name.len() * 7 + w.port as usize, 4401) % 4,
            h(w.name.len(), 4402) % 40,
            h(w.name.len() + 3, 4403) % 10
        )
    };
    let labels = |w: &Wl, pad: usize| -> String {
        let p = " ".repeat(pad);
        let v = version(w);
        format!(
            "{p}helm.sh/chart: {}-{v}\n{p}app.kubernetes.io/name: {}\n{p}app.kubernetes.io/instance: shop\n{p}app.kubernetes.io/version: \"{v}\"\n{p}app.kubernetes.io/managed-by: Helm\n{p}app.kubernetes.io/part-of: shop\n",
            w.name, w.name
        )
    };
    let selector = |w: &Wl, pad: usize| -> String {
        let p = " ".repeat(pad);
        format!(
            "{p}app.kubernetes.io/name: {}\n{p}app.kubernetes.io/instance: shop\n",
            w.name
        )
    };
    let head = |out: &mut String, w: &Wl, file: &str, api: &str, kind: &str, name: &str| {
        out.push_str(&format!(
            "---\n# Source: shop/charts/{}/templates/{file}\napiVersion: {api}\nkind: {kind}\nmetadata:\n  name: {name}\n  namespace: {ns}\n  labels:\n{}",
            w.name,
            labels(w, 4)
        ));
    };
    let mut out = String::new();
    for w in wls.iter().filter(|w| w.port > 0) {
        head(
            &mut out,
            w,
            "networkpolicy.yaml",
            "networking.k8s.io/v1",
            "NetworkPolicy",
            w.name,
        );
        out.push_str(&format!(
            "spec:\n  podSelector:\n    matchLabels:\n{}  policyTypes:\n    - Ingress\n  ingress:\n    - from:\n        - namespaceSelector:\n            matchLabels:\n              kubernetes.io/metadata.name: {ns}\n        - namespaceSelector:\n            matchLabels:\n              kubernetes.io/metadata.name: monitoring\n{}      ports:\n        - port: {}\n          protocol: TCP\n",
            selector(w, 6),
            if ["storefront", "storefront-ssr", "admin-ui", "payments-api", "psp-webhooks"].contains(&w.name) {
                "        - namespaceSelector:\n            matchLabels:\n              kubernetes.io/metadata.name: ingress-nginx\n"
            } else {
                ""
            },
            w.port
        ));
    }
    // The namespace's new quota.
    out.push_str(&format!(
        "---\n# Source: shop/templates/resourcequota.yaml\napiVersion: v1\nkind: ResourceQuota\nmetadata:\n  name: shop-prod-compute\n  namespace: {ns}\n  labels:\n    app.kubernetes.io/instance: shop\n    app.kubernetes.io/managed-by: Helm\n  annotations:\n    nordwind.io/owner: platform-team\n    nordwind.io/ticket: PLAT-2291\nspec:\n  hard:\n    requests.cpu: \"120\"\n    requests.memory: 240Gi\n    limits.cpu: \"240\"\n    limits.memory: 320Gi\n    pods: \"400\"\n"
    ));
    for w in wls.iter().filter(|w| w.replicas > 1 && w.kind != "CronJob") {
        head(
            &mut out,
            w,
            "pdb.yaml",
            "policy/v1",
            "PodDisruptionBudget",
            w.name,
        );
        out.push_str(&format!(
            "spec:\n  maxUnavailable: 1\n  selector:\n    matchLabels:\n{}",
            selector(w, 6)
        ));
    }
    for w in &wls {
        head(
            &mut out,
            w,
            "serviceaccount.yaml",
            "v1",
            "ServiceAccount",
            w.name,
        );
        out.push_str(&format!(
            "  annotations:\n    eks.amazonaws.com/role-arn: arn:aws:iam::481516234200:role/shop-prod-{}\nautomountServiceAccountToken: false\n",
            w.name
        ));
    }
    for (k, w) in wls.iter().enumerate() {
        head(
            &mut out,
            w,
            "configmap.yaml",
            "v1",
            "ConfigMap",
            &format!("{}-config", w.name),
        );
        out.push_str("data:\n  LOG_FORMAT: \"json\"\n  LOG_LEVEL: \"info\"\n");
        out.push_str(&format!(
            "  OTEL_EXPORTER_OTLP_ENDPOINT: \"http://otel-collector.observability.svc:4317\"\n  OTEL_SERVICE_NAME: \"{}\"\n  OTEL_RESOURCE_ATTRIBUTES: \"deployment.environment=prod,service.namespace=shop\"\n",
            w.name
        ));
        match w.lang {
            "java" => {
                out.push_str(&format!(
                    "  application.yaml: |\n    server:\n      port: {}\n      shutdown: graceful\n      tomcat:\n        threads:\n          max: 200\n        connection-timeout: 5s\n    spring:\n      lifecycle:\n        timeout-per-shutdown-phase: 25s\n      datasource:\n        url: jdbc:postgresql://pg-{}.shop-prod.svc:5432/{}\n        hikari:\n          maximum-pool-size: {}\n          connection-timeout: 3000\n          max-lifetime: 1800000\n      jpa:\n        open-in-view: false\n        properties:\n          hibernate.jdbc.batch_size: 50\n      kafka:\n        bootstrap-servers: kafka-0.kafka.data.svc:9092,kafka-1.kafka.data.svc:9092,kafka-2.kafka.data.svc:9092\n        producer:\n          acks: all\n          compression-type: zstd\n    management:\n      endpoints:\n        web:\n          exposure:\n            include: health,info,prometheus\n      endpoint:\n        health:\n          probes:\n            enabled: true\n      metrics:\n        tags:\n          application: {}\n    resilience4j:\n      circuitbreaker:\n        instances:\n          default:\n            sliding-window-size: 50\n            failure-rate-threshold: 50\n            wait-duration-in-open-state: 30s\n      retry:\n        instances:\n          default:\n            max-attempts: 3\n            wait-duration: 200ms\n",
                    w.port,
                    w.name.split('-').next().unwrap(),
                    w.name.replace('-', "_"),
                    10 + h(k, 4404) % 20,
                    w.name
                ));
                out.push_str(&format!(
                    "  logback-spring.xml: |\n    <configuration>\n      <springProperty scope=\"context\" name=\"app\" source=\"spring.application.name\" defaultValue=\"{}\"/>\n      <appender name=\"JSON\" class=\"ch.qos.logback.core.ConsoleAppender\">\n        <encoder class=\"net.logstash.logback.encoder.LogstashEncoder\">\n          <customFields>{{\"service\":\"${{app}}\",\"env\":\"prod\"}}</customFields>\n          <throwableConverter class=\"net.logstash.logback.stacktrace.ShortenedThrowableConverter\">\n            <maxDepthPerThrowable>30</maxDepthPerThrowable>\n            <rootCauseFirst>true</rootCauseFirst>\n          </throwableConverter>\n        </encoder>\n      </appender>\n      <logger name=\"org.hibernate.SQL\" level=\"WARN\"/>\n      <logger name=\"com.zaxxer.hikari\" level=\"INFO\"/>\n      <root level=\"INFO\">\n        <appender-ref ref=\"JSON\"/>\n      </root>\n    </configuration>\n",
                    w.name
                ));
            }
            "node" => {
                out.push_str(&format!(
                    "  config.json: |\n    {{\n      \"port\": {},\n      \"apiBase\": \"http://checkout-api.{ns}.svc:8080\",\n      \"catalogBase\": \"http://catalog-api.{ns}.svc:8080\",\n      \"searchBase\": \"http://search-api.{ns}.svc:8080\",\n      \"sessionCookie\": {{ \"name\": \"nw_sid\", \"secure\": true, \"sameSite\": \"lax\", \"maxAgeDays\": 30 }},\n      \"cache\": {{ \"ttlSeconds\": {}, \"staleWhileRevalidate\": 60 }},\n      \"locales\": [\"de-DE\", \"de-AT\", \"de-CH\", \"nl-NL\", \"en-GB\"],\n      \"featureFlags\": \"http://feature-flags.{ns}.svc:8080\"\n    }}\n",
                    w.port,
                    30 + h(k, 4405) % 270
                ));
            }
            "python" => {
                out.push_str(&format!(
                    "  settings.toml: |\n    [app]\n    name = \"{}\"\n    workers = {}\n    timeout = 30\n\n    [database]\n    url = \"postgresql://{}@pg-reporting.{ns}.svc:5432/reporting\"\n    pool_size = 5\n\n    [smtp]\n    host = \"smtp.eu.sparkpost.com\"\n    port = 587\n    starttls = true\n\n    [sentry]\n    environment = \"prod\"\n    traces_sample_rate = 0.05\n",
                    w.name,
                    2 + h(k, 4406) % 6,
                    w.name.replace('-', "_")
                ));
            }
            _ => {}
        }
        if w.name == "memcached" {
            out.push_str("  memcached.conf: |\n    # -m: the cache's memory limit in megabytes, kept under the\n    # container's limit so the kernel never kills it\n    -m 1024\n    -c 4096\n    -t 4\n    -I 2m\n");
        }
    }
    for w in wls.iter().filter(|w| w.kind != "CronJob") {
        head(&mut out, w, "service.yaml", "v1", "Service", w.name);
        out.push_str(&format!(
            "spec:\n  type: ClusterIP\n{}  ports:\n    - port: {}\n      targetPort: {}\n      protocol: TCP\n      name: {}\n  selector:\n{}",
            if w.kind == "StatefulSet" { "  clusterIP: None\n" } else { "" },
            if w.port == 8443 { 443 } else if w.port == 3000 || w.port == 8000 { 80 } else { w.port },
            if w.lang == "other" { w.port.to_string() } else { "http".into() },
            if w.lang == "other" { "tcp" } else { "http" },
            selector(w, 4)
        ));
    }
    // A pod's containers, at the indent of a Deployment's pod spec.
    let pod = |w: &Wl, k: usize, pad: usize| -> String {
        let p = " ".repeat(pad);
        let image = |n: &str, v: &str| format!("\"registry.nordwind.io/shop/{n}:{v}\"");
        let mut s = format!(
            "{p}serviceAccountName: {}\n{p}securityContext:\n{p}  runAsNonRoot: true\n{p}  runAsUser: 10001\n{p}  fsGroup: 10001\n{p}  seccompProfile:\n{p}    type: RuntimeDefault\n",
            w.name
        );
        if w.lang == "java" && w.kind != "CronJob" {
            s.push_str(&format!(
                "{p}initContainers:\n{p}  - name: migrate-schema\n{p}    image: {}\n{p}    args: [\"flyway\", \"migrate\"]\n{p}    envFrom:\n{p}      - secretRef:\n{p}          name: {}-db\n{}",
                image(w.name, &version(w)),
                w.name,
                Full("500m", "256Mi", "100m", "128Mi").yaml(pad + 4)
            ));
        }
        s.push_str(&format!("{p}containers:\n"));
        let mut env: Vec<(String, String)> = vec![
            ("TZ".into(), "\"Europe/Berlin\"".into()),
            ("ENVIRONMENT".into(), "\"prod\"".into()),
        ];
        match w.lang {
            "java" => {
                env.push((
                    "SPRING_PROFILES_ACTIVE".into(),
                    "\"prod,kubernetes\"".into(),
                ));
                env.push((
                    "JAVA_TOOL_OPTIONS".into(),
                    "\"-XX:MaxRAMPercentage=75.0 -XX:+ExitOnOutOfMemoryError -Djava.security.egd=file:/dev/./urandom\"".into(),
                ));
            }
            "node" => {
                env.push(("NODE_ENV".into(), "\"production\"".into()));
                env.push(("NODE_OPTIONS".into(), "\"--enable-source-maps\"".into()));
            }
            "go" => env.push(("GOMAXPROCS".into(), "\"2\"".into())),
            "python" => env.push(("PYTHONUNBUFFERED".into(), "\"1\"".into())),
            _ => {}
        }
        s.push_str(&format!(
            "{p}  - name: {}\n{p}    image: {}\n{p}    imagePullPolicy: IfNotPresent\n",
            w.container,
            if w.lang == "other" {
                format!(
                    "\"docker.io/library/{}:{}\"",
                    w.container,
                    if w.container == "redis" {
                        "7.4.1-alpine"
                    } else {
                        "1.6.32-alpine"
                    }
                )
            } else {
                image(w.name, &version(w))
            }
        ));
        if w.container == "memcached" {
            s.push_str(&format!(
                "{p}    args: [\"-m\", \"1024\", \"-c\", \"4096\", \"-t\", \"4\", \"-I\", \"2m\"]\n"
            ));
        }
        if w.port > 0 {
            s.push_str(&format!(
                "{p}    ports:\n{p}      - name: {}\n{p}        containerPort: {}\n{p}        protocol: TCP\n",
                if w.lang == "other" { "tcp" } else { "http" },
                w.port
            ));
        }
        s.push_str(&format!("{p}    env:\n"));
        for (n, v) in &env {
            s.push_str(&format!("{p}      - name: {n}\n{p}        value: {v}\n"));
        }
        if w.lang != "other" {
            s.push_str(&format!(
                "{p}      - name: DB_PASSWORD\n{p}        valueFrom:\n{p}          secretKeyRef:\n{p}            name: {}-db\n{p}            key: password\n{p}      - name: POD_NAME\n{p}        valueFrom:\n{p}          fieldRef:\n{p}            fieldPath: metadata.name\n{p}    envFrom:\n{p}      - configMapRef:\n{p}          name: {}-config\n",
                w.name, w.name
            ));
        }
        if w.port > 0 && w.lang != "other" {
            let (live, ready) = match w.lang {
                "java" => ("/actuator/health/liveness", "/actuator/health/readiness"),
                "node" => ("/healthz", "/readyz"),
                _ => ("/healthz", "/healthz"),
            };
            s.push_str(&format!(
                "{p}    livenessProbe:\n{p}      httpGet:\n{p}        path: {live}\n{p}        port: http\n{p}      initialDelaySeconds: {}\n{p}      periodSeconds: 10\n{p}      failureThreshold: 3\n{p}    readinessProbe:\n{p}      httpGet:\n{p}        path: {ready}\n{p}        port: http\n{p}      periodSeconds: 5\n{p}      failureThreshold: 2\n",
                if w.lang == "java" { 45 } else { 10 }
            ));
        }
        s.push_str(&w.res.yaml(pad + 4));
        s.push_str(&format!(
            "{p}    securityContext:\n{p}      allowPrivilegeEscalation: false\n{p}      readOnlyRootFilesystem: true\n{p}      capabilities:\n{p}        drop:\n{p}          - ALL\n{p}    volumeMounts:\n{p}      - name: tmp\n{p}        mountPath: /tmp\n"
        ));
        for (name, res) in &w.sidecars {
            let (img, args) = match *name {
                "otel-agent" => (
                    "\"otel/opentelemetry-collector-contrib:0.112.0\"",
                    "[\"--config=/conf/agent.yaml\"]",
                ),
                "envoy" => (
                    "\"envoyproxy/envoy:v1.32.1\"",
                    "[\"-c\", \"/etc/envoy/envoy.yaml\", \"--log-level\", \"warn\"]",
                ),
                "pgbouncer" => (
                    "\"docker.io/bitnami/pgbouncer:1.23.1\"",
                    "[\"/opt/bitnami/pgbouncer/conf/pgbouncer.ini\"]",
                ),
                "redis-exporter" => (
                    "\"oliver006/redis_exporter:v1.66.0\"",
                    "[\"--redis.addr=redis://localhost:6379\"]",
                ),
                _ => (
                    "\"prom/memcached-exporter:v0.14.4\"",
                    "[\"--memcached.address=localhost:11211\"]",
                ),
            };
            s.push_str(&format!(
                "{p}  - name: {name}\n{p}    image: {img}\n{p}    args: {args}\n{}{p}    securityContext:\n{p}      allowPrivilegeEscalation: false\n{p}      runAsNonRoot: true\n",
                res.yaml(pad + 4)
            ));
        }
        s.push_str(&format!(
            "{p}volumes:\n{p}  - name: tmp\n{p}    emptyDir:\n{p}      sizeLimit: {}Mi\n",
            64 + 64 * (k % 4)
        ));
        s
    };
    for (k, w) in wls
        .iter()
        .enumerate()
        .filter(|(_, w)| w.kind == "Deployment")
    {
        head(
            &mut out,
            w,
            "deployment.yaml",
            "apps/v1",
            "Deployment",
            w.name,
        );
        out.push_str(&format!(
            "spec:\n  replicas: {}\n  revisionHistoryLimit: 5\n  strategy:\n    type: RollingUpdate\n    rollingUpdate:\n      maxSurge: 25%\n      maxUnavailable: 0\n  selector:\n    matchLabels:\n{}  template:\n    metadata:\n      annotations:\n        checksum/config: {}\n        prometheus.io/scrape: \"true\"\n      labels:\n{}    spec:\n      topologySpreadConstraints:\n        - maxSkew: 1\n          topologyKey: topology.kubernetes.io/zone\n          whenUnsatisfiable: ScheduleAnyway\n          labelSelector:\n            matchLabels:\n{}      terminationGracePeriodSeconds: 30\n{}",
            w.replicas,
            selector(w, 6),
            hex(k, 4407, 64),
            labels(w, 8),
            selector(w, 14),
            pod(w, k, 6)
        ));
    }
    for w in wls
        .iter()
        .filter(|w| w.kind == "Deployment" && w.replicas >= 3)
    {
        let memory = h(w.name.len(), 4408).is_multiple_of(3);
        head(
            &mut out,
            w,
            "hpa.yaml",
            "autoscaling/v2",
            "HorizontalPodAutoscaler",
            w.name,
        );
        out.push_str(&format!(
            "spec:\n  scaleTargetRef:\n    apiVersion: apps/v1\n    kind: Deployment\n    name: {}\n  minReplicas: {}\n  maxReplicas: {}\n  metrics:\n    - type: Resource\n      resource:\n        name: cpu\n        target:\n          type: Utilization\n          averageUtilization: 70\n{}",
            w.name,
            w.replicas,
            w.replicas * 3,
            if memory {
                "    - type: Resource\n      resource:\n        name: memory\n        target:\n          type: Utilization\n          averageUtilization: 80\n"
            } else {
                ""
            }
        ));
    }
    for (k, w) in wls
        .iter()
        .enumerate()
        .filter(|(_, w)| w.kind == "StatefulSet")
    {
        head(
            &mut out,
            w,
            "statefulset.yaml",
            "apps/v1",
            "StatefulSet",
            w.name,
        );
        out.push_str(&format!(
            "spec:\n  replicas: {}\n  serviceName: {}\n  podManagementPolicy: Parallel\n  selector:\n    matchLabels:\n{}  template:\n    metadata:\n      labels:\n{}    spec:\n{}  volumeClaimTemplates:\n    - metadata:\n        name: data\n      spec:\n        accessModes: [\"ReadWriteOnce\"]\n        storageClassName: gp3\n        resources:\n          requests:\n            storage: {}Gi\n",
            w.replicas,
            w.name,
            selector(w, 6),
            labels(w, 8),
            pod(w, k, 6),
            if w.name == "redis-cache" { 20 } else { 200 }
        ));
    }
    for (k, w) in wls.iter().enumerate().filter(|(_, w)| w.kind == "CronJob") {
        head(&mut out, w, "cronjob.yaml", "batch/v1", "CronJob", w.name);
        out.push_str(&format!(
            "spec:\n  schedule: \"{}\"\n  timeZone: Europe/Berlin\n  concurrencyPolicy: Forbid\n  successfulJobsHistoryLimit: 3\n  failedJobsHistoryLimit: 5\n  jobTemplate:\n    spec:\n      backoffLimit: 2\n      activeDeadlineSeconds: 7200\n      template:\n        metadata:\n          labels:\n{}        spec:\n          restartPolicy: Never\n{}",
            ["30 3 * * *", "15 2 * * *", "0 4 * * 0", "*/20 * * * *"][k % 4],
            labels(w, 12),
            pod(w, k, 10)
        ));
    }
    for w in wls
        .iter()
        .filter(|w| ["storefront", "storefront-ssr", "admin-ui", "payments-api"].contains(&w.name))
    {
        head(
            &mut out,
            w,
            "ingress.yaml",
            "networking.k8s.io/v1",
            "Ingress",
            w.name,
        );
        let host = match w.name {
            "admin-ui" => "admin.nordwind-outdoor.de",
            "payments-api" => "pay.nordwind-outdoor.de",
            _ => "www.nordwind-outdoor.de",
        };
        out.push_str(&format!(
            "  annotations:\n    cert-manager.io/cluster-issuer: letsencrypt-prod\n    nginx.ingress.kubernetes.io/proxy-body-size: 8m\nspec:\n  ingressClassName: nginx\n  tls:\n    - hosts:\n        - {host}\n      secretName: {}-tls\n  rules:\n    - host: {host}\n      http:\n        paths:\n          - path: /\n            pathType: Prefix\n            backend:\n              service:\n                name: {}\n                port:\n                  name: http\n",
            w.name, w.name
        ));
    }
    for w in wls
        .iter()
        .filter(|w| w.lang != "other" && w.kind != "CronJob")
    {
        head(
            &mut out,
            w,
            "servicemonitor.yaml",
            "monitoring.coreos.com/v1",
            "ServiceMonitor",
            w.name,
        );
        out.push_str(&format!(
            "spec:\n  endpoints:\n    - port: http\n      path: {}\n      interval: 30s\n      scrapeTimeout: 10s\n  namespaceSelector:\n    matchNames:\n      - {ns}\n  selector:\n    matchLabels:\n{}",
            if w.lang == "java" { "/actuator/prometheus" } else { "/metrics" },
            selector(w, 6)
        ));
    }
    let mut all: Vec<(&str, Res)> = Vec::new();
    for w in &wls {
        all.push((w.container, w.res));
        all.extend(w.sidecars.iter().copied());
    }
    let items: Vec<String> = all
        .iter()
        .filter(|c| !c.1.memory_limit())
        .map(|c| c.0.to_string())
        .collect();
    let mut names: Vec<String> = all.iter().map(|c| c.0.to_string()).collect();
    names.push("migrate-schema".into());
    for s in &items {
        assert!(!named_elsewhere(s, &names), "{s}");
        assert_eq!(
            out.matches(&format!("- name: {s}\n")).count(),
            1,
            "{s} is one container"
        );
    }
    assert_eq!(items.len(), 6);
    Case::items(
        "helm template, containers with no memory limit",
        out,
        "We're about to switch on a memory quota for the production namespace, and anything without a memory cap will be refused. From this rendered chart, which containers don't have a memory limit set? List every one.",
        items,
    )
}

/// XML-escaped as ZAP writes element text.
fn xml_text(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&apos;")
}

/// One alert rule of the ZAP case: plugin id, name, risk, confidence,
/// CWE, WASC, description, solution, reference.
struct ZapRule {
    id: u64,
    name: &'static str,
    risk: u64,
    confidence: u64,
    cwe: u64,
    wasc: u64,
    desc: &'static str,
    solution: &'static str,
    reference: &'static str,
}

/// One instance of an alert: URI, method, parameter, attack, evidence.
type ZapHit = (String, &'static str, String, String, String);

/// An alert rule and its instances on one site.
type ZapAlert<'a> = (&'a ZapRule, Vec<ZapHit>);

const ZAP_RISK: [&str; 4] = ["Informational", "Low", "Medium", "High"];
const ZAP_CONFIDENCE: [&str; 5] = ["False Positive", "Low", "Medium", "High", "Confirmed"];

/// `zap-full-scan.py -t https://www.nordwind-outdoor.de -c rules.conf -x
/// zap-report.xml` (ZAP 2.15, the traditional XML report, tab indents) of
/// an outdoor shop's web site, its API, its admin and its CDN, plus a tag
/// manager the pages load: per site the alerts by risk, each with its
/// description, every instance (URI, method, parameter, attack, evidence),
/// solution and references. Hundreds of low and informational findings
/// (headers missing, cookies without flags, timestamps, suspicious
/// comments), medium ones (no CSP, rated "Medium (High)", clickjacking,
/// CSRF tokens, an old jQuery, error pages, SQL in a source map),
/// informational "Cross Site Scripting (Persistent) - Prime/Spider"
/// notes. Five pages have a high-risk finding: command injection in the
/// admin's ping tool, SQL injection and path traversal in the API,
/// reflected and stored cross-site scripting in the shop.
fn zap_high_risk_pages() -> Case {
    let admin = "https://admin.nordwind-outdoor.de";
    let api = "https://api.nordwind-outdoor.de";
    let cdn = "https://cdn.nordwind-outdoor.de";
    let gtm = "https://www.googletagmanager.com";
    let www = "https://www.nordwind-outdoor.de";
    let rule = |id, name, risk, confidence, cwe, wasc, desc, solution, reference| ZapRule {
        id,
        name,
        risk,
        confidence,
        cwe,
        wasc,
        desc,
        solution,
        reference,
    };
    let rce = rule(
        90020,
        "Remote OS Command Injection",
        3,
        2,
        78,
        31,
        "<p>Attack technique used for unauthorized execution of operating system commands. This attack is possible when an application accepts untrusted input to build operating system commands in an insecure manner involving improper data sanitization, and/or improper calling of external programs.</p>",
        "<p>If at all possible, use library calls rather than external processes to recreate the desired functionality.</p><p>Run your code in a \"jail\" or similar sandbox environment that enforces strict boundaries between the process and the operating system.</p><p>For any data that will be used to generate a command to be executed, keep as much of that data out of external control as possible.</p>",
        "<p>https://cwe.mitre.org/data/definitions/78.html</p><p>https://owasp.org/www-community/attacks/Command_Injection</p>",
    );
    let sqli = rule(
        40018,
        "SQL Injection",
        3,
        2,
        89,
        19,
        "<p>SQL injection may be possible.</p>",
        "<p>Do not trust client side input, even if there is client side validation in place.</p><p>In general, type check all data on the server side.</p><p>If the application uses JDBC, use PreparedStatement or CallableStatement, with parameters passed by '?'</p><p>If the application uses ASP, use ADO Command Objects with strong type checking and parameterized queries.</p><p>If database Stored Procedures can be used, use them.</p><p>Do *not* concatenate strings into queries in the stored procedure, or use 'exec', 'exec immediate', or equivalent functionality!</p><p>Do not create dynamic SQL queries using simple string concatenation.</p><p>Escape all data received from the client.</p><p>Apply an 'allow list' of allowed characters, or a 'deny list' of disallowed characters in user input.</p><p>Apply the principle of least privilege by using the least privileged database user possible.</p>",
        "<p>https://cheatsheetseries.owasp.org/cheatsheets/SQL_Injection_Prevention_Cheat_Sheet.html</p>",
    );
    let traversal = rule(
        6,
        "Path Traversal",
        3,
        2,
        22,
        33,
        "<p>The Path Traversal attack technique allows an attacker access to files, directories, and commands that potentially reside outside the web document root directory. An attacker may manipulate a URL in such a way that the web site will execute or reveal the contents of arbitrary files anywhere on the web server.</p>",
        "<p>Assume all input is malicious. Use an \"accept known good\" input validation strategy, i.e., use an allow list of acceptable inputs that strictly conform to specifications.</p><p>For filenames, use stringent allow lists that limit the character set to be used.</p>",
        "<p>https://owasp.org/www-community/attacks/Path_Traversal</p><p>https://cwe.mitre.org/data/definitions/22.html</p>",
    );
    let xss = rule(
        40012,
        "Cross Site Scripting (Reflected)",
        3,
        2,
        79,
        8,
        "<p>Cross-site Scripting (XSS) is an attack technique that involves echoing attacker-supplied code into a user's browser instance. A browser instance can be a standard web browser client, or a browser object embedded in a software product such as the browser within WinAmp, an RSS reader, or an email client. The code itself is usually written in HTML/JavaScript, but may also extend to VBScript, ActiveX, Java, Flash, or any other browser-supported technology.</p>",
        "<p>Phase: Architecture and Design</p><p>Use a vetted library or framework that does not allow this weakness to occur or provides constructs that make this weakness easier to avoid.</p><p>Phase: Implementation; Architecture and Design</p><p>Understand the context in which your data will be used and the encoding that will be expected.</p>",
        "<p>https://owasp.org/www-community/attacks/xss/</p><p>https://cwe.mitre.org/data/definitions/79.html</p>",
    );
    let stored = rule(
        40014,
        "Cross Site Scripting (Persistent)",
        3,
        2,
        79,
        8,
        "<p>Cross-site Scripting (XSS) is an attack technique that involves echoing attacker-supplied code into a user's browser instance. Stored XSS occurs when the attacker-supplied code is saved by the application and later shown to other users.</p>",
        "<p>Phase: Architecture and Design</p><p>Use a vetted library or framework that does not allow this weakness to occur or provides constructs that make this weakness easier to avoid.</p>",
        "<p>https://owasp.org/www-community/attacks/xss/</p><p>https://cwe.mitre.org/data/definitions/79.html</p>",
    );
    let prime = rule(
        40016,
        "Cross Site Scripting (Persistent) - Prime",
        0,
        2,
        79,
        8,
        "<p>N/A</p>",
        "<p>N/A</p>",
        "",
    );
    let spider = rule(
        40017,
        "Cross Site Scripting (Persistent) - Spider",
        0,
        2,
        79,
        8,
        "<p>N/A</p>",
        "<p>N/A</p>",
        "",
    );
    let csp = rule(
        10038,
        "Content Security Policy (CSP) Header Not Set",
        2,
        3,
        693,
        15,
        "<p>Content Security Policy (CSP) is an added layer of security that helps to detect and mitigate certain types of attacks, including Cross Site Scripting (XSS) and data injection attacks. These attacks are used for everything from data theft to site defacement or distribution of malware.</p>",
        "<p>Ensure that your web server, application server, load balancer, etc. is configured to set the Content-Security-Policy header.</p>",
        "<p>https://developer.mozilla.org/en-US/docs/Web/Security/CSP/Introducing_Content_Security_Policy</p><p>https://cheatsheetseries.owasp.org/cheatsheets/Content_Security_Policy_Cheat_Sheet.html</p>",
    );
    let frame = rule(
        10020,
        "Missing Anti-clickjacking Header",
        2,
        2,
        1021,
        15,
        "<p>The response does not protect against 'ClickJacking' attacks. It should include either Content-Security-Policy with 'frame-ancestors' directive or X-Frame-Options.</p>",
        "<p>Modern Web browsers support the Content-Security-Policy and X-Frame-Options HTTP headers. Ensure one of them is set on all web pages returned by your site/app.</p>",
        "<p>https://developer.mozilla.org/en-US/docs/Web/HTTP/Headers/X-Frame-Options</p>",
    );
    let csrf = rule(
        10202,
        "Absence of Anti-CSRF Tokens",
        2,
        1,
        352,
        9,
        "<p>No Anti-CSRF tokens were found in a HTML submission form.</p><p>A cross-site request forgery is an attack that involves forcing a victim to send an HTTP request to a target destination without their knowledge or intent in order to perform an action as the victim.</p>",
        "<p>Phase: Architecture and Design</p><p>Use a vetted library or framework that does not allow this weakness to occur or provides constructs that make this weakness easier to avoid.</p><p>For example, use anti-CSRF packages such as the OWASP CSRFGuard.</p>",
        "<p>https://cheatsheetseries.owasp.org/cheatsheets/Cross-Site_Request_Forgery_Prevention_Cheat_Sheet.html</p>",
    );
    let jslib = rule(
        10003,
        "Vulnerable JS Library",
        2,
        2,
        1395,
        0,
        "<p>The identified library jquery, version 3.4.1 is vulnerable.</p>",
        "<p>Please upgrade to the latest version of jquery.</p>",
        "<p>https://github.com/jquery/jquery/issues/4647</p><p>https://blog.jquery.com/2020/04/10/jquery-3-5-0-released/</p>",
    );
    let errors = rule(
        90022,
        "Application Error Disclosure",
        2,
        2,
        200,
        13,
        "<p>This page contains an error/warning message that may disclose sensitive information like the location of the file that produced the unhandled exception. This information can be used to launch further attacks against the web application. The alert could be a false positive if the error message is found inside a documentation page.</p>",
        "<p>Review the source code of this page. Implement custom error pages. Consider implementing a mechanism to provide a unique error reference/identifier to the client (browser) while logging the details on the server side and not exposing them to the user.</p>",
        "",
    );
    let sqlsrc = rule(
        10099,
        "Source Code Disclosure - SQL",
        2,
        1,
        540,
        13,
        "<p>Application Source Code was disclosed by the web server. - SQL</p>",
        "<p>Ensure that application Source Code is not available with alternative extensions, and ensure that source code is not present within other files or data deployed to the web server, or served by the web server.</p>",
        "<p>https://www.wiz.io/blog/source-code-disclosure</p>",
    );
    let samesite = rule(
        10054,
        "Cookie without SameSite Attribute",
        1,
        2,
        1275,
        13,
        "<p>A cookie has been set without the SameSite attribute, which means that the cookie can be sent as a result of a 'cross-site' request. The SameSite attribute is an effective counter measure to cross-site request forgery, cross-site script inclusion, and timing attacks.</p>",
        "<p>Ensure that the SameSite attribute is set to either 'lax' or ideally 'strict' for all cookies.</p>",
        "<p>https://tools.ietf.org/html/draft-ietf-httpbis-cookie-same-site</p>",
    );
    let httponly = rule(
        10010,
        "Cookie No HttpOnly Flag",
        1,
        2,
        1004,
        13,
        "<p>A cookie has been set without the HttpOnly flag, which means that the cookie can be accessed by JavaScript. If a malicious script can be run on this page then the cookie will be accessible and can be transmitted to another site. If this is a session cookie then session hijacking may be possible.</p>",
        "<p>Ensure that the HttpOnly flag is set for all cookies.</p>",
        "<p>https://owasp.org/www-community/HttpOnly</p>",
    );
    let server = rule(
        10036,
        "Server Leaks Version Information via \"Server\" HTTP Response Header Field",
        1,
        3,
        497,
        13,
        "<p>The web/application server is leaking version information via the \"Server\" HTTP response header. Access to such information may facilitate attackers identifying other vulnerabilities your web/application server is subject to.</p>",
        "<p>Ensure that your web server, application server, load balancer, etc. is configured to suppress the \"Server\" header or provide generic details.</p>",
        "<p>https://httpd.apache.org/docs/current/mod/core.html#servertokens</p>",
    );
    let hsts = rule(
        10035,
        "Strict-Transport-Security Header Not Set",
        1,
        3,
        319,
        15,
        "<p>HTTP Strict Transport Security (HSTS) is a web security policy mechanism whereby a web server declares that complying user agents (such as a web browser) are to interact with it using only secure HTTPS connections (i.e. HTTP layered over TLS/SSL). HSTS is an IETF standards track protocol and is specified in RFC 6797.</p>",
        "<p>Ensure that your web server, application server, load balancer, etc. is configured to enforce Strict-Transport-Security.</p>",
        "<p>https://cheatsheetseries.owasp.org/cheatsheets/HTTP_Strict_Transport_Security_Cheat_Sheet.html</p>",
    );
    let nosniff = rule(
        10021,
        "X-Content-Type-Options Header Missing",
        1,
        2,
        693,
        15,
        "<p>The Anti-MIME-Sniffing header X-Content-Type-Options was not set to 'nosniff'. This allows older versions of Internet Explorer and Chrome to perform MIME-sniffing on the response body, potentially causing the response body to be interpreted and displayed as a content type other than the declared content type.</p>",
        "<p>Ensure that the application/web server sets the Content-Type header appropriately, and that it sets the X-Content-Type-Options header to 'nosniff' for all web pages.</p>",
        "<p>https://learn.microsoft.com/en-us/previous-versions/windows/internet-explorer/ie-developer/compatibility/gg622941(v=vs.85)</p>",
    );
    let stamp = rule(
        10096,
        "Timestamp Disclosure - Unix",
        1,
        1,
        497,
        13,
        "<p>A timestamp was disclosed by the application/web server. - Unix</p>",
        "<p>Manually confirm that the timestamp data is not sensitive, and that the data cannot be aggregated to disclose exploitable patterns.</p>",
        "<p>https://cwe.mitre.org/data/definitions/200.html</p>",
    );
    let crossjs = rule(
        10017,
        "Cross-Domain JavaScript Source File Inclusion",
        1,
        2,
        829,
        15,
        "<p>The page includes one or more script files from a third-party domain.</p>",
        "<p>Ensure JavaScript source files are loaded from only trusted sources, and the sources can't be controlled by end users of the application.</p>",
        "",
    );
    let comments = rule(
        10027,
        "Information Disclosure - Suspicious Comments",
        0,
        1,
        615,
        13,
        "<p>The response appears to contain suspicious comments which may help an attacker.</p>",
        "<p>Remove all comments that return information that may help an attacker and fix any underlying problems they refer to.</p>",
        "",
    );
    let modern = rule(
        10109,
        "Modern Web Application",
        0,
        2,
        -1i64 as u64,
        0,
        "<p>The application appears to be a modern web application. If you need to explore it automatically then the Ajax Spider may well be more effective than the standard one.</p>",
        "<p>This is an informational alert and so no changes are required.</p>",
        "",
    );
    let cache = rule(
        10015,
        "Re-examine Cache-control Directives",
        0,
        1,
        525,
        13,
        "<p>The cache-control header has not been set properly or is missing, allowing the browser and proxies to cache content. For static assets like css, js, or image files this might be intended, however, the resources should be reviewed to ensure that no sensitive content will be cached.</p>",
        "<p>For secure content, ensure the cache-control HTTP header is set with \"no-cache, no-store, must-revalidate\". If an asset should be cached consider setting the directives \"public, max-age, immutable\".</p>",
        "<p>https://cheatsheetseries.owasp.org/cheatsheets/Session_Management_Cheat_Sheet.html#web-content-caching</p>",
    );
    let session = rule(
        10112,
        "Session Management Response Identified",
        0,
        2,
        -1i64 as u64,
        0,
        "<p>The given response has been identified as containing a session management token. The 'Other Info' field contains a set of header tokens that can be used in the Header Based Session Management Method.</p>",
        "<p>This is an informational alert rather than a vulnerability and so there is nothing to fix.</p>",
        "<p>https://www.zaproxy.org/docs/desktop/addons/authentication-helper/session-mgmt-id</p>",
    );
    // Each site's pages.
    let cats = [
        "zelte",
        "schlafsaecke",
        "rucksaecke",
        "jacken",
        "schuhe",
        "kocher",
        "lampen",
        "isomatten",
        "hosen",
        "handschuhe",
    ];
    let www_pages: Vec<String> = cats
        .iter()
        .map(|c| format!("{www}/{c}"))
        .chain((0..260).map(|k| {
            let kinds = [
                "zelt",
                "schlafsack",
                "rucksack",
                "jacke",
                "schuh",
                "kocher",
                "stirnlampe",
                "isomatte",
                "hose",
                "handschuh",
            ];
            format!(
                "{www}/produkt/{}-{}",
                pick(&kinds, k, 4501),
                10_000 + h(k, 4502) % 90_000
            )
        }))
        .chain(
            [
                "/",
                "/hilfe/versand",
                "/hilfe/retouren",
                "/hilfe/zahlung",
                "/konto/anmelden",
                "/konto/registrieren",
                "/konto/bestellungen",
                "/warenkorb",
                "/kasse/adresse",
                "/kasse/zahlung",
                "/impressum",
                "/datenschutz",
                "/agb",
                "/newsletter",
                "/filialen",
                "/marken/vaude",
                "/marken/deuter",
                "/sale",
            ]
            .iter()
            .map(|p| format!("{www}{p}")),
        )
        .collect();
    let api_pages: Vec<String> = (0..70)
        .map(|k| format!("{api}/v1/product/{}", 10_000 + h(k, 4503) % 90_000))
        .chain(cats.iter().map(|c| format!("{api}/v1/categories/{c}")))
        .chain((0..30).map(|k| {
            format!(
                "{api}/v1/stock/{}-{}",
                letters(k, 4504, 4).to_uppercase(),
                h(k, 4505) % 100
            )
        }))
        .chain(
            [
                "/v1/cart",
                "/v1/cart/items",
                "/v1/session",
                "/v1/search/suggest",
                "/v1/reviews/latest",
                "/v1/stores",
                "/v1/newsletter/subscribe",
                "/health",
            ]
            .iter()
            .map(|p| format!("{api}{p}")),
        )
        .collect();
    let admin_pages: Vec<String> = [
        "/",
        "/login",
        "/dashboard",
        "/orders",
        "/orders/export",
        "/customers",
        "/products",
        "/products/import",
        "/reports/sales",
        "/tools/cache",
        "/tools/mail-test",
        "/settings",
    ]
    .iter()
    .map(|p| format!("{admin}{p}"))
    .collect();
    let cdn_pages: Vec<String> = (0..40)
        .map(|k| {
            format!(
                "{cdn}/assets/js/{}.{}.js",
                pick(
                    &["app", "vendor", "checkout", "search", "product", "runtime"],
                    k,
                    4506
                ),
                hex(k, 4507, 8)
            )
        })
        .chain((0..30).map(|k| {
            format!(
                "{cdn}/assets/css/{}.{}.css",
                pick(&["app", "checkout", "fonts"], k, 4508),
                hex(k, 4509, 8)
            )
        }))
        .chain((0..230).map(|k| {
            format!(
                "{cdn}/img/p/{}-{}.webp",
                10_000 + h(k, 4510) % 90_000,
                pick(&["400", "800", "1600"], k, 4511)
            )
        }))
        .collect();
    let gtm_pages: Vec<String> = vec![
        format!("{gtm}/gtm.js?id=GTM-K7W2QX4"),
        format!("{gtm}/gtag/js?id=G-8Z1KQ3LJ2M"),
    ];
    // Instances of a low or medium alert: a share of a site's pages.
    let some = |pages: &[String], salt: u64, pct: u64| -> Vec<ZapHit> {
        pages
            .iter()
            .enumerate()
            .filter(|(k, _)| h(*k, salt) % 100 < pct)
            .map(|(_, u)| {
                (
                    u.clone(),
                    "GET",
                    String::new(),
                    String::new(),
                    String::new(),
                )
            })
            .collect()
    };
    let with_evidence =
        |hits: Vec<ZapHit>, param: &str, ev: &dyn Fn(usize) -> String| -> Vec<ZapHit> {
            hits.into_iter()
                .enumerate()
                .map(|(k, (u, m, _, a, _))| (u, m, param.to_string(), a, ev(k)))
                .collect()
        };
    let mut sites: Vec<(&str, Vec<ZapAlert>)> = Vec::new();
    sites.push((
        admin,
        vec![
            (
                &rce,
                vec![(
                    format!("{admin}/tools/ping?host=localhost%26cat+%2Fetc%2Fpasswd%26"),
                    "GET",
                    "host".into(),
                    "localhost&cat /etc/passwd&".into(),
                    "root:x:0:0".into(),
                )],
            ),
            (&csp, some(&admin_pages, 4512, 90)),
            (&frame, some(&admin_pages, 4513, 70)),
            (
                &csrf,
                with_evidence(some(&admin_pages, 4514, 40), "", &|_| {
                    "<form method=\"post\" action=\"/login\">".into()
                }),
            ),
            (
                &server,
                with_evidence(some(&admin_pages, 4515, 100), "", &|_| {
                    "nginx/1.18.0 (Ubuntu)".into()
                }),
            ),
            (&hsts, some(&admin_pages, 4516, 100)),
            (
                &httponly,
                with_evidence(some(&admin_pages, 4517, 30), "XSRF-TOKEN", &|_| {
                    "set-cookie: XSRF-TOKEN".into()
                }),
            ),
            (
                &session,
                with_evidence(some(&admin_pages, 4518, 30), "nwadmin_session", &|_| {
                    "nwadmin_session".into()
                }),
            ),
        ],
    ));
    sites.push((
        api,
        vec![
            (
                &sqli,
                vec![(
                    format!("{api}/v1/products?category=zelte&sort=price+AND+1%3D1+--+"),
                    "GET",
                    "sort".into(),
                    "price AND 1=1 -- ".into(),
                    String::new(),
                )],
            ),
            (
                &traversal,
                vec![(
                    format!("{api}/v1/invoices/download?file=..%2F..%2F..%2F..%2Fetc%2Fpasswd"),
                    "GET",
                    "file".into(),
                    "../../../../etc/passwd".into(),
                    "root:x:0:0".into(),
                )],
            ),
            (
                &errors,
                with_evidence(some(&api_pages, 4519, 6), "", &|_| {
                    "HTTP/1.1 500 Internal Server Error".into()
                }),
            ),
            (
                &samesite,
                with_evidence(some(&api_pages, 4520, 20), "nw_cart", &|_| {
                    "set-cookie: nw_cart".into()
                }),
            ),
            (
                &nosniff,
                with_evidence(
                    some(&api_pages, 4521, 60),
                    "x-content-type-options",
                    &|_| String::new(),
                ),
            ),
            (
                &stamp,
                with_evidence(some(&api_pages, 4522, 35), "", &|k| {
                    format!("{}", 1_795_000_000 + h(k, 4523) % 900_000)
                }),
            ),
            (
                &cache,
                with_evidence(some(&api_pages, 4524, 40), "cache-control", &|_| {
                    "max-age=300".into()
                }),
            ),
        ],
    ));
    sites.push((
        cdn,
        vec![
            (
                &sqlsrc,
                with_evidence(
                    vec![(
                        format!("{cdn}/assets/js/checkout.{}.js.map", hex(3, 4507, 8)),
                        "GET",
                        String::new(),
                        String::new(),
                        String::new(),
                    )],
                    "",
                    &|_| "SELECT id, sku, price FROM products WHERE".into(),
                ),
            ),
            (
                &jslib,
                with_evidence(
                    vec![(
                        format!("{cdn}/assets/js/vendor/jquery-3.4.1.min.js"),
                        "GET",
                        String::new(),
                        String::new(),
                        String::new(),
                    )],
                    "",
                    &|_| "/*! jQuery v3.4.1".into(),
                ),
            ),
            (
                &server,
                with_evidence(some(&cdn_pages, 4525, 100), "", &|_| "cloudflare".into()),
            ),
            (
                &stamp,
                with_evidence(some(&cdn_pages, 4526, 30), "", &|k| {
                    format!("{}", 1_700_000_000 + h(k, 4527) % 90_000_000)
                }),
            ),
            (
                &comments,
                with_evidence(some(&cdn_pages[..70], 4528, 40), "", &|k| {
                    pick(
                        &["TODO", "FIXME", "query", "select", "admin", "user"],
                        k,
                        4529,
                    )
                    .into()
                }),
            ),
            (&cache, some(&cdn_pages, 4530, 15)),
        ],
    ));
    sites.push((
        gtm,
        vec![
            (
                &stamp,
                with_evidence(
                    gtm_pages
                        .iter()
                        .map(|u| {
                            (
                                u.clone(),
                                "GET",
                                String::new(),
                                String::new(),
                                String::new(),
                            )
                        })
                        .collect(),
                    "",
                    &|_| "1795737611".into(),
                ),
            ),
            (
                &comments,
                with_evidence(
                    gtm_pages
                        .iter()
                        .map(|u| {
                            (
                                u.clone(),
                                "GET",
                                String::new(),
                                String::new(),
                                String::new(),
                            )
                        })
                        .collect(),
                    "",
                    &|_| "debug".into(),
                ),
            ),
        ],
    ));
    let review = format!("{www}/produkt/bewertung");
    sites.push((
        www,
        vec![
            (
                &xss,
                vec![(
                    format!("{www}/suche?q=%3C%2Fh1%3E%3CscrIpt%3Ealert%281%29%3B%3C%2FscRipt%3E%3Ch1%3E"),
                    "GET",
                    "q".into(),
                    "</h1><scrIpt>alert(1);</scRipt><h1>".into(),
                    "</h1><scrIpt>alert(1);</scRipt><h1>".into(),
                )],
            ),
            (
                &stored,
                vec![(
                    review.clone(),
                    "POST",
                    "text".into(),
                    "</p><scrIpt>alert(1);</scRipt><p>".into(),
                    "</p><scrIpt>alert(1);</scRipt><p>".into(),
                )],
            ),
            (&csp, {
                let mut v = some(&www_pages, 4531, 45);
                v.push((format!("{www}/suche?q=zelt"), "GET", String::new(), String::new(), String::new()));
                v
            }),
            (&frame, some(&www_pages, 4532, 20)),
            (&csrf, with_evidence(some(&www_pages, 4533, 12), "", &|_| "<form class=\"newsletter\" method=\"post\">".into())),
            (&jslib, with_evidence(some(&www_pages, 4534, 8), "", &|_| "jquery-3.4.1.min.js".into())),
            (&samesite, with_evidence(some(&www_pages, 4535, 25), "nw_consent", &|_| "set-cookie: nw_consent".into())),
            (&httponly, with_evidence(some(&www_pages, 4536, 25), "nw_consent", &|_| "set-cookie: nw_consent".into())),
            (&crossjs, with_evidence(some(&www_pages, 4537, 50), "https://www.googletagmanager.com/gtm.js?id=GTM-K7W2QX4", &|_| "<script async src=\"https://www.googletagmanager.com/gtm.js?id=GTM-K7W2QX4\"></script>".into())),
            (&nosniff, with_evidence(some(&www_pages, 4538, 30), "x-content-type-options", &|_| String::new())),
            (&stamp, with_evidence(some(&www_pages, 4539, 30), "", &|k| format!("{}", 1_795_000_000 + h(k, 4540) % 900_000))),
            (&comments, with_evidence(some(&www_pages, 4541, 30), "", &|k| pick(&["TODO", "query", "bug", "later"], k, 4542).into())),
            (&modern, with_evidence(some(&www_pages, 4543, 15), "", &|_| "<a href=\"#\" class=\"js-toggle\">".into())),
            (&prime, vec![(review.clone(), "POST", "text".into(), String::new(), String::new())]),
            (&spider, vec![(format!("{www}/produkt/zelt-41822"), "GET", "text".into(), String::new(), String::new())]),
            (&cache, some(&www_pages, 4544, 25)),
            (&session, with_evidence(some(&www_pages, 4545, 10), "nw_sid", &|_| "nw_sid".into())),
        ],
    ));
    let mut out = String::from(
        "<?xml version=\"1.0\"?>\n<OWASPZAPReport programName=\"ZAP\" version=\"2.15.0\" generated=\"Fri, 27 Nov 2026 03:41:12\">\n\t\n",
    );
    let mut items: Vec<String> = Vec::new();
    for (name, mut alerts) in sites {
        let host = name.trim_start_matches("https://");
        out.push_str(&format!(
            "\t\t<site name=\"{name}\" host=\"{host}\" port=\"443\" ssl=\"true\">\n\t\t\t<alerts>\n\t\t\t\t\n"
        ));
        alerts.sort_by(|a, b| b.0.risk.cmp(&a.0.risk).then(a.0.name.cmp(b.0.name)));
        for (r, hits) in &alerts {
            if hits.is_empty() {
                continue;
            }
            if r.risk == 3 {
                for hit in hits {
                    items.push(hit.0.split('?').next().unwrap().to_string());
                }
            }
            out.push_str(&format!(
                "\t\t\t\t\t<alertitem>\n\t\t\t\t\t\t<pluginid>{}</pluginid>\n\t\t\t\t\t\t<alertRef>{}</alertRef>\n\t\t\t\t\t\t<alert>{}</alert>\n\t\t\t\t\t\t<name>{}</name>\n\t\t\t\t\t\t<riskcode>{}</riskcode>\n\t\t\t\t\t\t<confidence>{}</confidence>\n\t\t\t\t\t\t<riskdesc>{} ({})</riskdesc>\n\t\t\t\t\t\t<confidencedesc>{}</confidencedesc>\n\t\t\t\t\t\t<desc>{}</desc>\n\t\t\t\t\t\t<instances>\n",
                r.id,
                r.id,
                xml_text(r.name),
                xml_text(r.name),
                r.risk,
                r.confidence,
                ZAP_RISK[r.risk as usize],
                ZAP_CONFIDENCE[r.confidence as usize],
                ZAP_CONFIDENCE[r.confidence as usize],
                xml_text(r.desc)
            ));
            for (uri, method, param, attack, evidence) in hits {
                out.push_str(&format!(
                    "\t\t\t\t\t\t\t<instance>\n\t\t\t\t\t\t\t\t<uri>{}</uri>\n\t\t\t\t\t\t\t\t<method>{method}</method>\n\t\t\t\t\t\t\t\t<param>{}</param>\n\t\t\t\t\t\t\t\t<attack>{}</attack>\n\t\t\t\t\t\t\t\t<evidence>{}</evidence>\n\t\t\t\t\t\t\t\t<otherinfo></otherinfo>\n\t\t\t\t\t\t\t</instance>\n",
                    xml_text(uri),
                    xml_text(param),
                    xml_text(attack),
                    xml_text(evidence)
                ));
            }
            let cwe = if r.cwe > 100_000 {
                "-1".to_string()
            } else {
                r.cwe.to_string()
            };
            out.push_str(&format!(
                "\t\t\t\t\t\t</instances>\n\t\t\t\t\t\t<count>{}</count>\n\t\t\t\t\t\t<solution>{}</solution>\n\t\t\t\t\t\t<otherinfo></otherinfo>\n\t\t\t\t\t\t<reference>{}</reference>\n\t\t\t\t\t\t<cweid>{cwe}</cweid>\n\t\t\t\t\t\t<wascid>{}</wascid>\n\t\t\t\t\t\t<sourceid>{}</sourceid>\n\t\t\t\t\t</alertitem>\n",
                hits.len(),
                xml_text(r.solution),
                xml_text(r.reference),
                r.wasc,
                1 + h(r.id as usize, 4546) % 9_000
            ));
        }
        out.push_str("\t\t\t</alerts>\n\t\t</site>\n");
    }
    out.push_str("</OWASPZAPReport>\n");
    assert_eq!(items.len(), 5);
    let mut urls: Vec<String> = www_pages.clone();
    urls.extend(api_pages.iter().cloned());
    urls.extend(admin_pages.iter().cloned());
    urls.extend(cdn_pages.iter().cloned());
    urls.extend(items.iter().cloned());
    for s in &items {
        assert!(!named_elsewhere(s, &urls), "{s}");
    }
    assert_eq!(out.matches("<riskcode>3</riskcode>").count(), 5);
    Case::items(
        "ZAP full scan XML report, pages with a high-risk finding",
        out,
        "The overnight security scan of our shop finished. Which pages did it find a high-risk vulnerability on? I need every one of them so we can fix them before the release.",
        items,
    )
}

/// `n` base64 characters, fixed by the hash of `i`.
fn b64(i: usize, salt: u64, n: usize) -> String {
    let a = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    (0..n)
        .map(|k| a[(h(i * 4096 + k, salt) % 64) as usize] as char)
        .collect()
}

/// One host of the testssl case: name, address, which old protocols it
/// offers (TLS 1.0, TLS 1.1), whether it offers TLS 1.3, its server
/// banner and whether it sends HSTS.
struct TlsHost {
    name: &'static str,
    ip: String,
    tls10: bool,
    tls11: bool,
    tls13: bool,
    banner: &'static str,
    hsts: bool,
}

/// `testssl.sh --quiet --warnings batch --file hosts.txt --jsonfile
/// tls-audit.json` (testssl.sh 3.2) over sixteen HTTPS hosts of a retailer:
/// its flat JSON, one finding per object in testssl's own layout (padded
/// keys, a comma before each object), for every host the protocols,
/// cipher lists and each cipher offered, forward secrecy, HTTP headers,
/// the certificate and its intermediate (PEM and all), the known
/// vulnerabilities (BEAST's finding names TLS1 on every host), twenty-two
/// simulated clients and the rating. Two hosts still offer TLS 1.1 but not
/// 1.0 (graded B); some lack HSTS or offer no TLS 1.3. Five hosts still
/// offer TLS 1.0.
fn testssl_tls10_hosts() -> Case {
    let spec: [(&str, bool, bool, bool, &str, bool); 16] = [
        (
            "www.nordwind-outdoor.de",
            false,
            false,
            true,
            "cloudflare",
            true,
        ),
        (
            "api.nordwind-outdoor.de",
            false,
            false,
            true,
            "cloudflare",
            true,
        ),
        (
            "admin.nordwind-outdoor.de",
            false,
            false,
            true,
            "nginx/1.18.0 (Ubuntu)",
            true,
        ),
        ("pay.nordwind-outdoor.de", false, false, true, "nginx", true),
        (
            "status.nordwind-outdoor.de",
            false,
            false,
            true,
            "nginx",
            false,
        ),
        (
            "edi.nordwind.de",
            true,
            true,
            false,
            "Apache/2.4.41 (Ubuntu)",
            false,
        ),
        ("b2b.nordwind.de", false, false, true, "nginx", true),
        ("sso.nordwind.de", false, false, true, "Keycloak", true),
        ("vpn.nordwind.de", true, true, false, "FortiGate", false),
        (
            "mail.nordwind.de",
            false,
            false,
            true,
            "Microsoft-IIS/10.0",
            true,
        ),
        (
            "intranet.nordwind.de",
            false,
            true,
            false,
            "Microsoft-IIS/10.0",
            false,
        ),
        ("git.nordwind.de", false, false, true, "nginx", true),
        (
            "kassen.nordwind.de",
            true,
            true,
            false,
            "Microsoft-IIS/8.5",
            false,
        ),
        (
            "drucker.nordwind.de",
            false,
            true,
            false,
            "Virata-EmWeb/R6_2_1",
            false,
        ),
        (
            "legacy-b2b.nordwind.de",
            true,
            true,
            false,
            "Apache-Coyote/1.1",
            false,
        ),
        (
            "scanner.lager.nordwind.de",
            true,
            false,
            false,
            "lighttpd/1.4.35",
            false,
        ),
    ];
    let hosts: Vec<TlsHost> = spec
        .iter()
        .enumerate()
        .map(|(k, (name, tls10, tls11, tls13, banner, hsts))| TlsHost {
            name,
            ip: format!("198.51.100.{}", 10 + k * 7 % 240),
            tls10: *tls10,
            tls11: *tls11,
            tls13: *tls13,
            banner,
            hsts: *hsts,
        })
        .collect();
    // (id, ip, port, severity, finding, cve, cwe)
    let mut all: Vec<Vec<(String, String)>> = Vec::new();
    all.push(vec![
        ("id".into(), "engine_problem".into()),
        ("severity".into(), "WARN".into()),
        (
            "finding".into(),
            "No engine or GOST support via engine with your /usr/bin/openssl".into(),
        ),
    ]);
    let ciphers12 = [
        (
            "xc030",
            "ECDHE-RSA-AES256-GCM-SHA384",
            "ECDH 253",
            "AESGCM",
            "256",
            "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384",
        ),
        (
            "xcca8",
            "ECDHE-RSA-CHACHA20-POLY1305",
            "ECDH 253",
            "ChaCha20",
            "256",
            "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256",
        ),
        (
            "xc02f",
            "ECDHE-RSA-AES128-GCM-SHA256",
            "ECDH 253",
            "AESGCM",
            "128",
            "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256",
        ),
        (
            "x9d",
            "AES256-GCM-SHA384",
            "RSA",
            "AESGCM",
            "256",
            "TLS_RSA_WITH_AES_256_GCM_SHA384",
        ),
        (
            "x9c",
            "AES128-GCM-SHA256",
            "RSA",
            "AESGCM",
            "128",
            "TLS_RSA_WITH_AES_128_GCM_SHA256",
        ),
    ];
    let legacy = [
        (
            "xc014",
            "ECDHE-RSA-AES256-SHA",
            "ECDH 253",
            "AES",
            "256",
            "TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA",
        ),
        (
            "xc013",
            "ECDHE-RSA-AES128-SHA",
            "ECDH 253",
            "AES",
            "128",
            "TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA",
        ),
        (
            "x35",
            "AES256-SHA",
            "RSA",
            "AES",
            "256",
            "TLS_RSA_WITH_AES_256_CBC_SHA",
        ),
        (
            "x2f",
            "AES128-SHA",
            "RSA",
            "AES",
            "128",
            "TLS_RSA_WITH_AES_128_CBC_SHA",
        ),
        (
            "x0a",
            "DES-CBC3-SHA",
            "RSA",
            "3DES",
            "168",
            "TLS_RSA_WITH_3DES_EDE_CBC_SHA",
        ),
    ];
    let clients = [
        ("android_442", "Android 4.4.2", true),
        ("android_60", "Android 6.0", false),
        ("android_81", "Android 8.1 (native)", false),
        ("android_11", "Android 11 (native)", false),
        ("chrome_79_win10", "Chrome 79 (Win 10)", false),
        ("chrome_101_win10", "Chrome 101 (Win 10)", false),
        ("firefox_66_win81", "Firefox 66 (Win 8.1/10)", false),
        ("firefox_100_win10", "Firefox 100 (Win 10)", false),
        ("ie_6_xp", "IE 6 XP", true),
        ("ie_8_win7", "IE 8 Win 7", true),
        ("ie_8_xp", "IE 8 XP", true),
        ("ie_11_win7", "IE 11 Win 7", false),
        ("ie_11_win10", "IE 11 Win 10", false),
        ("edge_101_win10_21h2", "Edge 101 Win 10 21H2", false),
        ("safari_130_osx_10146", "Safari 13.0 (macOS 10.14.6)", false),
        ("safari_154_osx_1231", "Safari 15.4 (macOS 12.3.1)", false),
        ("java_7u25", "Java 7u25", true),
        ("java_8u161", "Java 8u161", false),
        ("java1703", "Java 17.0.3 (OpenJDK)", false),
        ("go_1178", "go 1.17.8", false),
        ("openssl_111d", "OpenSSL 1.1.1d (Debian)", false),
        ("openssl_303", "OpenSSL 3.0.3 (git)", false),
    ];
    for (k, host) in hosts.iter().enumerate() {
        let ip = format!("{}/{}", host.name, host.ip);
        let mut f = |id: &str, sev: &str, finding: &str, cve: &str, cwe: &str| {
            let mut o: Vec<(String, String)> = vec![
                ("id".into(), id.into()),
                ("ip".into(), ip.clone()),
                ("port".into(), "443".into()),
                ("severity".into(), sev.into()),
                ("finding".into(), finding.into()),
            ];
            if !cve.is_empty() {
                o.push(("cve".into(), cve.into()));
            }
            if !cwe.is_empty() {
                o.push(("cwe".into(), cwe.into()));
            }
            all.push(o);
        };
        let old = host.tls10 || host.tls11;
        f("service", "INFO", "HTTP", "", "");
        f("pre_128cipher", "INFO", "No 128 cipher limit bug", "", "");
        f("SSLv2", "OK", "not offered", "", "");
        f("SSLv3", "OK", "not offered", "", "");
        if host.tls10 {
            f("TLS1", "LOW", "offered (deprecated)", "", "");
        } else {
            f("TLS1", "INFO", "not offered", "", "");
        }
        if host.tls11 {
            f("TLS1_1", "LOW", "offered (deprecated)", "", "");
        } else {
            f("TLS1_1", "INFO", "not offered", "", "");
        }
        f("TLS1_2", "OK", "offered", "", "");
        if host.tls13 {
            f("TLS1_3", "OK", "offered with final", "", "");
        } else {
            f("TLS1_3", "INFO", "not offered", "", "");
        }
        f("NPN", "INFO", "not offered", "", "");
        f(
            "ALPN_HTTP2",
            if host.tls13 { "OK" } else { "INFO" },
            if host.tls13 { "h2" } else { "not offered" },
            "",
            "",
        );
        f(
            "ALPN",
            "INFO",
            if host.tls13 {
                "h2 http/1.1"
            } else {
                "http/1.1"
            },
            "",
            "",
        );
        f("cipherlist_NULL", "OK", "not offered", "", "CWE-327");
        f("cipherlist_aNULL", "OK", "not offered", "", "CWE-327");
        f("cipherlist_EXPORT", "OK", "not offered", "", "CWE-327");
        f("cipherlist_LOW", "OK", "not offered", "", "CWE-327");
        let des = old && host.name != "scanner.lager.nordwind.de";
        f(
            "cipherlist_3DES_IDEA",
            if des { "MEDIUM" } else { "INFO" },
            if des { "offered" } else { "not offered" },
            "",
            "CWE-310",
        );
        f(
            "cipherlist_OBSOLETED",
            if old { "LOW" } else { "INFO" },
            if old { "offered" } else { "not offered" },
            "",
            "CWE-310",
        );
        f("cipherlist_STRONG_NOFS", "OK", "offered", "", "");
        f("cipherlist_STRONG_FS", "OK", "offered", "", "");
        if host.tls10 {
            f("cipher_order-tls1", "INFO", "server", "", "");
        }
        if host.tls11 {
            f("cipher_order-tls1_1", "INFO", "server", "", "");
        }
        f("cipher_order-tls1_2", "OK", "server", "", "");
        if host.tls13 {
            f("cipher_order-tls1_3", "OK", "server", "", "");
        }
        f("cipher_order", "OK", "server", "", "");
        f(
            "protocol_negotiated",
            "OK",
            if host.tls13 {
                "Default protocol TLS1.3"
            } else {
                "Default protocol TLS1.2"
            },
            "",
            "",
        );
        f(
            "cipher_negotiated",
            "OK",
            if host.tls13 {
                "TLS_AES_256_GCM_SHA384, 253 bit ECDH (X25519)"
            } else {
                "ECDHE-RSA-AES256-GCM-SHA384, 256 bit ECDH (P-256)"
            },
            "",
            "",
        );
        let line = |proto: &str, c: &(&str, &str, &str, &str, &str, &str)| {
            format!(
                "{proto:<9} {:<7} {:<33} {:<10} {:<11} {:<8} {}",
                c.0, c.1, c.2, c.3, c.4, c.5
            )
        };
        for (proto, id, on) in [
            ("TLSv1", "tls1", host.tls10),
            ("TLSv1.1", "tls1_1", host.tls11),
        ] {
            if on {
                for c in legacy.iter().filter(|c| des || c.3 != "3DES") {
                    f(
                        &format!("cipher-{id}_{}", c.0),
                        "INFO",
                        &line(proto, c),
                        "",
                        "",
                    );
                }
                let names: Vec<&str> = legacy
                    .iter()
                    .filter(|c| des || c.3 != "3DES")
                    .map(|c| c.1)
                    .collect();
                f(
                    &format!("supportedciphers_{proto}"),
                    "INFO",
                    &names.join(" "),
                    "",
                    "",
                );
            }
        }
        for c in ciphers12
            .iter()
            .chain(legacy.iter().filter(|c| old && (des || c.3 != "3DES")))
        {
            f(
                &format!("cipher-tls1_2_{}", c.0),
                "OK",
                &line("TLSv1.2", c),
                "",
                "",
            );
        }
        if host.tls13 {
            for (id, name, bits) in [
                ("x1302", "TLS_AES_256_GCM_SHA384", "256"),
                ("x1303", "TLS_CHACHA20_POLY1305_SHA256", "256"),
                ("x1301", "TLS_AES_128_GCM_SHA256", "128"),
            ] {
                f(
                    &format!("cipher-tls1_3_{id}"),
                    "OK",
                    &format!(
                        "TLSv1.3   {id:<7} {name:<33} ECDH 253   AESGCM      {bits:<8} {name}"
                    ),
                    "",
                    "",
                );
            }
            f(
                "supportedciphers_TLSv1_3",
                "INFO",
                "TLS_AES_256_GCM_SHA384 TLS_CHACHA20_POLY1305_SHA256 TLS_AES_128_GCM_SHA256",
                "",
                "",
            );
        }
        f(
            "supportedciphers_TLSv1_2",
            "INFO",
            &ciphers12.iter().map(|c| c.1).collect::<Vec<_>>().join(" "),
            "",
            "",
        );
        f("FS", "OK", "offered", "", "");
        f(
            "FS_ciphers",
            "INFO",
            "TLS_AES_256_GCM_SHA384 TLS_CHACHA20_POLY1305_SHA256 ECDHE-RSA-AES256-GCM-SHA384 ECDHE-RSA-CHACHA20-POLY1305 TLS_AES_128_GCM_SHA256 ECDHE-RSA-AES128-GCM-SHA256",
            "",
            "",
        );
        f(
            "FS_ECDHE_curves",
            "OK",
            "prime256v1 secp384r1 X25519",
            "",
            "",
        );
        f(
            "FS_TLS12_sig_algs",
            "INFO",
            "RSA-PSS-RSAE+SHA256 RSA-PSS-RSAE+SHA384 RSA-PSS-RSAE+SHA512 RSA+SHA256 RSA+SHA384 RSA+SHA512 RSA+SHA224 RSA+SHA1",
            "",
            "",
        );
        if host.tls13 {
            f(
                "FS_TLS13_sig_algs",
                "INFO",
                "RSA-PSS-RSAE+SHA256 RSA-PSS-RSAE+SHA384 RSA-PSS-RSAE+SHA512",
                "",
                "",
            );
        }
        f(
            "TLS_extensions",
            "INFO",
            "\"server name/#0\" \"renegotiation info/#65281\" \"EC point formats/#11\" \"session ticket/#35\" \"supported versions/#43\" \"key share/#51\" \"supported_groups/#10\" \"max fragment length/#1\" \"application layer protocol negotiation/#16\" \"extended master secret/#23\"",
            "",
            "",
        );
        f(
            "TLS_session_ticket",
            "INFO",
            "valid for 7200 seconds only (<daily)",
            "",
            "",
        );
        f("SSL_sessionID_support", "INFO", "yes", "", "");
        f("sessionresumption_ticket", "INFO", "supported", "", "");
        f("sessionresumption_ID", "INFO", "supported", "", "");
        f("TLS_timestamp", "INFO", "random", "", "");
        f("cert_numbers", "INFO", "1", "", "");
        f("cert_signatureAlgorithm", "OK", "SHA256 with RSA", "", "");
        f(
            "cert_keySize",
            "INFO",
            "RSA 2048 bits (exponent is 65537)",
            "",
            "",
        );
        f(
            "cert_keyUsage",
            "INFO",
            "Digital Signature, Key Encipherment",
            "",
            "",
        );
        f(
            "cert_extKeyUsage",
            "INFO",
            "TLS Web Server Authentication, TLS Web Client Authentication",
            "",
            "",
        );
        f(
            "cert_serialNumber",
            "INFO",
            &hex(k, 4601, 36).to_uppercase(),
            "",
            "",
        );
        f("cert_serialNumberLen", "INFO", "18", "", "");
        f(
            "cert_fingerprintSHA1",
            "INFO",
            &hex(k, 4602, 40).to_uppercase(),
            "",
            "",
        );
        f(
            "cert_fingerprintSHA256",
            "INFO",
            &hex(k, 4603, 64).to_uppercase(),
            "",
            "",
        );
        f(
            "cert",
            "INFO",
            &format!(
                "-----BEGIN CERTIFICATE----- MIIF{} -----END CERTIFICATE-----",
                b64(k, 4604, 1_780)
            ),
            "",
            "",
        );
        f("cert_commonName", "OK", host.name, "", "");
        f("cert_commonName_wo_SNI", "INFO", host.name, "", "");
        f("cert_subjectAltName", "INFO", host.name, "", "");
        f(
            "cert_trust",
            "OK",
            "Ok via SAN and CN (SNI mandatory)",
            "",
            "",
        );
        f("cert_chain_of_trust", "OK", "passed.", "", "");
        f("cert_certificatePolicies_EV", "INFO", "no", "", "");
        let days = 20 + h(k, 4605) % 70;
        f(
            "cert_expirationStatus",
            "OK",
            &format!("{days} >= 14 days"),
            "",
            "",
        );
        f(
            "cert_notBefore",
            "INFO",
            &format!(
                "2026-{:02}-{:02} {:02}:{:02}",
                9 + h(k, 4606) % 2,
                1 + h(k, 4607) % 28,
                h(k, 4608) % 24,
                h(k, 4609) % 60
            ),
            "",
            "",
        );
        f(
            "cert_notAfter",
            "INFO",
            &format!(
                "2027-{:02}-{:02} {:02}:{:02}",
                1 + h(k, 4606) % 2,
                1 + h(k, 4607) % 28,
                h(k, 4608) % 24,
                h(k, 4609) % 60
            ),
            "",
            "",
        );
        f(
            "cert_extlifeSpan",
            "OK",
            "certificate has no extended life time",
            "",
            "",
        );
        f("cert_eTLS", "INFO", "not present", "", "");
        f("cert_crlDistributionPoints", "INFO", "--", "", "");
        f("cert_ocspURL", "INFO", "http://r11.o.lencr.org", "", "");
        f(
            "OCSP_stapling",
            if host.hsts { "OK" } else { "LOW" },
            if host.hsts { "offered" } else { "not offered" },
            "",
            "",
        );
        f("cert_mustStapleExtension", "INFO", "--", "", "");
        f("DNS_CAArecord", "OK", "issue=letsencrypt.org", "", "");
        f(
            "certificate_transparency",
            "OK",
            "yes (certificate extension)",
            "",
            "",
        );
        f("certs_countServer", "INFO", "2", "", "");
        f("certs_list_ordering_problem", "INFO", "no", "", "");
        f(
            "cert_caIssuers",
            "INFO",
            "R11 (Let's Encrypt from US)",
            "",
            "",
        );
        f(
            "intermediate_cert <#1>",
            "INFO",
            &format!(
                "-----BEGIN CERTIFICATE----- MIIFBjCCAu6gAwIBAgIRAIp9PhPWLzDvI4a9KQdrNPgwDQYJKoZIhvcNAQELBQAw{} -----END CERTIFICATE-----",
                b64(1, 4610, 1_700)
            ),
            "",
            "",
        );
        f(
            "intermediate_cert_fingerprintSHA256 <#1>",
            "INFO",
            "591E9CE6C863D3A079E9FABE1478C7339A26B21269DDE795211361024AE31A44",
            "",
            "",
        );
        f(
            "intermediate_cert_sigAlg <#1>",
            "OK",
            "SHA256withRSA",
            "",
            "",
        );
        f(
            "intermediate_cert_keySize <#1>",
            "OK",
            "2048 bits RSA",
            "",
            "",
        );
        f(
            "intermediate_cert_notBefore <#1>",
            "INFO",
            "2024-03-13 00:00",
            "",
            "",
        );
        f(
            "intermediate_cert_notAfter <#1>",
            "OK",
            "2027-03-12 23:59",
            "",
            "",
        );
        f(
            "intermediate_cert_expiration <#1>",
            "OK",
            "ok > 40 days",
            "",
            "",
        );
        f(
            "intermediate_cert_chain <#1>",
            "OK",
            "R11 <-- ISRG Root X1",
            "",
            "",
        );
        f(
            "intermediate_cert_badOCSP <#1>",
            "OK",
            "intermediate certificate OCSP status is ok",
            "",
            "",
        );
        f("HTTP_status_code", "INFO", "200 OK ('/')", "", "");
        f(
            "HTTP_clock_skew",
            "INFO",
            "0 seconds from localtime",
            "",
            "",
        );
        f(
            "HTTP_headerTime",
            "INFO",
            &format!("{}", 1_795_743_600 + k * 47),
            "",
            "",
        );
        if host.hsts {
            f("HSTS_time", "OK", "31536000 seconds=365 days", "", "");
            f("HSTS_subdomains", "OK", "includes subdomains", "", "");
            f(
                "HSTS_preload",
                "INFO",
                "domain is NOT marked for preloading",
                "",
                "",
            );
        } else {
            f("HSTS", "MEDIUM", "not offered", "", "");
        }
        f(
            "HPKP",
            "INFO",
            "No support for HTTP Public Key Pinning",
            "",
            "",
        );
        f("banner_server", "INFO", host.banner, "", "");
        f(
            "banner_application",
            "INFO",
            "No application banner found",
            "",
            "",
        );
        f("cookie_count", "INFO", "0 at \"/\"", "", "");
        f("X-Frame-Options", "OK", "SAMEORIGIN", "", "");
        f("X-Content-Type-Options", "OK", "nosniff", "", "");
        f("banner_reverseproxy", "INFO", "--", "", "CWE-200");
        f(
            "heartbleed",
            "OK",
            "not vulnerable, no heartbeat extension",
            "CVE-2014-0160",
            "CWE-119",
        );
        f("CCS", "OK", "not vulnerable", "CVE-2014-0224", "CWE-310");
        f(
            "ticketbleed",
            "OK",
            "not vulnerable",
            "CVE-2016-9244",
            "CWE-200",
        );
        f(
            "ROBOT",
            "OK",
            "not vulnerable, no RSA key transport cipher",
            "CVE-2017-17382 CVE-2017-17427 CVE-2017-17428 CVE-2017-13098 CVE-2017-1000385 CVE-2017-13099 CVE-2016-6883 CVE-2012-5081 CVE-2017-6168",
            "CWE-203",
        );
        f("secure_renego", "OK", "supported", "", "CWE-310");
        f(
            "secure_client_renego",
            "OK",
            "not vulnerable",
            "CVE-2011-1473",
            "CWE-310",
        );
        f(
            "CRIME_TLS",
            "OK",
            "not vulnerable",
            "CVE-2012-4929",
            "CWE-310",
        );
        f(
            "BREACH",
            "OK",
            "not vulnerable, no gzip/deflate/compress/br HTTP compression  - only supplied '/' tested",
            "CVE-2013-3587",
            "CWE-310",
        );
        f(
            "POODLE_SSL",
            "OK",
            "not vulnerable, no SSLv3",
            "CVE-2014-3566",
            "CWE-310",
        );
        f(
            "fallback_SCSV",
            "OK",
            if old {
                "supported"
            } else {
                "no protocol below TLS 1.2 offered"
            },
            "",
            "",
        );
        f(
            "SWEET32",
            if des { "LOW" } else { "OK" },
            if des {
                "uses 64 bit block ciphers"
            } else {
                "not vulnerable"
            },
            "CVE-2016-2183 CVE-2016-6329",
            "CWE-327",
        );
        f("FREAK", "OK", "not vulnerable", "CVE-2015-0204", "CWE-310");
        f(
            "DROWN",
            "OK",
            "not vulnerable on this host and port",
            "CVE-2016-0800 CVE-2016-0703",
            "CWE-310",
        );
        f(
            "DROWN_hint",
            "INFO",
            &format!(
                "Make sure you don't use this certificate elsewhere with SSLv2 enabled services, see https://search.censys.io/search?resource=hosts&virtual_hosts=INCLUDE&q={}",
                hex(k, 4603, 64).to_uppercase()
            ),
            "CVE-2016-0800 CVE-2016-0703",
            "CWE-310",
        );
        f(
            "LOGJAM",
            "OK",
            "not vulnerable, no DH EXPORT ciphers,",
            "CVE-2015-4000",
            "CWE-310",
        );
        f(
            "LOGJAM-common_primes",
            "OK",
            "--",
            "CVE-2015-4000",
            "CWE-310",
        );
        if host.tls10 {
            f(
                "BEAST_CBC_TLS1",
                "MEDIUM",
                "ECDHE-RSA-AES256-SHA ECDHE-RSA-AES128-SHA AES256-SHA AES128-SHA",
                "CVE-2011-3389",
                "CWE-20",
            );
            f(
                "BEAST",
                "LOW",
                "VULNERABLE -- but also supports higher protocols  TLSv1.1 TLSv1.2 (likely mitigated)",
                "CVE-2011-3389",
                "CWE-20",
            );
        } else {
            f(
                "BEAST",
                "OK",
                "not vulnerable, no SSL3 or TLS1",
                "CVE-2011-3389",
                "CWE-20",
            );
        }
        f(
            "LUCKY13",
            if old { "LOW" } else { "OK" },
            if old {
                "potentially vulnerable, uses TLS CBC ciphers"
            } else {
                "not vulnerable"
            },
            "CVE-2013-0169",
            "CWE-310",
        );
        f(
            "winshock",
            "OK",
            "not vulnerable - doesn't seem to be IIS 8.x",
            "CVE-2014-6321",
            "CWE-94",
        );
        f(
            "RC4",
            "OK",
            "no RC4 ciphers detected",
            "CVE-2013-2566 CVE-2015-2808",
            "CWE-310",
        );
        for (id, _, ancient) in clients {
            let got = if ancient {
                if host.tls10 {
                    "TLSv1.0 ECDHE-RSA-AES128-SHA, 253 bit ECDH (X25519)".to_string()
                } else {
                    "No connection".to_string()
                }
            } else if host.tls13
                && !id.starts_with("ie")
                && !id.starts_with("java_8")
                && !id.starts_with("android_")
                || id == "android_X"
                || id == "android_11"
                || id == "android_12"
            {
                if host.tls13 {
                    "TLSv1.3 TLS_AES_128_GCM_SHA256, 253 bit ECDH (X25519)".to_string()
                } else {
                    "TLSv1.2 ECDHE-RSA-AES128-GCM-SHA256, 253 bit ECDH (X25519)".to_string()
                }
            } else {
                "TLSv1.2 ECDHE-RSA-AES128-GCM-SHA256, 253 bit ECDH (X25519)".to_string()
            };
            f(&format!("clientsimulation-{id}"), "INFO", &got, "", "");
        }
        f(
            "rating_spec",
            "INFO",
            "SSL Labs's 'SSL Server Rating Guide' (version 2009q from 2020-01-30)",
            "",
            "",
        );
        f(
            "rating_doc",
            "INFO",
            "https://github.com/ssllabs/research/wiki/SSL-Server-Rating-Guide",
            "",
            "",
        );
        let proto = if host.tls10 {
            90
        } else if host.tls11 {
            95
        } else {
            100
        };
        f("protocol_support_score", "INFO", &proto.to_string(), "", "");
        f(
            "protocol_support_score_weighted",
            "INFO",
            &(proto * 3 / 10).to_string(),
            "",
            "",
        );
        f("key_exchange_score", "INFO", "90", "", "");
        f("key_exchange_score_weighted", "INFO", "27", "", "");
        f(
            "cipher_strength_score",
            "INFO",
            if des { "80" } else { "90" },
            "",
            "",
        );
        f(
            "cipher_strength_score_weighted",
            "INFO",
            if des { "32" } else { "36" },
            "",
            "",
        );
        let score = proto * 3 / 10 + 27 + if des { 32 } else { 36 };
        f("final_score", "INFO", &score.to_string(), "", "");
        let grade = if old {
            "B"
        } else if host.hsts {
            "A+"
        } else {
            "A"
        };
        f(
            "overall_grade",
            if old { "MEDIUM" } else { "OK" },
            grade,
            "",
            "",
        );
        let mut reasons: Vec<&str> = Vec::new();
        if host.tls11 {
            reasons.push("Grade capped to B. TLS 1.1 offered");
        }
        if host.tls10 {
            reasons.push("Grade capped to B. TLS 1.0 offered");
        }
        if !host.hsts && !old {
            reasons.push("Grade capped to A. HSTS is not offered");
        }
        for (r, reason) in reasons.iter().enumerate() {
            f(
                &format!("grade_cap_reason_{}", r + 1),
                "INFO",
                reason,
                "",
                "",
            );
        }
        f(
            "scanTime",
            "INFO",
            &(38 + h(k, 4611) % 60).to_string(),
            "",
            "",
        );
    }
    let mut out = String::from("[\n");
    for (n, o) in all.iter().enumerate() {
        out.push_str(if n == 0 {
            "                  {\n"
        } else {
            ",                  {\n"
        });
        let fields: Vec<String> = o
            .iter()
            .map(|(k, v)| {
                format!(
                    "                       {:<15}: {}",
                    format!("\"{k}\""),
                    Value::String(v.clone())
                )
            })
            .collect();
        out.push_str(&fields.join(",\n"));
        out.push_str("\n                  }\n");
    }
    out.push_str("]\n");
    let planted: Vec<&TlsHost> = hosts.iter().filter(|h| h.tls10).collect();
    let items: Vec<String> = planted.iter().map(|h| h.name.to_string()).collect();
    let names: Vec<String> = hosts.iter().map(|h| h.name.to_string()).collect();
    for s in &items {
        assert!(!named_elsewhere(s, &names), "{s}");
    }
    let mut expected: Vec<String> = planted
        .iter()
        .map(|h| format!("{}/{}", h.name, h.ip))
        .collect();
    expected.sort();
    Case::items(
        "testssl.sh JSON over our hosts, TLS 1.0 still accepted",
        out,
        "The auditors say none of our servers may still accept connections over TLS 1.0. Going by this TLS scan of all our hosts, which ones still do? List every host.",
        items,
    )
    .with_jq(
        "[.[] | select(.id == \"TLS1\" and (.finding | startswith(\"offered\"))) | .ip] | unique | .[]",
        expected.iter().map(|s| jq_string(s)).collect(),
    )
}

/// What a Pulumi preview plans for one resource.
#[derive(Clone, Copy, PartialEq)]
enum PlanOp {
    Same,
    Update,
    Replace,
    Create,
    Delete,
}

/// One resource of the Pulumi case: its type, name, what the preview
/// plans, its inputs before, its inputs after (for an update or a
/// replacement) and the properties that differ.
struct PlanRes {
    ty: &'static str,
    name: String,
    op: PlanOp,
    old: Value,
    new: Option<Value>,
    reasons: Vec<&'static str>,
}

/// Pulumi's stand-in for a value not known until the update runs.
const PULUMI_UNKNOWN: &str = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/// `pulumi preview --stack prod --json` (Pulumi 3.137, the AWS provider
/// 6.56, four-space JSON) of a shop's infrastructure project: every step
/// with the resource's old and new state (inputs, outputs, parent and
/// provider), the properties that differ and why, then the change summary.
/// The network, security groups, buckets, roles, queues, load balancer
/// target groups, alarms, ECS task definitions and services are the same;
/// tags change on a read replica, an alarm's threshold, services pick up a
/// new task definition or a forced new deployment, a KMS key and its alias
/// and a DNS record are new, an old export bucket and its settings are
/// deleted. Five resources are replaced: the orders database (storage
/// encryption turned on), the sessions Redis (encryption at rest), a queue
/// turned into a FIFO queue, the checkout API's task definition (a new
/// image) and the shop's certificate (a new name on it).
fn pulumi_replacements() -> Case {
    let proj = "urn:pulumi:prod::shop-infra";
    let stack_urn = format!("{proj}::pulumi:pulumi:Stack::shop-infra-prod");
    let provider = format!(
        "{proj}::pulumi:providers:aws::default_6_56_1::{}",
        uuid(1, 4701)
    );
    let acct = "481516234200";
    let region = "eu-central-1";
    let tags = |team: &str| json!({"env": "prod", "managed-by": "pulumi", "team": team});
    let mut res: Vec<PlanRes> = Vec::new();
    let mut add = |ty: &'static str,
                   name: &str,
                   op: PlanOp,
                   old: Value,
                   new: Option<Value>,
                   reasons: Vec<&'static str>| {
        res.push(PlanRes {
            ty,
            name: name.to_string(),
            op,
            old,
            new,
            reasons,
        });
    };
    use PlanOp::*;
    add(
        "aws:ec2/vpc:Vpc",
        "shop-vpc",
        Same,
        json!({"cidrBlock": "10.40.0.0/16", "enableDnsHostnames": true, "enableDnsSupport": true, "tags": tags("platform")}),
        None,
        vec![],
    );
    let zones = ["eu-central-1a", "eu-central-1b", "eu-central-1c"];
    for (k, z) in zones.iter().enumerate() {
        for (kind, base) in [("public", 0), ("private", 10), ("data", 20)] {
            add(
                "aws:ec2/subnet:Subnet",
                &format!("{kind}-{}", &z[z.len() - 1..]),
                Same,
                json!({"vpcId": format!("vpc-{}", hex(1, 4702, 17)), "cidrBlock": format!("10.40.{}.0/24", base + k), "availabilityZone": z, "mapPublicIpOnLaunch": kind == "public", "tags": tags("platform")}),
                None,
                vec![],
            );
        }
        add(
            "aws:ec2/eip:Eip",
            &format!("nat-eip-{}", &z[z.len() - 1..]),
            Same,
            json!({"domain": "vpc", "tags": tags("platform")}),
            None,
            vec![],
        );
        add(
            "aws:ec2/natGateway:NatGateway",
            &format!("nat-{}", &z[z.len() - 1..]),
            Same,
            json!({"allocationId": format!("eipalloc-{}", hex(k, 4703, 17)), "subnetId": format!("subnet-{}", hex(k, 4704, 17)), "connectivityType": "public", "tags": tags("platform")}),
            None,
            vec![],
        );
    }
    let services = [
        ("storefront", 3000, "web"),
        ("checkout-api", 8080, "checkout"),
        ("cart-api", 8080, "checkout"),
        ("catalog-api", 8080, "catalog"),
        ("search-api", 8080, "search"),
        ("payments-api", 8443, "payments"),
        ("inventory-service", 8080, "fulfilment"),
        ("pricing-service", 8080, "catalog"),
        ("mailer", 8000, "crm"),
        ("admin-ui", 3000, "web"),
    ];
    for (k, (svc, port, team)) in services.iter().enumerate() {
        add(
            "aws:ec2/securityGroup:SecurityGroup",
            &format!("{svc}-sg"),
            Same,
            json!({
                "vpcId": format!("vpc-{}", hex(1, 4702, 17)),
                "description": format!("{svc} tasks"),
                "ingress": [{"protocol": "tcp", "fromPort": port, "toPort": port, "securityGroups": [format!("sg-{}", hex(99, 4705, 17))], "description": "from the load balancer"}],
                "egress": [{"protocol": "-1", "fromPort": 0, "toPort": 0, "cidrBlocks": ["0.0.0.0/0"]}],
                "revokeRulesOnDelete": false,
                "tags": tags(team),
            }),
            None,
            vec![],
        );
        add(
            "aws:iam/role:Role",
            &format!("{svc}-role"),
            Same,
            json!({
                "assumeRolePolicy": "{\"Version\":\"2012-10-17\",\"Statement\":[{\"Effect\":\"Allow\",\"Principal\":{\"Service\":\"ecs-tasks.amazonaws.com\"},\"Action\":\"sts:AssumeRole\"}]}",
                "managedPolicyArns": [format!("arn:aws:iam::{acct}:policy/{svc}-app")],
                "maxSessionDuration": 3600,
                "path": "/shop/",
                "tags": tags(team),
            }),
            None,
            vec![],
        );
        add(
            "aws:lb/targetGroup:TargetGroup",
            &format!("{svc}-tg"),
            Same,
            json!({
                "port": port,
                "protocol": "HTTP",
                "targetType": "ip",
                "vpcId": format!("vpc-{}", hex(1, 4702, 17)),
                "deregistrationDelay": 30,
                "healthCheck": {"enabled": true, "path": if *port == 8080 { "/actuator/health/readiness" } else { "/healthz" }, "matcher": "200", "interval": 15, "timeout": 5, "healthyThreshold": 2, "unhealthyThreshold": 3},
                "tags": tags(team),
            }),
            None,
            vec![],
        );
        let version = |new: bool| {
            if *svc == "checkout-api" {
                if new { "2.31.0" } else { "2.30.4" }
            } else {
                ["1.14.3", "3.2.1", "5.4.0", "0.9.7", "4.0.2", "2.8.0"][k % 6]
            }
        };
        let defs = |new: bool| {
            format!(
                "[{{\"name\":\"{svc}\",\"image\":\"{acct}.dkr.ecr.{region}.amazonaws.com/shop/{svc}:{}\",\"essential\":true,\"portMappings\":[{{\"containerPort\":{port},\"protocol\":\"tcp\"}}],\"environment\":[{{\"name\":\"ENVIRONMENT\",\"value\":\"prod\"}},{{\"name\":\"OTEL_EXPORTER_OTLP_ENDPOINT\",\"value\":\"http://localhost:4317\"}}],\"secrets\":[{{\"name\":\"DB_PASSWORD\",\"valueFrom\":\"arn:aws:secretsmanager:{region}:{acct}:secret:{svc}/db-{}\"}}],\"logConfiguration\":{{\"logDriver\":\"awslogs\",\"options\":{{\"awslogs-group\":\"/ecs/shop/{svc}\",\"awslogs-region\":\"{region}\",\"awslogs-stream-prefix\":\"{svc}\"}}}},\"healthCheck\":{{\"command\":[\"CMD-SHELL\",\"wget -qO- http://localhost:{port}/healthz || exit 1\"],\"interval\":15,\"timeout\":5,\"retries\":3}}}},{{\"name\":\"otel-agent\",\"image\":\"public.ecr.aws/aws-observability/aws-otel-collector:v0.41.1\",\"essential\":false,\"cpu\":64,\"memory\":128}}]",
                version(new),
                letters(k, 4706, 6)
            )
        };
        let task = |new: bool| {
            json!({
                "family": format!("shop-{svc}"),
                "cpu": if *port == 8080 { "1024" } else { "512" },
                "memory": if *port == 8080 { "2048" } else { "1024" },
                "networkMode": "awsvpc",
                "requiresCompatibilities": ["FARGATE"],
                "executionRoleArn": format!("arn:aws:iam::{acct}:role/shop/ecs-execution"),
                "taskRoleArn": format!("arn:aws:iam::{acct}:role/shop/{svc}-role"),
                "runtimePlatform": {"cpuArchitecture": "ARM64", "operatingSystemFamily": "LINUX"},
                "containerDefinitions": defs(new),
                "tags": tags(team),
            })
        };
        let replaced = *svc == "checkout-api";
        add(
            "aws:ecs/taskDefinition:TaskDefinition",
            &format!("{svc}-task"),
            if replaced { Replace } else { Same },
            task(false),
            if replaced { Some(task(true)) } else { None },
            if replaced {
                vec!["containerDefinitions"]
            } else {
                vec![]
            },
        );
        let svc_state = |new: bool, force: bool| {
            json!({
                "name": svc,
                "cluster": format!("arn:aws:ecs:{region}:{acct}:cluster/shop-prod"),
                "taskDefinition": if new && replaced { PULUMI_UNKNOWN.to_string() } else { format!("arn:aws:ecs:{region}:{acct}:task-definition/shop-{svc}:{}", 40 + h(k, 4707) % 90) },
                "desiredCount": if *svc == "storefront" { 6 } else { 3 },
                "launchType": "FARGATE",
                "platformVersion": "1.4.0",
                "enableExecuteCommand": false,
                "forceNewDeployment": force,
                "deploymentCircuitBreaker": {"enable": true, "rollback": true},
                "networkConfiguration": {"subnets": [format!("subnet-{}", hex(1, 4704, 17)), format!("subnet-{}", hex(2, 4704, 17)), format!("subnet-{}", hex(3, 4704, 17))], "securityGroups": [format!("sg-{}", hex(k, 4708, 17))], "assignPublicIp": false},
                "loadBalancers": [{"targetGroupArn": format!("arn:aws:elasticloadbalancing:{region}:{acct}:targetgroup/{svc}-tg/{}", hex(k, 4709, 16)), "containerName": svc, "containerPort": port}],
                "tags": tags(team),
            })
        };
        let forced = *svc == "cart-api";
        let changes = replaced || forced;
        add(
            "aws:ecs/service:Service",
            svc,
            if changes { Update } else { Same },
            svc_state(false, false),
            if changes {
                Some(svc_state(true, forced))
            } else {
                None
            },
            if replaced {
                vec!["taskDefinition"]
            } else if forced {
                vec!["forceNewDeployment"]
            } else {
                vec![]
            },
        );
        for (metric, threshold) in [("CPUUtilization", 85.0), ("MemoryUtilization", 90.0)] {
            let changed = *svc == "search-api" && metric == "CPUUtilization";
            let alarm = |t: f64| {
                json!({
                    "name": format!("shop-prod {svc} {metric}"),
                    "namespace": "AWS/ECS",
                    "metricName": metric,
                    "comparisonOperator": "GreaterThanThreshold",
                    "threshold": t,
                    "evaluationPeriods": 3,
                    "period": 300,
                    "statistic": "Average",
                    "dimensions": {"ClusterName": "shop-prod", "ServiceName": svc},
                    "alarmActions": [format!("arn:aws:sns:{region}:{acct}:shop-prod-oncall")],
                    "treatMissingData": "missing",
                    "tags": tags(team),
                })
            };
            add(
                "aws:cloudwatch/metricAlarm:MetricAlarm",
                &format!(
                    "{svc}-{}",
                    if metric == "CPUUtilization" {
                        "cpu"
                    } else {
                        "memory"
                    }
                ),
                if changed { Update } else { Same },
                alarm(threshold),
                if changed { Some(alarm(75.0)) } else { None },
                if changed { vec!["threshold"] } else { vec![] },
            );
        }
    }
    // Databases and caches.
    let db = |name: &str, encrypted: bool, replica: bool, team: &str| {
        json!({
            "identifier": name,
            "engine": "postgres",
            "engineVersion": "16.4",
            "instanceClass": "db.r6g.xlarge",
            "allocatedStorage": 500,
            "maxAllocatedStorage": 1000,
            "storageType": "gp3",
            "storageEncrypted": encrypted,
            "kmsKeyId": if encrypted { PULUMI_UNKNOWN.to_string() } else { String::new() },
            "multiAz": !replica,
            "dbSubnetGroupName": "orders-db-subnets",
            "vpcSecurityGroupIds": [format!("sg-{}", hex(50, 4708, 17))],
            "parameterGroupName": "orders-pg16-params",
            "backupRetentionPeriod": if replica { 0 } else { 14 },
            "copyTagsToSnapshot": true,
            "deletionProtection": false,
            "skipFinalSnapshot": false,
            "finalSnapshotIdentifier": format!("{name}-final"),
            "performanceInsightsEnabled": true,
            "replicateSourceDb": if replica { "orders-postgres" } else { "" },
            "tags": tags(team),
        })
    };
    add(
        "aws:rds/subnetGroup:SubnetGroup",
        "orders-db-subnets",
        Same,
        json!({"name": "orders-db-subnets", "subnetIds": [format!("subnet-{}", hex(7, 4704, 17)), format!("subnet-{}", hex(8, 4704, 17)), format!("subnet-{}", hex(9, 4704, 17))], "tags": tags("checkout")}),
        None,
        vec![],
    );
    add(
        "aws:rds/parameterGroup:ParameterGroup",
        "orders-pg16-params",
        Same,
        json!({"name": "orders-pg16-params", "family": "postgres16", "parameters": [{"name": "log_min_duration_statement", "value": "500"}, {"name": "shared_preload_libraries", "value": "pg_stat_statements"}], "tags": tags("checkout")}),
        None,
        vec![],
    );
    add(
        "aws:kms/key:Key",
        "rds-encryption-key",
        Create,
        json!({"description": "RDS storage encryption (orders)", "enableKeyRotation": true, "deletionWindowInDays": 30, "tags": tags("platform")}),
        None,
        vec![],
    );
    add(
        "aws:kms/alias:Alias",
        "rds-encryption-key-alias",
        Create,
        json!({"name": "alias/shop-prod-rds", "targetKeyId": PULUMI_UNKNOWN}),
        None,
        vec![],
    );
    let mut orders_new = db("orders-postgres", true, false, "checkout");
    orders_new["kmsKeyId"] = json!(PULUMI_UNKNOWN);
    add(
        "aws:rds/instance:Instance",
        "orders-postgres",
        Replace,
        db("orders-postgres", false, false, "checkout"),
        Some(orders_new),
        vec!["storageEncrypted", "kmsKeyId"],
    );
    let mut replica_new = db("orders-replica", false, true, "checkout");
    replica_new["tags"]["cost-center"] = json!("4711");
    add(
        "aws:rds/instance:Instance",
        "orders-replica",
        Update,
        db("orders-replica", false, true, "checkout"),
        Some(replica_new),
        vec!["tags"],
    );
    add(
        "aws:rds/instance:Instance",
        "catalog-db",
        Same,
        db("catalog-db", true, false, "catalog"),
        None,
        vec![],
    );
    let redis = |encrypted: bool| {
        json!({
            "replicationGroupId": "sessions-redis",
            "description": "storefront sessions",
            "engine": "redis",
            "engineVersion": "7.1",
            "nodeType": "cache.r7g.large",
            "numCacheClusters": 2,
            "port": 6379,
            "automaticFailoverEnabled": true,
            "multiAzEnabled": true,
            "atRestEncryptionEnabled": encrypted,
            "transitEncryptionEnabled": true,
            "subnetGroupName": "cache-subnets",
            "securityGroupIds": [format!("sg-{}", hex(60, 4708, 17))],
            "snapshotRetentionLimit": 3,
            "maintenanceWindow": "sun:03:00-sun:04:00",
            "tags": tags("web"),
        })
    };
    add(
        "aws:elasticache/subnetGroup:SubnetGroup",
        "cache-subnets",
        Same,
        json!({"name": "cache-subnets", "subnetIds": [format!("subnet-{}", hex(7, 4704, 17)), format!("subnet-{}", hex(8, 4704, 17))], "tags": tags("web")}),
        None,
        vec![],
    );
    add(
        "aws:elasticache/replicationGroup:ReplicationGroup",
        "sessions-redis",
        Replace,
        redis(false),
        Some(redis(true)),
        vec!["atRestEncryptionEnabled"],
    );
    add(
        "aws:elasticache/replicationGroup:ReplicationGroup",
        "catalog-cache",
        Same,
        {
            let mut r = redis(true);
            r["replicationGroupId"] = json!("catalog-cache");
            r["description"] = json!("catalog read cache");
            r
        },
        None,
        vec![],
    );
    // Queues.
    for (k, q) in [
        "order-events",
        "stock-updates",
        "mail-outbox",
        "payment-callbacks",
        "search-reindex",
        "invoice-jobs",
        "dead-letter-orders",
        "dead-letter-payments",
    ]
    .iter()
    .enumerate()
    {
        let fifo = *q == "payment-callbacks";
        let queue = |f: bool| {
            json!({
                "name": if f { format!("{q}.fifo") } else { q.to_string() },
                "fifoQueue": f,
                "contentBasedDeduplication": f,
                "visibilityTimeoutSeconds": 30 + 30 * (k as u64 % 4),
                "messageRetentionSeconds": if q.starts_with("dead") { 1_209_600 } else { 345_600 },
                "receiveWaitTimeSeconds": 20,
                "sqsManagedSseEnabled": true,
                "redrivePolicy": if q.starts_with("dead") { String::new() } else { format!("{{\"deadLetterTargetArn\":\"arn:aws:sqs:{region}:{acct}:dead-letter-{}\",\"maxReceiveCount\":5}}", if q.contains("payment") { "payments" } else { "orders" }) },
                "tags": tags(if q.contains("payment") { "payments" } else { "checkout" }),
            })
        };
        add(
            "aws:sqs/queue:Queue",
            q,
            if fifo { Replace } else { Same },
            queue(false),
            if fifo { Some(queue(true)) } else { None },
            if fifo {
                vec!["fifoQueue", "name"]
            } else {
                vec![]
            },
        );
    }
    // Buckets, one of them going away.
    for b in [
        "assets",
        "invoices",
        "exports",
        "access-logs",
        "backups",
        "legacy-exports",
    ] {
        let op = if b == "legacy-exports" { Delete } else { Same };
        let bucket = format!("nordwind-shop-prod-{b}");
        add(
            "aws:s3/bucketV2:BucketV2",
            b,
            op,
            json!({"bucket": bucket, "forceDestroy": false, "objectLockEnabled": false, "tags": tags("platform")}),
            None,
            vec![],
        );
        add(
            "aws:s3/bucketVersioningV2:BucketVersioningV2",
            &format!("{b}-versioning"),
            op,
            json!({"bucket": bucket, "versioningConfiguration": {"status": "Enabled"}}),
            None,
            vec![],
        );
        add(
            "aws:s3/bucketServerSideEncryptionConfigurationV2:BucketServerSideEncryptionConfigurationV2",
            &format!("{b}-encryption"),
            op,
            json!({"bucket": bucket, "rules": [{"applyServerSideEncryptionByDefault": {"sseAlgorithm": "aws:kms"}, "bucketKeyEnabled": true}]}),
            None,
            vec![],
        );
        add(
            "aws:s3/bucketPublicAccessBlock:BucketPublicAccessBlock",
            &format!("{b}-public-access"),
            op,
            json!({"bucket": bucket, "blockPublicAcls": true, "blockPublicPolicy": true, "ignorePublicAcls": true, "restrictPublicBuckets": true}),
            None,
            vec![],
        );
    }
    // The certificate and DNS.
    let cert = |sans: &[&str]| json!({"domainName": "nordwind-outdoor.de", "subjectAlternativeNames": sans, "validationMethod": "DNS", "keyAlgorithm": "RSA_2048", "tags": tags("platform")});
    add(
        "aws:acm/certificate:Certificate",
        "shop-cert",
        Replace,
        cert(&["www.nordwind-outdoor.de", "api.nordwind-outdoor.de"]),
        Some(cert(&[
            "www.nordwind-outdoor.de",
            "api.nordwind-outdoor.de",
            "pay.nordwind-outdoor.de",
        ])),
        vec!["subjectAlternativeNames"],
    );
    for (name, target, op) in [
        ("www", "shop-alb", Same),
        ("api", "shop-alb", Same),
        ("admin", "admin-alb", Same),
        ("pay", "shop-alb", Create),
        ("status", "statuspage", Same),
    ] {
        add(
            "aws:route53/record:Record",
            &format!("dns-{name}"),
            op,
            json!({
                "zoneId": "Z0812345ABCDEFGHIJK",
                "name": format!("{name}.nordwind-outdoor.de"),
                "type": if target == "statuspage" { "CNAME" } else { "A" },
                "ttl": if target == "statuspage" { json!(300) } else { Value::Null },
                "records": if target == "statuspage" { json!(["nordwind.statuspage.io"]) } else { Value::Null },
                "aliases": if target == "statuspage" { Value::Null } else { json!([{"name": format!("{target}-1234567890.{region}.elb.amazonaws.com"), "zoneId": "Z215JYRZR1TBD5", "evaluateTargetHealth": true}]) },
            }),
            None,
            vec![],
        );
    }
    for (k, v) in ["www", "api", "pay"].iter().enumerate() {
        add(
            "aws:route53/record:Record",
            &format!("cert-validation-{v}"),
            if *v == "pay" { Create } else { Same },
            json!({"zoneId": "Z0812345ABCDEFGHIJK", "name": format!("_{}.{v}.nordwind-outdoor.de", hex(k, 4710, 32)), "type": "CNAME", "ttl": 60, "records": [format!("_{}.mhbtsbpdnt.acm-validations.aws.", hex(k, 4711, 32))], "allowOverwrite": true}),
            None,
            vec![],
        );
    }
    // The steps.
    let urn = |r: &PlanRes| format!("{proj}::{}::{}", r.ty, r.name);
    let arn_of = |r: &PlanRes, k: usize| -> String {
        let svc = r.ty.split(':').nth(1).unwrap().split('/').next().unwrap();
        format!(
            "arn:aws:{svc}:{region}:{acct}:{}/{}",
            r.ty.rsplit(':').next().unwrap().to_lowercase(),
            if k.is_multiple_of(2) {
                r.name.clone()
            } else {
                hex(k, 4712, 17)
            }
        )
    };
    let state = |r: &PlanRes, inputs: &Value, k: usize, fresh: bool| -> Value {
        let id = if fresh {
            String::new()
        } else {
            format!(
                "{}-{}",
                r.ty.rsplit(':').next().unwrap().to_lowercase(),
                hex(k, 4713, 17)
            )
        };
        let mut outputs = inputs.clone();
        if let Value::Object(m) = &mut outputs {
            m.insert(
                "arn".into(),
                json!(if fresh {
                    PULUMI_UNKNOWN.to_string()
                } else {
                    arn_of(r, k)
                }),
            );
            m.insert(
                "id".into(),
                json!(if fresh {
                    PULUMI_UNKNOWN.to_string()
                } else {
                    id.clone()
                }),
            );
            if let Some(t) = inputs.get("tags") {
                m.insert("tagsAll".into(), t.clone());
            }
        }
        let mut s = json!({
            "urn": urn(r),
            "custom": true,
            "id": id,
            "type": r.ty,
            "inputs": inputs,
            "outputs": outputs,
            "parent": stack_urn,
            "provider": provider,
        });
        if !fresh {
            s["created"] = json!(format!(
                "{}Z",
                datetime(DAY - 200 * 86_400 + h(k, 4714) % (150 * 86_400))
            ));
            s["modified"] = json!(format!(
                "{}Z",
                datetime(DAY - 30 * 86_400 + h(k, 4715) % (25 * 86_400))
            ));
        }
        s
    };
    let mut steps: Vec<Value> = vec![json!({
        "op": "same",
        "urn": stack_urn,
        "oldState": {"urn": stack_urn, "custom": false, "type": "pulumi:pulumi:Stack", "outputs": {"albDnsName": format!("shop-alb-1234567890.{region}.elb.amazonaws.com"), "clusterName": "shop-prod", "vpcId": format!("vpc-{}", hex(1, 4702, 17))}},
        "newState": {"urn": stack_urn, "custom": false, "type": "pulumi:pulumi:Stack", "outputs": {"albDnsName": format!("shop-alb-1234567890.{region}.elb.amazonaws.com"), "clusterName": "shop-prod", "vpcId": format!("vpc-{}", hex(1, 4702, 17))}}
    })];
    let mut summary = serde_json::Map::new();
    for (k, r) in res.iter().enumerate() {
        let op = match r.op {
            Same => "same",
            Update => "update",
            Replace => "replace",
            Create => "create",
            Delete => "delete",
        };
        let n = summary.get(op).and_then(Value::as_u64).unwrap_or(0);
        summary.insert(op.into(), json!(n + 1));
        let mut step = serde_json::Map::new();
        step.insert("op".into(), json!(op));
        step.insert("urn".into(), json!(urn(r)));
        step.insert("provider".into(), json!(provider));
        if r.op != Create {
            step.insert("oldState".into(), state(r, &r.old, k, false));
        }
        match r.op {
            Same => {
                step.insert("newState".into(), state(r, &r.old, k, false));
            }
            Update => {
                step.insert(
                    "newState".into(),
                    state(r, r.new.as_ref().unwrap(), k, false),
                );
            }
            Replace => {
                step.insert(
                    "newState".into(),
                    state(r, r.new.as_ref().unwrap(), k, true),
                );
            }
            Create => {
                step.insert("newState".into(), state(r, &r.old, k, true));
            }
            Delete => {}
        }
        if !r.reasons.is_empty() {
            step.insert("diffReasons".into(), json!(r.reasons));
            if r.op == Replace {
                step.insert("replaceReasons".into(), json!(r.reasons));
            }
            let detail: serde_json::Map<String, Value> = r
                .reasons
                .iter()
                .map(|p| {
                    (
                        p.to_string(),
                        json!({"kind": if r.op == Replace { "update-replace" } else { "update" }, "inputDiff": true}),
                    )
                })
                .collect();
            step.insert("detailedDiff".into(), Value::Object(detail));
        }
        steps.push(Value::Object(step));
    }
    let n = summary.get("same").and_then(Value::as_u64).unwrap_or(0);
    summary.insert("same".into(), json!(n + 1));
    let mut sorted = serde_json::Map::new();
    let mut keys: Vec<String> = summary.keys().cloned().collect();
    keys.sort();
    for k in keys {
        sorted.insert(k.clone(), summary[&k].clone());
    }
    let doc = json!({
        "config": {
            "aws:region": region,
            "shop-infra:env": "prod",
            "shop-infra:domain": "nordwind-outdoor.de",
            "shop-infra:dbInstanceClass": "db.r6g.xlarge",
            "shop-infra:dbPassword": "[secret]",
        },
        "steps": steps,
        "duration": 38_412_006_125u64,
        "changeSummary": sorted,
    });
    let replaced: Vec<&PlanRes> = res.iter().filter(|r| r.op == Replace).collect();
    let items: Vec<String> = replaced.iter().map(|r| r.name.clone()).collect();
    let names: Vec<String> = res.iter().map(|r| r.name.clone()).collect();
    for s in &items {
        assert!(!named_elsewhere(s, &names), "{s}");
    }
    assert_eq!(items.len(), 5);
    let expected = replaced.iter().map(|r| jq_string(&urn(r))).collect();
    Case::items(
        "pulumi preview --json, resources it will replace",
        pretty(&doc, b"    ") + "\n",
        "Before I run the production deploy: which of our cloud resources is it going to tear down and build again from scratch? Give me every one.",
        items,
    )
    .with_jq(".steps[] | select(.op == \"replace\") | .urn", expected)
}
