// bidi-js ships no types; only what signed-register-pdf uses (the Unicode Bidirectional Algorithm's
// embedding levels, one per UTF-16 code unit).
declare module "bidi-js" {
  export type EmbeddingLevels = { levels: Uint8Array; paragraphs: { start: number; end: number; level: number }[] };
  export type Bidi = { getEmbeddingLevels(text: string, direction?: "ltr" | "rtl" | "auto"): EmbeddingLevels };
  export default function bidiFactory(): Bidi;
}
