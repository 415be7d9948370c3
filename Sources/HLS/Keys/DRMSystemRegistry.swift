/// The DASH-IF registry of content protection system IDs
/// (https://dashif.org/identifiers/content_protection/): the name each registered system ID
/// carries there. KEYFORMAT `urn:uuid:<system ID>` (and a `pssh` box's SystemID) names a system
/// by it.
public enum DRMSystemRegistry {
  /// The registry's name for `systemID` (canonical UUID form, any case), or `nil` when it is
  /// not registered.
  public static func name(ofSystemID systemID: String) -> String? {
    names[systemID.lowercased()]
  }

  /// Every registered system ID (lower case) with its name, in the registry's order.
  public static let entries: [(systemID: String, name: String)] = [
    ("6dd8b3c3-45f4-4a68-bf3a-64168d01a4a6", "ABV DRM (MoDRM)"),
    ("f239e769-efa3-4850-9c16-a903c6932efb", "Adobe Primetime DRM version 4"),
    ("616c7469-6361-7374-2d50-726f74656374", "Alticast"),
    ("94ce86fb-07ff-4f43-adb8-93d2fa968ca2", "Apple FairPlay"),
    ("279fe473-512c-48fe-ade8-d176fee6b40f", "Arris Titanium"),
    ("3d5e6d35-9b9a-41e8-b843-dd3c6e72c42c", "ChinaDRM"),
    ("3ea8778f-7742-4bf9-b18b-e834b2acbd47", "Clear Key AES-128"),
    ("be58615b-19c4-4684-88b3-c8c57e99e957", "Clear Key SAMPLE-AES"),
    ("e2719d58-a985-b3c9-781a-b030af78d30e", "Clear Key DASH-IF"),
    ("644fe7b5-260f-4fad-949a-0762ffb054b4", "CMLA (OMA DRM)"),
    ("37c33258-7b99-4c7e-b15d-19af74482154", "Commscope Titanium V3"),
    ("45d481cb-8fe0-49c0-ada9-ab2d2455b2f2", "CoreCrypt"),
    ("dcf4e3e3-62f1-5818-7ba6-0a6fe33ff3dd", "DigiCAP SmartXess"),
    ("35bf197b-530e-42d7-8b65-1b4bf415070f", "DivX DRM Series 5"),
    ("80a6be7e-1448-4c37-9e70-d5aebe04c8d2", "Irdeto Content Protection"),
    ("5e629af5-38da-4063-8977-97ffbd9902d4", "Marlin Adaptive Streaming Simple Profile V1.0"),
    ("9a04f079-9840-4286-ab92-e65be0885f95", "Microsoft PlayReady"),
    ("6a99532d-869f-5922-9a91-113ab7b1e2f3", "MobiTV DRM"),
    ("adb41c24-2dbf-4a6d-958b-4457c0d27b95", "Nagra MediaAccess PRM 3.0"),
    ("1f83e1e8-6ee9-4f0d-ba2f-5ec4e3ed1a66", "SecureMedia"),
    ("992c46e6-c437-4899-b6a0-50fa91ad0e39", "SecureMedia SteelKnot"),
    ("a68129d3-575b-4f1a-9cba-3223846cf7c3", "Synamedia/Cisco/NDS VideoGuard DRM"),
    ("aa11967f-cc01-4a4a-8e99-c5d3dddfea2d", "Unitend DRM (UDRM)"),
    ("9a27dd82-fde2-4725-8cbc-4234aa06ec09", "Verimatrix VCAS"),
    ("b4413586-c58c-ffb0-94a5-d4896c1af6c3", "Viaccess-Orca DRM (VODRM)"),
    ("793b7956-9f94-4946-a942-23e7ef7e44b4", "VisionCrypt"),
    ("1077efec-c0b2-4d02-ace3-3c1e52e2fb4b", "W3C Common PSSH box"),
    ("edef8ba9-79d6-4ace-a3c8-27dcd51d21ed", "Widevine Content Protection"),
  ]

  private static let names: [String: String] = Dictionary(
    entries.map { ($0.systemID, $0.name) }, uniquingKeysWith: { first, _ in first })

  /// The system ID of a KEYFORMAT `urn:uuid:…` (lower case), or `nil` for another KEYFORMAT.
  static func systemID(ofKeyFormat keyFormat: String) -> String? {
    let lower = keyFormat.lowercased()
    guard lower.hasPrefix("urn:uuid:") else { return nil }
    return String(lower.dropFirst("urn:uuid:".count))
  }
}
