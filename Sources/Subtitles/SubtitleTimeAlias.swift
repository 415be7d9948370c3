import ManifestCore

/// A subtitle time: ManifestCore's exact rational `ExactTime` (the name kept for the many cue,
/// reader and writer call sites that spell it).
public typealias SubtitleTime = ExactTime
