import Registry

/// The settings, shared under the key `"settings"` while a screen shows them.
///
/// ```swift
/// let host = ViewModelHost<SettingsViewModel>(label: "SettingsScreen") { render() }
/// host.require(settingsSpec).toggleTheme()
/// ```
public let settingsSpec = ViewModelSpec(key: "settings") { SettingsViewModel() }
