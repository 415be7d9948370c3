import CCurl

/// One GET with libcurl: the options HTTPOptions gives, the body and the final response's
/// header fields collected up to the size cap.
struct CurlTransfer {
  let library: CurlLibrary
  let url: String
  let options: HTTPOptions

  /// Collects what a transfer receives; libcurl's callbacks reach it through their user pointer.
  final class Sink {
    let limit: Int
    var body: [UInt8] = []
    var headers: [HTTPHeaderField] = []
    var reasonSent = ""
    var overflowed = false

    init(limit: Int) { self.limit = limit }

    /// One header line (`Name: value\r\n`, or a status line that starts a new response).
    func header(_ line: UnsafeRawBufferPointer) {
      var end = line.count
      while end > 0 && (line[end - 1] == 0x0A || line[end - 1] == 0x0D) { end -= 1 }
      let text = String(decoding: line[..<end], as: UTF8.self)
      if text.hasPrefix("HTTP/") {
        // A redirect or a 100 Continue went before: only the last response's fields count.
        headers.removeAll()
        let parts = text.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        reasonSent = parts.count == 3 ? String(parts[2]) : ""
      } else if let colon = text.firstIndex(of: ":") {
        let value = text[text.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
        headers.append(HTTPHeaderField(name: String(text[..<colon]), value: String(value)))
      }
    }
  }

  /// Performs the request once.
  func perform() -> Result<HTTPResponse, HTTPLoadError.Kind> {
    let api = library.api
    guard let handle = api.pointee.easy_init?() else {
      return .failure(.transport("curl_easy_init failed"))
    }
    defer { api.pointee.easy_cleanup?(handle) }
    var fields: UnsafeMutablePointer<curl_slist>?
    defer { if let fields { api.pointee.slist_free_all?(fields) } }
    for header in options.headers {
      fields = header.line.withCString { api.pointee.slist_append?(fields, $0) } ?? fields
    }
    let sink = Sink(limit: options.maxBytes)
    let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
    errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
    defer { errorBuffer.deallocate() }
    let context = Unmanaged.passUnretained(sink).toOpaque()

    var result = CURLE_OK
    func set(_ option: CURLoption, _ value: Int) {
      if result == CURLE_OK { result = mk_curl_setopt_long(api, handle, option, value) }
    }
    func set(_ option: CURLoption, _ value: String) {
      if result == CURLE_OK {
        result = value.withCString { mk_curl_setopt_pointer(api, handle, option, $0) }
      }
    }
    func set(_ option: CURLoption, pointer: UnsafeRawPointer?) {
      if result == CURLE_OK { result = mk_curl_setopt_pointer(api, handle, option, pointer) }
    }
    // libcurl copies string options, so the temporaries above may go.
    set(CURLOPT_URL, url)
    set(CURLOPT_PROTOCOLS_STR, "http,https")
    set(CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
    if result == CURLE_UNKNOWN_OPTION {
      // libcurl before 7.85 (Ubuntu 22.04): the same with CURLOPT_PROTOCOLS and
      // CURLOPT_REDIR_PROTOCOLS (181, 182; deprecated since), CURLPROTO_HTTP | CURLPROTO_HTTPS.
      result = CURLE_OK
      set(CURLoption(rawValue: 181), 3)
      set(CURLoption(rawValue: 182), 3)
    }
    set(CURLOPT_FOLLOWLOCATION, 1)
    set(CURLOPT_MAXREDIRS, options.maxRedirects)
    set(CURLOPT_TIMEOUT_MS, options.timeoutMilliseconds)
    set(CURLOPT_CONNECTTIMEOUT_MS, options.timeoutMilliseconds)
    set(CURLOPT_NOSIGNAL, 1)
    // No proxy, whatever http_proxy, https_proxy or ALL_PROXY say (docs/http-input.md).
    set(CURLOPT_PROXY, "")
    set(CURLOPT_USERAGENT, options.userAgent)
    // Every content coding libcurl decodes (gzip, deflate, br, zstd); the cap counts decoded bytes.
    set(CURLOPT_ACCEPT_ENCODING, "")
    set(CURLOPT_HTTPHEADER, pointer: UnsafeRawPointer(fields))
    set(CURLOPT_ERRORBUFFER, pointer: UnsafeRawPointer(errorBuffer))
    set(CURLOPT_WRITEDATA, pointer: UnsafeRawPointer(context))
    set(CURLOPT_HEADERDATA, pointer: UnsafeRawPointer(context))
    if result == CURLE_OK {
      result = mk_curl_setopt_off(
        api, handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(options.maxBytes))
    }
    if result == CURLE_OK {
      result = mk_curl_setopt_callback(api, handle, CURLOPT_WRITEFUNCTION) {
        data, size, count, user in
        guard let user else { return 0 }
        let sink = Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue()
        let length = size * count
        guard sink.body.count + length <= sink.limit else {
          sink.overflowed = true
          return 0  // not `length`: libcurl stops the transfer with CURLE_WRITE_ERROR
        }
        sink.body.append(contentsOf: UnsafeRawBufferPointer(start: data, count: length))
        return length
      }
    }
    if result == CURLE_OK {
      result = mk_curl_setopt_callback(api, handle, CURLOPT_HEADERFUNCTION) {
        data, size, count, user in
        guard let user else { return 0 }
        Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue().header(
          UnsafeRawBufferPointer(start: data, count: size * count))
        return size * count
      }
    }
    if result == CURLE_OK, let perform = api.pointee.easy_perform { result = perform(handle) }
    withExtendedLifetime(sink) {}

    switch result {
    case CURLE_OK: break
    case CURLE_OPERATION_TIMEDOUT: return .failure(.timeout(options.timeoutMilliseconds))
    case CURLE_TOO_MANY_REDIRECTS: return .failure(.tooManyRedirects(options.maxRedirects))
    case CURLE_FILESIZE_EXCEEDED: return .failure(.tooLarge(options.maxBytes))
    case CURLE_WRITE_ERROR where sink.overflowed: return .failure(.tooLarge(options.maxBytes))
    case CURLE_UNSUPPORTED_PROTOCOL:
      return .failure(.transport("redirected to a URL that is not http or https"))
    default:
      let detail = String(cString: errorBuffer)
      let summary = api.pointee.easy_strerror?(result).map { String(cString: $0) } ?? "error"
      return .failure(.transport(detail.isEmpty ? summary : detail))
    }
    var status = 0
    var redirects = 0
    var microseconds: curl_off_t = 0
    var effective: UnsafeMutablePointer<CChar>?
    _ = mk_curl_getinfo_long(api, handle, CURLINFO_RESPONSE_CODE, &status)
    _ = mk_curl_getinfo_long(api, handle, CURLINFO_REDIRECT_COUNT, &redirects)
    _ = mk_curl_getinfo_off(api, handle, CURLINFO_TOTAL_TIME_T, &microseconds)
    _ = mk_curl_getinfo_string(api, handle, CURLINFO_EFFECTIVE_URL, &effective)
    guard (200...299).contains(status) else {
      return .failure(.status(status, HTTPStatus.reason(status, sent: sink.reasonSent)))
    }
    return .success(
      HTTPResponse(
        url: url, finalURL: effective.map { String(cString: $0) } ?? url, status: status,
        headers: sink.headers, body: sink.body, redirects: redirects, attempts: 1,
        elapsedMicroseconds: Int(microseconds)))
  }
}
