/// What one key tag (EXT-X-KEY or EXT-X-SESSION-KEY, RFC 8216bis §4.4.4.4, §4.4.6.5) says about
/// its content protection: the DRM system, the FairPlay content ID, KEYID and IV normalized, the
/// `data:` URI decoded, and the `pssh` box, Widevine data or PlayReady Object inside it.
public struct DRMInfo: Sendable, Hashable {
  /// The system from METHOD and KEYFORMAT (see `DRMSystem.identify`), or from the `pssh` box's
  /// SystemID when those are not enough.
  public var system: DRMSystem
  /// The DASH-IF registry's name of the system (`Nagra MediaAccess PRM 3.0`, `Apple FairPlay`),
  /// from a KEYFORMAT `urn:uuid:…`, the `pssh` box's SystemID or the system's own ID; `nil`
  /// for the HLS-only methods and unregistered systems.
  public var registeredName: String?
  /// The parts of an `skd:` URI (its `contentID`), or `nil`.
  public var skd: SKDURI?
  /// KEYID as 32 lower-case hex digits, or `nil` when absent or malformed (see `problems`).
  public var keyID: String?
  /// IV as 32 lower-case hex digits, or `nil` when absent or malformed (see `problems`).
  public var iv: String?
  /// The decoded `data:` URI, or `nil`.
  public var dataURI: DataURI?
  /// The `pssh` box in the `data:` URI, or `nil`.
  public var pssh: PSSHBox?
  /// The Widevine protocol buffer in a Widevine `pssh` box, or `nil`.
  public var widevine: WidevinePSSHData?
  /// The PlayReady Object, from a PlayReady `pssh` box or straight from the `data:` URI (how
  /// `com.microsoft.playready` tags carry it), or `nil`.
  public var playReadyObject: PlayReadyObject?
  /// Every key ID the tag names, without repeats, in this order: KEYID, `pssh` KIDs, Widevine
  /// `key_id`s, PlayReady KIDs.
  public var keyIDs: [String]
  /// What could not be read (a malformed KEYID, IV, `data:` URI or box), one each.
  public var issues: [Issue]

  /// What could not be read, one line each (the messages of `issues`).
  public var problems: [String] { issues.map(\.message) }

  /// One thing in a key tag's data that could not be read.
  public struct Issue: Sendable, Hashable {
    /// The stable code (`hls.drm.pssh`).
    public var code: HLSDiagnosticCode
    /// One line naming the value.
    public var message: String
  }

  /// Reads a key tag's attributes (METHOD as written, the others after variable substitution).
  public init(method: String, uri: String?, keyFormat: String?, keyID: String?, iv: String?) {
    system = DRMSystem.identify(method: method, keyFormat: keyFormat, uri: uri)
    skd = uri.flatMap(SKDURI.init)
    issues = []
    self.keyID = keyID.flatMap(NormalizedHex.keyID)
    if let keyID, self.keyID == nil {
      issues.append(Issue(code: .drmKeyID, message: "KEYID \(keyID) is not a 128-bit hex value"))
    }
    self.iv = iv.flatMap(NormalizedHex.iv)
    if let iv, self.iv == nil {
      issues.append(
        Issue(code: .drmIV, message: "IV \(iv) is not a hexadecimal value of at most 128 bits"))
    }
    dataURI = nil
    pssh = nil
    widevine = nil
    playReadyObject = nil
    keyIDs = []
    if let uri, uri.utf8.count >= 5, uri.prefix(5).lowercased() == "data:" {
      readDataURI(uri)
    }
    var ids: [String] = []
    for id in [self.keyID].compactMap({ $0 }) + (pssh?.keyIDs ?? []) + (widevine?.keyIDs ?? [])
      + (playReadyObject?.keyIDs ?? []) where !ids.contains(id)
    {
      ids.append(id)
    }
    keyIDs = ids
    let systemIDs = [
      keyFormat.flatMap(DRMSystemRegistry.systemID(ofKeyFormat:)), pssh?.systemID, system.systemID,
    ]
    registeredName =
      systemIDs.lazy.compactMap { $0.flatMap(DRMSystemRegistry.name(ofSystemID:)) }.first
  }

  private mutating func note(_ code: HLSDiagnosticCode, _ message: String) {
    issues.append(Issue(code: code, message: message))
  }

  /// The FairPlay content ID (`skd:` URIs), or `nil`.
  public var contentID: String? { skd?.contentID }

  private mutating func readDataURI(_ uri: String) {
    let data: DataURI
    do {
      data = try DataURI(parsing: uri)
    } catch {
      note(.drmDataURI, error.message)
      return
    }
    dataURI = data
    let bytes = data.bytes
    if bytes.count >= 8, bytes[4..<8].elementsEqual("pssh".utf8) {
      do {
        pssh = try PSSHBox(parsing: bytes)
      } catch {
        note(.drmPSSH, error.message)
        return
      }
      readPSSHData()
    } else if system == .playReady {
      do {
        playReadyObject = try PlayReadyObject(parsing: bytes)
      } catch {
        note(.drmPlayReady, error.message)
      }
    }
  }

  private mutating func readPSSHData() {
    guard let pssh else { return }
    let boxSystem = pssh.drmSystem
    if system == .unknown || !system.isDRM {
      if boxSystem != .unknown { system = boxSystem }
    } else if boxSystem != system {
      note(
        .drmSystemMismatch,
        "KEYFORMAT names \(system.rawValue) but the pssh box's SystemID \(pssh.systemID) is "
          + (boxSystem == .unknown ? "not a known DRM system" : boxSystem.rawValue))
    }
    switch boxSystem {
    case .widevine:
      do {
        widevine = try WidevinePSSHData(parsing: pssh.data)
      } catch {
        note(.drmWidevine, error.message)
      }
    case .playReady:
      do {
        playReadyObject = try PlayReadyObject(parsing: pssh.data)
      } catch {
        note(.drmPlayReady, error.message)
      }
    default:
      break
    }
  }
}
