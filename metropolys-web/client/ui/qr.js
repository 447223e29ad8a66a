// Built from client/src/qr.ts by scripts/build-web (esbuild). Do not edit.
import qrcode from "../vendor/qrcode.js";
const SVG = "http://www.w3.org/2000/svg";
const QUIET_ZONE = 4;
qrcode.stringToBytes = qrcode.stringToBytesFuncs["UTF-8"];
function qrModules(text) {
  const code = qrcode(0, "M");
  code.addData(text, "Byte");
  code.make();
  const n = code.getModuleCount();
  return Array.from({ length: n }, (_, row) => Array.from({ length: n }, (_2, col) => code.isDark(row, col)));
}
function qrPath(modules, margin) {
  const parts = [];
  modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark)
        parts.push(`M${x + margin} ${y + margin}h1v1h-1z`);
    });
  });
  return parts.join("");
}
function qrSvg(text, label) {
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
export {
  QUIET_ZONE,
  qrModules,
  qrPath,
  qrSvg
};
