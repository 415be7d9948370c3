#!/usr/bin/env bash
# End to end with a real client (issue 15 item 4): ffmpeg makes CMAF HLS media (fMP4 segments,
# 25 fps test patterns), `m3u8-tool ads --format mpd` writes the MPD beside each playlist, and
# ffmpeg's DASH demuxer decodes every frame of every Period: the video frames decoded must be
# the frames encoded, with no decoding error. ffmpeg's demuxer plays one Period of a
# multi-Period MPD (the longest), so each Period is also cut out into an MPD of its own (the
# writer puts every element on its own line) and decoded. Cases: one media playlist with a
# CUE-OUT/CUE-IN break, an HLS Interstitial (its Period with an Alternative MPD event), an ad
# spliced in between EXT-X-DISCONTINUITY tags (its own EXT-X-MAP),
# and a multivariant playlist with two video variants and an audio rendition read with
# --follow, and the media in one file (-hls_flags single_file: EXT-X-MAP and EXT-X-BYTERANGE,
# written as Initialization@range and SegmentURL@mediaRange). ffmpeg's DASH demuxer fetches a
# range only as an HTTP range request (dashdec.c open_input passes `offset`/`end_offset`,
# which the file protocol ignores: read from a file, every range starts at byte 0 and ffmpeg
# 5.1 stops after 99 frames, then waits), so the byte-range MPDs are played from
# tools/range-server.py on 127.0.0.1, as a CDN serves them; skipped without python3. Every
# ffmpeg run is bounded by `timeout`. Run by .ci/run when ffmpeg is installed (Debian's `ffmpeg`).
# Usage: tools/mpd-e2e.sh [M3U8_TOOL]  (default: .build/debug/m3u8-tool, built if missing)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
tool="${1:-$root/.build/debug/m3u8-tool}"
[ -x "$tool" ] || (cd "$root" && swift build --product m3u8-tool >/dev/null)
scratch="$(mktemp -d)"
server=""
trap '[ -z "$server" ] || kill "$server"; rm -rf "$scratch"' EXIT
cd "$scratch"

x264=(-c:v libx264 -preset ultrafast -g 25 -keyint_min 25 -sc_threshold 0 -pix_fmt yuv420p)
hls=(-f hls -hls_time 4 -hls_playlist_type vod -hls_segment_type fmp4)

encode() {  # SOURCE SECONDS DIR [FFMPEG OPTIONS…]: video-only CMAF HLS, DIR/index.m3u8
  local source="$1" seconds="$2" dir="$3"
  shift 3
  mkdir -p "$dir"
  ffmpeg -v error -f lavfi -i "$source=size=320x180:rate=25" -t "$seconds" "${x264[@]}" \
    "${hls[@]}" -hls_fmp4_init_filename init.mp4 -hls_segment_filename "$dir/seg%d.m4s" "$@" \
    "$dir/index.m3u8"
}

mark() {  # PLAYLIST OUT FIRST COUNT SECONDS: a CUE-OUT break over segments FIRST…FIRST+COUNT-1
  awk -v first="$3" -v count="$4" -v seconds="$5" 'BEGIN { n = 0 }
    /^#EXTINF/ { if (n == first) print "#EXT-X-CUE-OUT:" seconds
                 if (n == first + count) print "#EXT-X-CUE-IN"; n++ }
    { print }' "$1" > "$2"
}

frames() {  # MPD: decoded video frames of the first video stream; any error fails
  local errors count input
  errors="$(mktemp)"
  # Read from its own directory: ffmpeg 5's DASH demuxer mis-resolves an MPD path with a
  # directory part. With a range server, read over HTTP.
  input="$(basename "$1")"
  if [ -n "$served" ]; then input="$served/${1#"$scratch"/}"; fi
  count="$(cd "$(dirname "$1")" && timeout -s KILL 300 ffmpeg -v error -i "$input" -map 0:v:0 \
    -f framemd5 - 2>"$errors" | grep -vc '^#' || true)"
  if [ -s "$errors" ]; then
    echo "mpd-e2e: $1: ffmpeg reports errors:" >&2
    head -5 "$errors" >&2
    count=-1
  fi
  rm -f "$errors"
  echo "$count"
}

periods() {  # MPD: how many Periods
  grep -c '^  <Period' "$1"
}

cut_period() {  # MPD N OUT: the MPD with its Nth Period (from 1) alone
  awk -v want="$2" '
    /^  <Period/ { n++; inside = 1 }
    { if (!inside || n == want) print }
    /^  <\/Period>/ { inside = 0 }' "$1" > "$3"
}

status=0
served=""
check() {  # NAME MPD EXPECTED-FRAMES EXPECTED-PERIODS
  local got total=0 count
  count="$(periods "$2")"
  if [ "$count" -ne "$4" ]; then
    echo "mpd-e2e: $1: $count Periods, expected $4" >&2
    status=1
  fi
  for ((i = 1; i <= count; i++)); do
    cut_period "$2" "$i" "${2%.mpd}-$i.mpd"
    got="$(frames "${2%.mpd}-$i.mpd")"
    if [ "$got" -lt 0 ]; then status=1; fi
    total=$((total + got))
  done
  if [ "$total" -eq "$3" ]; then
    echo "mpd-e2e: $1: $total frames in $count Periods (expected $3)"
  else
    echo "mpd-e2e: $1: $total frames decoded in $count Periods, expected $3" >&2
    status=1
  fi
}

# One media playlist, 24 s: a break over 8-16 s (segments 2 and 3).
encode testsrc 24 content
mark content/index.m3u8 content/marked.m3u8 2 2 8
"$tool" ads --format mpd content/marked.m3u8 > content/marked.mpd
check "media playlist with a break" content/marked.mpd 600 3

# The same in one file: EXT-X-MAP and the segments as byte ranges, played over HTTP.
mkdir -p single
ffmpeg -v error -f lavfi -i testsrc=size=320x180:rate=25 -t 24 "${x264[@]}" "${hls[@]}" \
  -hls_flags single_file -hls_segment_filename single/media.mp4 single/index.m3u8
mark single/index.m3u8 single/marked.m3u8 2 2 8
"$tool" ads --format mpd single/marked.m3u8 > single/marked.mpd
grep -q '<Initialization sourceURL="media.mp4" range="0-' single/marked.mpd
[ "$(grep -c '<SegmentURL media="media.mp4" mediaRange="' single/marked.mpd)" -eq 6 ]
if command -v python3 >/dev/null; then
  python3 "$root/tools/range-server.py" "$scratch" > port &
  server=$!
  for _ in 1 2 3 4 5 6 7 8 9 10; do [ -s port ] && break; sleep 0.5; done
  served="http://127.0.0.1:$(cat port)"
  check "byte ranges of one file (over HTTP)" "$scratch/single/marked.mpd" 600 3
  served=""
else
  echo "mpd-e2e: byte ranges of one file: skipped (no python3 for tools/range-server.py)"
fi

# A server-guided break: an HLS Interstitial replacing 8-16 s, whose ad Period carries an
# Alternative MPD ReplacePresentation event beside the segments it replaces.
encode testsrc 24 guided
awk 'BEGIN { n = 0 }
  /^#EXTINF/ { if (n == 0) print "#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:00.000Z"
               if (n == 2) print "#EXT-X-DATERANGE:ID=\"ad-1\",CLASS=\"com.apple.hls.interstitial\"," \
                 "START-DATE=\"2026-01-01T00:00:08.000Z\",DURATION=8," \
                 "X-ASSET-URI=\"https://ads.example.com/ad-1.m3u8\",X-RESUME-OFFSET=8"
               n++ }
  { print }' guided/index.m3u8 > guided/marked.m3u8
"$tool" ads --format mpd guided/marked.m3u8 > guided/marked.mpd
grep -q '<ReplacePresentation uri="https://ads.example.com/ad-1.m3u8"/>' guided/marked.mpd
check "interstitial with an Alternative MPD event" guided/marked.mpd 600 3

# An 8 s ad spliced in after 8 s of content, between discontinuities, with its own map.
encode testsrc2 8 ad
{
  awk '/^#EXTINF/ { n++ } n < 3 { print }' content/index.m3u8
  echo "#EXT-X-DISCONTINUITY"
  echo "#EXT-X-CUE-OUT:8"
  sed -n '/^#EXT-X-MAP/,/^#EXT-X-ENDLIST/p' ad/index.m3u8 | grep -v ENDLIST |
    sed 's#^seg#ad/seg#; s#URI="init.mp4"#URI="ad/init.mp4"#'
  echo "#EXT-X-DISCONTINUITY"
  echo "#EXT-X-CUE-IN"
  echo '#EXT-X-MAP:URI="content/init.mp4"'
  awk '/^#EXTINF/ { n++ } n > 2 { print }' content/index.m3u8 | sed 's#^seg#content/seg#'
} > spliced.m3u8
sed -i 's#^seg#content/seg#; s#^\#EXT-X-MAP:URI="init.mp4"#\#EXT-X-MAP:URI="content/init.mp4"#' \
  spliced.m3u8
"$tool" ads --format mpd spliced.m3u8 > spliced.mpd
check "spliced ad" spliced.mpd 800 3

# A multivariant playlist: two video variants and an English AAC rendition, a break marked in
# the first variant (the breaks come from the first media playlist).
mkdir -p multi
ffmpeg -v error -f lavfi -i testsrc=size=320x180:rate=25 -f lavfi -i sine=sample_rate=48000 \
  -t 24 -map 0:v -map 0:v -map 1:a "${x264[@]}" -s:v:1 160x90 -b:v:0 400k -b:v:1 150k \
  -c:a aac -b:a 64k "${hls[@]}" -hls_fmp4_init_filename init.mp4 \
  -hls_segment_filename "multi/v%v/seg%d.m4s" -master_pl_name master.m3u8 \
  -var_stream_map "v:0,agroup:aud v:1,agroup:aud a:0,agroup:aud,language:en,name:English" \
  "multi/v%v/index.m3u8"
mark multi/v0/index.m3u8 multi/v0/marked.m3u8 2 2 8
mv multi/v0/marked.m3u8 multi/v0/index.m3u8
"$tool" ads --format mpd --follow multi/master.m3u8 > multi/master.mpd
grep -q '<AdaptationSet id="1" lang="en" contentType="audio" mimeType="audio/mp4">' multi/master.mpd
[ "$(grep -c '<Representation id="video' multi/master.mpd)" -eq 6 ]
check "multivariant with --follow" multi/master.mpd 600 3

exit "$status"
