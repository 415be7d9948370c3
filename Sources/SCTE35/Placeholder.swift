// Placeholder until the SCTE35 target lands; delete when the first real source file is added.
