// What the sandbox's Facebook and Instagram check in a video they received, before processing it:
// an MP4 or MOV file starts with an ISO base media `ftyp` box (bytes 4–8), whatever its name or
// declared type. The sandbox does not decode frames (the facts came from Pauta's own probe).
export function looksLikeVideo(bytes: Uint8Array): boolean {
  return bytes.length >= 12 && Buffer.from(bytes.subarray(4, 8)).toString('latin1') === 'ftyp';
}
