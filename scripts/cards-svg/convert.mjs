// Turns the React components of the npm package @letele/playing-cards (Adrian Kennard's
// public-domain SVG playing cards, CC0 1.0) back into plain .svg files in assets/cards/traditional/.
//
// Run:  (cd scripts/cards-svg && npm install)  then  node scripts/cards-svg/convert.mjs
//
// Nothing is installed by this script and React is not needed: the package's module imports
// `react` only for `React.createElement`, which a stub below answers with a plain element tree
// ({ type, props, children }); a tiny serializer then writes that tree out as SVG text.
// Output names are rank letter then suit letter (A 2 3 4 5 6 7 8 9 T J Q K; C D H S), e.g. TH.svg,
// plus back-1.svg (component B1, black pattern) and back-2.svg (component B2, red pattern).

import { register } from 'node:module';
import { mkdirSync, writeFileSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..', '..');
const outDir = join(repo, 'assets', 'cards', 'traditional');
const PKG = '@letele/playing-cards';

// --- load the package with a stub `react` -------------------------------------------------------
// The package's dist/index.esm.js is an ES module in a package without "type": "module" or
// "exports", so a loader hook both answers `react` with the stub and loads that file as a module.
const reactStub = `
export const ELEMENT = Symbol.for('cards-svg.element');
export function createElement(type, props, ...children) {
  return { $$kind: ELEMENT, type, props: props || {}, children };
}
export default { createElement };
`;
const hooks = `
const STUB = ${JSON.stringify('data:text/javascript,' + encodeURIComponent(reactStub))};
export async function resolve(specifier, context, next) {
  if (specifier === 'react') return { url: STUB, shortCircuit: true };
  return next(specifier, context);
}
export async function load(url, context, next) {
  if (url.endsWith('/@letele/playing-cards/dist/index.esm.js')) {
    return next(url, { ...context, format: 'module' });
  }
  return next(url, context);
}
`;
register('data:text/javascript,' + encodeURIComponent(hooks), import.meta.url);

const require = createRequire(import.meta.url);
let pkgJsonPath;
try {
  pkgJsonPath = require.resolve(`${PKG}/package.json`);
} catch {
  console.error(`${PKG} is not installed: run "npm install" in scripts/cards-svg first.`);
  process.exit(1);
}
const pkgJson = JSON.parse(readFileSync(pkgJsonPath, 'utf8'));
const pinned = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8')).dependencies[PKG];
if (pkgJson.version !== pinned) {
  console.error(`installed ${PKG} is ${pkgJson.version}, package.json pins ${pinned}: run "npm install" again.`);
  process.exit(1);
}
const deck = await import(join(dirname(pkgJsonPath), 'dist', 'index.esm.js'));

// --- serializer ----------------------------------------------------------------------------------
// React props whose SVG attribute keeps its camelCase spelling (React passes these through as is).
const CAMEL_KEPT = new Set([
  'viewBox', 'preserveAspectRatio', 'patternUnits', 'patternContentUnits', 'patternTransform',
  'gradientUnits', 'gradientTransform', 'spreadMethod', 'clipPathUnits', 'maskUnits',
  'maskContentUnits', 'markerUnits', 'markerWidth', 'markerHeight', 'refX', 'refY', 'pathLength',
  'textLength', 'lengthAdjust', 'startOffset', 'filterUnits', 'primitiveUnits', 'stdDeviation',
  'baseFrequency', 'numOctaves', 'stitchTiles', 'kernelMatrix', 'kernelUnitLength', 'tableValues',
  'surfaceScale', 'specularConstant', 'specularExponent', 'diffuseConstant', 'edgeMode',
  'targetX', 'targetY', 'xChannelSelector', 'yChannelSelector', 'limitingConeAngle',
  'pointsAtX', 'pointsAtY', 'pointsAtZ', 'preserveAlpha', 'attributeName', 'attributeType',
  'repeatCount', 'repeatDur', 'calcMode', 'keyTimes', 'keySplines', 'keyPoints',
  'systemLanguage', 'requiredFeatures', 'requiredExtensions', 'zoomAndPan',
]);
// React props with a namespaced or otherwise renamed attribute.
const RENAMED = {
  className: 'class',
  htmlFor: 'for',
  xlinkHref: 'xlink:href',
  xlinkTitle: 'xlink:title',
  xlinkActuate: 'xlink:actuate',
  xlinkArcrole: 'xlink:arcrole',
  xlinkRole: 'xlink:role',
  xlinkShow: 'xlink:show',
  xlinkType: 'xlink:type',
  xmlnsXlink: 'xmlns:xlink',
  xmlBase: 'xml:base',
  xmlLang: 'xml:lang',
  xmlSpace: 'xml:space',
};
// SVG presentation attributes written hyphenated (React's strokeWidth, fillRule, clipPath...).
// A camelCase prop that is none of the above is an error rather than a guess.
const HYPHENATED = new Set([
  'alignment-baseline', 'baseline-shift', 'clip-path', 'clip-rule', 'color-interpolation',
  'color-interpolation-filters', 'color-profile', 'color-rendering', 'dominant-baseline',
  'enable-background', 'fill-opacity', 'fill-rule', 'flood-color', 'flood-opacity', 'font-family',
  'font-size', 'font-size-adjust', 'font-stretch', 'font-style', 'font-variant', 'font-weight',
  'glyph-orientation-horizontal', 'glyph-orientation-vertical', 'image-rendering',
  'letter-spacing', 'lighting-color', 'marker-end', 'marker-mid', 'marker-start', 'paint-order',
  'pointer-events', 'shape-rendering', 'stop-color', 'stop-opacity', 'stroke-dasharray',
  'stroke-dashoffset', 'stroke-linecap', 'stroke-linejoin', 'stroke-miterlimit', 'stroke-opacity',
  'stroke-width', 'text-anchor', 'text-decoration', 'text-rendering', 'transform-origin',
  'unicode-bidi', 'vector-effect', 'word-spacing', 'writing-mode', 'mix-blend-mode',
]);
// CSS properties React writes without "px" when given a number.
const UNITLESS_CSS = new Set([
  'opacity', 'fillOpacity', 'floodOpacity', 'stopOpacity', 'strokeOpacity', 'strokeWidth',
  'strokeMiterlimit', 'strokeDasharray', 'strokeDashoffset', 'fontWeight', 'lineHeight', 'zIndex',
  'flex', 'flexGrow', 'flexShrink', 'order', 'zoom',
]);

const kebab = (s) => s.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
const escAttr = (s) =>
  String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const escText = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function attrName(prop) {
  if (prop in RENAMED) return RENAMED[prop];
  if (CAMEL_KEPT.has(prop) || !/[A-Z]/.test(prop)) return prop; // d, x, fill, aria-labelledby...
  const name = kebab(prop);
  if (!HYPHENATED.has(name)) throw new Error(`unknown camelCase prop "${prop}": add it to a table`);
  return name;
}

function styleString(style) {
  if (typeof style === 'string') return style;
  return Object.entries(style)
    .filter(([, v]) => v != null && v !== false && v !== '')
    .map(([k, v]) => {
      const name = k.startsWith('--') ? k : kebab(k).replace(/^ms-/, '-ms-');
      const value = typeof v === 'number' && v !== 0 && !UNITLESS_CSS.has(k) ? `${v}px` : String(v);
      return `${name}:${value}`;
    })
    .join(';');
}

const usedAttrs = new Set();
const usedElements = new Set();

function flatten(children, out = []) {
  for (const c of children) {
    if (Array.isArray(c)) flatten(c, out);
    else if (c != null && c !== false && c !== true && c !== '') out.push(c);
  }
  return out;
}

function serialize(node, depth) {
  if (typeof node === 'string' || typeof node === 'number') return escText(node);
  if (typeof node.type === 'function') return serialize(node.type({ ...node.props, children: node.children }), depth);
  if (typeof node.type !== 'string') throw new Error(`unexpected element type ${String(node.type)}`);
  usedElements.add(node.type);
  let attrs = '';
  const props = node.props;
  const children = flatten([...node.children, ...(props.children !== undefined ? [props.children] : [])]);
  for (const [prop, value] of Object.entries(props)) {
    if (prop === 'children' || prop === 'key' || prop === 'ref') continue;
    if (value == null || value === false) continue;
    if (typeof value === 'function') throw new Error(`function-valued prop ${prop}`);
    const name = attrName(prop);
    const text = prop === 'style' ? styleString(value) : value === true ? '' : String(value);
    usedAttrs.add(name);
    attrs += ` ${name}="${escAttr(text)}"`;
  }
  const pad = ' '.repeat(depth);
  if (children.length === 0) return `${pad}<${node.type}${attrs}/>`;
  if (children.every((c) => typeof c === 'string' || typeof c === 'number')) {
    return `${pad}<${node.type}${attrs}>${children.map(escText).join('')}</${node.type}>`;
  }
  const inner = children.map((c) =>
    typeof c === 'object' ? serialize(c, depth + 1) : ' '.repeat(depth + 1) + escText(c));
  return `${pad}<${node.type}${attrs}>\n${inner.join('\n')}\n${pad}</${node.type}>`;
}

// --- the cards -------------------------------------------------------------------------------------
// Package component names: suit letter (C D H S) then rank (a, 2..10, j, q, k); B1, B2 backs.
// svgr also left the original asset file name in the root's class ("C-10_svg__card", "S-A_svg__card"),
// which is checked against the mapping below so a wrong face cannot slip through.
const RANKS = [
  ['A', 'a', 'A'], ['2', '2', '2'], ['3', '3', '3'], ['4', '4', '4'], ['5', '5', '5'],
  ['6', '6', '6'], ['7', '7', '7'], ['8', '8', '8'], ['9', '9', '9'], ['T', '10', '10'],
  ['J', 'j', 'J'], ['Q', 'q', 'Q'], ['K', 'k', 'K'],
]; // [our rank letter, component rank, original file rank]
const SUITS = ['C', 'D', 'H', 'S'];

const jobs = [];
for (const s of SUITS) {
  for (const [ours, comp, file] of RANKS) {
    jobs.push({ out: `${ours}${s}.svg`, component: `${s}${comp}`, fileStem: `${s}-${file}` });
  }
}
jobs.push({ out: 'back-1.svg', component: 'B1', fileStem: 'B-1' });
jobs.push({ out: 'back-2.svg', component: 'B2', fileStem: 'B-2' });

mkdirSync(outDir, { recursive: true });
const sizes = new Map();
for (const job of jobs) {
  const Component = deck[job.component];
  if (typeof Component !== 'function') throw new Error(`${PKG} has no component ${job.component}`);
  const root = Component({});
  if (root.type !== 'svg') throw new Error(`${job.component} does not render an <svg>`);
  const cls = root.props.className;
  if (cls !== `${job.fileStem}_svg__card`) {
    throw new Error(`${job.component}: root class "${cls}" does not match ${job.fileStem}`);
  }
  const props = { ...root.props };
  props.xmlns = 'http://www.w3.org/2000/svg';
  let body = serialize({ ...root, props }, 0);
  if (body.includes('xlink:') && !('xmlnsXlink' in props)) {
    props.xmlnsXlink = 'http://www.w3.org/1999/xlink';
    body = serialize({ ...root, props }, 0);
  }
  const size = `viewBox="${props.viewBox}" width="${props.width}" height="${props.height}"`;
  sizes.set(size, (sizes.get(size) || 0) + 1);
  const header =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<!-- Adrian Kennard's SVG playing cards (public domain, CC0 1.0), from component ${job.component}` +
    ` of the npm package ${PKG} ${pkgJson.version}; written by scripts/cards-svg/convert.mjs -->\n`;
  writeFileSync(join(outDir, job.out), header + body + '\n');
}

console.log(`wrote ${jobs.length} files to ${outDir}`);
for (const [size, n] of sizes) console.log(`  ${n} x ${size}`);
console.log(`  elements: ${[...usedElements].sort().join(' ')}`);
console.log(`  attributes: ${[...usedAttrs].sort().join(' ')}`);
