#!/usr/bin/env python3
"""Decode SCTE-35 payloads (one per line) with scte35-tool and with threefive, and report every
field where they disagree.

usage: compare_threefive.py SCTE35_TOOL PAYLOADS_FILE

threefive spells values its own way (ids in hex strings, times in seconds rounded to six
digits, names for device restrictions); this script maps both to the same form first. Exit 1
when any payload disagrees.
"""
import json
import subprocess
import sys

import threefive


def seconds(ticks):
    return None if ticks is None else round(ticks / 90000.0, 6)


def ours_view(j):
    cmd = j["spliceCommand"] or {}
    view = {
        "table_id": j["tableId"], "section_syntax_indicator": j["sectionSyntaxIndicator"],
        "private": j["privateIndicator"], "sap_type": j["sapType"],
        "section_length": j["sectionLength"], "protocol_version": j["protocolVersion"],
        "encrypted_packet": j["encryptedPacket"], "encryption_algorithm": j["encryptionAlgorithm"],
        "pts_adjustment": seconds(j["ptsAdjustment"]), "cw_index": j["cwIndex"], "tier": j["tier"],
        "splice_command_length": j["spliceCommandLength"],
        "splice_command_type": j["spliceCommandType"],
        "descriptor_loop_length": j["descriptorLoopLength"], "crc": int(j["crc32"], 16),
    }
    time = cmd.get("spliceTime")
    if time:
        view["time_specified_flag"] = time["timeSpecifiedFlag"]
        view["pts_time"] = seconds(time["ptsTime"])
    if j["spliceCommandType"] == 5:
        for ours, theirs in [("spliceEventId", "splice_event_id"),
                             ("spliceEventCancelIndicator", "splice_event_cancel_indicator"),
                             ("outOfNetworkIndicator", "out_of_network_indicator"),
                             ("programSpliceFlag", "program_splice_flag"),
                             ("durationFlag", "duration_flag"),
                             ("spliceImmediateFlag", "splice_immediate_flag"),
                             ("eventIdComplianceFlag", "event_id_compliance_flag"),
                             ("uniqueProgramId", "unique_program_id"), ("availNum", "avail_num"),
                             ("availsExpected", "avails_expected")]:
            view[theirs] = cmd.get(ours)
        if cmd.get("breakDuration"):
            view["break_auto_return"] = cmd["breakDuration"]["autoReturn"]
            view["break_duration"] = seconds(cmd["breakDuration"]["duration"])
    view["descriptors"] = [descriptor_view(d) for d in j["descriptors"]]
    return view


def descriptor_view(d):
    view = {"tag": d["spliceDescriptorTag"], "descriptor_length": d["descriptorLength"],
            "identifier": d["identifier"]}
    if d["spliceDescriptorTag"] == 0:
        view["provider_avail_id"] = d["providerAvailId"]
    if d["spliceDescriptorTag"] == 2:
        names = {0: "Restrict Group 0", 1: "Restrict Group 1", 2: "Restrict Group 2",
                 3: "No Restrictions"}
        view.update({
            "segmentation_event_id": d["segmentationEventId"],
            "segmentation_event_cancel_indicator": d["segmentationEventCancelIndicator"],
            "segmentation_event_id_compliance_indicator":
                d["segmentationEventIdComplianceIndicator"],
            "program_segmentation_flag": d["programSegmentationFlag"],
            "segmentation_duration_flag": d["segmentationDurationFlag"],
            "delivery_not_restricted_flag": d["deliveryNotRestrictedFlag"],
            "web_delivery_allowed_flag": d["webDeliveryAllowedFlag"],
            "no_regional_blackout_flag": d["noRegionalBlackoutFlag"],
            "archive_allowed_flag": d["archiveAllowedFlag"],
            "device_restrictions": names.get(d["deviceRestrictions"]),
            "segmentation_duration": seconds(d["segmentationDuration"]),
            "segmentation_type_id": d["segmentationTypeId"],
            "segmentation_upid_type": (
                0 if d["segmentationUpidLength"] == 0 else d["segmentationUpidType"],
                d["segmentationUpidLength"]),
            "segmentation_upid_length": d["segmentationUpidLength"],
            "segment_num": d["segmentNum"], "segments_expected": d["segmentsExpected"],
            "sub_segment_num": d["subSegmentNum"],
            "sub_segments_expected": d["subSegmentsExpected"],
        })
    return view


def theirs_view(cue):
    info = cue.info_section.get()
    cmd = cue.command.get()
    view = {
        "table_id": int(info["table_id"], 16),
        "section_syntax_indicator": info["section_syntax_indicator"], "private": info["private"],
        "sap_type": int(info["sap_type"], 16), "section_length": info["section_length"],
        "protocol_version": info["protocol_version"],
        "encrypted_packet": info["encrypted_packet"],
        "encryption_algorithm": info["encryption_algorithm"],
        "pts_adjustment": info["pts_adjustment"], "cw_index": int(info["cw_index"], 16),
        "tier": int(info["tier"], 16), "splice_command_length": info["splice_command_length"],
        "splice_command_type": info["splice_command_type"],
        "descriptor_loop_length": info["descriptor_loop_length"], "crc": int(info["crc"], 16),
    }
    if "time_specified_flag" in cmd:
        view["time_specified_flag"] = cmd["time_specified_flag"]
        view["pts_time"] = cmd.get("pts_time")
    if info["splice_command_type"] == 5:
        for key in ["splice_event_id", "splice_event_cancel_indicator",
                    "out_of_network_indicator", "program_splice_flag", "duration_flag",
                    "splice_immediate_flag", "event_id_compliance_flag", "unique_program_id",
                    "avail_num", "avails_expected"]:
            view[key] = cmd.get(key)
        if "break_duration" in cmd:
            view["break_auto_return"] = cmd["break_auto_return"]
            view["break_duration"] = cmd["break_duration"]
    view["descriptors"] = []
    for d in cue.get_descriptors():
        dv = {"tag": d["tag"], "descriptor_length": d["descriptor_length"],
              "identifier": d["identifier"]}
        if d["tag"] == 0:
            dv["provider_avail_id"] = d["provider_avail_id"]
        if d["tag"] == 2:
            dv.update({k: d.get(k) for k in [
                "segmentation_event_cancel_indicator",
                "segmentation_event_id_compliance_indicator", "program_segmentation_flag",
                "segmentation_duration_flag", "delivery_not_restricted_flag",
                "web_delivery_allowed_flag", "no_regional_blackout_flag", "archive_allowed_flag",
                "device_restrictions", "segmentation_duration", "segmentation_type_id",
                "segmentation_upid_type", "segmentation_upid_length", "segment_num",
                "segments_expected", "sub_segment_num", "sub_segments_expected"]})
            dv["segmentation_event_id"] = int(d["segmentation_event_id"], 16)
            # threefive reports an empty UPID as type 0 whatever type was sent.
            dv["segmentation_upid_type"] = (d["segmentation_upid_type"], d["segmentation_upid_length"])
        view["descriptors"].append(dv)
    return view


def main():
    tool, path = sys.argv[1], sys.argv[2]
    payloads = [line.strip() for line in open(path) if line.strip()]
    out = subprocess.run([tool, "decode", "--json"], input="\n".join(payloads) + "\n",
                         capture_output=True, text=True).stdout.splitlines()
    bad = 0
    skipped = 0
    for payload, line in zip(payloads, out):
        decoded = json.loads(line)
        if "error" in decoded or decoded["encryptedPacket"]:
            skipped += 1
            continue
        ours = ours_view(decoded)
        try:
            theirs = theirs_view(threefive.Cue(payload))
        except Exception as error:  # threefive cannot read it: nothing to compare
            print(payload, "threefive failed:", repr(error))
            skipped += 1
            continue
        if ours != theirs:
            bad += 1
            keys = sorted(set(ours) | set(theirs))
            diff = {k: (ours.get(k), theirs.get(k)) for k in keys if ours.get(k) != theirs.get(k)}
            print(payload, diff)
    print(f"{len(payloads)} payloads, {bad} disagree, {skipped} not compared")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
