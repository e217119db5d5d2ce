import Registry

/// AppleViewModel's name for a lifecycle observer that logs every event: the same as
/// `LoggingLifecycle`, which prints one line per create, bind, unbind and dispose.
///
/// AppleViewModel's README installs one, though AppleViewModel itself never shipped it:
///
/// ```swift
/// ViewModel.initialize(lifecycles: [DebugLifecycleLogger()])
/// // [Registry] create CounterViewModel(key: "counter") Header#1
/// ```
public typealias DebugLifecycleLogger = LoggingLifecycle
