// One import for a migrating app: `import AppleViewModelCompatibility` brings Registry, whose
// names AppleViewModel shares, and Foundation, which AppleViewModel re-exports (files that
// import only it use `UUID`, `Date` or `NotificationCenter` without importing Foundation).
@_exported import Foundation
@_exported import Registry
