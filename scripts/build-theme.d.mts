export function buildTheme(): {
  css: string;
  stats: { rules: number; lightOnly: number; darkOnly: number; rewritten: number; unpairedDecls: number; tokens: number };
};
