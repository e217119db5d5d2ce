import Registry
