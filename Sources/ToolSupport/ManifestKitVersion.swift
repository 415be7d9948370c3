/// The release every ManifestKit tool reports with `--version`.
public enum ManifestKitVersion {
  /// Semantic version of this build.
  public static let current = "0.1.0"
}
