import qrcode from "qrcode-generator";

// QR codes (qrcode-generator, error correction M): the matrix for the evidence PDF, which draws
// it as vector rectangles, and an SVG path for screens. Shared by browser and server.

/** The dark modules, row by row; `size` modules a side (without the quiet zone). */
export function qrMatrix(text: string): { size: number; dark: (row: number, col: number) => boolean } {
  const qr = qrcode(0, "M");
  qr.addData(text, "Byte");
  qr.make();
  const size = qr.getModuleCount();
  return { size, dark: (row, col) => qr.isDark(row, col) };
}

/** Horizontal runs of dark modules: one rectangle per run instead of per module. */
export function qrRuns(text: string): { size: number; runs: { row: number; col: number; length: number }[] } {
  const { size, dark } = qrMatrix(text);
  const runs: { row: number; col: number; length: number }[] = [];
  for (let row = 0; row < size; row++) {
    let col = 0;
    while (col < size) {
      if (!dark(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && dark(row, col)) col++;
      runs.push({ row, col: start, length: col - start });
    }
  }
  return { size, runs };
}

/** An SVG path (viewBox 0 0 size+8 size+8, 4-module quiet zone) of the code. */
export function qrSvgPath(text: string): { viewBox: number; path: string } {
  const { size, runs } = qrRuns(text);
  const path = runs.map((r) => `M${r.col + 4} ${r.row + 4}h${r.length}v1h-${r.length}z`).join("");
  return { viewBox: size + 8, path };
}
