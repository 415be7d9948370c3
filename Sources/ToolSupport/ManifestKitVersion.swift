/// The release every ManifestKit tool reports with `--version`.
package enum ManifestKitVersion {
  /// Semantic version of this build.
  package static let current = "0.1.0"
}
