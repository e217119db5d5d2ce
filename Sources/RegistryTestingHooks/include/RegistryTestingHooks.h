// Nothing to declare: this target only runs RegistryTesting's setup when its image loads.
