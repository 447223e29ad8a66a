// A text as a QR code, drawn as SVG: the seat link moves to a phone
// through its camera. The code itself is the vendored library's
// (vendor/qrcode.js, Debian's node-qrcode-generator); this module only
// draws its modules.

import qrcode from "../vendor/qrcode.js";

const SVG = "http://www.w3.org/2000/svg";

/** The quiet zone around a QR code that readers expect, in modules. */
export const QUIET_ZONE = 4;

// The library's default turns each UTF-16 unit into one byte; its UTF-8
// encoder is the documented choice for other text. Set once, as the
// module loads (the setting is the library's own, shared by its users).
qrcode.stringToBytes = qrcode.stringToBytesFuncs["UTF-8"]!;

/**
 * The modules of `text`'s QR code, row by row (`true`: dark), in byte mode
 * (UTF-8) at error correction level M, in the smallest version that holds
 * it. Throws when `text` is longer than a QR code holds.
 */
export function qrModules(text: string): boolean[][] {
  const code = qrcode(0, "M");
  code.addData(text, "Byte");
  code.make();
  const n = code.getModuleCount();
  return Array.from({ length: n }, (_, row) => Array.from({ length: n }, (_, col) => code.isDark(row, col)));
}

/** SVG path data with a unit square for each dark module, shifted by `margin` modules. */
export function qrPath(modules: boolean[][], margin: number): string {
  const parts: string[] = [];
  modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x + margin} ${y + margin}h1v1h-1z`);
    });
  });
  return parts.join("");
}

/**
 * `text`'s QR code as an `<svg>` image named `label` for assistive
 * technology: dark modules on white with the quiet zone, scalable (its
 * size is the style sheet's).
 */
export function qrSvg(text: string, label: string): SVGSVGElement {
  const modules = qrModules(text);
  const size = modules.length + 2 * QUIET_ZONE;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.setAttribute("shape-rendering", "crispEdges");
  const ground = document.createElementNS(SVG, "rect");
  ground.setAttribute("width", String(size));
  ground.setAttribute("height", String(size));
  ground.setAttribute("fill", "#fff");
  const dark = document.createElementNS(SVG, "path");
  dark.setAttribute("d", qrPath(modules, QUIET_ZONE));
  dark.setAttribute("fill", "#000");
  svg.append(ground, dark);
  return svg;
}
