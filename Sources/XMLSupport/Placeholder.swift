// Placeholder until the XMLSupport target lands; delete when the first real source file is added.
