import ManifestCore

extension StitchPlan {
  /// Reads a PLAN.json document (docs/stitching.md):
  /// `{"breaks":[{"at": SECONDS | "markers", "mode": "insert"|"replace", "ads":[{"id",
  /// "playlist", "duration"?, "impressions"?, "tracking"?: [{"event", "url", "offset"?}],
  /// "clickThrough"?}]}]}`. A tracking `offset` is seconds or `"n%"`. Every problem is an
  /// error naming the break, the ad and the JSON path; unknown members are ignored.
  public static func parse(_ bytes: [UInt8], file: String) -> (
    plan: StitchPlan?, diagnostics: [StitchDiagnostic]
  ) {
    let json: JSONValue
    do {
      json = try JSONValue.parse(bytes)
    } catch {
      return (
        nil,
        [
          StitchDiagnostic(
            .error, "the plan is not JSON: \(error.reason)", code: .planJSON, file: file,
            at: Self.location(of: error.offset, in: bytes))
        ]
      )
    }
    var reader = PlanReader(file: file, locator: JSONLocator(bytes))
    let plan = reader.plan(json)
    return (reader.diagnostics.isEmpty ? plan : nil, reader.diagnostics)
  }

  /// The line and column of byte `offset`.
  static func location(of offset: Int, in bytes: [UInt8]) -> SourceLocation {
    var line = 1
    var lineStart = 0
    for i in 0..<min(offset, bytes.count) where bytes[i] == 0x0A {
      line += 1
      lineStart = i + 1
    }
    return SourceLocation(line: line, column: offset - lineStart + 1, offset: offset)
  }
}

/// Reads the plan's JSON value, collecting a diagnostic per problem.
private struct PlanReader {
  let file: String
  let locator: JSONLocator
  var diagnostics: [StitchDiagnostic] = []

  init(file: String, locator: JSONLocator) {
    self.file = file
    self.locator = locator
  }

  mutating func fail(
    _ path: String, _ message: String, code: StitchDiagnosticCode = .planInvalid
  ) {
    diagnostics.append(
      StitchDiagnostic(
        .error, "\(path): \(message)", code: code, file: file,
        at: locator.location(of: path.hasPrefix("$.") ? String(path.dropFirst(2)) : path)))
  }

  func origin(_ path: String) -> PlanOrigin {
    PlanOrigin(file: file, path: path, location: locator.location(of: path))
  }

  mutating func plan(_ json: JSONValue) -> StitchPlan {
    guard json.objectValue != nil else {
      fail("$", "the plan must be an object with \"breaks\"")
      return StitchPlan(breaks: [])
    }
    guard let list = json["breaks"]?.arrayValue else {
      fail("$.breaks", "missing, or not an array")
      return StitchPlan(breaks: [])
    }
    var breaks: [StitchPlan.Break] = []
    for (i, value) in list.enumerated() {
      if let b = adBreak(value, "breaks[\(i)]") { breaks.append(b) }
    }
    return StitchPlan(breaks: breaks)
  }

  mutating func adBreak(_ json: JSONValue, _ path: String) -> StitchPlan.Break? {
    guard json.objectValue != nil else {
      fail(path, "a break must be an object")
      return nil
    }
    var position: StitchPlan.Position? = nil
    switch json["at"] {
    case .string("markers"): position = .markers
    case let value? where value.decimalValue != nil:
      if let seconds = value.decimalValue, !seconds.isNegative {
        position = .time(seconds)
      } else {
        fail(path + ".at", "a time must not be negative")
      }
    case nil: fail(path + ".at", "missing: a number of seconds or \"markers\"")
    default: fail(path + ".at", "must be a number of seconds or \"markers\"")
    }
    var mode: StitchPlan.Mode = position == .markers ? .replace : .insert
    if let value = json["mode"] {
      if let text = value.stringValue, let m = StitchPlan.Mode(rawValue: text) {
        mode = m
      } else {
        fail(path + ".mode", "must be \"insert\" or \"replace\"")
      }
    }
    if position == .markers && mode == .insert {
      fail(path + ".mode", "a break at \"markers\" replaces the marked content: mode \"replace\"")
    }
    guard let list = json["ads"]?.arrayValue, !list.isEmpty else {
      fail(path + ".ads", "missing, empty, or not an array")
      return nil
    }
    var ads: [StitchPlan.Ad] = []
    for (i, value) in list.enumerated() {
      if let ad = ad(value, path + ".ads[\(i)]") { ads.append(ad) }
    }
    guard let position else { return nil }
    return StitchPlan.Break(
      position: position, mode: mode, ads: ads, origin: origin(path))
  }

  mutating func ad(_ json: JSONValue, _ path: String) -> StitchPlan.Ad? {
    guard json.objectValue != nil else {
      fail(path, "an ad must be an object")
      return nil
    }
    let id = json["id"]?.stringValue ?? json["id"]?.intValue.map(String.init)
    if id == nil { fail(path + ".id", "missing, or not a string") }
    let name = id.map { "ad '\($0)'" } ?? "ad"
    let playlist = json["playlist"]?.stringValue
    if playlist == nil || playlist?.isEmpty == true {
      fail(path + ".playlist", "\(name) has no playlist (a path or URI string)")
    }
    var duration: ExactDecimal? = nil
    if let value = json["duration"], !value.isNull {
      if let d = value.decimalValue, d > .zero {
        duration = d
      } else {
        fail(path + ".duration", "\(name): the duration must be a positive number of seconds")
      }
    }
    let impressions = strings(json["impressions"], path + ".impressions", name)
    var tracking: [StitchPlan.TrackingEvent] = []
    if let value = json["tracking"], !value.isNull {
      if let list = value.arrayValue {
        for (i, item) in list.enumerated() {
          if let event = event(item, path + ".tracking[\(i)]", name) { tracking.append(event) }
        }
      } else {
        fail(path + ".tracking", "\(name): tracking must be an array")
      }
    }
    var click: String? = nil
    if let value = json["clickThrough"], !value.isNull {
      click = value.stringValue
      if click == nil { fail(path + ".clickThrough", "\(name): must be a string") }
    }
    guard let id, let playlist else { return nil }
    return StitchPlan.Ad(
      id: id, playlist: playlist, duration: duration, impressions: impressions,
      tracking: tracking, clickThrough: click, origin: origin(path))
  }

  mutating func strings(_ json: JSONValue?, _ path: String, _ name: String) -> [String] {
    guard let json, !json.isNull else { return [] }
    guard let list = json.arrayValue else {
      fail(path, "\(name): must be an array of URL strings")
      return []
    }
    var result: [String] = []
    for (i, item) in list.enumerated() {
      guard let url = item.stringValue else {
        fail(path + "[\(i)]", "\(name): must be a URL string")
        continue
      }
      if checkURL(url, path + "[\(i)]", name) { result.append(url) }
    }
    return result
  }

  mutating func event(_ json: JSONValue, _ path: String, _ name: String)
    -> StitchPlan.TrackingEvent?
  {
    guard let event = json["event"]?.stringValue, !event.isEmpty else {
      fail(path + ".event", "\(name): missing, or not a string")
      return nil
    }
    guard StitchPlan.isEventName(event) else {
      fail(path + ".event", "\(name): event '\(event)' must be letters, digits, '-' or '_'")
      return nil
    }
    guard let url = json["url"]?.stringValue else {
      fail(path + ".url", "\(name): event '\(event)' has no URL string")
      return nil
    }
    guard checkURL(url, path + ".url", name) else { return nil }
    var offset: StitchPlan.Offset? = nil
    if let value = json["offset"], !value.isNull {
      if let seconds = value.decimalValue, !seconds.isNegative {
        offset = .seconds(seconds)
      } else if let text = value.stringValue, text.hasSuffix("%"),
        let p = ExactDecimal(String(text.dropLast())), !p.isNegative,
        p <= ExactDecimal(100)
      {
        offset = .percent(p)
      } else {
        fail(path + ".offset", "\(name): offset must be seconds or \"n%\" (0-100)")
        return nil
      }
    } else if event == "progress" {
      fail(path + ".offset", "\(name): a progress event needs an offset")
      return nil
    }
    return StitchPlan.TrackingEvent(event: event, url: url, offset: offset)
  }

  /// A tracking URL must be absolute http(s) and one line: it is written to the end of an
  /// `EXT-X-BEACON` line, so it must not hold `,EVENT=` or `,AD_LENGTH=` either.
  mutating func checkURL(_ url: String, _ path: String, _ name: String) -> Bool {
    guard StitchPlan.isTrackingURL(url) else {
      fail(
        path, "\(name): '\(url)' is not an absolute http(s) URL without blanks",
        code: .trackingURL)
      return false
    }
    return true
  }
}

extension StitchPlan {
  /// A tracking URL the beacon tags can carry: absolute http(s), one line without blanks, and
  /// not holding `,EVENT=` or `,AD_LENGTH=` (it runs to the end of an `EXT-X-BEACON` line).
  public static func isTrackingURL(_ url: String) -> Bool {
    let bytes = Array(url.utf8)
    // Printable ASCII, as URLs mostly are: the same tests on bytes (each byte is a character
    // and lowercases to one byte), so a beacon written per break costs no String search.
    guard bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
      let lower = url.lowercased()
      return (lower.hasPrefix("http://") || lower.hasPrefix("https://"))
        && url.utf8.allSatisfy { $0 > 0x20 && $0 != 0x7F }
        && !url.contains(",EVENT=") && !url.contains(",AD_LENGTH=")
    }
    return (startsCaseless(bytes, "http://") || startsCaseless(bytes, "https://"))
      && !contains(bytes, ",EVENT=") && !contains(bytes, ",AD_LENGTH=")
  }

  /// True when `bytes` start with `prefix` (lowercase ASCII), ignoring ASCII case.
  private static func startsCaseless(_ bytes: [UInt8], _ prefix: StaticString) -> Bool {
    prefix.withUTF8Buffer { p in
      p.count <= bytes.count
        && p.indices.allSatisfy { i in
          let b = bytes[i]
          return (b &- 0x41 < 26 ? b | 0x20 : b) == p[i]
        }
    }
  }

  /// True when `needle` occurs in `bytes`.
  private static func contains(_ bytes: [UInt8], _ needle: StaticString) -> Bool {
    needle.withUTF8Buffer { n in
      guard n.count <= bytes.count else { return false }
      return (0...(bytes.count - n.count)).contains { start in
        n.indices.allSatisfy { bytes[start + $0] == n[$0] }
      }
    }
  }

  /// An event name the beacon tags can carry: letters, digits, `-` and `_`.
  public static func isEventName(_ name: String) -> Bool {
    !name.isEmpty
      && name.utf8.allSatisfy { b in
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
          || b == 0x2D || b == 0x5F
      }
  }
}
