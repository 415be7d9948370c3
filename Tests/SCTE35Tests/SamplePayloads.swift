/// Payloads the tests decode. The public ones are the sample messages of SCTE 35 §14 and the
/// examples of threefive, Azure Media Services and AWS; the `made` ones were assembled bit by
/// bit by tools/scte35/make_payloads.py from the syntax tables. tools/scte35/compare_threefive.py
/// checks that threefive 3.1.5 decodes every field of the ones it can read to the same values.
enum SamplePayloads {
  /// §14.1 time_signal, Provider Placement Opportunity Start, TI UPID, restricted delivery.
  static let placementStart =
    "/DA0AAAAAAAA///wBQb+cr0AUAAeAhxDVUVJSAAAjn/PAAGlmbAICAAAAAAsoKGKNAIAmsnRfg=="
  /// §14.2 splice_insert OUT with a break duration and an avail_descriptor.
  static let spliceInsertOut =
    "/DAvAAAAAAAA///wFAVIAACPf+/+c2nALv4AUsz1AAAAAAAKAAhDVUVJAAABNWLbowo="
  /// §14.3 time_signal, Provider Placement Opportunity End.
  static let placementEnd =
    "/DAvAAAAAAAA///wBQb+dGKQoAAZAhdDVUVJSAAAjn+fCAgAAAAALKChijUCAKnMZ1g="
  /// §14.4 time_signal, Program End then Program Start.
  static let programEndStart =
    "/DBIAAAAAAAA///wBQb+ek2ItgAyAhdDVUVJSAAAGH+fCAgAAAAALMvDRBEAAAIXQ1VFSUgAABl/nwgIAAAA"
    + "ACyk26AQAACZcuND"
  /// §14.5 time_signal, Program Overlap Start.
  static let programOverlapStart =
    "/DAvAAAAAAAA///wBQb+rr//ZAAZAhdDVUVJSAAACH+fCAgAAAAALKVs9RcAAJUdsKg="
  /// §14.6 time_signal, Program Blackout Override and Program End.
  static let blackoutOverride =
    "/DBIAAAAAAAA///wBQb+ky44CwAyAhdDVUVJSAAACn+fCAgAAAAALKCh4xgAAAIXQ1VFSUgAAAl/nwgIAAAA"
    + "ACygoYoRAAC0IX6w"
  /// §14.7 time_signal, Program End.
  static let programEnd = "/DAvAAAAAAAA///wBQb+rvF8TAAZAhdDVUVJSAAAB3+fCAgAAAAALKVslxEAAMSHai4="
  /// §14.8 time_signal, Placement Opportunity End, Program End and Program Start.
  static let threeDescriptors =
    "/DBhAAAAAAAA///wBQb+qM1E7QBLAhdDVUVJSAAArX+fCAgAAAAALLLXnTUCAAIXQ1VFSUgAACZ/nwgIAAAA"
    + "ACyy150RAAACF0NVRUlIAAAnf58ICAAAAAAsstezEAAAihiGnw=="
  /// threefive's MPU example: Break Start with an "OVLY" MPU UPID.
  static let mpuBreakStart = "/DAsAAAAAAAAAP/wBQb+7YaD1QAWAhRDVUVJAADc8X+/DAVPVkxZSSIAAJ6Gk2Q="
  /// threefive's splice_insert IN without a break duration.
  static let spliceInsertIn = "/DAgAAAAAAAAAP/wDwUAAAABf0/+AFJlwAABAAAAALQOZyE="
  /// threefive's immediate splice_insert IN with pts_adjustment 2.3 s and a restricted
  /// Provider Placement Opportunity End whose UPID is type 0x01 with no bytes.
  static let immediateIn = "/DAsAAAAAyiYAP/wCgUAAAABf1+ZmQEBABECD0NVRUkAAAAAf4ABADUAAC2XQZU="
  /// Azure Media Services' EXT-X-CUE example: splice_insert OUT of 30 s.
  static let azureOut = "/DAlAAAAAAAAAP/wFAUAAAQCf+//KRjAfP4AKTLgAAAAAAAAVYsh2w=="
  /// The first two lines of gen_workloads.py's scte35.b64: a time_signal Provider Placement
  /// Opportunity Start with a URI UPID, and a splice_insert OUT.
  static let workloadSignal =
    "/DA5AAAAAAAAAP/wBQb+AAHiQAAjAiFDVUVJAAATiH//AAApMuAPDXVybjphZDowMDAwMDA0AQEZk9am"
  static let workloadInsert = "/DAlAAAAAAAAAP/wFAUAAAPpf+/+ACsVIP4AKTLgA+kAAAAA9oZCug=="
  /// The workload's splice_insert IN (no break duration).
  static let workloadIn = "/DAgAAAAAAAAAP/wDwUAAAPrf0/+AH164APrAAAAAMV0OlM="

  /// A MID (Ad-ID, URI, TI) on a Provider Advertisement Start with sub-segments.
  static let mid =
    "/DBSAAAAAAAAAP/wBQb/AAAAAAA8AjpDVUVJESIzRH//AAApMuANJAMMQUJDRDAxMjM0NTZIDwp1cm46YWQ6"
    + "MTIzCAgAAAAALKChijABAgEDjAdNLg=="
  /// The matching Provider Advertisement End.
  static let midEnd =
    "/DA1AAAAAAAAAP/wBQb/ACky4AAfAh1DVUVJESIzRH+/DQ4DDEFCQ0QwMTIzNDU2SDEBAunc214="
  /// splice_insert OUT with the legacy splice_command_length 0xFFF.
  static let legacyLength = "/DAlAAAAAAAAAP///wUAAABNf+/+AA27oP4AG3dAAAUBAgAAA8B9Lg=="
  /// An encrypted section: DES-ECB, cw_index 5.
  static let encrypted = "/DAeAIIAAAAABf/wBQEjRWeJq83vABEiM0RVZnf1xnGZ"
  /// splice_schedule: a program event with a duration, a cancelled one, a component one.
  static let schedule =
    "/DA/AAAAAAAAAP/wLgQDAAAB9X//TXxtAP4AUmXAAAkBAQAAAfb/AAAB938fAgFNfG1kAk18bcgACgAAAABp1c/8"
  /// splice_null carrying DTMF, time and audio descriptors.
  static let descriptors =
    "/DA/AAAAAAAAAP/wAAAALgEJQ1VFSTJ/MTIjAxBDVUVJAABlU/EAHc1lAAAlBA9DVUVJLwFlbmcFAnNwYez6K/Qr"
  /// Component splice_insert and a component segmentation descriptor with restrictions.
  static let components =
    "/DBcAAAAAAAAAP/wHAUAAABYf68CIf4AAAPoIv4AAAfQ/gANu6AAAAAAAC8CLUNVRUkAAAAJf1YCIf4AAAAA"
    + "Iv4AAABaAAANu6AJClNJR05BTDphYmM2AAAAAAuLyeQ="
  /// private_command "ABCD" and a private "WXYZ" descriptor.
  static let privateCommand = "/DAhAAAAAAAAAP/wCP9BQkNE3q2+7wAIEAZXWFlaAQKAU91g"
  /// bandwidth_reservation with a reserved CUEI descriptor tag 9.
  static let bandwidth = "/DAZAAAAAAAAAP/wAAcACAkGQ1VFSaq7NGu/aA=="
  /// A cancelled splice_insert and a cancelled segmentation descriptor.
  static let cancel = "/DAhAAAAAAAAAP/wBQUAAATS/wALAglDVUVJAAAQ4f8Ua49H"
  /// UPIDs of type EIDR, UUID, ATSC, MPU and ADS Information.
  static let eidr = "/DAvAAAAAAAAAP/wAQZ/AB0CG0NVRUkAAAABf78KDBR4d5GFNCwjkDCGEBABATHW2kY="
  static let uuid = "/DAzAAAAAAAAAP/wAQZ/ACECH0NVRUkAAAACf78QEKqFu7ZcQ0tqvrvuOxPreZkBAADAL+Xp"
  static let atsc = "/DAvAAAAAAAAAP/wAQZ/AB0CG0NVRUkAAAADf78LDADx7/9odW1hbjAxMgEAAKJUOF4="
  static let mpu = "/DAuAAAAAAAAAP/wAQZ/ABwCGkNVRUkAAAAEf/8AAFJlwAwGUlRMTjFIIgAANe6iEQ=="
  static let ads = "/DAtAAAAAAAAAP/wAQZ/ABsCGUNVRUkAAAAFf78OCmFkPTEmYj08Mj4CAAAebEvn"
  /// A time_signal whose pts_time + pts_adjustment passes 2^33.
  static let wrap = "/DAWAAAAAr8gAP/wBQb///6gcAAAgSVMJQ=="
  /// Two bytes of alignment_stuffing before CRC_32.
  static let stuffing = "/DATAAAAAAAAAP/wAAAAAP//SB/L5w=="

  /// Every payload above, each of which must round-trip byte for byte.
  static let all = [
    placementStart, spliceInsertOut, placementEnd, programEndStart, programOverlapStart,
    blackoutOverride, programEnd, threeDescriptors, mpuBreakStart, spliceInsertIn, immediateIn,
    azureOut, workloadSignal, workloadInsert, workloadIn, mid, midEnd, legacyLength, encrypted,
    schedule, descriptors, components, privateCommand, bandwidth, cancel, eidr, uuid, atsc, mpu,
    ads, wrap, stuffing,
  ]
}
