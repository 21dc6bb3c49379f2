import type { GrammarCase } from './person';

/**
 * A position in the genitive or dative case: «Генеральный директор» → «Генерального директора»,
 * «Директор по развитию» → «Директора по развитию», «Главный бухгалтер» → «Главному бухгалтеру».
 *
 * The rule (no library declines positions): the leading adjectives (masculine -ый/-ий/-ой, feminine -ая)
 * and the one noun after them change; everything after that noun is a dependent tail that is already in
 * its own case («по развитию», «генерального директора», «правления») and stays as typed. A position
 * starting with an abbreviation («Врио», «И. о.») is left as is. Limits: fleeting vowels are known only
 * for -ец (владелец → владельца), nouns ending in -о/-е/-и/-у/-ю are taken as indeclinable, and a noun
 * phrase without an adjective-noun head (a foreign word) is left as is.
 */

const ADJ: Record<GrammarCase, Record<string, string>> = {
  gen: { ый: 'ого', ой: 'ого', ий: 'его', 'кий|гий|хий': 'ого', ая: 'ой', яя: 'ей' },
  dat: { ый: 'ому', ой: 'ому', ий: 'ему', 'кий|гий|хий': 'ому', ая: 'ой', яя: 'ей' },
};

function declineAdjective(w: string, c: GrammarCase): string | null {
  const t = ADJ[c];
  const lower = w.toLocaleLowerCase('ru-RU');
  if (/[кгх]ий$/.test(lower)) return w.slice(0, -2) + t['кий|гий|хий'];
  for (const end of ['ый', 'ой', 'ий', 'ая', 'яя'] as const) {
    if (lower.endsWith(end) && lower.length > end.length + 2) return w.slice(0, -2) + t[end];
  }
  return null;
}

const INDECLINABLE_START = /^(врио|и\.\s*о\.|и\.о\.|вр\.\s*и\.\s*о\.)/i;
const SIBILANT_OR_VELAR = /[гкхжшчщ]$/;

function declineNoun(w: string, c: GrammarCase): string {
  const lower = w.toLocaleLowerCase('ru-RU');
  if (/[оеиуюэ]$/.test(lower) || !/\p{Script=Cyrillic}/u.test(w)) return w;
  if (lower.endsWith('ия')) return w.slice(0, -1) + 'и';
  if (lower.endsWith('а')) {
    const stem = w.slice(0, -1);
    return stem + (c === 'dat' ? 'е' : SIBILANT_OR_VELAR.test(stem.toLocaleLowerCase('ru-RU')) ? 'и' : 'ы');
  }
  if (lower.endsWith('я')) return w.slice(0, -1) + (c === 'dat' ? 'е' : 'и');
  if (lower.endsWith('ь') || lower.endsWith('й')) return w.slice(0, -1) + (c === 'dat' ? 'ю' : 'я');
  if (lower.endsWith('лец')) return w.slice(0, -2) + 'ьц' + (c === 'dat' ? 'у' : 'а');
  if (lower.endsWith('ец') && lower.length > 4) return w.slice(0, -2) + 'ц' + (c === 'dat' ? 'у' : 'а');
  if (/[бвгджзклмнпрстфхцчшщ]$/.test(lower)) return w + (c === 'dat' ? 'у' : 'а');
  return w;
}

/** Declines a word typed in capitals the same way, keeping it in capitals. */
const keepCaps = (w: string, f: (x: string) => string | null): string | null => {
  if (w.length > 1 && w === w.toLocaleUpperCase('ru-RU')) {
    const r = f(w.toLocaleLowerCase('ru-RU'));
    return r === null ? null : r.toLocaleUpperCase('ru-RU');
  }
  return f(w);
};

/**
 * Declines a position; several positions joined by commas («Президент, Председатель Правления») are
 * declined each.
 */
export function declinePosition(title: string, c: GrammarCase): string {
  if (title.includes(',')) return title.split(/(,\s*)/).map((part, i) => (i % 2 ? part : declineOne(part, c))).join('');
  return declineOne(title, c);
}

function declineOne(title: string, c: GrammarCase): string {
  const trimmed = title.trim();
  if (!trimmed || INDECLINABLE_START.test(trimmed)) return title;
  const words = trimmed.split(/\s+/);
  const out: string[] = [];
  let i = 0;
  for (; i < words.length; i++) {
    // A hyphenated adjective («финансово-экономический») changes in its last part.
    const adj = keepCaps(words[i]!, (w) => declineAdjective(w, c));
    if (adj === null) break;
    out.push(adj);
  }
  if (i < words.length) {
    out.push(keepCaps(words[i]!, (w) => declineNoun(w, c)) ?? words[i]!);
    i++;
  }
  return [...out, ...words.slice(i)].join(' ');
}
