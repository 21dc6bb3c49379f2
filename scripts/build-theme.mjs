// Build step of the runtime theme: turns PrimeReact
// 10's compiled Lara light-blue and dark-blue CSS into ONE stylesheet driven by CSS variables, so the
// 17 primaries × 8 surfaces × light/dark and the Aura/Lara presets switch at runtime.
//
//   node scripts/build-theme.mjs          writes public/themes/kalkulus/theme.css (+ fonts)
//   node scripts/build-theme.mjs --check  exits 1 when the committed file is out of date
//
// Method: the two files have the same structure, so rules are paired by a longest
// common subsequence on (at-rule context, selector) and declarations by property. Where the light
// and the dark value differ, each colour pair becomes a token defined once in `:root` (light) and
// once in `.app-dark`; the literal is mapped by role to the primary ramp (Tailwind blue), the surface
// ramp (Tailwind gray), a color-mix() of them, or kept (severity colours, white/black alpha).
import fs from 'node:fs';
import path from 'node:path';
import postcss from 'postcss';

const root = path.resolve(import.meta.dirname, '..');
const themes = path.join(root, 'node_modules/primereact/resources/themes');
const outDir = path.join(root, 'public/themes/kalkulus');
const outFile = path.join(outDir, 'theme.css');

// ---------------------------------------------------------------- colour tables
const STEPS = ['50', '100', '200', '300', '400', '500', '600', '700', '800', '900', '950'];
const BLUE = ['#eff6ff', '#dbeafe', '#bfdbfe', '#93c5fd', '#60a5fa', '#3b82f6', '#2563eb', '#1d4ed8', '#1e40af', '#1e3a8a', '#172554'];
const GRAY = ['#f9fafb', '#f3f4f6', '#e5e7eb', '#d1d5db', '#9ca3af', '#6b7280', '#4b5563', '#374151', '#1f2937', '#111827', '#030712'];
const primaryOf = new Map(BLUE.map((h, i) => [h, STEPS[i]]));
const surfaceOf = new Map(GRAY.map((h, i) => [h, STEPS[i]]));

/** Non-ramp colours of Lara, measured as mixes of ramp shades. */
const DERIVED = {
  '#424b57': 'color-mix(in srgb, var(--p-surface-600) 88%, #000)',
  '#3f4753': 'color-mix(in srgb, var(--p-surface-600) 83.5%, #000)',
  '#1c2532': 'color-mix(in srgb, var(--p-surface-800) 90%, #000)',
  '#1c2127': 'color-mix(in srgb, var(--p-surface-600) 38%, #000)',
  '#9dc1fb': 'color-mix(in srgb, var(--p-primary-500) 50%, #fff)',
  '#f8f8fa': 'color-mix(in srgb, var(--p-surface-100) 59.5%, #fff)',
  '#f2f2f2': 'color-mix(in srgb, var(--p-surface-0) 95%, #000)',
  '#b7bcc5': 'color-mix(in srgb, var(--p-surface-400) 72.5%, #fff)',
};

/** Role names for the main (light, dark) slots; the rest are numbered. */
const ROLES = {
  '#3b82f6|#60a5fa': '--p-primary-color',
  '#2563eb|#93c5fd': '--p-primary-hover-color',
  '#1d4ed8|#bfdbfe': '--p-primary-active-color',
  '#1d4ed8|rgba(255,255,255,0.87)': '--p-highlight-color',
  '#eff6ff|rgba(96,165,250,0.16)': '--p-highlight-background',
  'rgba(59,130,246,0.24)|rgba(96,165,250,0.24)': '--p-highlight-focus-background',
  '#bfdbfe|rgba(96,165,250,0.2)': '--p-focus-ring-color',
  '#ffffff|#030712': '--p-primary-contrast-color',
  '#4b5563|rgba(255,255,255,0.87)': '--p-text-color',
  '#6b7280|rgba(255,255,255,0.6)': '--p-text-muted-color',
  '#374151|rgba(255,255,255,0.87)': '--p-text-hover-color',
  '#e5e7eb|#424b57': '--p-content-border-color',
  '#d1d5db|#424b57': '--p-form-field-border-color',
  '#ffffff|#1f2937': '--p-content-background',
  '#ffffff|#111827': '--p-form-field-background',
  '#f3f4f6|rgba(255,255,255,0.03)': '--p-content-hover-background',
  '#f9fafb|#1f2937': '--p-header-background',
  '#ffffff|#1c2127': '--p-focus-ring-offset-color',
  '#9dc1fb|rgba(96,165,250,0.7)': '--p-focus-ring-strong-color',
};

/** Severity and other status colours keep their literals. */
const FIXED = /\.p-(?!text-secondary)[a-z-]*-(secondary|success|info|warning|warn|help|danger|error|contrast)\b(?!-)|\.p-error\b|\.p-invalid\b|p-password-strength|p-rating-cancel|p-galleria-(close|item-nav|caption|thumbnail-prev|thumbnail-next)|p-image-(preview|action)/;

const COLOUR = /#[0-9a-fA-F]{3,8}\b|rgba?\([^)]*\)/g;

function hex2(n) {
  return Math.round(n).toString(16).padStart(2, '0');
}

/** Canonical form: lower-case #rrggbb, or rgba(r,g,b,a) with a in (0,1). */
function norm(c) {
  c = c.trim().toLowerCase();
  if (c.startsWith('#')) {
    if (c.length === 4) return `#${c[1]}${c[1]}${c[2]}${c[2]}${c[3]}${c[3]}`;
    return c;
  }
  const nums = c.slice(c.indexOf('(') + 1, -1).split(/[\s,/]+/).filter(Boolean).map(Number);
  const [r, g, b, a = 1] = nums;
  if (a === 1) return `#${hex2(r)}${hex2(g)}${hex2(b)}`;
  return `rgba(${r},${g},${b},${a})`;
}

/** A literal of one mode → the CSS expression that follows the palettes. */
function mapColour(c) {
  const n = norm(c);
  if (n === '#ffffff' || n === '#000000') return c;
  if (primaryOf.has(n)) return `var(--p-primary-${primaryOf.get(n)})`;
  if (surfaceOf.has(n)) return `var(--p-surface-${surfaceOf.get(n)})`;
  if (DERIVED[n]) return DERIVED[n];
  const m = /^rgba\((\d+),(\d+),(\d+),([\d.]+)\)$/.exec(n);
  if (m) {
    const rgb = `#${hex2(+m[1])}${hex2(+m[2])}${hex2(+m[3])}`;
    const pct = `${+(Number(m[4]) * 100).toFixed(2)}%`;
    if (primaryOf.has(rgb)) return `color-mix(in srgb, var(--p-primary-${primaryOf.get(rgb)}) ${pct}, transparent)`;
    if (surfaceOf.has(rgb) && rgb !== '#ffffff') return `color-mix(in srgb, var(--p-surface-${surfaceOf.get(rgb)}) ${pct}, transparent)`;
  }
  return c;
}

const mapValue = (v) => v.replace(COLOUR, (c) => mapColour(c));

// ---------------------------------------------------------------- pairing
function flatten(rootNode) {
  const out = [];
  rootNode.walk((node) => {
    if (node.type !== 'rule' && !(node.type === 'atrule' && node.name === 'font-face')) return;
    const ctx = [];
    for (let p = node.parent; p && p.type !== 'root'; p = p.parent) {
      if (p.type === 'atrule') ctx.unshift(`@${p.name} ${p.params}`);
      else if (p.type === 'rule') ctx.unshift(p.selector);
    }
    const sel = node.type === 'rule' ? node.selector.replace(/\s+/g, ' ') : '@font-face';
    out.push({ node, key: `${ctx.join(' ')}|${sel}` });
  });
  return out;
}

/** Longest common subsequence of two key lists → matched index pairs. */
function lcs(a, b, key = (x) => x) {
  const n = a.length;
  const m = b.length;
  const dp = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      dp[i][j] = key(a[i]) === key(b[j]) ? dp[i + 1][j + 1] + 1 : Math.max(dp[i + 1][j], dp[i][j + 1]);
    }
  }
  const pairs = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (key(a[i]) === key(b[j])) {
      pairs.push([i, j]);
      i++;
      j++;
    } else if (dp[i + 1][j] >= dp[i][j + 1]) i++;
    else j++;
  }
  return pairs;
}

function scopeSelector(selector, dark) {
  return selector
    .split(',')
    .map((s) => {
      s = s.trim();
      if (s.startsWith(':root')) return dark ? s.replace(':root', ':root.app-dark') : s.replace(':root', ':root:not(.app-dark)');
      return dark ? `:where(.app-dark) ${s}` : `:where(:root:not(.app-dark)) ${s}`;
    })
    .join(', ');
}

// ---------------------------------------------------------------- build
export function buildTheme() {
  const light = postcss.parse(fs.readFileSync(path.join(themes, 'lara-light-blue/theme.css'), 'utf8'));
  const dark = postcss.parse(fs.readFileSync(path.join(themes, 'lara-dark-blue/theme.css'), 'utf8'));
  const L = flatten(light);
  const D = flatten(dark);
  const pairs = lcs(L, D, (x) => x.key);

  const tokens = new Map(); // key → { name, light, dark }
  let colourN = 0;
  let valueN = 0;
  const stats = { rules: pairs.length, lightOnly: 0, darkOnly: 0, rewritten: 0, unpairedDecls: 0 };

  function colourToken(l, d, fixed) {
    const key = `${fixed ? 'f' : 'c'}|${norm(l)}|${norm(d)}`;
    let t = tokens.get(key);
    if (!t) {
      const role = fixed ? undefined : ROLES[`${norm(l)}|${norm(d)}`];
      const name = role ?? `--p-lx-${++colourN}`;
      t = { name, light: fixed ? l : mapColour(l), dark: fixed ? d : mapColour(d) };
      tokens.set(key, t);
    }
    return `var(${t.name})`;
  }

  function valueToken(prop, l, d) {
    const key = `v|${prop}|${l}|${d}`;
    let t = tokens.get(key);
    if (!t) {
      t = { name: `--p-lxv-${++valueN}`, light: l, dark: d };
      tokens.set(key, t);
    }
    return `var(${t.name})`;
  }

  function rewrite(ld, dd, selector) {
    const lv = ld.value;
    const dv = dd.value;
    if (ld.prop.startsWith('--') && selector.includes(':root')) {
      // Legacy PrimeFlex-era variables: palette vars stay; primary tints follow the primary.
      const tint = /^--primary-(\d+)$/.exec(ld.prop);
      if (tint) {
        const n = Number(tint[1]);
        const mix = n < 500 ? `#fff ${[95, 76, 57, 38, 19][n / 100] ?? 95}%` : `#000 ${(n - 500) * 0.15}%`;
        ld.value = n === 500 ? 'var(--p-primary-color)' : `color-mix(in srgb, var(--p-primary-color), ${mix})`;
        return;
      }
      if (ld.prop === '--surface-border') return void (ld.value = 'var(--p-content-border-color)');
      if (ld.prop === '--surface-hover') return void (ld.value = 'var(--p-content-hover-background)');
    }
    if (lv === dv && ld.important === dd.important) return;
    stats.rewritten++;
    const fixed = FIXED.test(selector);
    const lc = lv.match(COLOUR) ?? [];
    const dc = dv.match(COLOUR) ?? [];
    const lShape = lv.replace(COLOUR, '\u0000');
    const dShape = dv.replace(COLOUR, '\u0000');
    if (lShape === dShape && lc.length === dc.length && lc.length > 0) {
      let i = 0;
      ld.value = lv.replace(COLOUR, (c) => {
        const d = dc[i];
        i++;
        if (norm(c) === norm(d)) return c;
        // R3: the first colour of a `0 0 0 2px` ring is the surface-coloured gap, even in severity rules.
        const ringGap = i === 1 && /^0 0 0 2px /.test(lv) && ld.prop === 'box-shadow';
        return colourToken(c, d, fixed && !ringGap);
      });
      return;
    }
    ld.value = valueToken(ld.prop, fixed ? lv : mapValue(lv), fixed ? dv : mapValue(dv));
  }

  const pairedDark = new Set(pairs.map(([, j]) => j));
  const pairedLight = new Set(pairs.map(([i]) => i));

  for (const [i, j] of pairs) {
    const ln = L[i].node;
    const dn = D[j].node;
    const lds = ln.nodes.filter((n) => n.type === 'decl');
    const dds = dn.nodes.filter((n) => n.type === 'decl');
    const dPairs = lcs(lds, dds, (d) => d.prop);
    const dMatched = new Set(dPairs.map(([, b]) => b));
    const lMatched = new Set(dPairs.map(([a]) => a));
    const sel = L[i].key;
    for (const [a, b] of dPairs) rewrite(lds[a], dds[b], sel);
    // Declarations only one mode has: scope them to that mode.
    const lOnly = lds.filter((_, a) => !lMatched.has(a));
    const dOnly = dds.filter((_, b) => !dMatched.has(b));
    stats.unpairedDecls += lOnly.length + dOnly.length;
    if (ln.type === 'rule') {
      if (lOnly.length) {
        const r = postcss.rule({ selector: scopeSelector(ln.selector, false) });
        for (const d of lOnly) r.append(d.clone());
        for (const d of lOnly) d.remove();
        ln.after(r);
      }
      if (dOnly.length) {
        const r = postcss.rule({ selector: scopeSelector(ln.selector, true) });
        for (const d of dOnly) r.append(d.clone());
        ln.after(r);
      }
    }
  }
  L.forEach((x, i) => {
    if (pairedLight.has(i) || x.node.type !== 'rule') return;
    stats.lightOnly++;
    x.node.selector = scopeSelector(x.node.selector, false);
    x.node.walkDecls((d) => {
      d.value = mapValue(d.value);
    });
  });
  // Dark-only rules go in after the light rule paired with their dark predecessor.
  D.forEach((x, j) => {
    if (pairedDark.has(j) || x.node.type !== 'rule') return;
    stats.darkOnly++;
    let anchor = null;
    for (let k = j - 1; k >= 0 && !anchor; k--) {
      const p = pairs.find(([, b]) => b === k);
      if (p) anchor = L[p[0]].node;
    }
    const clone = x.node.clone({ selector: scopeSelector(x.node.selector, true) });
    clone.walkDecls((d) => {
      d.value = mapValue(d.value);
    });
    if (anchor) anchor.after(clone);
    else light.prepend(clone);
  });

  const all = [...tokens.values()];
  const block = (sel, side) => `${sel} {\n${all.map((t) => `  ${t.name}: ${t[side]};`).join('\n')}\n}\n`;
  const palette = (prefix, steps, ramp) => steps.map((s, k) => `  --p-${prefix}-${s}: ${ramp[k]};`).join('\n');
  const SLATE = ['#ffffff', '#f8fafc', '#f1f5f9', '#e2e8f0', '#cbd5e1', '#94a3b8', '#64748b', '#475569', '#334155', '#1e293b', '#0f172a', '#020617'];
  const ZINC = ['#ffffff', '#fafafa', '#f4f4f5', '#e4e4e7', '#d4d4d8', '#a1a1aa', '#71717a', '#52525b', '#3f3f46', '#27272a', '#18181b', '#09090b'];
  const SSTEPS = ['0', ...STEPS];

  const header = `/* Generated by scripts/build-theme.mjs from primereact 10.9.9 lara-light-blue + lara-dark-blue. Do not edit. */
/* Palettes: <html style> sets --p-primary-* and --p-surface-*; these are the defaults (blue; slate / zinc). */
:root {
${palette('primary', STEPS, BLUE)}
${palette('surface', SSTEPS, SLATE)}
}
.app-dark {
${palette('surface', SSTEPS, ZINC)}
}
${block(':root', 'light')}${block('.app-dark', 'dark')}`;

  const extra = fs.readFileSync(path.join(root, 'scripts/theme/presets.css'), 'utf8');
  const css = `${header}\n${light.toString()}\n${extra}`;
  return { css, stats: { ...stats, tokens: all.length } };
}

function copyFonts() {
  const from = path.join(themes, 'lara-light-blue/fonts');
  const to = path.join(outDir, 'fonts');
  fs.mkdirSync(to, { recursive: true });
  for (const f of fs.readdirSync(from)) fs.copyFileSync(path.join(from, f), path.join(to, f));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { css, stats } = buildTheme();
  if (process.argv.includes('--check')) {
    const current = fs.existsSync(outFile) ? fs.readFileSync(outFile, 'utf8') : '';
    if (current !== css) {
      console.error('public/themes/kalkulus/theme.css устарел: запустите node scripts/build-theme.mjs');
      process.exit(1);
    }
    console.log('theme.css is up to date');
  } else {
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(outFile, css);
    copyFonts();
    console.log(`wrote ${path.relative(root, outFile)} (${css.length} bytes)`, stats);
  }
}
