print("RegistryBenchmarks")
