/**
 * Reads what an MP4 file says of itself from its boxes (ISO/IEC 14496-12 and -15), without a library: the order
 * of its top-level boxes, the movie's duration, and its video track's sample entry (codec, size, H.264 profile).
 */

/** One box: its type, and where its content lies in the file. */
interface Box {
  readonly type: string;
  readonly start: number;
  readonly end: number;
}

function boxes(bytes: Uint8Array, start: number, end: number): Box[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const found: Box[] = [];
  let at = start;
  while (at + 8 <= end) {
    let size = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    let header = 8;
    if (size === 1) {
      size = Number(view.getBigUint64(at + 8));
      header = 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < header || at + size > end) throw new Error(`box ${type} at ${at} runs past its parent`);
    found.push({ type, start: at + header, end: at + size });
    at += size;
  }
  return found;
}

function child(bytes: Uint8Array, parent: Box, type: string, skip = 0): Box {
  const found = boxes(bytes, parent.start + skip, parent.end).find((box) => box.type === type);
  if (found === undefined) throw new Error(`no ${type} in ${parent.type}`);
  return found;
}

/** What the test checks of an MP4. */
export interface Mp4Facts {
  /** Top-level boxes in file order ("ftyp", "moov", "mdat", ...). */
  readonly topLevel: readonly string[];
  readonly durationSeconds: number;
  /** The video sample entry's four-character code ("avc1"), width and height. */
  readonly codec: string;
  readonly width: number;
  readonly height: number;
  /** AVCProfileIndication of the avcC box: 66 Baseline, 77 Main, 100 High. */
  readonly profile: number;
  /** chroma_format_idc is in the SPS; the avcC's high-profile fields carry it: 1 is 4:2:0. */
  readonly chromaFormat: number | undefined;
  readonly audioTracks: number;
}

/** Parses an MP4's boxes; throws when one is missing or malformed. */
export function mp4Facts(bytes: Uint8Array): Mp4Facts {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const top = boxes(bytes, 0, bytes.length);
  const moov = top.find((box) => box.type === "moov");
  if (moov === undefined) throw new Error("no moov box");
  const mvhd = child(bytes, moov, "mvhd");
  const version = bytes[mvhd.start] ?? 0;
  const timescale = view.getUint32(mvhd.start + (version === 1 ? 20 : 12));
  const duration =
    version === 1 ? Number(view.getBigUint64(mvhd.start + 24)) : view.getUint32(mvhd.start + 16);
  const traks = boxes(bytes, moov.start, moov.end).filter((box) => box.type === "trak");
  let video: Box | undefined;
  let audioTracks = 0;
  for (const trak of traks) {
    const hdlr = child(bytes, child(bytes, trak, "mdia"), "hdlr");
    const handler = String.fromCharCode(...bytes.subarray(hdlr.start + 8, hdlr.start + 12));
    if (handler === "soun") audioTracks += 1;
    if (handler === "vide") video = trak;
  }
  if (video === undefined) throw new Error("no video track");
  const stbl = child(bytes, child(bytes, child(bytes, video, "mdia"), "minf"), "stbl");
  const stsd = child(bytes, stbl, "stsd");
  const entry = boxes(bytes, stsd.start + 8, stsd.end)[0];
  if (entry === undefined) throw new Error("no sample entry");
  // VisualSampleEntry: 6 reserved, 2 data reference index, 16 pre-defined/reserved, then width and height.
  const width = view.getUint16(entry.start + 24);
  const height = view.getUint16(entry.start + 26);
  const avcC = child(bytes, entry, "avcC", 78);
  const profile = bytes[avcC.start + 1] ?? 0;
  // For High profiles the avcC ends with chroma_format (after the SPS and PPS lists); Main is 4:2:0 by definition.
  let chromaFormat: number | undefined;
  if (profile === 100) {
    let at = avcC.start + 5;
    const spsCount = (bytes[at] ?? 0) & 0x1f;
    at += 1;
    for (let index = 0; index < spsCount; index += 1) at += 2 + view.getUint16(at);
    const ppsCount = bytes[at] ?? 0;
    at += 1;
    for (let index = 0; index < ppsCount; index += 1) at += 2 + view.getUint16(at);
    if (at < avcC.end) chromaFormat = (bytes[at] ?? 0) & 0x03;
  } else if (profile === 77 || profile === 66) {
    chromaFormat = 1;
  }
  return {
    topLevel: top.map((box) => box.type),
    durationSeconds: duration / timescale,
    codec: entry.type,
    width,
    height,
    profile,
    chromaFormat,
    audioTracks,
  };
}
