/// segmentation_type_id values (SCTE 35 §10.3.3.1, Table 23): their names, which types start
/// and end a segment, and which of them open and close an ad break. This is the one definition
/// of ad-break start and end types in ManifestKit: AdInsertion and Audit read cues through it.
public enum SegmentationType {
  /// True for a type that starts a segment whose end type is the next value (Table 23 pairs
  /// every "… Start" with its "… End" at type + 1): program 0x10, chapter 0x20, break 0x22,
  /// opening and closing credits 0x24/0x26, advertisement 0x30/0x32, placement opportunity
  /// 0x34/0x36, overlay placement opportunity 0x38/0x3A, promo 0x3C/0x3E, unscheduled event
  /// 0x40, alternate content opportunity 0x42, ad block 0x44/0x46, network 0x50. Program Overlap
  /// Start (0x17) has no end type and is not one. Most of these are not ad breaks: see
  /// `isAdBreakStart`.
  public static func isStart(_ type: UInt8) -> Bool {
    switch type {
    case 0x10, 0x20, 0x22, 0x24, 0x26, 0x30, 0x32, 0x34, 0x36, 0x38, 0x3A, 0x3C, 0x3E, 0x40, 0x42,
      0x44, 0x46, 0x50:
      true
    default: false
    }
  }

  /// True for the end type of a start type (`isStart(type - 1)`).
  public static func isEnd(_ type: UInt8) -> Bool { type > 0 && isStart(type - 1) }

  /// True for a type that opens an ad break (an OUT): break 0x22, provider and distributor
  /// advertisement 0x30/0x32, placement opportunity 0x34/0x36, overlay placement opportunity
  /// 0x38/0x3A, promo 0x3C/0x3E, ad block 0x44/0x46. Program (0x10) and chapter (0x20) starts
  /// are content boundaries, not ad breaks.
  public static func isAdBreakStart(_ type: UInt8) -> Bool {
    switch type {
    case 0x22, 0x30, 0x32, 0x34, 0x36, 0x38, 0x3A, 0x3C, 0x3E, 0x44, 0x46: true
    default: false
    }
  }

  /// True for the end type of an ad-break start type (`isAdBreakStart(type - 1)`): an IN.
  public static func isAdBreakEnd(_ type: UInt8) -> Bool { type > 0 && isAdBreakStart(type - 1) }

  /// Every start type (`isStart`).
  public static let startTypes: Set<UInt8> = types(where: isStart)

  /// The start types that open an ad break (`isAdBreakStart`).
  public static let adBreakStartTypes: Set<UInt8> = types(where: isAdBreakStart)

  /// The types after which `sub_segment_num` and `sub_segments_expected` follow (when the
  /// descriptor has room for them; encoders before SCTE 35 2016 omit them).
  public static let subSegmentTypes: Set<UInt8> = types(where: hasSubSegments)

  /// True when `sub_segment_num` and `sub_segments_expected` may follow (`subSegmentTypes`).
  public static func hasSubSegments(_ type: UInt8) -> Bool {
    switch type {
    case 0x30, 0x32, 0x34, 0x36, 0x38, 0x3A, 0x44, 0x46: true
    default: false
    }
  }

  /// True for the values Table 23 defines.
  public static func isKnown(_ type: UInt8) -> Bool {
    switch type {
    case 0x00...0x02, 0x10...0x19, 0x20...0x27, 0x30...0x47, 0x50, 0x51: true
    default: false
    }
  }

  /// The "Segmentation Message" of a type id, or `Reserved`.
  public static func message(_ type: UInt8) -> String {
    switch type {
    case 0x00: "Not Indicated"
    case 0x01: "Content Identification"
    case 0x02: "Call Ad Server"
    case 0x10: "Program Start"
    case 0x11: "Program End"
    case 0x12: "Program Early Termination"
    case 0x13: "Program Breakaway"
    case 0x14: "Program Resumption"
    case 0x15: "Program Runover Planned"
    case 0x16: "Program Runover Unplanned"
    case 0x17: "Program Overlap Start"
    case 0x18: "Program Blackout Override"
    case 0x19: "Program Start – In Progress"
    case 0x20: "Chapter Start"
    case 0x21: "Chapter End"
    case 0x22: "Break Start"
    case 0x23: "Break End"
    case 0x24: "Opening Credit Start"
    case 0x25: "Opening Credit End"
    case 0x26: "Closing Credit Start"
    case 0x27: "Closing Credit End"
    case 0x30: "Provider Advertisement Start"
    case 0x31: "Provider Advertisement End"
    case 0x32: "Distributor Advertisement Start"
    case 0x33: "Distributor Advertisement End"
    case 0x34: "Provider Placement Opportunity Start"
    case 0x35: "Provider Placement Opportunity End"
    case 0x36: "Distributor Placement Opportunity Start"
    case 0x37: "Distributor Placement Opportunity End"
    case 0x38: "Provider Overlay Placement Opportunity Start"
    case 0x39: "Provider Overlay Placement Opportunity End"
    case 0x3A: "Distributor Overlay Placement Opportunity Start"
    case 0x3B: "Distributor Overlay Placement Opportunity End"
    case 0x3C: "Provider Promo Start"
    case 0x3D: "Provider Promo End"
    case 0x3E: "Distributor Promo Start"
    case 0x3F: "Distributor Promo End"
    case 0x40: "Unscheduled Event Start"
    case 0x41: "Unscheduled Event End"
    case 0x42: "Alternate Content Opportunity Start"
    case 0x43: "Alternate Content Opportunity End"
    case 0x44: "Provider Ad Block Start"
    case 0x45: "Provider Ad Block End"
    case 0x46: "Distributor Ad Block Start"
    case 0x47: "Distributor Ad Block End"
    case 0x50: "Network Start"
    case 0x51: "Network End"
    default: "Reserved"
    }
  }

  private static func types(where predicate: (UInt8) -> Bool) -> Set<UInt8> {
    Set((0...255).map(UInt8.init).filter(predicate))
  }
}
