// AppleViewModel re-exports Foundation, so files that import only it use `UUID`, `Date` or
// `NotificationCenter` without importing Foundation; re-exporting it too keeps the migration a
// change of one import.
@_exported import Foundation
