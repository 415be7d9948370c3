import CCurl

/// libcurl, opened with `dlopen` the first time a URL is read (`shared`): a run that reads no
/// URL never loads it or the libraries it needs, so start-up stays as fast as without it.
final class CurlLibrary: @unchecked Sendable {
  /// The function table (never written after `init`).
  let api: UnsafeMutablePointer<mk_curl_api>

  private init(api: UnsafeMutablePointer<mk_curl_api>) { self.api = api }

  /// The library, or the reason it cannot be loaded; loaded once per process (a global is
  /// initialised once, thread-safely, which `curl_global_init` needs).
  static let shared: Result<CurlLibrary, HTTPLoadError.Kind> = {
    let api = UnsafeMutablePointer<mk_curl_api>.allocate(capacity: 1)
    api.initialize(to: mk_curl_api())
    if let failure = mk_curl_load(api) {
      return .failure(.unavailable(String(cString: failure)))
    }
    // The table lives as long as the process, as the library does.
    return .success(CurlLibrary(api: api))
  }()
}
