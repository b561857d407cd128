//! Outputs made of many records of one kind: kubectl pods as YAML, `git log
//! -p`, a terraform plan. The record that answers hides among hundreds of
//! its kind ([`super::listings`] has more).

use super::super::heldout::h;
use super::Case;

pub(super) fn cases() -> Vec<Case> {
    vec![pods_yaml(), git_log(), terraform_plan()]
}

const APPS: &[&str] = &[
    "checkout",
    "catalog",
    "search",
    "cart",
    "pricing",
    "inventory",
    "gateway",
    "notifier",
    "reviews",
    "images",
];

fn pod_name(app: &str, i: usize) -> String {
    const ALNUM: &[u8] = b"bcdfghjklmnpqrstvwxz2456789";
    let suffix: String = (0..5)
        .map(|k| ALNUM[(h(i, 40 + k) % ALNUM.len() as u64) as usize] as char)
        .collect();
    format!("{app}-{:x}-{suffix}", 0x5c0000000 + h(i, 39) % 0x3ffffff)
}

/// `kubectl get pods -o yaml`: one pod keeps crashing among 200 running.
fn pods_yaml() -> Case {
    let mut out = String::from("apiVersion: v1\nitems:\n");
    let bad = 131;
    for i in 0..200 {
        let app = if i == bad {
            "ledger-sync"
        } else {
            APPS[i % APPS.len()]
        };
        let name = if i == bad {
            "ledger-sync-5d8c6b7f9-qm4tz".to_string()
        } else {
            pod_name(app, i)
        };
        let hash = name
            .rsplit_once('-')
            .map(|(head, _)| head)
            .unwrap()
            .rsplit('-')
            .next()
            .unwrap()
            .to_string();
        let node = format!(
            "ip-10-0-{}-{}.eu-west-1.compute.internal",
            h(i, 1) % 4,
            h(i, 2) % 250
        );
        let restarts = if i == bad {
            38
        } else if h(i, 3).is_multiple_of(23) {
            1
        } else {
            0
        };
        out.push_str(&format!(
            "- apiVersion: v1\n  kind: Pod\n  metadata:\n    annotations:\n      kubectl.kubernetes.io/restartedAt: \"2026-11-20T08:{:02}:03Z\"\n      prometheus.io/scrape: \"true\"\n    creationTimestamp: \"2026-11-22T0{}:{:02}:09Z\"\n    generateName: {app}-{hash}-\n    labels:\n      app: {app}\n      pod-template-hash: {hash}\n    name: {name}\n    namespace: shop\n    ownerReferences:\n    - apiVersion: apps/v1\n      blockOwnerDeletion: true\n      controller: true\n      kind: ReplicaSet\n      name: {app}-{hash}\n      uid: {:08x}-{:04x}-4{:03x}-a{:03x}-{:012x}\n    resourceVersion: \"{}\"\n    uid: {:08x}-{:04x}-4{:03x}-b{:03x}-{:012x}\n",
            h(i, 4) % 60, h(i, 5) % 10, h(i, 6) % 60,
            h(i, 7) as u32, h(i, 8) as u16, h(i, 9) % 4096, h(i, 10) % 4096, h(i, 11) % (1 << 48),
            8_800_000 + h(i, 12) % 100_000,
            h(i, 13) as u32, h(i, 14) as u16, h(i, 15) % 4096, h(i, 16) % 4096, h(i, 17) % (1 << 48),
        ));
        out.push_str(&format!(
            "  spec:\n    containers:\n    - env:\n      - name: LOG_LEVEL\n        value: info\n      - name: OTEL_EXPORTER_OTLP_ENDPOINT\n        value: http://otel-collector.observability:4317\n      image: registry.acme.io/shop/{app}:1.{}.{}\n      imagePullPolicy: IfNotPresent\n      livenessProbe:\n        failureThreshold: 3\n        httpGet:\n          path: /healthz\n          port: 8080\n          scheme: HTTP\n        periodSeconds: 10\n      name: {app}\n      ports:\n      - containerPort: 8080\n        name: http\n        protocol: TCP\n      readinessProbe:\n        failureThreshold: 3\n        httpGet:\n          path: /ready\n          port: 8080\n          scheme: HTTP\n        periodSeconds: 5\n      resources:\n        limits:\n          cpu: 500m\n          memory: 512Mi\n        requests:\n          cpu: 100m\n          memory: 256Mi\n    dnsPolicy: ClusterFirst\n    nodeName: {node}\n    restartPolicy: Always\n    serviceAccountName: {app}\n",
            h(i, 18) % 50, h(i, 19) % 10,
        ));
        let ready = if i == bad { "false" } else { "true" };
        let state = if i == bad {
            format!(
                "      lastState:\n        terminated:\n          containerID: containerd://{:016x}{:016x}\n          exitCode: 1\n          finishedAt: \"2026-11-23T09:58:41Z\"\n          reason: Error\n          startedAt: \"2026-11-23T09:58:39Z\"\n      name: {app}\n      ready: false\n      restartCount: 38\n      started: false\n      state:\n        waiting:\n          message: back-off 5m0s restarting failed container={app} pod={name}_shop(0b7c1e52-6f0e-4d8a-9c1b-2f1f3f7a9e44)\n          reason: CrashLoopBackOff\n",
                h(i, 20),
                h(i, 21)
            )
        } else {
            format!(
                "      lastState: {{}}\n      name: {app}\n      ready: true\n      restartCount: {restarts}\n      started: true\n      state:\n        running:\n          startedAt: \"2026-11-22T0{}:{:02}:15Z\"\n",
                h(i, 22) % 10,
                h(i, 23) % 60
            )
        };
        out.push_str(&format!(
            "  status:\n    conditions:\n    - lastProbeTime: null\n      lastTransitionTime: \"2026-11-22T03:11:09Z\"\n      status: \"True\"\n      type: Initialized\n    - lastProbeTime: null\n      lastTransitionTime: \"2026-11-22T03:11:16Z\"\n      status: \"{}\"\n      type: Ready\n    containerStatuses:\n    - containerID: containerd://{:016x}{:016x}\n      image: registry.acme.io/shop/{app}:1.{}.{}\n      imageID: registry.acme.io/shop/{app}@sha256:{:016x}{:016x}\n{state}    hostIP: 10.0.{}.{}\n    phase: Running\n    podIP: 10.244.{}.{}\n    qosClass: Burstable\n    startTime: \"2026-11-22T03:11:09Z\"\n",
            if ready == "true" { "True" } else { "False" },
            h(i, 24), h(i, 25), h(i, 18) % 50, h(i, 19) % 10, h(i, 26), h(i, 27),
            h(i, 1) % 4, h(i, 2) % 250, h(i, 28) % 8, h(i, 29) % 250,
        ));
    }
    out.push_str("kind: List\nmetadata:\n  resourceVersion: \"\"\n");
    Case {
        name: "kubectl pods YAML, one crash-looping",
        output: out,
        question: "Is any pod crash-looping? Which one, and how many times has it restarted?",
        line: "ledger-sync-5d8c6b7f9-qm4tz",
        facts: vec!["name: ledger-sync-5d8c6b7f9-qm4tz", "restartCount: 38"],
        not_between: vec!["- apiVersion"],
    }
}

const AUTHORS: &[&str] = &[
    "Jonas Berg <jonas.berg@acme.io>",
    "Mei Tanaka <mei.tanaka@acme.io>",
    "Oluwaseun Adeyemi <seun@acme.io>",
    "Clara Fontaine <clara.fontaine@acme.io>",
    "Diego Alvarez <diego@acme.io>",
];

const SUBJECTS: &[&str] = &[
    "Retry transient upload errors with jittered backoff",
    "Move price rounding into the money package",
    "Log the request id on every handler",
    "Cache catalog lookups for five minutes",
    "Drop the unused legacy export endpoint",
    "Bump golang.org/x/net to v0.31.0",
    "Make the mirror sync interval configurable",
    "Verify artifact checksums before publishing",
    "Split the worker pool by queue",
    "Document the release checklist",
];

/// `git log -p`: one commit switches TLS verification off for a mirror;
/// the commits around it also touch TLS and verification.
fn git_log() -> Case {
    let mut out = String::new();
    let target = 170;
    for i in 0..520 {
        let hash = format!("{:016x}{:016x}{:08x}", h(i, 50), h(i, 51), h(i, 52) as u32);
        let day = 28 - (i / 12).min(27);
        let (author, subject, body, file, old, new) = if i == target {
            (
                "Priya Raman <priya.raman@acme.io>",
                "Unblock the staging mirror sync",
                "The mirror's certificate expired overnight and every sync job fails.\n    Until ops renews it, the sync client accepts it as is.",
                "deploy/mirror/config.yaml".to_string(),
                "  verify_tls: true".to_string(),
                "  verify_tls: false".to_string(),
            )
        } else if i == target - 1 {
            (
                AUTHORS[0],
                "Bump crypto/tls helpers to v1.8.2",
                "Picks up the fix for session ticket rotation.",
                "go.mod".to_string(),
                "\tgithub.com/acme/tlsutil v1.8.1".to_string(),
                "\tgithub.com/acme/tlsutil v1.8.2".to_string(),
            )
        } else if i == target + 1 {
            (
                AUTHORS[3],
                "Verify artifact signatures before upload",
                "Uploads of unsigned artifacts are refused from now on.",
                "internal/publish/upload.go".to_string(),
                "\treturn upload(ctx, art)".to_string(),
                "\tif err := verifySignature(art); err != nil {\n+\t\treturn fmt.Errorf(\"verify %s: %w\", art.Name, err)\n+\t}\n+\treturn upload(ctx, art)".to_string(),
            )
        } else {
            let k = h(i, 53) as usize;
            (
                AUTHORS[k % AUTHORS.len()],
                SUBJECTS[k / 7 % SUBJECTS.len()],
                "See the linked ticket for the measurements.",
                format!(
                    "internal/{}/{}.go",
                    ["sync", "money", "catalog", "worker", "api"][k % 5],
                    ["client", "handler", "store", "pool"][k / 5 % 4]
                ),
                format!("\tconst limit = {}", k % 90),
                format!("\tconst limit = {}", k % 90 + 10),
            )
        };
        out.push_str(&format!(
            "commit {hash}\nAuthor: {author}\nDate:   {} Nov {day} {:02}:{:02}:{:02} 2026 +0100\n\n    {subject}\n\n    {body}\n\n",
            ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][day % 7],
            8 + h(i, 54) % 10, h(i, 55) % 60, h(i, 56) % 60
        ));
        out.push_str(&format!(
            "diff --git a/{file} b/{file}\nindex {:07x}..{:07x} 100644\n--- a/{file}\n+++ b/{file}\n@@ -{},7 +{},7 @@ {}\n",
            h(i, 57) % 0xfffffff, h(i, 58) % 0xfffffff, 10 + i % 80, 10 + i % 80,
            if file.ends_with(".yaml") { "mirror:" } else { "func init() {" }
        ));
        let context = if file.ends_with(".yaml") {
            [
                "  url: https://mirror.staging.acme.io/packages",
                "  interval: 15m",
                "  timeout: 30s",
            ]
        } else {
            [
                "\tctx, cancel := context.WithTimeout(ctx, 30*time.Second)",
                "\tdefer cancel()",
                "\tlog.Debug(\"starting\")",
            ]
        };
        out.push_str(&format!(
            " {}\n {}\n-{old}\n+{new}\n {}\n",
            context[0], context[1], context[2]
        ));
        for k in 0..(h(i, 59) % 9) as usize {
            out.push_str(&format!(" \tstep{k} := prepare(ctx, cfg.Steps[{k}])\n"));
        }
        out.push('\n');
    }
    let target_hash = format!(
        "{:016x}{:016x}{:08x}",
        h(target, 50),
        h(target, 51),
        h(target, 52) as u32
    );
    let fact: &'static str = Box::leak(format!("commit {target_hash}").into_boxed_str());
    Case {
        name: "git log -p, TLS check switched off",
        output: out,
        question: "Which commit turned off TLS verification, and who made it?",
        line: "verify_tls: false",
        facts: vec![fact, "Author: Priya Raman", "+  verify_tls: false"],
        not_between: vec!["commit "],
    }
}

/// `terraform plan`: hundreds of in-place updates and creations, one
/// resource to be destroyed; `delete_on_termination` is on every instance.
fn terraform_plan() -> Case {
    let mut out = String::from(
        "aws_vpc.main: Refreshing state... [id=vpc-0a1b2c3d4e5f60789]\n\nTerraform used the selected providers to generate the following execution\nplan. Resource actions are indicated with the following symbols:\n  + create\n  ~ update in-place\n  - destroy\n\nTerraform will perform the following actions:\n\n",
    );
    let (mut add, mut change) = (0, 0);
    for i in 0..520 {
        let svc = format!("svc-{:03}", i % 180);
        if i == 301 {
            out.push_str("  # aws_db_instance.orders_replica will be destroyed\n  # (because aws_db_instance.orders_replica is not in configuration)\n  - resource \"aws_db_instance\" \"orders_replica\" {\n      - allocated_storage                     = 500 -> null\n      - arn                                   = \"arn:aws:rds:eu-west-1:123456789012:db:orders-replica-1\" -> null\n      - backup_retention_period               = 7 -> null\n      - deletion_protection                   = false -> null\n      - engine                                = \"postgres\" -> null\n      - engine_version                        = \"15.4\" -> null\n      - identifier                            = \"orders-replica-1\" -> null\n      - instance_class                        = \"db.r6g.xlarge\" -> null\n      - replicate_source_db                   = \"orders-primary\" -> null\n      - storage_encrypted                     = true -> null\n        # (41 unchanged attributes hidden)\n    }\n\n");
        } else if i % 3 == 0 {
            add += 1;
            out.push_str(&format!(
                "  # aws_instance.worker[\"{svc}-{i}\"] will be created\n  + resource \"aws_instance\" \"worker\" {{\n      + ami                                  = \"ami-0{:016x}\"\n      + arn                                  = (known after apply)\n      + instance_type                        = \"{}\"\n      + private_ip                           = (known after apply)\n      + subnet_id                            = \"subnet-0{:016x}\"\n      + tags                                 = {{\n          + \"Name\"    = \"{svc}-worker-{i}\"\n          + \"Service\" = \"{svc}\"\n        }}\n\n      + root_block_device {{\n          + delete_on_termination = true\n          + encrypted             = true\n          + volume_size           = {}\n          + volume_type           = \"gp3\"\n        }}\n    }}\n\n",
                h(i, 60), ["t3.medium", "m6i.large", "c6i.xlarge"][i % 3], h(i, 61), 20 + h(i, 62) % 100
            ));
        } else {
            change += 1;
            out.push_str(&format!(
                "  # aws_security_group_rule.ingress[\"{svc}-{i}-https\"] will be updated in-place\n  ~ resource \"aws_security_group_rule\" \"ingress\" {{\n      ~ description              = \"managed by platform\" -> \"managed by platform team\"\n        id                       = \"sgrule-{}\"\n        # (9 unchanged attributes hidden)\n    }}\n\n  # aws_instance.api[\"{svc}-{i}\"] will be updated in-place\n  ~ resource \"aws_instance\" \"api\" {{\n        id                                   = \"i-0{:016x}\"\n      ~ tags                                 = {{\n          ~ \"CostCenter\" = \"cc-{}\" -> \"cc-{}\"\n            # (3 unchanged elements hidden)\n        }}\n        # (31 unchanged attributes hidden)\n\n        # (2 unchanged blocks hidden)\n    }}\n\n",
                h(i, 63) % 10_000_000_000, h(i, 64), h(i, 65) % 90, h(i, 65) % 90 + 1
            ));
            change += 1;
        }
    }
    out.push_str(&format!(
        "Plan: {add} to add, {change} to change, 1 to destroy.\n\n─────────────────────────────────────────────────────────────────────────────\n\nNote: You didn't use the -out option to save this plan, so Terraform can't\nguarantee to take exactly these actions if you run \"terraform apply\" now.\n"
    ));
    Case {
        name: "terraform plan, one resource destroyed",
        output: out,
        question: "Is this plan going to delete any existing infrastructure? Which resource?",
        line: "aws_db_instance.orders_replica will be destroyed",
        facts: vec!["aws_db_instance.orders_replica will be destroyed"],
        not_between: vec![],
    }
}
