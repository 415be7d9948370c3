#!/usr/bin/env python3
"""Assemble the SCTE-35 test payloads of Tests/SCTE35Tests bit by bit from the SCTE 35 syntax
tables, independently of the Swift encoder, and print them as `name base64` lines.

usage: make_payloads.py
"""
import base64


def crc32_mpeg2(data):
    crc = 0xFFFFFFFF
    for byte in data:
        crc ^= byte << 24
        for _ in range(8):
            crc = (crc << 1) ^ 0x04C11DB7 if crc & 0x80000000 else crc << 1
            crc &= 0xFFFFFFFF
    return crc


class Bits:
    def __init__(self):
        self.value, self.count = 0, 0

    def put(self, value, width):
        assert 0 <= value < (1 << width), (value, width)
        self.value = (self.value << width) | value
        self.count += width
        return self

    def raw(self, data):
        for byte in data:
            self.put(byte, 8)
        return self

    def bytes(self):
        assert self.count % 8 == 0
        return self.value.to_bytes(self.count // 8, "big") if self.count else b""


def splice_time(pts):
    b = Bits()
    if pts is None:
        return b.put(0, 1).put(0x7F, 7).bytes()
    return b.put(1, 1).put(0x3F, 6).put(pts, 33).bytes()


def break_duration(ticks, auto=1):
    return Bits().put(auto, 1).put(0x3F, 6).put(ticks, 33).bytes()


def section(cmd_type, cmd, descriptors=b"", pts_adjustment=0, tier=0xFFF, cw_index=0,
            legacy=False, encrypted=None, sap=3, stuffing=b""):
    body = Bits().put(0, 8)
    if encrypted is not None:
        algorithm, cw_index, payload, length = encrypted
        body.put(1, 1).put(algorithm, 6).put(pts_adjustment, 33).put(cw_index, 8)
        body.put(tier, 12).put(length, 12).raw(payload)
    else:
        body.put(0, 1).put(0, 6).put(pts_adjustment, 33).put(cw_index, 8).put(tier, 12)
        body.put(0xFFF if legacy else len(cmd), 12).put(cmd_type, 8).raw(cmd)
        body.put(len(descriptors), 16).raw(descriptors).raw(stuffing)
    data = body.bytes()
    length = len(data) + 4
    head = Bits().put(0xFC, 8).put(0, 1).put(0, 1).put(sap, 2).put(length, 12).bytes()
    whole = head + data
    return whole + crc32_mpeg2(whole).to_bytes(4, "big")


def descriptor(tag, content, identifier=b"CUEI"):
    return bytes([tag, len(identifier) + len(content)]) + identifier + content


def upid(kind, data):
    return bytes([kind, len(data)]) + data


def segmentation(event_id, type_id, upid_bytes=upid(0, b""), duration=None, num=0, expected=0,
                 sub=None, restrictions=None, components=None, cancel=False):
    b = Bits().put(event_id, 32).put(1 if cancel else 0, 1).put(1, 1).put(0x3F, 6)
    if cancel:
        return descriptor(2, b.bytes())
    b.put(0 if components else 1, 1).put(0 if duration is None else 1, 1)
    if restrictions is None:
        b.put(1, 1).put(0x1F, 5)
    else:
        web, blackout, archive, device = restrictions
        b.put(0, 1).put(web, 1).put(blackout, 1).put(archive, 1).put(device, 2)
    if components:
        b.put(len(components), 8)
        for tag, offset in components:
            b.put(tag, 8).put(0x7F, 7).put(offset, 33)
    if duration is not None:
        b.put(duration, 40)
    b.raw(upid_bytes).put(type_id, 8).put(num, 8).put(expected, 8)
    if sub is not None:
        b.put(sub[0], 8).put(sub[1], 8)
    return descriptor(2, b.bytes())


def splice_insert(event_id, out, pts=None, duration=None, immediate=False, components=None,
                  program_id=0, avail=(0, 0), cancel=False):
    b = Bits().put(event_id, 32).put(1 if cancel else 0, 1).put(0x7F, 7)
    if cancel:
        return b.bytes()
    b.put(out, 1).put(0 if components else 1, 1).put(0 if duration is None else 1, 1)
    b.put(1 if immediate else 0, 1).put(1, 1).put(7, 3)
    if components:
        b.put(len(components), 8)
        for tag, cpts in components:
            b.put(tag, 8)
            if not immediate:
                b.raw(splice_time(cpts))
    elif not immediate:
        b.raw(splice_time(pts))
    if duration is not None:
        b.raw(break_duration(duration))
    return b.put(program_id, 16).put(avail[0], 8).put(avail[1], 8).bytes()


PAYLOADS = {
    # A MID of an Ad-ID, a URI and a TI, on a Provider Advertisement Start with sub-segments.
    "mid": section(6, splice_time(0x1_0000_0000), segmentation(
        0x11223344, 0x30, upid(0x0D, upid(0x03, b"ABCD0123456H") + upid(0x0F, b"urn:ad:123")
                                 + upid(0x08, bytes.fromhex("000000002ca0a18a"))),
        duration=2_700_000, num=1, expected=2, sub=(1, 3))),
    # The matching Provider Advertisement End.
    "mid-end": section(6, splice_time(0x1_0000_0000 + 2_700_000), segmentation(
        0x11223344, 0x31, upid(0x0D, upid(0x03, b"ABCD0123456H")), num=1, expected=2)),
    # splice_insert with the legacy splice_command_length 0xFFF.
    "legacy": section(5, splice_insert(77, 1, pts=900_000, duration=1_800_000, program_id=5,
                                       avail=(1, 2)), legacy=True),
    # An encrypted section (DES-ECB, cw_index 5): 16 opaque bytes.
    "encrypted": section(0, b"", pts_adjustment=0, encrypted=(
        1, 5, bytes.fromhex("0123456789abcdef0011223344556677"), 5)),
    # splice_schedule: a program event with a duration and a cancelled event and a component one.
    "schedule": section(4, bytes([3])
                        + Bits().put(501, 32).put(0, 1).put(1, 1).put(0x3F, 6)
                        .put(1, 1).put(1, 1).put(1, 1).put(0x1F, 5).put(1_300_000_000, 32)
                        .raw(break_duration(5_400_000)).put(9, 16).put(1, 8).put(1, 8).bytes()
                        + Bits().put(502, 32).put(1, 1).put(1, 1).put(0x3F, 6).bytes()
                        + Bits().put(503, 32).put(0, 1).put(1, 1).put(0x3F, 6)
                        .put(0, 1).put(0, 1).put(0, 1).put(0x1F, 5).put(2, 8)
                        .put(1, 8).put(1_300_000_100, 32).put(2, 8).put(1_300_000_200, 32)
                        .put(10, 16).put(0, 8).put(0, 8).bytes()),
    # splice_null carrying DTMF, time and audio descriptors.
    "descriptors": section(0, b"", descriptor(1, Bits().put(50, 8).put(3, 3).put(0x1F, 5)
                                              .raw(b"12#").bytes())
                           + descriptor(3, Bits().put(1_700_000_000, 48).put(500_000_000, 32)
                                        .put(37, 16).bytes())
                           + descriptor(4, Bits().put(2, 4).put(0xF, 4)
                                        .put(1, 8).raw(b"eng").put(0, 3).put(2, 4).put(1, 1)
                                        .put(2, 8).raw(b"spa").put(7, 3).put(6, 4).put(0, 1)
                                        .bytes())),
    # Component splice_insert and a component segmentation descriptor with restrictions.
    "components": section(5, splice_insert(88, 1, duration=900_000, components=[(0x21, 1000),
                                                                                 (0x22, 2000)]),
                          segmentation(9, 0x36, upid(0x09, b"SIGNAL:abc"), duration=900_000,
                                       sub=(0, 0), restrictions=(1, 0, 1, 2),
                                       components=[(0x21, 0), (0x22, 90)])),
    # private_command and a private descriptor.
    "private": section(0xFF, b"ABCD" + bytes.fromhex("deadbeef"),
                       descriptor(0x10, bytes.fromhex("0102"), identifier=b"WXYZ")),
    # bandwidth_reservation with an unknown CUEI descriptor tag.
    "bandwidth": section(7, b"", descriptor(0x09, bytes.fromhex("aabb"))),
    # A cancelled splice_insert and a cancelled segmentation descriptor.
    "cancel": section(5, splice_insert(1234, 0, cancel=True), segmentation(4321, 0, cancel=True)),
    # UPIDs: EIDR, UUID, ATSC, MPU, ADS.
    "eidr": section(6, splice_time(None), segmentation(
        1, 0x10, upid(0x0A, bytes.fromhex("1478779185342c2390308610")), num=1, expected=1)),
    "uuid": section(6, splice_time(None), segmentation(
        2, 0x01, upid(0x10, bytes.fromhex("aa85bbb65c434b6abebbee3b13eb7999")))),
    "atsc": section(6, splice_time(None), segmentation(
        3, 0x01, upid(0x0B, Bits().put(241, 16).put(3, 2).put(23, 5).put(511, 9).raw(b"human012")
                      .bytes()))),
    "mpu": section(6, splice_time(None), segmentation(
        4, 0x22, upid(0x0C, b"RTLN" + bytes.fromhex("3148")), duration=60 * 90000)),
    "ads": section(6, splice_time(None), segmentation(
        5, 0x02, upid(0x0E, b"ad=1&b=<2>"))),
    # pts_adjustment that wraps the splice time past 2^33.
    "wrap": section(6, splice_time((1 << 33) - 90_000), pts_adjustment=180_000),
    # alignment stuffing between the descriptor loop and CRC_32.
    "stuffing": section(0, b"", stuffing=bytes.fromhex("ffff")),
}

if __name__ == "__main__":
    for name, data in PAYLOADS.items():
        print(name, base64.b64encode(data).decode())
